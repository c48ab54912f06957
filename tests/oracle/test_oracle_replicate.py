"""Replicate (CR 702.56a; asp/cast/replicate.lp, pyengine/game/replicate.py,
pyengine/oracle/keyword_replicate.py): an additional cost paid any number of times (the cast's
``replicate: N``) and "When you cast this spell, if a replicate cost was paid for it, copy it for
each time its replicate cost was paid" (707.10: copies put on the stack, new targets optional,
707.10c). Real cards from the bundled data; the expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

from tests.oracle import support
from tests.oracle.support import full

pytestmark = support.BUNDLED

PYRO = {"id": "pyro", "card": "Pyromatics", "owner": "alice", "zone": "hand"}


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any],
         pool: str) -> tuple[Any, str]:
    import yaml

    from pyengine.oracle.execute import run_generated

    doc = {"id": "cards/test", "title": "t", "cr": ["702.56a"], "rationale": "test",
           "players": [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": pool},
                       {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": objects, "query": {"kind": "game", "script": script},
           "expect": {"checkpoints": expect}}
    return run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)


def _cast(n: int | None, pool: str, targets: list[str] | None = None) -> dict[str, Any]:
    cast: dict[str, Any] = {"spell": "pyro", "targets": {"any": targets or ["bob"]},
                            "payment": {"pool": pool}}
    if n is not None:
        cast["replicate"] = n
    return {"cast": cast}


def test_replicate_compiles_into_the_cost(bundled_cards: None) -> None:
    """702.56a: "Replicate {1}{R}" is the keyword {replicate: "{1}{R}"}; Pyromatics is full."""
    assert {"replicate": "{1}{R}"} in full("Pyromatics").card["abilities"]


def test_paid_twice_two_copies(bundled_cards: None) -> None:
    """702.56a, 601.2f: Pyromatics ({1}{R}, "deals 1 damage to any target") cast at bob with its
    replicate cost paid twice costs {1}{R} + 2 x {1}{R} (her whole pool); the cast trigger goes
    on the stack above it (603.3), and as it resolves puts two copies on the stack (707.10):
    three resolutions, bob 20 -> 17."""
    scenario, why = _run(
        [PYRO],
        [_cast(2, "{1}{R}{1}{R}{1}{R}"), {"checkpoint": "cast"}, "resolve", {"checkpoint": "copied"},
         "resolve", "resolve", "resolve", {"checkpoint": "done"}],
        {"cast": {"mana": {"alice": ""}, "objects": {"pyro": {"zone": "stack"}}, "life": {"bob": 20}},
         "copied": {"life": {"bob": 20}, "objects": {"pyro~copy1": {"zone": "stack"},
                                                     "pyro~copy2": {"zone": "stack"}}},
         "done": {"stack": [], "life": {"bob": 17}, "objects": {"pyro": {"zone": "graveyard"}}}},
        "{C}{C}{C}{R}{R}{R}",
    )
    assert scenario is not None and not why, why


def test_not_paid_nothing_triggers(bundled_cards: None) -> None:
    """702.56a "if a replicate cost was paid for it" (603.4): cast for {1}{R} alone, no ability
    triggers: one resolution empties the stack, bob 20 -> 19."""
    scenario, why = _run([PYRO], [_cast(None, "{1}{R}"), "resolve", {"checkpoint": "done"}],
                         {"done": {"stack": [], "life": {"bob": 19}}}, "{C}{R}")
    assert scenario is not None and not why, why


def test_each_payment_costs_the_replicate_cost(bundled_cards: None) -> None:
    """601.2f-h: replicate paid once needs {1}{R} more; with only {1}{R} in her pool the cast
    fails at 601.2h."""
    scenario, why = _run([PYRO], [_cast(1, "{1}{R}"), {"checkpoint": "x"}], {"x": {}}, "{C}{R}")
    assert scenario is None and "601.2h" in why, why


def test_copies_may_have_new_targets(bundled_cards: None) -> None:
    """702.56a, 707.10c: "you may choose new targets for any of the copies": replicate paid once,
    the copy targets alice instead (copy_choice keyed by the spell): alice 20 -> 19, bob -> 19."""
    scenario, why = _run(
        [PYRO],
        [{"copy_choice": {"pyro": ["alice"]}}, _cast(1, "{1}{R}{1}{R}"), "resolve", "resolve", "resolve",
         {"checkpoint": "done"}],
        {"done": {"stack": [], "life": {"bob": 19, "alice": 19}}},
        "{C}{C}{R}{R}",
    )
    assert scenario is not None and not why, why


def test_replicate_not_read_stays_text(bundled_cards: None) -> None:
    """Not read: a replicate cost that isn't mana (Psionic Ritual: "Replicate—Tap an untapped
    Horror you control.") and a spell whose copy would make choices as it resolves (Lose
    Focus: "unless its controller pays {2}", 608.2d): the keyword stays held by name."""
    from pyengine import oracle

    for name in ("Psionic Ritual", "Lose Focus"):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full", name
        assert any(c.text.startswith("Replicate") and c.template == "keywords (text)"
                   for c in got.clauses), name
        assert not any(isinstance(a, dict) and "replicate" in a for a in got.card.get("abilities", ())), name


def test_generated_replicate_games_run(bundled_cards: None) -> None:
    """The generated games (pyengine.oracle.execute_copies): cast with one replicate payment."""
    from pyengine.oracle.execute import run_for
    from pyengine.oracle.execute_game import game_text

    for name in ("Pyromatics", "Train of Thought", "Gigadrowse"):
        card = full(name)
        text = game_text(card)
        assert text is not None and "replicate: 1" in text, name
        assert run_for(card, "spell ability") == (True, ""), name
