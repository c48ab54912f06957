"""Emerge (CR 702.119a-c; asp/cast/emerge.lp): an alternative cost paid with a creature
sacrificed (the cast's ``sacrifice``), the total cost reduced by that creature's mana value.
Real cards from the bundled data; the expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

from tests.oracle import support
from tests.oracle.support import full

pytestmark = support.BUNDLED

GRYFF = {"id": "gryff", "card": "Wretched Gryff", "owner": "alice", "zone": "hand"}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1}


def _run(objects: list[dict[str, Any]], cast: dict[str, Any], expect: dict[str, Any], pool: str,
         after: list[Any] | None = None) -> tuple[Any, str]:
    import yaml

    from pyengine.oracle.execute import run_generated

    doc = {"id": "cards/test", "title": "t", "cr": ["702.119a"], "rationale": "test",
           "players": [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": pool},
                       {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": objects,
           "query": {"kind": "game", "script": [{"cast": cast}, {"checkpoint": "cast"}, *(after or [])]},
           "expect": {"checkpoints": expect}}
    return run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)


def _emerge(sacrifice: list[str] | None, pool: str) -> dict[str, Any]:
    cast: dict[str, Any] = {"spell": "gryff", "alternative": "emerge", "payment": {"pool": pool}}
    if sacrifice is not None:
        cast["sacrifice"] = sacrifice
    return cast


def test_emerge_compiles_into_the_alternative_cost(bundled_cards: None) -> None:
    """702.119a: "Emerge {5}{U}" is the keyword {emerge: "{5}{U}"}; Wretched Gryff is full."""
    assert {"emerge": "{5}{U}"} in full("Wretched Gryff").card["abilities"]


def test_emerge_reduced_by_the_sacrificed_creatures_mana_value(bundled_cards: None) -> None:
    """702.119a, 601.2f: Wretched Gryff's emerge cost {5}{U} sacrificing Grizzly Bears (mana
    value 2) costs {3}{U}: her whole pool is spent, the Bears are sacrificed as the cost is paid
    (702.119c, 601.2h); "When you cast this spell, draw a card" resolves, then the Gryff enters
    (608.3): hand 1 -> 0 -> 1."""
    scenario, why = _run(
        [GRYFF, BEARS], _emerge(["bears"], "{3}{U}"),
        {"cast": {"mana": {"alice": ""},
                  "objects": {"bears": {"zone": "graveyard"}, "gryff": {"zone": "stack"}}},
         "done": {"stack": [], "hand": {"alice": 1}, "objects": {"gryff": {"zone": "battlefield"}}}},
        "{C}{C}{C}{U}", ["resolve", "resolve", {"checkpoint": "done"}])
    assert scenario is not None and not why, why


def test_the_reduction_is_only_the_mana_value(bundled_cards: None) -> None:
    """702.119a: with Grizzly Bears (mana value 2) sacrificed the cost is {3}{U}: {2}{U} is
    not enough (601.2h)."""
    scenario, why = _run([GRYFF, BEARS], _emerge(["bears"], "{2}{U}"), {"cast": {}}, "{C}{C}{U}")
    assert scenario is None and "601.2h" in why, why


def test_emerge_needs_a_creature_sacrificed(bundled_cards: None) -> None:
    """702.119a "and sacrificing a creature": without a sacrifice (even paying the whole {5}{U})
    or sacrificing a land, the emerge cast is illegal (118.8, 601.2h)."""
    scenario, why = _run([GRYFF, BEARS], _emerge(None, "{5}{U}"), {"cast": {}}, "{C}{C}{C}{C}{C}{U}")
    assert scenario is None and "118.8" in why, why
    land = {"id": "island", "card": "Island", "controller": "alice", "timestamp": 2}
    scenario, why = _run([GRYFF, land], _emerge(["island"], "{5}{U}"), {"cast": {}}, "{C}{C}{C}{C}{C}{U}")
    assert scenario is None and "118.8" in why, why


def test_emerge_from_a_quality_stays_text(bundled_cards: None) -> None:
    """Not read: "Emerge from artifact {5}{B}{B}" (702.119b, Crabomination) stays a keyword held
    by name."""
    from pyengine import oracle

    got = oracle.compiled("Crabomination")
    assert got is not None and got.status != "full"
    assert any(c.text.startswith("Emerge from") and c.template == "keywords (text)" for c in got.clauses)


def test_generated_emerge_games_run(bundled_cards: None) -> None:
    """The generated games (pyengine.oracle.execute_emerge)."""
    from pyengine.oracle.execute_emerge import emerge_game, run_emerge

    for name in ("Wretched Gryff", "Elder Deep-Fiend"):
        card = full(name)
        assert emerge_game(card) is not None, name
        assert run_emerge(card) == (True, ""), name
