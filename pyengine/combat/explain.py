"""Explanations: violation atoms and requirement atoms read back as typed, worded records, and
a verdict rendered for people (which object, which effect, which rule)."""

from __future__ import annotations

from typing import Any

import clingo

from pyengine.combat.model import Board, Declaration, Kind, Verdict, Violation
from pyengine.shown import Violation as ShownViolation

# check -> sentence; {0}, {1}... are the objects of the violation in order, {n} a number
_SENTENCES = {
    "not_yours": "{0} is not a creature its declaring player controls",
    "tapped": "{0} is tapped",
    "battle": "{0} is a battle",
    "summoning_sick": "{0} has not been controlled since the turn began and has no haste",
    "defender": "{0} has defender",
    "decayed": "{0} has decayed: it can't block",
    "not_attackable": "{0} can't attack {1}: not a defending player, nor a planeswalker one "
    "controls, nor a battle one protects (the protector can't attack it)",
    "two_targets": "{0} attacks two things ({1}, {2})",
    "cant_attack": "{0} can't attack",
    "cant_attack_target": "{0} can't attack {1}",
    "cant_attack_alone": "{0} can't attack alone",
    "attack_only_alone": "{0} can only attack alone, and another creature attacks too",
    "cant_attack_unless_others": "{0} can't attack unless at least {n} other creatures the effect "
    "counts also attack",
    "max_attackers": "more than {n} creatures attack",
    "max_attackers_player": "more than {n} creatures attack {0} (creatures attacking {0}'s "
    "planeswalkers or battles are not counted)",
    "max_attackers_turn": "more than {n} creatures attack this turn (each creature that attacked "
    "in an earlier combat this turn counted once)",
    "cost_unpaid": "{0} attacks or blocks without its cost paid",
    "cost_not_owed": "a cost is paid for {0}, which the declaration does not owe",
    "cannot_pay": "the costs can't be paid from the mana available ({what})",
    "not_attacking_you": "{1} is not attacking the defending player, a planeswalker they control "
    "or a battle they protect",
    "too_many_blocked": "{0} blocks more creatures than it can",
    "cant_block": "{0} can't block",
    "cant_block_attacker": "{0} can't block {1}",
    "cant_be_blocked": "{1} can't be blocked",
    "cant_be_blocked_by": "{1} can't be blocked by {0}",
    "flying": "{1} has flying; {0} has neither flying nor reach",
    "shadow": "only creatures with shadow block or are blocked by creatures with shadow ({0}, {1})",
    "horsemanship": "{1} has horsemanship; {0} does not",
    "fear": "{1} has fear; {0} is neither an artifact creature nor black",
    "intimidate": "{1} has intimidate; {0} is not an artifact creature and shares no color with it",
    "skulk": "{1} has skulk; {0} has greater power",
    "landwalk": "{1} has landwalk and the defending player controls such a land",
    "protection": "{1} has protection from a quality {0} has",
    "menace": "{0} has menace and is blocked by only one creature",
    "min_blockers": "{0} can't be blocked except by {n} or more creatures",
    "max_blocked_by": "{0} can't be blocked by more than {n} creatures",
    "cant_block_alone": "{0} can't block alone",
    "block_only_alone": "{0} can block only alone, and another creature blocks too",
    "blocked_only_by_all": "{0} can't be blocked unless all creatures the defending player "
    "controls block it, and one of them doesn't",
    "cant_block_unless_others": "{0} can't block unless at least {n} other creatures the effect "
    "counts also block",
    "max_blockers": "more than {n} creatures block",
    "max_blockers_turn": "more than {n} creatures block this turn (each creature that blocked "
    "in an earlier combat this turn counted once)",
    "requirements": "obeys {0} requirements where {1} can be obeyed without disobeying a restriction",
}
# every check a combat violation can name (asp/combat/*.lp; a test keeps them equal)
CHECKS = frozenset(_SENTENCES)
_REQ_SENTENCES = {
    "must_attack": "{s} attacks each combat if able",
    "must_attack_target": "{s} attacks a given player, planeswalker or battle if able",
    "goad": "{s} is goaded by {p}: attacks each combat if able",
    "goad_other": "{s} is goaded by {p}: attacks a player other than {p} if able",
    "player_must_attack": "{p} attacks a given player or planeswalker with at least one creature if able",
    "must_block": "{s} blocks each combat if able",
    "must_block_attacker": "{s} blocks {o} if able",
    "must_be_blocked": "{s} must be blocked if able",
    "lure": "{o} blocks {s} (all creatures able to block {s} do so)",
}


def _value(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return str(sym.number)
    if sym.type == clingo.SymbolType.Function and sym.name in ("p", "o", "e", "kw") and sym.arguments:
        return sym.arguments[0].string
    return sym.name if sym.type == clingo.SymbolType.Function else str(sym)


def violation_of(
    board: Board, shown: ShownViolation | None, *, requirements: tuple[int, int] | None = None, rule: str = ""
) -> Violation:
    """A :class:`Violation` from a shown ``violation(Rule, Check, Args)`` atom, read, or
    (``shown`` None) the requirement count violation of CR 508.1d / 509.1c."""
    if shown is None:
        assert requirements is not None
        obeyed, maximum = requirements
        return Violation(
            rule,
            "requirements",
            (),
            None,
            None,
            _SENTENCES["requirements"].format(obeyed, maximum) + f" (CR {rule})",
        )
    objects: list[str] = []
    effect = source = None
    number: int | None = None
    what = ""
    for a in shown.args.arguments:
        if a.type == clingo.SymbolType.Function and a.name == "e":
            effect = a.arguments[0].string
            info = board.effect(effect)
            source = info.source if info is not None else None
        elif a.type == clingo.SymbolType.Function and a.name == "kw":
            source = a.arguments[0].string
        elif a.type == clingo.SymbolType.Number:
            number = a.number
        elif a.type == clingo.SymbolType.Function and not a.arguments:
            what = a.name
        else:
            objects.append(_value(a))
    check = shown.check
    text = _SENTENCES.get(check, check).format(*objects, "", "", "", n=number, what=what)
    if effect is not None:
        named = source is None or effect.startswith(f"{source}:")
        text += f" [effect {effect}" + ("" if named else f" of {source}") + "]"
    text += f" (CR {shown.rule})"
    return Violation(shown.rule, check, tuple(objects), effect, source, text)


def requirement_text(kind: str, args: tuple[str, ...]) -> tuple[str | None, tuple[str, ...], str]:
    """(effect, subjects, sentence) of a requirement term such as must_attack(E, O), given
    its name and its arguments as text; the first subject is the creature (or player) the
    requirement is about."""
    effect: str | None = args[0]
    fill = {"s": args[-1], "o": "", "p": ""}
    subjects: tuple[str, ...]
    if kind in ("goad", "goad_other"):
        effect, fill["p"], subjects = None, args[0], (args[1],)
    elif kind == "player_must_attack":
        fill["p"], subjects = args[1], (args[1],)
    elif kind == "must_block_attacker":  # (E, B, A)
        fill["s"], fill["o"], subjects = args[1], args[2], (args[1], args[2])
    elif kind == "lure":  # (E, A, B)
        fill["s"], fill["o"], subjects = args[1], args[2], (args[2], args[1])
    else:
        subjects = (args[1],)
    return effect, subjects, _REQ_SENTENCES.get(kind, kind).format(**fill)


def show_declaration(kind: Kind, decl: Declaration) -> str:
    """``a1 -> bob, a2 -> pw1; costs paid for a1`` (``no attackers`` / ``no blockers``)."""
    if not decl.pairs:
        body = "no attackers" if kind == Kind.ATTACK else "no blockers"
    else:
        arrow = " -> " if kind == Kind.ATTACK else " blocks "
        body = ", ".join(f"{a}{arrow}{b}" for a, b in decl.pairs)
    if decl.paid:
        body += "; costs paid for " + ", ".join(sorted({o for _, o in decl.paid}))
    return body


def render(v: Verdict) -> str:
    """A multi-line account of a verdict."""
    lines = []
    if v.proposed is not None:
        lines.append(f"{v.kind.value} declaration: {show_declaration(v.kind, v.proposed)}")
        lines.append("LEGAL" if v.legal else "ILLEGAL")
        lines += [f"  - {x.text}" for x in v.violations]
        if v.obeyed is not None and v.obeyed > v.maximum:  # only one that breaks a restriction can
            lines.append(f"requirements obeyed: {v.obeyed}, more than the maximum of {v.maximum} a "
                         "declaration that breaks no restriction obeys (CR 508.1d, 509.1c)")
        else:
            lines.append(f"requirements obeyed: {v.obeyed} of a maximum of {v.maximum}")
    else:
        lines.append(f"maximum requirements obeyed: {v.maximum}")
    if len(v.requirements) < v.requirements_total:
        lines.append(f"requirements: {v.requirements_total} in all; those a declaration obeys:")
    for r in v.requirements:
        given = "" if r.given is None else ("given: obeyed, " if r.given else "given: NOT obeyed, ")
        lines.append(f"  [{given}witness: {'obeyed' if r.witness else 'not obeyed'}] {r.text} (CR {r.rule})")
    lines.append(f"witness: {show_declaration(v.kind, v.witness)}")
    if v.legal_declarations is not None:
        shown = len(v.legal_declarations)
        exact = "" if v.count_exact else "at least "
        lines.append(
            f"legal declarations: {exact}{v.count}"
            + (f" (showing {shown})" if v.count is not None and shown < v.count else "")
        )
        lines += [f"  {show_declaration(v.kind, d)}" for d in v.legal_declarations]
    return "\n".join(lines)


def to_json(v: Verdict) -> dict[str, Any]:
    """JSON-ready form of a verdict."""
    return {
        "kind": v.kind.value,
        "proposed": v.proposed.to_json() if v.proposed is not None else None,
        "legal": v.legal,
        "violations": [x.to_json() for x in v.violations],
        "obeyed": v.obeyed,
        "maximum": v.maximum,
        "witness": v.witness.to_json(),
        "requirements": [r.to_json() for r in v.requirements],
        "legal_declarations": (
            None if v.legal_declarations is None else [d.to_json() for d in v.legal_declarations]
        ),
        "count": v.count,
        "count_exact": v.count_exact,
        "components": v.components,
        "requirements_total": v.requirements_total,
        "clingo_version": v.clingo_version,
    }
