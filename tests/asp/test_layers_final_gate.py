"""The layer engine's last call (pyengine/layers/statics.py, may_have_final): final.lp is not
asked where no effect outside the layers can have an instance after the layers (an ability
removed by Humility or Blood Moon, a copy's abilities): every answer must be the one the call
gives, and the call must be left out there. Where the call is made and no effect on players
exists, it grounds no player's values (asp/layers/players.lp, p_some/0)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pyengine import shown as O
from pyengine import solver
from pyengine.layers import compute, engine, statics
from pyengine.layers.result import LayerResult, PlayerChars
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
        m.setattr(statics, "may_have_final", lambda static, values: True)
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


def _final_model(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[LayerResult, Any]:
    """The layer result of a scenario's board and the model of its last call."""
    state = load_file(_ROOT / name).state
    models = []
    inner = solver.solve

    def spy(encodings: Any, facts: Any, **kw: Any) -> Any:
        res = inner(encodings, facts, **kw)
        if kw.get("what") == "effects after layers":
            models.append(res.model)
        return res

    solver.forget()
    with monkeypatch.context() as m:
        m.setattr(engine.solver, "solve", spy)
        res = compute(state)
    solver.forget()
    assert len(models) == 1
    return res, models[0]


def test_no_effect_on_players_no_values_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    # players.lp's p_some/0: the default hand size and land plays (and their aggregates) are
    # not ground where no effect on players exists; the engine reads the rules' values
    res, model = _final_model("layers/blood-moon-depends-on-basic-supertype.yaml", monkeypatch)
    assert res.active
    assert not model.atoms(O.PlayerEffect.predicate, 4)
    assert not model.atoms(O.HandMax.predicate, 2) and not model.atoms(O.Lands.predicate, 2)
    assert res.players == {p: PlayerChars(p) for p in res.players}
    assert res.players


def test_an_effect_on_players_shows_every_players_values(monkeypatch: pytest.MonkeyPatch) -> None:
    res, model = _final_model("layers/cant-play-lands-beats-fastbond.yaml", monkeypatch)
    shown_hand = {a.arguments[0].string for a in model.atoms(O.HandMax.predicate, 2)}
    shown_hand |= {a.arguments[0].string for a in model.atoms(O.HandNone.predicate, 1)}
    shown_lands = {a.arguments[0].string for a in model.atoms(O.Lands.predicate, 2)}
    shown_lands |= {a.arguments[0].string for a in model.atoms(O.LandsAny.predicate, 1)}
    assert shown_hand == shown_lands == set(res.players)
    assert any(p.land_plays == 0 for p in res.players.values())
