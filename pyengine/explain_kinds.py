"""``pyengine explain``'s account of the game, sba, triggers and cast queries, with CR numbers:
a game's log step by step and what each checkpoint saw; each state-based action with its rule
and why (CR 704.5); each event, what it triggered and the stack orders (CR 603.2, 603.3b,
603.10); each step of casting a spell with its verdict, the total cost and the mana value
(CR 601.2, 601.3, 202.3e)."""

from __future__ import annotations

from typing import Any

from pyengine.cast.model import COLORS, STEPS

STEP_TITLE = {
    "601.3": "may the player begin to cast it (timing, permission, zone)",
    "601.2a": "the card moves to the stack",
    "601.2b": "modes, alternative and additional costs, X, hybrid and Phyrexian choices",
    "601.2c": "targets",
    "601.2d": "division of damage or counters",
    "601.2e": "the spell's legality is checked",
    "601.2f": "the total cost is determined",
    "601.2g": "mana abilities are activated",
    "601.2h": "the total cost is paid",
}
_STEP_NAME = {"untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
              "precombat_main": "precombat main phase", "postcombat_main": "postcombat main phase",
              "end": "end step", "cleanup": "cleanup step"}


# --- game --------------------------------------------------------------------------------------

def _snapshot(name: str, at: int | None, snap: dict[str, Any]) -> list[str]:
    where = f" (after event {at})" if at is not None else ""
    step = snap.get("step") or ""
    lines = [f"checkpoint {name}{where}: turn {snap.get('turn')}, {snap.get('active')}'s "
             f"{_STEP_NAME.get(step, step.replace('_', ' ') + ' step')}, priority "
             f"{snap.get('priority') or 'nobody'}"]
    lines.append("  life: " + ", ".join(f"{p} {n}" for p, n in snap.get("life", {}).items())
                 + "; poison: " + ", ".join(f"{p} {n}" for p, n in snap.get("poison", {}).items()))
    lines.append("  stack (top last): " + (", ".join(snap.get("stack") or []) or "empty"))
    for oid, o in snap.get("objects", {}).items():
        extra = [f"{o['damage']} damage"] if o.get("damage") else []
        extra += [f"{n} {c} counter(s)" for c, n in (o.get("counters") or {}).items()]
        if o.get("tapped"):
            extra.append("tapped")
        pt = f" {o['power']}/{o['toughness']}" if o.get("power") is not None else ""
        lines.append(f"  {oid}{pt}: {o.get('zone')}" + (f" ({', '.join(extra)})" if extra else ""))
    if snap.get("planar_deck") or snap.get("planes"):  # a Planechase game (901)
        decks = "; ".join(f"{p}: {', '.join(d) or 'empty'}" for p, d in snap["planar_deck"].items())
        lines.append(f"  face-up planes: {', '.join(snap['planes']) or 'none'}; planar decks (top "
                     f"first) {decks}")
    if snap.get("scheme_deck") or snap.get("schemes"):  # an Archenemy game (904)
        lines.append(f"  face-up schemes: {', '.join(snap['schemes']) or 'none'}; scheme deck (top "
                     f"first): {', '.join(snap['scheme_deck']) or 'empty'}")
    res = snap.get("result") or {}
    if res.get("draw") or res.get("winners") or res.get("losers"):
        lines.append(f"  result: winners {', '.join(res.get('winners', [])) or 'none'}, losers "
                     f"{', '.join(res.get('losers', [])) or 'none'}{', a draw' if res.get('draw') else ''}"
                     f" (CR {res.get('reason')})")
    return lines


def game(answer: Any) -> str:
    """The log as ``pyengine play`` prints it (each step, each event with its CR number),
    then what each checkpoint saw."""
    lines = ["The game, step by step (each event with the rule that made it happen):",
             answer.render()]
    marks = dict(answer.marks)
    if answer.snapshots:
        lines.append("")
        lines.append("Checkpoints:")
    for name, snap in answer.snapshots:
        lines += _snapshot(name, marks.get(name), snap)
    return "\n".join(lines)


# --- sba ---------------------------------------------------------------------------------------

def sba(answer: Any) -> str:
    """Each state-based action with its rule and why; all are performed at once (CR 704.3)."""
    check = answer.check
    lines = ["State-based actions found by one check, all performed simultaneously (CR 704.3):"]
    for a in check.actions:
        what = a.obj if a.obj is not None else a.player or "the game"
        lines.append(f"  CR {a.rule}: {a.kind.replace('_', ' ')} {what}"
                     + (f" ({a.amount} {a.counter} counter(s))" if a.counter else ""))
        lines.append(f"       why: {a.reason}")
    for g in check.legend_groups:
        lines.append(f"  CR 704.5j: {g.controller} controls {len(g.candidates)} legendary permanents named "
                     f"{g.name} ({', '.join(g.candidates)}) and chooses one to keep; the rest go to the "
                     "graveyard")
    if len(lines) == 1:
        lines.append("  none: no state-based action applies (CR 704.5)")
    return "\n".join(lines)


# --- triggers ----------------------------------------------------------------------------------

def looks_back(rule: str) -> bool:
    """Whether the ability looked back in time (CR 603.10)."""
    return rule.startswith("603.10")


def triggers(answer: Any, query: Any) -> str:
    """Each event, the abilities it triggered (with the rule, and whether it looked back in
    time), then the stack order(s) (CR 603.3b)."""
    from pyengine.game.log import sentence

    lines = ["Events (CR 603.2: an ability triggers when its trigger event occurs):"]
    seen: set[str] = set()
    for e in query.events:
        lines.append(f"  event {e.index}: {sentence(e)}" + (f"  [CR {e.rule}]" if e.rule else ""))
        for t in answer.triggered:
            if t.event_index == e.index:
                seen.add(t.id)
                lines += _triggered(t)
        if not any(t.event_index == e.index for t in answer.triggered):
            lines.append("     triggered nothing")
    for t in answer.triggered:
        if t.id not in seen:
            lines.append(f"  event {t.event_index}:")
            lines += _triggered(t)
    o = answer.orders
    lines.append("")
    if not answer.triggered:
        lines.append("Nothing triggered: nothing goes on the stack (CR 603.3).")
    elif o.fixed is not None:
        lines.append("Put on the stack in this order, first at the bottom (CR 603.3b): " + ", ".join(o.fixed))
    else:
        lines.append("APNAP order (CR 603.3b, 101.4): the active player puts theirs on the stack first, "
                     "in any order they choose, then each other player in turn order:")
        lines += [f"  {p}: {', '.join(ids)}" for p, ids in o.per_player]
        many = str(o.count) if o.count_exact else f"more than {o.count:,}"
        lines.append(f"{many} possible stack order(s)")
    return "\n".join(lines)


def _triggered(t: Any) -> list[str]:
    back = ("looked back in time: the game as it was before the event (CR 603.10)" if looks_back(t.rule)
            else "looked at the game after the event (CR 603.2)")
    return [f"     -> {t.id}: {t.source}'s ability {t.ability} \"{t.text}\" (CR {t.rule}), controlled by "
            f"{t.controller} (CR 603.3a)", f"        {back}"]


# --- cast --------------------------------------------------------------------------------------

def cast(answer: Any, query: Any) -> str:
    """Each step of casting (CR 601.3, 601.2a-h) with its verdict, the first failing step
    and its rule; for a legal cast the total cost's parts (601.2f) and the mana value."""
    v = answer.verdict
    p = query.proposal
    lines = [f"{p.player} casts {p.spell} (CR 601.2): the steps in order, each with its verdict"
             + ("" if v.legal else " (for the choices that get furthest)") + ":"]
    first = v.first
    for step in STEPS:
        broken = [x for x in v.violations if x.step == step]
        mark = "FAILS" if broken else "ok"
        if first is not None and step == first.step:
            mark = "FAILS FIRST"
        lines.append(f"  {step} {STEP_TITLE[step]}: {mark}")
        lines += [f"       breaks CR {x.rule}: {x.check}({', '.join(map(str, x.args))})" for x in broken]
    if v.legal:
        lines.append("  601.2i the spell becomes cast: ok")
        lines.append("Legal.")
    else:
        assert first is not None
        lines.append(f"Illegal: the first failing step is {first.step}, CR {first.rule} ({first.check}); "
                     "the whole action is reversed (CR 732.1)")
    if v.total is not None:
        mana = dict(v.total.mana)
        parts = [f"{mana[s]} {s}" for s in ("generic", *COLORS) if mana.get(s)]
        if v.total.life:
            parts.append(f"{v.total.life} life")
        lines.append(f"Total cost (CR 601.2f): {v.total.symbols()}"
                     + (f" and {v.total.life} life" if v.total.life else "")
                     + f" = {', '.join(parts) or 'nothing'}")
    if v.mana_value is not None:
        lines.append(f"Mana value on the stack (CR 202.3e): {v.mana_value}")
    a = v.as_cast if v.legal else None
    if a is not None:  # asp/cast/forms.lp: 709.3b, 712.8f, 715.3b, 702.103b, 708.2
        lines.append(f"Cast as {a.name or 'a face-down spell with no name'} ({a.form}; CR 601.2a): "
                     f"{' '.join(a.colors) or 'colorless'} {' '.join(a.types)}; as it resolves, to the "
                     f"{a.resolves_to} (CR 608.2n, 608.3, 715.3d)")
    if v.witness:
        lines.append("Choices: " + "; ".join(v.witness))
    for inst, ts in v.legal_targets:
        lines.append(f"Legal targets of {inst} (CR 601.2c, 115): {', '.join(ts) or 'none'}")
    if answer.listing is not None:
        n = answer.listing
        lines.append(f"{n.count}{'' if n.exact else ' or more'} legal payment(s) (CR 601.2g-h):")
        lines += ["  " + ", ".join(pay) for pay in n.payments]
    return "\n".join(lines)


def text(kind: str, answer: Any, query: Any) -> str:
    """The account of a game, sba, triggers, damage or cast query's answer."""
    if kind == "game":
        return game(answer)
    if kind == "sba":
        return sba(answer)
    if kind == "triggers":
        return triggers(answer, query)
    if kind == "damage":
        from pyengine.damage import explain

        return explain.text(answer)
    return cast(answer, query)
