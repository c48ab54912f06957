"""A mana cost paid by a special action (CR 116.2b): turning a manifested permanent face up
pays its mana cost (701.40b). The payment is judged by the casting encodings' payment rules
(asp/cast/special.lp with payment.lp: 601.2g-h, 106.4), as a spell's total cost is; the game
moves the mana as it does for a cast (:func:`pyengine.game.pool.pay_mana`)."""

from __future__ import annotations

from dataclasses import dataclass

from pyengine import encodings
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.cast.charsets import symbol_term
from pyengine.cast.facts import _board, _payment, p
from pyengine.cast.model import STEPS, Payment, Proposal, Violation
from pyengine.cast.service import _args, term_text
from pyengine.facts import Const, FactSet
from pyengine.layers.result import LayerResult
from pyengine.model.mana import parse_cost
from pyengine.model.objects import GameState
from pyengine.registry import read
from pyengine.solver import solve

encodings.register("cast_special", "cast/special.lp")

# the symbols a special action's cost may have here: generic, colored and colorless mana
PAYABLE = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class CostPayment:
    """The verdict on paying a cost: the violations of the best payment (none: paid), and the
    payments that break none, each as the pool mana spent (type, amount) and the mana
    abilities activated (permanent, ability index)."""

    violations: tuple[Violation, ...]
    payments: tuple[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]], ...]


def unsupported(cost: str) -> str | None:
    """The first symbol of ``cost`` this payment doesn't follow (hybrid, Phyrexian, X), or None."""
    for sym in parse_cost(cost).symbols:
        if not sym.isdigit() and sym not in PAYABLE:
            return sym
    return None


def check_payment(state: GameState, player: str, cost: str, payment: Payment | None,
                  result: LayerResult, budget: float | Budget = 20.0) -> CostPayment:
    """May ``player`` pay ``cost`` now, with ``payment`` (None: with pool mana of their choice)?"""
    fs = FactSet()
    for pid in state.player_ids:
        fs.add("cast_player", p(pid))
    fs.add("caster", p(player))
    _board(fs.add, state, result, player, "")
    for i, sym in enumerate(parse_cost(cost).symbols):
        fs.add("cost_sym", Const("pay"), i, symbol_term(sym))
    if payment is not None:
        _payment(fs.add, Proposal("", player, payment=payment), state)
    res = solve([encodings.path("cast_special")], fs.symbols(), what="check a special action's payment",
                budget=Budget.of(budget, "the payment check"), models=0, optimal_only=True,
                args=["--opt-mode=optN"])
    best: tuple[Violation, ...] | None = None
    payments = set()
    for m in res.models:
        vs = tuple(sorted(Violation(STEPS.index(v.step), v.step, v.rule, v.check, _args(v.args))
                          for v in read(m, O.CastViolation, ordered=False)))
        if best is None or len(vs) < len(best):
            best = vs
        if not vs:
            spent: dict[str, int] = {}
            for s in read(m, O.CastSpend, ordered=False):
                key = str(s.color).upper()
                spent[key] = spent.get(key, 0) + 1
            taps = tuple(sorted((term_text(t.object), t.ability) for t in read(m, O.CastTap)))
            payments.add((tuple(sorted(spent.items())), taps))
    return CostPayment(best or (), tuple(sorted(payments)))
