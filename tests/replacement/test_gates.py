"""pyengine/replacement/gates.py and what the engine's calls give the solver: the optional
rule files, the facts' shapes for the pruning, and the Python work kept between calls."""

from __future__ import annotations

import clingo

from pyengine import solver, walk
from pyengine.relevance import symbol_shape
from pyengine.replacement import event as event_module
from pyengine.replacement import gates
from pyengine.replacement.service import analyse
from pyengine.replacement.split import _CONTEXT, Splitter, _mentions
from tests.replacement.test_service import event

F = clingo.Function
N = clingo.Number


def _engine_calls(monkeypatch) -> list[tuple[list, list, dict]]:  # type: ignore[no-untyped-def]
    """Record the replacement engine's solver calls (not the layer engine's)."""
    calls: list[tuple[list, list, dict]] = []
    inner = solver.solve

    def recording(encodings, facts, **kw):  # type: ignore[no-untyped-def]
        if any(p.name in ("outcome.lp", "replacement.lp") for p in encodings):
            calls.append((list(encodings), list(facts), kw))
        return inner(encodings, facts, **kw)

    monkeypatch.setattr(solver, "solve", recording)
    return calls


def test_the_calls_tell_the_pruning_their_facts_shapes(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each call gives the shapes of all its facts, which leaves out rules the names alone
    keep (a modification's form no effect has, ...), and the answer is the same, witness
    and order of the answer sets included."""
    st, ev = event("{kind: destroy, object: bears}")
    calls = _engine_calls(monkeypatch)
    analyse(st, ev)
    monkeypatch.undo()
    assert calls
    for encodings, facts, kw in calls:
        want = {(f.name, len(f.arguments), -1, None) for f in facts}
        want |= {(f.name, len(f.arguments), i, symbol_shape(a))
                 for f in facts for i, a in enumerate(f.arguments)}
        assert kw.get("fact_shapes") == frozenset(want)
        program = solver._program(tuple(str(p) for p in encodings), None)
        consts = {k: solver._const_shape(v) for k, v in (kw.get("consts") or {}).items()}
        by_names = program.prune({f.name for f in facts}, None, consts)
        by_shapes = program.prune((), kw["fact_shapes"], consts)
        assert len(by_shapes) < len(by_names)
        solver.forget()
        shaped = solver.solve(encodings, facts, **kw)
        plain = solver.solve(encodings, facts, **{**kw, "fact_shapes": None})
        assert [m.symbols for m in shaped.models] == [m.symbols for m in plain.models]


def test_what_each_fact_asks_is_kept_by_the_fact() -> None:
    """needed() reads each fact once per process; the files it keeps are those the facts ask
    for, whatever the order (a kind not a plain constant keeps every file)."""
    gates._SEEN.clear()
    damage = F("rep_field", [F("e", [N(1)]), F("kind"), F("damage")])
    carried = F("rep_kind_field", [F("move"), F("with", [F("p1p1")]), N(3)])
    cant = F("rep_cant", [clingo.String("angel")])
    other = F("rep_obj_type", [F("o", [clingo.String("bears")]), F("creature")])
    facts = [other, damage, carried, cant]
    want = ("kind_draw.lp", "kind_tokens.lp", "kind_damage.lp", "fallback.lp", "entering_counters.lp")
    assert gates.needed(facts) == want
    assert set(gates._SEEN) == set(facts)
    assert gates.needed(list(reversed(facts))) == want
    assert gates.needed([other]) == ("kind_draw.lp", "kind_tokens.lp")
    with_c = [F("with", [F("p1p1")])]
    assert gates.needed(with_c) == ("kind_draw.lp", "kind_tokens.lp", "entering_counters.lp")
    odd = F("rep_field", [F("e", [N(1)]), F("kind"), F("f", [N(1)])])
    assert gates.needed([other, odd]) == gates._ALL


def test_a_states_inline_tokens_are_found_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    st, _ = event("{kind: destroy, object: bears}")
    walks = []
    inner = walk.values

    def counting(x):  # type: ignore[no-untyped-def]
        walks.append(1)
        return inner(x)

    monkeypatch.setattr(walk, "values", counting)
    event_module._TOKEN_DEFS.clear()
    first = event_module.state_token_defs(st)
    first["mine"] = None  # the caller's copy
    again = event_module.state_token_defs(st)
    assert len(walks) == 1 and "mine" not in again
    event_module.state_token_defs(st.clone())
    assert len(walks) == 2


def test_the_splitter_makes_its_draw_facts_only_when_a_draw_is_asked() -> None:
    root = F("r", [N(0)])
    facts = [F("rep_part", [root]), F("rep_field", [root, F("kind"), F("draw")]),
             F("rep_effect", [clingo.String("e")]), F("rep_uses", [clingo.String("e"), N(2)])]
    split = Splitter(facts, None, lambda model, shields: None)  # type: ignore[arg-type]
    assert split._base is None and split.n_eff == 1 and split.uses0 == {"e": 2}
    roots = {f.arguments[0] for f in facts if f.name == "rep_part"}
    assert split.base == [f for f in facts if f.name not in _CONTEXT and not _mentions(f, roots)]
