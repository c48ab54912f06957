"""Rebound (CR 702.88a; pyengine/game/rebound.py, pyengine/oracle/execute_rebound.py): an instant
or sorcery with rebound cast from its owner's hand is exiled as it resolves instead of put into
the graveyard, and at the beginning of its controller's next upkeep they may cast it from exile
without paying its mana cost (608.2g: during the resolution; 702.88b, 118.9: an alternative
cost). Real cards from the bundled data; the expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

from tests.oracle import support
from tests.oracle.support import full

pytestmark = support.BUNDLED

SHOCK = {"id": "shock", "card": "Staggershock", "owner": "alice", "zone": "hand"}
SHOCK_CAST = {"cast": {"spell": "shock", "targets": {"any": ["bob"]}, "payment": {"pool": "{2}{R}"}}}
FREE = {"player": "alice", "spell": "shock", "targets": {"any": ["bob"]}}
NEXT_UPKEEP = {"advance": {"step": "upkeep", "turn": 5}}  # alice's turn 3, bob's 4, alice's 5


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], pool: str = "{2}{R}",
         cr: str = "702.88a") -> tuple[Any, str]:
    import yaml

    from pyengine.oracle.execute import run_generated

    alice: dict[str, Any] = {"id": "alice", "hand_size": 1, "library_size": 10}
    if pool:
        alice["mana"] = pool
    doc = {"id": "cards/test", "title": "t", "cr": [cr], "rationale": "test",
           "players": [alice, {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": objects, "query": {"kind": "game", "script": script},
           "expect": {"checkpoints": expect}}
    return run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)


def _passes(*args: Any, **kw: Any) -> None:
    scenario, why = _run(*args, **kw)
    assert scenario is not None and not why, why


def _illegal(objects: list[dict[str, Any]], script: list[Any], pool: str = "{2}{R}") -> str:
    scenario, why = _run(objects, [*script, {"checkpoint": "after"}], {"after": {}}, pool)
    assert scenario is None and "illegal" in why, why
    return why


def test_rebound_is_a_keyword_the_game_follows(bundled_cards: None) -> None:
    """702.88a: "Rebound" is held by name and followed by the game: Staggershock compiles fully."""
    got = full("Staggershock")
    assert {"text": "Rebound"} in got.card["abilities"]
    assert [c.template for c in got.clauses] == ["spell ability", "keywords"]


def test_cast_from_hand_exiled_then_cast_free_at_the_next_upkeep(bundled_cards: None) -> None:
    """702.88a: cast from alice's hand at bob, Staggershock resolves (bob 20 -> 18) and is exiled
    instead of put into her graveyard; at her next upkeep (turn 5, not bob's turn 4) the
    delayed ability triggers (603.7a); she casts it from exile paying nothing (her pool is
    empty, 118.9), during the resolution (608.2g), and it resolves again: bob 18 -> 16, the card
    now in her graveyard (608.2n: this time it wasn't cast from her hand)."""
    _passes(
        [SHOCK],
        [SHOCK_CAST, "resolve", {"checkpoint": "exiled"},
         {"advance": {"step": "upkeep", "turn": 4}}, {"checkpoint": "bob_upkeep"},
         NEXT_UPKEEP, {"checkpoint": "trigger"},
         {"rebound_choice": {"shock": FREE}}, "resolve", {"checkpoint": "cast"},
         "resolve", {"checkpoint": "done"}],
        {"exiled": {"life": {"bob": 18}, "stack": [], "objects": {"shock": {"zone": "exile"}}},
         "bob_upkeep": {"stack": [], "objects": {"shock": {"zone": "exile"}}},
         "trigger": {"objects": {"shock": {"zone": "exile"}}, "mana": {"alice": ""}},
         "cast": {"objects": {"shock": {"zone": "stack"}}, "life": {"bob": 18}},
         "done": {"stack": [], "life": {"bob": 16}, "objects": {"shock": {"zone": "graveyard"}}}},
    )


def test_declined_the_card_stays_in_exile(bundled_cards: None) -> None:
    """702.88a: "you may cast": declined, nothing else happens; the card stays in exile."""
    _passes(
        [SHOCK],
        [SHOCK_CAST, "resolve", NEXT_UPKEEP, {"rebound_choice": {"shock": False}}, "resolve",
         {"checkpoint": "done"}],
        {"done": {"stack": [], "life": {"bob": 18}, "objects": {"shock": {"zone": "exile"}}}},
    )


def test_the_choice_is_asked_for_when_missing(bundled_cards: None) -> None:
    """702.88a: the controller chooses as the ability resolves; the script must give it."""
    why = _illegal([SHOCK], [SHOCK_CAST, "resolve", NEXT_UPKEEP, "resolve"])
    assert "702.88a" in why and "rebound_choice" in why


def test_a_spell_that_doesnt_resolve_goes_to_the_graveyard(bundled_cards: None) -> None:
    """702.88a "as it resolves", 608.2b: Staggershock cast at bob's Gray Ogre, which leaves the
    battlefield first: its only target is illegal, it doesn't resolve and is put into alice's
    graveyard; no delayed ability was created (her next upkeep: the stack stays empty)."""
    full("Staggershock")  # the keyword read (a card held as text would not say what rebound does)
    ogre = {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 1}
    cast = {"cast": {"spell": "shock", "targets": {"any": ["ogre"]}, "payment": {"pool": "{2}{R}"}}}
    bounce = {"events": [{"kind": "move", "object": "ogre", "from": "battlefield", "to": "hand"}]}
    _passes(
        [SHOCK, ogre],
        [cast, bounce, "resolve", {"checkpoint": "countered"}, NEXT_UPKEEP, {"checkpoint": "upkeep"}],
        {"countered": {"stack": [], "objects": {"shock": {"zone": "graveyard"}}},
         "upkeep": {"stack": [], "objects": {"shock": {"zone": "graveyard"}}}},
        cr="608.2b",
    )


def test_not_cast_from_the_hand_it_goes_to_the_graveyard(bundled_cards: None) -> None:
    """702.88a "If this spell was cast from your hand": put on the stack from alice's graveyard
    (the script's ``stack``, as an effect's permission would), Staggershock resolves and goes
    to her graveyard (608.2n); nothing triggers at her next upkeep."""
    full("Staggershock")  # the keyword read (a card held as text would not say what rebound does)
    grave = {**SHOCK, "zone": "graveyard"}
    stack = {"stack": {"object": "shock", "controller": "alice", "targets": ["bob"]}}
    _passes(
        [grave],
        [stack, "resolve", {"checkpoint": "resolved"}, NEXT_UPKEEP, {"checkpoint": "upkeep"}],
        {"resolved": {"life": {"bob": 18}, "objects": {"shock": {"zone": "graveyard"}}},
         "upkeep": {"stack": [], "objects": {"shock": {"zone": "graveyard"}}}},
        pool="",
    )


def test_the_exiled_card_cant_be_cast_otherwise(bundled_cards: None) -> None:
    """601.3: rebound's permission is the delayed ability's, as it resolves: in alice's main
    phase the exiled Staggershock can't be cast (not even paying its mana cost)."""
    full("Staggershock")  # the keyword read (a card held as text would not say what rebound does)
    exiled = {**SHOCK, "zone": "exile"}
    why = _illegal([exiled], [SHOCK_CAST])
    assert "601.3" in why


def test_the_rebound_cast_is_without_paying_its_mana_cost(bundled_cards: None) -> None:
    """702.88a: the rebound cast is "without paying its mana cost" (alternative: free); a cast
    for another cost is refused as the choice is read."""
    cast = {**FREE, "alternative": "flashback"}
    scenario, why = _run([SHOCK], [SHOCK_CAST, "resolve", NEXT_UPKEEP, {"rebound_choice": {"shock": cast}},
                                   "resolve", {"checkpoint": "x"}], {"x": {}})
    assert scenario is None and "702.88a" in why, why


def test_a_sorcery_is_cast_in_the_upkeep(bundled_cards: None) -> None:
    """608.2g, 702.88a: Ojutai's Summons (a sorcery, normally cast only in its owner's main phase
    with the stack empty, 307.1) is cast from exile as the delayed ability resolves in her
    upkeep: a second 2/2 Djinn Monk token (two tokens in all)."""
    summons = {"id": "summons", "card": "Ojutai's Summons", "owner": "alice", "zone": "hand"}
    cast = {"cast": {"spell": "summons", "payment": {"pool": "{3}{U}{U}"}}}
    _passes(
        [summons],
        [cast, "resolve", NEXT_UPKEEP,
         {"rebound_choice": {"summons": {"player": "alice", "spell": "summons"}}},
         "resolve", "resolve", {"checkpoint": "done"}],
        {"done": {"stack": [], "objects": {"summons": {"zone": "graveyard"},
                                           "djinn-monk-token-1": {"zone": "battlefield", "token": True},
                                           "djinn-monk-token-2": {"zone": "battlefield", "token": True}}}},
        pool="{3}{U}{U}",
    )


def test_generated_rebound_games_run(bundled_cards: None) -> None:
    """The generated games (pyengine.oracle.execute_rebound): cast again (targets players or
    none) and declined (a sorcery searching the library: its search choice isn't made twice)."""
    from pyengine.oracle.execute_rebound import rebound_game, run_rebound

    for name, again in (("Staggershock", True), ("Ojutai's Summons", True), ("Terramorph", False)):
        card = full(name)
        text = rebound_game(card)
        assert text is not None and ("rebound_choice:\n      card: false" not in text) == again, name
        assert run_rebound(card) == (True, ""), name
