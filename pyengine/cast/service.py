"""The casting service: the verdict on a proposed cast (CR 601.2), the total cost locked in
(601.2f) and every legal payment (601.2g-h).

Every rules decision is made by the encodings under asp/cast/ (with asp/common/targeting.lp);
this module runs the layer engine, builds facts, calls :func:`pyengine.solver.solve` once per
question and reads the answers. The game's turn engine calls :func:`check_cast`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import clingo

from pyengine import encodings
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.cast.facts import cast_factset
from pyengine.cast.forms import FORM_WORDS, face_name
from pyengine.cast.model import STEPS, AsCast, CastVerdict, PaymentListing, Proposal, TotalCost, Violation
from pyengine.errors import EncodingError
from pyengine.layers import engine as layers
from pyengine.layers.result import LayerResult
from pyengine.model.objects import GameState
from pyengine.registry import read
from pyengine.solver import Model, solve

encodings.register("cast_check", "cast/check.lp")
encodings.register("cast_list", "cast/list.lp")

LIST_LIMIT = 200  # legal payments listed before only their number is given
COUNT_CAP = 20_000  # payments counted before the count becomes a lower bound
TIMEOUT = 20.0


def term_text(sym: clingo.Symbol) -> str:
    """``o("x")`` -> ``x``, ``p("alice")`` -> ``player alice``; numbers and words as text."""
    if sym.type == clingo.SymbolType.Number:
        return str(sym.number)
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.name in ("o", "p") and len(sym.arguments) == 1:
        inner = sym.arguments[0].string
        return inner if sym.name == "o" else f"player {inner}"
    return str(sym).replace('"', "")


def _args(sym: clingo.Symbol) -> tuple[str | int, ...]:
    items = sym.arguments if sym.type == clingo.SymbolType.Function and not sym.name else [sym]
    return tuple(a.number if a.type == clingo.SymbolType.Number else term_text(a) for a in items)


def check_cast(
    state: GameState,
    proposal: Proposal,
    budget: float | Budget = TIMEOUT,
    result: LayerResult | None = None,
    stack_busy: bool = False,
    combat: dict[str, frozenset[str]] | None = None,
    history: Any = None,
    madness: bool = False,
    free: tuple[str, int] | None = None,
    window: str | None = None,
) -> CastVerdict:
    """The verdict on ``proposal`` on ``state`` (parts left ``None`` are chosen freely:
    legal when some choice makes the whole cast legal). ``budget``: seconds, or the budget of
    the query this is part of; ``result``: the layer engine's answer, when already known;
    ``stack_busy``: the stack holds something that is no object of ``state`` (a game's
    abilities, 117.1a); ``combat``: each attacking or blocking creature's states (506.4);
    ``history``: a game's turn so far (surge, 702.117a; spectacle, 702.137a); ``madness``: the
    card's madness triggered ability is resolving (702.35a, 608.2g); ``free``: a cascade or
    discover resolving allows this exiled card cast without paying its mana cost if the resulting
    spell's mana value is ``lt`` / ``lte`` N (702.85a, 701.57a); ``window``: another resolving
    ability lets it be cast (``rebound``: 702.88a)."""
    budget = Budget.of(budget, "the cast check")
    result = result if result is not None else layers.compute(state, budget)
    facts = cast_factset(state, result, proposal, stack_busy=stack_busy, combat=combat, history=history,
                         madness=madness, free=free, window=window)
    res = solve(
        [encodings.path("cast_check")],
        facts,
        what="check a cast",
        budget=budget,
        models=0,
        args=["--opt-mode=opt"],
    )
    if not res.satisfiable:
        raise EncodingError("cast: the check encoding has no answer (every choice is free)")
    verdict = _verdict(res.model)
    if verdict.as_cast is not None:
        name = face_name(state.object(proposal.spell).printed, verdict.as_cast.form)
        verdict = replace(verdict, as_cast=replace(verdict.as_cast, name=name))
    return verdict


def _verdict(model: Model) -> CastVerdict:
    violations = tuple(
        sorted(
            Violation(STEPS.index(v.step), v.step, v.rule, v.check, _args(v.args))
            for v in read(model, O.CastViolation, ordered=False)
        )
    )
    targets: dict[str, list[str]] = {}
    for t in read(model, O.CastLegalTarget):
        targets.setdefault(t.instance, []).append(term_text(t.target))
    legal_targets = tuple(sorted((k, tuple(sorted(v))) for k, v in targets.items()))
    mana = tuple(
        sorted(
            (n.kind if n.kind == "generic" else n.kind.upper(), n.amount)
            for n in read(model, O.CastNeed)
            if n.amount
        )
    )
    life = sum(x.amount for x in read(model, O.CastNeedLife))
    mv = [x.value for x in read(model, O.CastManaValue)]
    return CastVerdict(
        not violations,
        violations,
        TotalCost(mana, life),
        mv[0] if mv else None,
        _witness(model),
        legal_targets,
        _as_cast(model),
    )


def _as_cast(model: Model) -> AsCast | None:
    forms = [FORM_WORDS.get(str(f.form), str(f.form)) for f in read(model, O.CastForm)]
    zones = [z.zone for z in read(model, O.CastResolvesTo)]
    if len(forms) != 1 or len(zones) != 1:
        return None
    unresolved = [z.zone for z in read(model, O.CastUnresolvedTo)]
    pts = [(x.power, x.toughness) for x in read(model, O.CastStackPT)]
    return AsCast(
        forms[0],
        "",
        tuple(sorted(t.type for t in read(model, O.CastSpellType))),
        tuple(sorted(c.color for c in read(model, O.CastSpellColor))),
        zones[0],
        unresolved[0] if unresolved else None,
        tuple(sorted(t.type for t in read(model, O.CastUnresolvedType))),
        tuple(sorted(a.name for a in read(model, O.CastStackAbility))),
        pts[0] if len(pts) == 1 else None,
    )


def _witness(model: Model) -> tuple[str, ...]:
    out = [f"alternative {a.cost}" for a in read(model, O.CastAlt)]
    out += ["kicked" for _ in read(model, O.CastKicked)]
    out += ["bought back" for _ in read(model, O.CastBoughtBack)]
    out += ["entwined" for _ in read(model, O.CastEntwined)]
    out += [f"mode {m.mode}" for m in read(model, O.CastMode)]
    out += [f"X = {x.value}" for x in read(model, O.CastX)]
    out += [f"target {t.instance}: {term_text(t.target)}" for t in read(model, O.CastTarget)]
    out += [f"divide {term_text(d.target)}: {d.amount}" for d in read(model, O.CastDivision)]
    out += [f"sacrifice {term_text(s.object)}" for s in read(model, O.CastSacrifice)]
    out += _payment_words(model)
    return tuple(out)


def _payment_words(model: Model) -> list[str]:
    out = [f"tap {term_text(t.object)}" for t in read(model, O.CastTap)]
    pool: dict[str, int] = {}
    for s in read(model, O.CastSpend):
        pool[s.color] = max(pool.get(s.color, 0), s.unit)
    out += [
        f"pool {{{c.upper()}}}x{n}" if n > 1 else f"pool {{{c.upper()}}}" for c, n in sorted(pool.items())
    ]
    out += [f"convoke {term_text(c.object)}" for c in read(model, O.CastConvoke)]
    out += [f"delve {term_text(c.object)}" for c in read(model, O.CastDelve)]
    out += [f"improvise {term_text(c.object)}" for c in read(model, O.CastImprovise)]
    return out


def payment_words(model: Model) -> tuple[str, ...]:
    """One listed payment as sorted words: ``tap forest1``, ``pool {R}x2``, ``convoke elf``,
    ``delve c1``, ``improvise a1``, ``sacrifice bears``, ``life 2``, ``pay {W/P} as life``."""
    out = []
    for u in read(model, O.CastUsed):
        how = u.how
        if how.type == clingo.SymbolType.Function and how.name == "pool":
            color = how.arguments[0].name.upper()
            n = u.what.number
            out.append(f"pool {{{color}}}x{n}" if n > 1 else f"pool {{{color}}}")
        elif how.type == clingo.SymbolType.Function and how.name == "pay_as":
            out.append(f"choice {how.arguments[0].name}#{how.arguments[1].number}: {_choice(u.what)}")
        elif how.name == "life":
            out.append(f"life {u.what.number}")
        else:
            out.append(f"{how.name} {term_text(u.what)}")
    return tuple(sorted(out))


def _choice(sym: clingo.Symbol) -> str:
    if sym.name == "c":
        return "{" + sym.arguments[0].name.upper() + "}"
    if sym.name == "g":
        return "{2}"
    return sym.name


def legal_payments(
    state: GameState,
    proposal: Proposal,
    *,
    limit: int = LIST_LIMIT,
    budget: float | Budget = TIMEOUT,
    count_cap: int = COUNT_CAP,
    result: LayerResult | None = None,
) -> PaymentListing:
    """Every legal payment of ``proposal`` (its payment left out; its other free parts chosen
    freely), sorted, when at most ``limit``; else their number, up to ``count_cap``."""
    if proposal.payment is not None:
        raise ValueError("a proposal whose payment is given has no payments to list")
    budget = Budget.of(budget, "the payment listing")
    result = result if result is not None else layers.compute(state, budget)
    facts = cast_factset(state, result, proposal, listing=True)
    res = solve(
        [encodings.path("cast_list")],
        facts,
        what="list the payments of a cast",
        budget=budget,
        models=count_cap,
        # clingo's "crafty" configuration enumerates the projected payments 2-3 times faster
        # than the default (20 lands, 4,720 payments: 0.7 s against 2.5 s)
        args=["--project=show", "--configuration=crafty"],
    )
    if len(res.models) > limit:  # projected models are distinct payments: counted, not read
        return PaymentListing(len(res.models), res.exhausted, limit)
    found = sorted({payment_words(m) for m in res.models})
    if len(found) != len(res.models):
        raise EncodingError("cast: one payment listed twice")
    return PaymentListing(len(found), res.exhausted, limit, tuple(found))
