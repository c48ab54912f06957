"""Mana abilities a player activates while holding priority, outside casting (CR 605.3a): which
ability of each permanent, and what forbids it (the checks of 601.2g, decided by
asp/cast/activate.lp with payment.lp's rules). The game adds the mana to the player's pool."""

from __future__ import annotations

from dataclasses import dataclass

from pyengine import encodings
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.cast.facts import _board, _payment, p
from pyengine.cast.model import STEPS, Payment, Proposal, Violation
from pyengine.cast.service import _args, term_text
from pyengine.facts import FactSet
from pyengine.layers.result import LayerResult
from pyengine.model.objects import GameState
from pyengine.registry import read
from pyengine.solver import solve

encodings.register("cast_activate", "cast/activate.lp")


@dataclass(frozen=True)
class Activation:
    """The verdict: the violations (none: legal) and, for each permanent, the index of the
    mana ability activated (among its "{T}: Add ..." abilities, pyengine.cast.facts)."""

    violations: tuple[Violation, ...]
    abilities: tuple[tuple[str, int], ...]


def check_activation(state: GameState, player: str, tap: tuple[tuple[str, str | None], ...],
                     result: LayerResult, budget: float | Budget = 20.0) -> Activation:
    """May ``player`` activate these permanents' mana abilities (``tap``: (id, mana letter or
    None)) now, on ``state`` after layers (``result``)?"""
    fs = FactSet()
    for pid in state.player_ids:
        fs.add("cast_player", p(pid))
    fs.add("caster", p(player))
    _board(fs.add, state, result, player, "")
    _payment(fs.add, Proposal("", player, payment=Payment(tap=tap)), state)
    res = solve([encodings.path("cast_activate")], fs.symbols(), what="check mana abilities activated",
                budget=Budget.of(budget, "the mana ability check"), models=1)
    violations = tuple(sorted(Violation(STEPS.index(v.step), v.step, v.rule, v.check, _args(v.args))
                              for v in read(res.model, O.CastViolation, ordered=False)))
    taps = tuple(sorted((term_text(t.object), t.ability) for t in read(res.model, O.CastTap)))
    return Activation(violations, taps)
