"""asp/replacement/choose.lp's search reductions keep every outcome (CR 616.1), trees of
choices (asp/replacement/outcomes.lp) reach the same outcomes as sequences of steps, and
pyengine/replacement/facts.py finds interchangeable effects (rep_twin/2)."""

from __future__ import annotations

import clingo

from pyengine import encodings, solver
from pyengine.replacement.facts import FactBuilder, kind_facts
from tests.replacement.helpers import BASE, Outcome, effect, facts, outcomes, outs

ONE = ' rep_max("{e}", count, 1).'  # "if you would draw a card": one draw (121.2)


def _draw(n: int) -> str:
    return ('rep_part(ev(1)). rep_field(ev(1), kind, draw). rep_field(ev(1), player, p("a")). '
            f'rep_field(ev(1), count, {n}).')


def _skip(e: str, bit: int) -> str:
    """ "If you would draw a card, you may skip that draw instead" (optional, CR 614.6)."""
    return (effect(e, bit, "draw", mods=("instead",)) + ONE.format(e=e)
            + f' rep_alt("{e}", "decline").')


DOUBLE = effect("d", 8, "draw", mods=("mul(count, 2)",)) + ONE.format(e="d")
TWINS = ' rep_twin("k1", "k2").'


def test_twins_keep_every_outcome() -> None:
    """Draw two from a three-card library with two copies of an optional "skip that draw"
    and "draw two instead": each of the two draws gives 0, 1 or 2 cards (the doubled draw
    is two draws, each of which may be skipped, CR 614.5 keeps the doubling from applying
    to them again), so 0 to 4 draws happen, the fourth from an empty library (614.11).
    Applying the copies in one order only (rep_twin) reaches the same outcomes."""
    text = _draw(2) + _skip("k1", 1) + _skip("k2", 2) + DOUBLE
    want = outs("",
                'outcome(draw, (p("a"), 1, false), 1)',
                'outcome(draw, (p("a"), 1, false), 2)',
                'outcome(draw, (p("a"), 1, false), 3)',
                'outcome(draw, (p("a"), 1, false), 3); outcome(draw, (p("a"), 1, true), 1)')
    assert outcomes(text, horizon=24, library_a=3) == want
    assert outcomes(text + TWINS, horizon=24, library_a=3) == want


def test_twins_with_a_different_effect_between_them() -> None:
    """Two copies of "+1 damage" and a "double it": the order of the doubling among them
    matters (2+1+1 then x2, or x2 first...), the order of the copies does not."""
    dmg = ('rep_part(ev(1)). rep_field(ev(1), kind, damage). rep_field(ev(1), source, o("s")). '
           'rep_field(ev(1), target, o("c1")). rep_field(ev(1), amount, 2). '
           'rep_field(ev(1), combat, false).')
    text = (dmg + effect("p1", 1, "damage", mods=("add(amount, 1)",))
            + effect("p2", 2, "damage", mods=("add(amount, 1)",))
            + effect("x", 4, "damage", mods=("mul(amount, 2)",)))
    want = outs(*(f'outcome(damage, (o("s"), o("c1"), {n}, false), 1)' for n in (6, 7, 8)))
    assert outcomes(text) == want
    assert outcomes(text + ' rep_twin("p1", "p2").') == want


def tree_outcomes(text: str, library_a: int = 10) -> set[Outcome]:
    """The outcomes read from trees of choices, without time steps."""
    base = BASE.replace('rep_library(p("a"), 10).', f'rep_library(p("a"), {library_a}).')
    res = solver.solve([encodings.path("replacement_tree")], facts(base + text) + kind_facts(),
                       what="test", args=["--project"], models=0)
    return {frozenset(s for s in m.symbols if s.name in ("outcome", "blocked")) for m in res.models}


def test_trees_reach_the_outcomes_of_sequences() -> None:
    """The same cases without time: a tree of choices per outcome (asp/replacement/tree.lp)."""
    text = _draw(2) + _skip("k1", 1) + _skip("k2", 2) + DOUBLE
    steps = outcomes(text, horizon=24, library_a=3)
    assert len(steps) == 5
    for extra in ("", TWINS):
        assert tree_outcomes(text + extra, library_a=3) == steps


def _builder(facts: list[clingo.Symbol], bits: dict[str, int]) -> FactBuilder:
    b = FactBuilder.__new__(FactBuilder)
    b.out = list(facts)
    b.bits = bits
    return b


def _twins(text: str, names: tuple[str, ...]) -> set[tuple[str, str]]:
    facts = [clingo.parse_term(t.strip()) for t in text.split(".") if t.strip()]
    b = _builder(facts, {n: 1 << i for i, n in enumerate(names)})
    b.twins()
    return {(s.arguments[0].string, s.arguments[1].string) for s in b.out if s.name == "rep_twin"}


def test_twins_are_effects_with_the_same_facts() -> None:
    common = ('rep_watch("{e}", draw). rep_alt("{e}", "main"). rep_mod("{e}", "main", instead). '
              'rep_controller("{e}", p("a")). rep_effect("{e}"). rep_bit("{e}", {b}).')
    text = "".join(common.format(e=e, b=b) for e, b in (("a", 1), ("b", 2), ("c", 4)))
    assert _twins(text, ("a", "b", "c")) == {("a", "b"), ("b", "c")}
    # another controller: no longer the same effect
    other = text.replace('rep_controller("c", p("a"))', 'rep_controller("c", p("b"))')
    assert _twins(other, ("a", "b", "c")) == {("a", "b")}
    # a self-replacement effect is not the same as one that isn't
    selfr = text + ' rep_self("b").'
    assert _twins(selfr, ("a", "b", "c")) == {("a", "c")}


def test_effects_that_can_be_used_up_are_never_twins() -> None:
    """Which of two "next time" shields was used is part of the outcome (CR 615.8)."""
    common = ('rep_watch("{e}", damage). rep_alt("{e}", "main"). rep_mod("{e}", "main", prevent(all)). '
              'rep_controller("{e}", p("a")). rep_uses("{e}", 1).')
    text = "".join(common.format(e=e) for e in ("a", "b"))
    assert _twins(text, ("a", "b")) == set()
