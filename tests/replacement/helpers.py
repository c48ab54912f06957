"""Run the replacement encodings on small hand-written fact programs (asp/replacement/defined.lp
documents every input predicate) and read the answers as sets of symbols."""

from __future__ import annotations

import clingo

from pyengine import encodings, solver
from pyengine.replacement import service  # noqa: F401  (registers the entry points)
from pyengine.replacement.facts import kind_facts

Outcome = frozenset[clingo.Symbol]


def facts(text: str) -> list[clingo.Symbol]:
    """Facts written as `p(a). q(b).` (one term per fact, no rules)."""
    out, buf, depth, quoted = [], "", 0, False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "([":
            depth += 1
        elif not quoted and ch in ")]":
            depth -= 1
        if ch == "." and not quoted and depth == 0:
            if buf.strip():
                out.append(clingo.parse_term(buf.strip()))
            buf = ""
        else:
            buf += ch
    if buf.strip():
        raise ValueError(f"fact without a final period: {buf.strip()!r}")
    return out


BASE = """
rep_player(p("a"), 0). rep_player(p("b"), 1).
rep_life(p("a"), 20). rep_life(p("b"), 20).
rep_library(p("a"), 10). rep_library(p("b"), 10).
rep_valid_target(p("a")). rep_valid_target(p("b")).
rep_obj_owner(o("c1"), p("a")). rep_obj_controller(o("c1"), p("a")). rep_obj_type(o("c1"), creature).
rep_obj_owner(o("c2"), p("b")). rep_obj_controller(o("c2"), p("b")). rep_obj_type(o("c2"), creature).
rep_valid_target(o("c1")). rep_valid_target(o("c2")).
rep_obj_owner(o("s"), p("a")). rep_obj_controller(o("s"), p("a")).
"""


def damage(target: str, amount: int, part: int = 1, source: str = 'o("s")', combat: str = "false") -> str:
    """The facts of a damage event."""
    x = f"ev({part})"
    return (f"rep_part({x}). rep_field({x}, kind, damage). rep_field({x}, source, {source}). "
            f"rep_field({x}, target, {target}). rep_field({x}, amount, {amount}). "
            f"rep_field({x}, combat, {combat}).")


def effect(e: str, bit: int, watch: str, ctl: str = 'p("a")', alt: str = "main",
           mods: tuple[str, ...] = ()) -> str:
    """An effect watching `watch` events with one alternative and its modifications."""
    out = (f'rep_effect("{e}"). rep_bit("{e}", {bit}). rep_controller("{e}", {ctl}). '
           f'rep_watch("{e}", {watch}). ')
    if alt:
        out += f'rep_alt("{e}", "{alt}"). '
        out += " ".join(f'rep_mod("{e}", "{alt}", {m}).' for m in mods)
    return out


def run(text: str, horizon: int = 8, entry: str = "replacement", library_a: int = 10) -> list[solver.Model]:
    """Every (projected) answer set (optimal ones for the checker); ``library_a``: cards in
    player a's library."""
    base = BASE.replace('rep_library(p("a"), 10).', f'rep_library(p("a"), {library_a}).')
    res = solver.solve([encodings.path(entry)], facts(base + text) + kind_facts(), what="test",
                       args=["--project"] if entry == "replacement" else ["--opt-mode=optN"],
                       models=0, consts={"horizon": horizon}, optimal_only=entry != "replacement")
    return list(res.models)


def outcomes(text: str, horizon: int = 8, library_a: int = 10) -> set[Outcome]:
    """The set of outcomes: each the set of its outcome/blocked/used/shield_left atoms."""
    keep = {"outcome", "blocked", "used", "shield_left", "overflow"}
    return {frozenset(s for s in m.symbols if s.name in keep and not _unused(s))
            for m in run(text, horizon, library_a=library_a)}


def _unused(s: clingo.Symbol) -> bool:
    return s.name == "used" and s.arguments[1].number == 0


def sym(text: str) -> clingo.Symbol:
    """One symbol."""
    return clingo.parse_term(text)


def outs(*groups: str) -> set[Outcome]:
    """Expected outcomes, each given as `atom; atom; ...`."""
    return {frozenset(sym(a.strip()) for a in g.split(";") if a.strip()) for g in groups}
