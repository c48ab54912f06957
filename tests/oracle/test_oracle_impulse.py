"""Exiling the top cards of a library and playing them ("impulse draw";
pyengine/oracle/effects_impulse.py, pyengine/game/impulse.py): "Exile the top card of your
library. You may play that card this turn." (CR 701.13a exile; 611.2a the permission is a
continuous effect with the stated duration; 601.3 a permission to cast from exile; 305.1 a
land played from exile, 305.2a counted as the turn's land play; 514.2 "this turn" and
"until end of turn" end in the cleanup step; 406.1 a card not played stays exiled)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.oracle import effects as E
from tests.oracle.support import BUNDLED, full, game

pytestmark = BUNDLED

TOP = [{"id": "forest", "card": "Forest", "owner": "alice", "zone": "library"},
       {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "library"},
       {"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "library"}]
MOUNTAINS = [{"id": f"m{i}", "card": "Mountain", "controller": "alice", "timestamp": i} for i in (1, 2)]
IMPULSE = {"id": "impulse", "card": "Act on Impulse", "owner": "alice", "zone": "hand"}
CAST_IT = [{"stack": {"object": "impulse", "controller": "alice"}}, "resolve"]


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], cr: str) -> None:
    ok, why = game(objects, script, expect, cr=cr)
    assert ok, why


def test_the_sentences_make_one_instruction() -> None:
    """611.2a: the duration the sentence states; "that card" after one card, "those cards"
    after several; "play" (a land or a spell) or "cast"."""
    cases = {
        "Exile the top card of your library. You may play that card this turn.":
            {"kind": "exile_top", "may": "play", "duration": "end_of_turn"},
        "Exile the top two cards of your library. Until the end of your next turn, you may play those cards.":
            {"kind": "exile_top", "count": 2, "may": "play", "duration": "end_of_your_next_turn"},
        "Exile the top card of your library. Until end of turn, you may cast that card.":
            {"kind": "exile_top", "may": "cast", "duration": "end_of_turn"},
        "Exile the top card of your library. You may play it until the end of your next turn.":
            {"kind": "exile_top", "may": "play", "duration": "end_of_your_next_turn"},
        "Exile the top card of your library.": {"kind": "exile_top"},
    }
    for text, ev in cases.items():
        got = E.effect(text, spell=True)
        assert got is not None and got.do == [ev], text


def test_wordings_not_modelled_stay_unread() -> None:
    """A choice among the cards, a permission lasting as long as the card stays exiled, another
    player's library, a permission with a condition or without paying the mana cost, and a
    number that doesn't match the cards ("those cards" after one card) stay text."""
    for text in ("Exile the top two cards of your library. You may play one of those cards this turn.",
                 "Exile the top two cards of your library. Choose one of them. You may play that card this turn.",
                 "Exile the top card of your library. You may play that card for as long as it remains exiled.",
                 "Exile the top two cards of your library. You may play those cards until your next end step.",
                 "Exile the top card of target player's library. You may play that card this turn.",
                 "Exile the top card of your library. You may play that card this turn without paying its "
                 "mana cost.",
                 "Exile the top card of your library. You may play those cards this turn.",
                 "You may play that card this turn."):
        assert E.effect(text, spell=True) is None, text


def test_a_partial_card_names_the_clause_not_read() -> None:
    """Chaos Channeler's die-roll paragraphs ("1—9 | Exile the top card ...") are not read: the
    card stays partial, the paragraph named."""
    from pyengine import oracle

    got = oracle.compiled("Chaos Channeler")
    assert got is not None and got.status == "partial"
    assert any("Exile the top card of your library" in u for u in got.unrecognised)


def test_act_on_impulse_exiles_three_and_a_land_among_them_is_the_land_play() -> None:
    """Act on Impulse: the top three cards are exiled (701.13a); the Forest among them is played
    from exile (305.1), and a second land this turn is refused: that play was the turn's one land
    play (305.2a, 305.2b)."""
    full("Act on Impulse")
    hand_land = {"id": "forest2", "card": "Forest", "owner": "alice", "zone": "hand"}
    expect = {"checkpoints": {"exiled": {"stack": [], "objects": {c["id"]: {"zone": "exile"} for c in TOP},
                                         "library": {"alice": 7}},
                              "played": {"objects": {"forest": {"zone": "battlefield"}}}},
              "illegal": {"action": 5, "rule": "305.2b"}}
    _run([*TOP, IMPULSE, hand_land],
         [*CAST_IT, {"checkpoint": "exiled"}, {"play_land": {"player": "alice", "card": "forest"}},
          {"checkpoint": "played"}, {"play_land": {"player": "alice", "card": "forest2"}}], expect, "305.2a")


def test_a_spell_exiled_this_way_is_cast_and_paid_for() -> None:
    """601.3: the permission lets alice cast Lightning Bolt from exile; she still pays its cost
    (601.2f-h) and it resolves (608.2)."""
    expect = {"checkpoints": {"bolted": {"stack": [], "objects": {"bolt": {"zone": "graveyard"}},
                                        "life": {"bob": 17}}}}
    _run([*TOP, *MOUNTAINS, IMPULSE],
         [*CAST_IT, {"cast": {"spell": "bolt", "player": "alice", "targets": {"any": ["bob"]},
                              "payment": {"tap": ["m1"]}}}, "resolve", {"checkpoint": "bolted"}],
         expect, "601.3")


def test_the_permission_ends_with_the_turn_and_the_card_stays_exiled() -> None:
    """514.2: "until end of turn" ends in the cleanup step; Lightning Bolt, not cast, stays
    exiled (406.1) and can't be cast from exile in bob's turn (601.3)."""
    expect = {"checkpoints": {"next_turn": {"objects": {"bolt": {"zone": "exile"}, "forest": {"zone": "exile"}}}},
              "illegal": {"action": 5, "rule": "601.3"}}
    _run([*TOP, *MOUNTAINS, IMPULSE],
         [*CAST_IT, {"advance": {"step": "upkeep", "turn": 4}}, {"checkpoint": "next_turn"}, "pass",
          {"cast": {"spell": "bolt", "player": "alice", "targets": {"any": ["bob"]}, "payment": {"tap": ["m1"]}}}],
         expect, "514.2")


def test_until_the_end_of_your_next_turn_lasts_through_that_turn() -> None:
    """Alania's Pathmaker's enter trigger in alice's turn 3 (611.2a "until the end of your next
    turn"): the permission outlasts turn 3's cleanup and bob's turn 4, so the exiled Forest is
    played in alice's turn 5 (her next turn; the land play of that turn, 305.2a); not played
    then, it has ended with turn 5's cleanup (514.2): in her turn 7 the Forest stays exiled
    (406.1) and can't be played (305.1)."""
    full("Alania's Pathmaker")
    pathmaker = {"id": "pathmaker", "card": "Alania's Pathmaker", "owner": "alice", "zone": "hand"}
    one = [{**TOP[0], "id": "forest"}]
    expect = {"checkpoints": {"exiled": {"stack": [], "objects": {"forest": {"zone": "exile"}}},
                              "own_turn": {"objects": {"forest": {"zone": "exile"}}},
                              "played": {"objects": {"forest": {"zone": "battlefield"}}}}}
    _run([*one, pathmaker],
         [{"stack": {"object": "pathmaker", "controller": "alice"}}, "resolve", "resolve", {"checkpoint": "exiled"},
          {"advance": {"step": "precombat_main", "turn": 5}}, {"checkpoint": "own_turn"},
          {"play_land": {"player": "alice", "card": "forest"}}, {"checkpoint": "played"}], expect, "611.2a")
    later = {"checkpoints": {"turn7": {"objects": {"forest": {"zone": "exile"}}}},
             "illegal": {"action": 6, "rule": "305.1"}}
    _run([*one, pathmaker],
         [{"stack": {"object": "pathmaker", "controller": "alice"}}, "resolve", "resolve",
          {"advance": {"step": "precombat_main", "turn": 5}}, {"advance": {"step": "precombat_main", "turn": 7}},
          {"checkpoint": "turn7"}, {"play_land": {"player": "alice", "card": "forest"}}], later, "514.2")


@pytest.mark.parametrize("name", ["Act on Impulse", "Alania's Pathmaker", "Abbot of Keral Keep"])
def test_the_generated_game_runs(name: str) -> None:
    from pyengine.oracle.execute_game import run_game

    ok, why = run_game(full(name))
    assert ok, why
