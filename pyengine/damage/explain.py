"""``pyengine explain`` and ``pyengine graph`` for the ``damage`` query: the step's creatures
(after layers, with damage already marked), who assigns how much (CR 510.1a, 510.4), to what
each may assign it (510.1b-d, 702.19b), and the verdict with every rule broken, or the legal
assignments."""

from __future__ import annotations

from typing import Any

from pyengine.damage.model import Combat, Creature
from pyengine.pictures import GREEN, GREY, RED, _header, _q

_RULE_OF = {"first_strike": "the first-strike combat damage step (CR 510.4)",
            "regular": "the combat damage step (CR 510.1; after a first-strike step, 510.4)"}


def _creature(c: Creature) -> str:
    keys = ", ".join(sorted(k.value.replace("_", " ") for k in c.keywords))
    marked = f", {c.damage} damage marked" if c.damage else ""
    return f"{c.id} {c.power}/{c.toughness}{marked}" + (f" ({keys})" if keys else "")


def board(combat: Combat) -> list[str]:
    """The step's creatures, what each attacks or blocks."""
    lines = [f"{_RULE_OF[combat.step.value]}:"]
    for a in combat.attackers:
        blockers = [b.creature.id for b in combat.blockers if a.creature.id in b.blocking]
        what = a.attacking.id if a.attacking is not None else "nothing (CR 506.4c)"
        state = (f", blocked by {', '.join(blockers)}" if blockers else
                 ", blocked, no creature blocking it any more (CR 509.1h, 506.4)" if a.blocked
                 else ", unblocked")
        lines.append(f"  attacking {_creature(a.creature)}: attacks {what}{state}")
    for b in combat.blockers:
        blocks = ", ".join(b.blocking) or "nothing any more"
        lines.append(f"  blocking {_creature(b.creature)}: blocks {blocks}")
    return lines


def text(answer: Any) -> str:
    """The account: the board, then the verdict (each rule broken) or the legal assignments."""
    from pyengine.damage.answer import akey, show_assignment, vkey

    lines = board(answer.combat)
    if answer.verdict is not None:
        v = answer.verdict
        lines.append("Creatures assigning combat damage in this step (CR 510.1a, 510.4): "
                     + (", ".join(f"{c} {n}" for c, n in v.assigning) or "none"))
        if v.legal:
            lines.append("The proposed assignment breaks no rule: it is legal (CR 510.1e).")
        else:
            lines.append("The proposed assignment is illegal (CR 510.1e: the whole assignment is checked):")
            for x in v.violations:
                _, check, source, recipient = vkey(x)
                lines.append(f"  CR {x.rule}: {check} ({source}" + (f" -> {recipient}" if recipient else "")
                             + ")")
        return "\n".join(lines)
    n = answer.listing
    lines.append(f"Legal assignments: {n.count}{'' if n.exact else ' or more'}"
                 + ("" if n.listed else f" (more than {n.limit}: counted part by part, not listed)"))
    if n.listed:
        lines += [f"  {show_assignment(akey(a))}" for a in n.assignments]
    return "\n".join(lines)


def dot(answer: Any, title: str = "") -> str:
    """Creatures and recipients as nodes; the proposal's shares as edges (red: from a creature
    whose assignment breaks a rule), or every share some legal assignment makes, with its
    amounts."""
    from pyengine.damage.answer import vkey

    combat = answer.combat
    lines = _header("damage", title)
    for c in combat.creatures():
        lines.append(f"  {_q(c.id)} [label={_q(_creature(c))}, shape=ellipse];")
    for b in combat.blockers:
        for a in b.blocking:
            lines.append(f'  {_q(b.creature.id)} -> {_q(a)} [style=dotted, label="blocks", color="{GREY}"];')
    edges: dict[tuple[str, str], set[int]] = {}
    bad: set[str] = set()
    if answer.verdict is not None:
        shares = answer.proposal
        bad = {vkey(x)[2] for x in answer.verdict.violations}
        for s in shares:
            edges.setdefault((s.source, s.recipient.id), set()).add(s.amount)
        label = "legal (CR 510.1e)" if answer.verdict.legal else "illegal: " + "; ".join(
            f"CR {x.rule} {x.check}" for x in answer.verdict.violations)
    else:
        n = answer.listing
        for a in n.assignments:
            for s in a:
                edges.setdefault((s.source, s.recipient.id), set()).add(s.amount)
        label = f"{n.count}{'' if n.exact else '+'} legal assignment(s)"
    for (src, rcp), amounts in sorted(edges.items()):
        color = RED if src in bad else GREEN
        shown = ", ".join(map(str, sorted(amounts)))
        lines.append(f'  {_q(src)} -> {_q(rcp)} [label={_q(shown)}, color="{color}", fontcolor="{color}"];')
    lines.append(f"  verdict [label={_q(label)}, shape=note];")
    lines.append("}")
    return "\n".join(lines) + "\n"
