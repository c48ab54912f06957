"""Madness (CR 702.35a; pyengine/oracle/keyword_madness.py, pyengine/game/madness.py): a card
with madness its owner discards is exiled instead (still a discard), and as the triggered
ability resolves its owner casts it for its madness cost (an alternative cost, 702.35b, 118.9;
during the resolution, 608.2g) or puts it into their graveyard. Real cards from the bundled
data; the expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

from tests.oracle import support
from tests.oracle.support import full, game

pytestmark = support.BUNDLED

TEMPER = {"id": "temper", "card": "Fiery Temper", "owner": "alice", "zone": "hand"}
WALLA = {"id": "walla", "card": "Basking Rootwalla", "owner": "alice", "zone": "hand"}
TEMPER_CAST = {"player": "alice", "spell": "temper", "targets": {"any": ["bob"]}, "payment": {"pool": "{R}"}}


def _players(pool: str, hand: int = 1) -> list[dict[str, Any]]:
    alice: dict[str, Any] = {"id": "alice", "hand_size": hand, "library_size": 10}
    if pool:
        alice["mana"] = pool
    return [alice, {"id": "bob", "library_size": 10}]


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], pool: str = "",
         hand: int = 1, turn_of: str = "alice") -> tuple[Any, str]:
    import yaml

    from pyengine.oracle.execute import run_generated

    doc = {"id": "cards/test", "title": "t", "cr": ["702.35a"], "rationale": "test",
           "players": _players(pool, hand),
           "turn": {"active": turn_of, "number": 3, "step": "precombat_main"},
           "objects": objects, "query": {"kind": "game", "script": script},
           "expect": {"checkpoints": expect}}
    return run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)


def _passes(*args: Any, **kw: Any) -> None:
    scenario, why = _run(*args, **kw)
    assert scenario is not None and not why, why


def _illegal(objects: list[dict[str, Any]], script: list[Any], pool: str = "") -> str:
    scenario, why = _run(objects, [*script, {"checkpoint": "after"}], {"after": {}}, pool)
    assert scenario is None and "illegal" in why, why
    return why


def test_madness_compiles_into_the_cost_the_replacement_and_the_trigger(bundled_cards: None) -> None:
    """702.35a: "Madness {R}" is the cost the cast engine reads, a replacement effect functioning
    in the hand (113.6b) and the trigger on the zone change it makes ("exiled this way")."""
    abilities = full("Fiery Temper").card["abilities"]
    assert {"madness": "{R}"} in abilities
    statics = [a["static"]["replace"] for a in abilities if isinstance(a, dict) and "static" in a]
    assert statics == [{"zones": ["hand"], "event": {"kind": "discard", "object": "self"}, "to": "exile",
                        "cause": "madness"}]
    triggers = [a for a in abilities if isinstance(a, dict) and "trigger" in a]
    assert [t["trigger"]["when"] for t in triggers] == [
        {"kind": "zone_change", "obj": "self", "from": "hand", "to": "exile", "cause": "madness"}]
    assert triggers[0]["do"] == [{"kind": "madness_cast", "object": "self"}]


def test_discarded_it_is_exiled_then_cast_for_its_madness_cost(bundled_cards: None) -> None:
    """702.35a: alice discards Fiery Temper: it is exiled instead of put into her graveyard (her
    hand 1 -> 0), the madness ability triggers; as it resolves she casts it for {R} (her whole
    pool, 118.9) at bob; it resolves: bob 20 -> 17, and the instant goes to her graveyard (608.2n)."""
    _passes(
        [TEMPER],
        [{"discard": {"player": "alice", "cards": ["temper"]}},
         {"checkpoint": "exiled"},
         {"madness_choice": {"temper": TEMPER_CAST}},
         "resolve",
         {"checkpoint": "cast"},
         "resolve",
         {"checkpoint": "done"}],
        {"exiled": {"hand": {"alice": 0}, "objects": {"temper": {"zone": "exile"}}, "life": {"bob": 20}},
         "cast": {"objects": {"temper": {"zone": "stack"}}, "mana": {"alice": ""}, "life": {"bob": 20}},
         "done": {"stack": [], "life": {"bob": 17}, "objects": {"temper": {"zone": "graveyard"}}}},
        pool="{R}",
    )


def test_declined_it_goes_to_the_graveyard(bundled_cards: None) -> None:
    """702.35a: "If that player doesn't, they put this card into their graveyard": declined,
    Fiery Temper is in alice's graveyard and nothing was dealt."""
    _passes(
        [TEMPER],
        [{"discard": {"player": "alice", "cards": ["temper"]}},
         {"madness_choice": {"temper": False}},
         "resolve",
         {"checkpoint": "done"}],
        {"done": {"stack": [], "life": {"bob": 20}, "objects": {"temper": {"zone": "graveyard"}}}},
    )


def test_the_choice_is_asked_for_when_missing(bundled_cards: None) -> None:
    """702.35a: the owner chooses as the ability resolves; the script must give it."""
    why = _illegal([TEMPER], [{"discard": {"player": "alice", "cards": ["temper"]}}, "resolve"])
    assert "702.35a" in why and "madness_choice" in why


def test_a_creature_is_cast_ignoring_sorcery_timing(bundled_cards: None) -> None:
    """608.2g, 702.35a: Basking Rootwalla (a creature, normally cast only in its owner's main
    phase with the stack empty, 307.1) discarded during bob's turn is cast for {0} as the
    ability resolves, and enters under alice's control."""
    _passes(
        [WALLA],
        [{"discard": {"player": "alice", "cards": ["walla"]}},
         {"madness_choice": {"walla": {"player": "alice", "spell": "walla"}}},
         "resolve",
         {"checkpoint": "cast"},
         "resolve",
         {"checkpoint": "done"}],
        {"cast": {"objects": {"walla": {"zone": "stack"}}},
         "done": {"stack": [], "objects": {"walla": {"zone": "battlefield", "controller": "alice"}}}},
        turn_of="bob",
    )


def test_the_madness_cost_only_as_the_ability_resolves(bundled_cards: None) -> None:
    """702.35a: the madness cost is a permission of the resolving ability only: Fiery Temper in
    hand can't be cast for {R} (601.2b: no madness ability resolving)."""
    cast = {"cast": {"spell": "temper", "alternative": "madness", "targets": {"any": ["bob"]},
                     "payment": {"pool": "{R}"}}}
    why = _illegal([TEMPER], [cast], pool="{R}")
    assert "702.35a" in why


def test_a_card_exiled_from_hand_otherwise_doesnt_trigger(bundled_cards: None) -> None:
    """702.35a: only the exile madness's replacement made ("exiled this way") triggers it: moved
    from alice's hand to exile by an effect, not discarded, Fiery Temper stays in exile and
    nothing triggers (the stack stays empty)."""
    move = {"events": [{"kind": "move", "object": "temper", "from": "hand", "to": "exile"}]}
    _passes([TEMPER], [move, {"checkpoint": "done"}],
            {"done": {"stack": [], "objects": {"temper": {"zone": "exile"}}}})


def test_mana_value_is_unchanged(bundled_cards: None) -> None:
    """118.9c: cast for its madness cost {R}, Fiery Temper on the stack still has mana value 3
    (its mana cost {1}{R}{R})."""
    import yaml

    from pyengine.game import new_game
    from pyengine.game.perform import layers
    from pyengine.game.run import step
    from pyengine.scenario.loader import load_text

    doc = {"id": "cards/test", "title": "t", "cr": ["118.9c"], "rationale": "test",
           "players": _players("{R}"), "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [TEMPER],
           "query": {"kind": "game", "script": [{"discard": {"player": "alice", "cards": ["temper"]}},
                                                {"madness_choice": {"temper": TEMPER_CAST}}, "resolve"]},
           "expect": {"checkpoints": {}}}
    scenario = load_text(yaml.safe_dump(doc, sort_keys=False), "<test>")
    game_ = new_game(scenario.state, 60)
    for item in scenario.query.script:
        game_ = step(game_, item, 60)
    assert [o.zone.value for o in game_.state.objects if o.id == "temper"] == ["stack"]
    assert layers(game_.state, 60).objects["temper"].mana_value == 3


def test_generated_madness_games_run(bundled_cards: None) -> None:
    """The generated games (pyengine.oracle.execute_madness): cast for the madness cost and
    declined, for an instant and a creature."""
    from pyengine.oracle.execute_madness import cast_game, decline_game, run_madness

    for name in ("Fiery Temper", "Basking Rootwalla"):
        card = full(name)
        assert cast_game(card) is not None and decline_game(card) is not None, name
        assert run_madness(card) == (True, ""), name


def test_madness_costs_not_mana_stay_text(bundled_cards: None) -> None:
    """Not read: a madness cost with another part than mana (Shadowgrange Archfiend:
    "Madness—{2}{B}, Pay 8 life."): the keyword stays held by name, the card not full."""
    from pyengine import oracle

    got = oracle.compiled("Shadowgrange Archfiend")
    assert got is not None and got.status != "full"
    assert any(c.text.startswith("Madness") and c.template in (None, "keywords (text)") for c in got.clauses)
    assert not any(isinstance(a, dict) and "madness" in a for a in got.card.get("abilities", ()))


def test_game_helper_sees_the_discard(bundled_cards: None) -> None:
    """support.game: the default players; the discard of a madness card with no choice stops."""
    scenario, why = game([TEMPER], [{"discard": {"player": "alice", "cards": ["temper"]}}, "resolve",
                                    {"checkpoint": "x"}], {"checkpoints": {"x": {}}}, cr="702.35a")
    assert scenario is None and "madness_choice" in why
