"""asp/replacement/entering.lp: the counters an object enters with are part of the one event of
its entering (CR 614.1c, 122.6). "Enters with N counters" and "an additional counter" add to
the move's with(C) field; an effect on counters applies to that event once (614.5), so several
"enters with" effects and Hardened Scales/Doubling Season modify one number, in the order
the permanent's controller chooses (616.1). Answers worked out from the rules, not the code."""

from __future__ import annotations

from pyengine import encodings, solver
from pyengine.replacement.facts import kind_facts
from tests.replacement.helpers import BASE, Outcome, effect, facts, outs
from tests.replacement.test_asp_entering import AS_ALICES, ENTER, MOVE, counters

CARRIED = ENTER + 'rep_field(ev(1), with("+1/+1"), 0). '


def enters_with(e: str, bit: int, n: int) -> str:
    """An effect on alice's entering permanent: it enters with N (more) +1/+1 counters."""
    return (effect(e, bit, "move", mods=(f'add(with("+1/+1"), {n})',))
            + f' rep_test("{e}", to, s(1)). rep_in(s(1), battlefield).'
            f' rep_test("{e}", entering, s(2)). rep_in(s(2), {AS_ALICES}).')


OWN_AND_W = CARRIED + enters_with("own", 1, 3) + enters_with("w", 4, 1)  # 3 of its own, 1 more


def on_counters(e: str, bit: int, mod: str) -> str:
    """An effect on +1/+1 counters put on alice's permanent (Hardened Scales: add(amount, 1);
    Doubling Season: mul(amount, 2))."""
    return (effect(e, bit, "counters", mods=(mod,))
            + f' rep_test("{e}", target, s(3)). rep_in(s(3), {AS_ALICES}).'
            f' rep_test("{e}", counter, s(4)). rep_in(s(4), "+1/+1").')




def outcomes(text: str) -> set[Outcome]:
    res = solver.solve([encodings.path("replacement")], facts(BASE + text) + kind_facts(("+1/+1",)),
                       what="test", args=["--project"], models=0, consts={"horizon": 8})
    return {frozenset(s for s in m.symbols if s.name in ("outcome", "blocked")) for m in res.models}


def test_614_5_scales_modifies_the_one_entering_event_once() -> None:
    """Three counters of its own, an additional counter, Hardened Scales: 3 + 1 + 1 = 5 in every
    order (not 3 + 1 and 1 + 1 as two events)."""
    text = OWN_AND_W + on_counters("sc", 2, "add(amount, 1)")
    assert outcomes(text) == outs(f"{MOVE}; {counters(5)}")


def test_616_1_doubling_depends_on_the_order() -> None:
    """Own 3, additional 1, Doubling Season: own, w, x2 = 8; own, x2, w = 7; w, x2, own = 5
    (Season applies only once there are counters, 616.2)."""
    text = OWN_AND_W + on_counters("ds", 2, "mul(amount, 2)")
    assert outcomes(text) == outs(*(f"{MOVE}; {counters(n)}" for n in (5, 7, 8)))


def test_no_counters_no_counters_event_and_scales_does_nothing() -> None:
    """Nothing gives it counters: it just enters; Scales has nothing to modify (614.7a)."""
    assert outcomes(CARRIED + on_counters("sc", 2, "add(amount, 1)")) == outs(MOVE)


def test_614_17_a_cant_stops_the_one_counters_event() -> None:
    """Counters can't be put on it (Solemnity): it enters, and the 4 counters are one event
    stopped; Scales can't modify an event that can't happen (614.17c)."""
    cant = ('rep_cant("sol"). rep_watch("sol", counters). rep_test("sol", target, s(5)).'
            f' rep_in(s(5), {AS_ALICES}).')
    text = OWN_AND_W + on_counters("sc", 2, "add(amount, 1)")
    blocked = 'blocked(counters, (o("t"), "+1/+1", 4, p("a"), enters), "sol", 1)'
    assert outcomes(text + cant) == outs(f"{MOVE}; {blocked}")
