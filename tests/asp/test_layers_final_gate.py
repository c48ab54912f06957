"""The layer engine's last call (pyengine/layers/engine.py, _may_have_final): final.lp is not
asked where no effect outside the layers can have an instance after the layers (an ability
removed by Humility or Blood Moon, a copy's abilities): every answer must be the one the call
gives, and the call must be left out there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pyengine import solver
from pyengine.layers import compute, engine
from pyengine.layers.result import LayerResult
from pyengine.scenario.loader import load_file

_ROOT = Path(__file__).resolve().parents[2] / "scenarios"

# boards with a definition outside the layers and no instance of it after them, then boards
# where an instance exists (a granted ability, a resolved effect, an effect on players)
_SKIPPED = ["layers/humility-magus-of-the-moon-still-applies.yaml",
            "layers/blood-moon-breeding-pool-urborg-later.yaml",
            "layers/copy-clone-face-down.yaml",
            "combat/attack/humility-removes-juggernaut-requirement.yaml"]
_ASKED = ["layers/players-granted-hexproof-follows-threaten.yaml",
          "layers/players-granted-hexproof-frog-first.yaml",
          "layers/players-sleight-on-aura-quoted-player-protection.yaml"]


def _answer(res: LayerResult) -> tuple[Any, ...]:
    return (res.objects, res.applications, res.dependencies, res.active, res.batched, res.players,
            res.player_applications, res.summed)


def _both(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[LayerResult, LayerResult]:
    state = load_file(_ROOT / name).state
    solver.forget()
    gated = compute(state, measure=True)
    solver.forget()
    with monkeypatch.context() as m:
        m.setattr(engine, "_may_have_final", lambda static, values: True)
        asked = compute(state, measure=True)
    solver.forget()
    return gated, asked


@pytest.mark.parametrize("name", _SKIPPED)
def test_no_instance_no_call_same_answer(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gated, asked = _both(name, monkeypatch)
    assert _answer(gated) == _answer(asked)
    assert gated.stats["calls"] == asked.stats["calls"] - 1


@pytest.mark.parametrize("name", _ASKED)
def test_an_instance_is_asked(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gated, asked = _both(name, monkeypatch)
    assert _answer(gated) == _answer(asked)
    assert gated.stats["calls"] == asked.stats["calls"]
    assert gated.active or gated.player_applications
