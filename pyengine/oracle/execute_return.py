"""What a generated game expects of a card its own "dies" ability returns to the battlefield
(undying 702.93a, persist 702.79a; pyengine.oracle.effects_return).

The generated game destroys the card (it has no counters) and resolves the ability: it triggers,
its look back finding no such counters (603.10a, 603.4), and the card returns from alice's
graveyard (400.7e) under its owner's control (110.2a), with the counters it enters with
(614.1c). A -1/-1 counter on a creature of toughness 1 puts it back into the graveyard as the
state-based actions are checked (704.5f; persist doesn't return it again: it had that counter,
702.79a). Another triggered ability of the card (its "enters" one, triggering as it returns)
would wait on the stack: no game is expected of it here (None).
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def returned(card: Compiled, triggers: list[dict[str, Any]], do: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The checks of the returned card (``{"card": ...}``), {} when the effect returns nothing,
    None when the game isn't generated."""
    back = [ev for ev in do if ev.get("kind") == "move" and ev.get("object") == "self"
            and ev.get("from") == "graveyard" and ev.get("to") == "battlefield"]
    if not back:
        return {}
    if len(back) > 1 or len(triggers) > 1 or len(do) > 2:
        return None
    counters = {ev["counter"]: ev.get("amount", 1) for ev in do
                if ev.get("kind") == "counters" and ev.get("target") == "self" and ev.get("cause") == "enters"}
    c = card.card
    try:
        toughness = int(c.get("toughness"))
    except (TypeError, ValueError):
        return None
    if "Creature" not in c.get("types", ()) or set(counters) - {"+1/+1", "-1/-1"}:
        return None
    change = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
    if toughness + change <= 0:  # 704.5f
        return {"card": {"zone": "graveyard"}}
    return {"card": {"zone": "battlefield", "controller": "alice", "counters": counters,
                     "tapped": bool(back[0].get("tapped"))}}


def entered_counters(card: Compiled) -> dict[str, int]:
    """The +1/+1 counters the card's own "enters with" ability gives it (modular N, 702.43a;
    614.1c): a generated game puts the card on the battlefield with them, as it would have
    entered (a 0/0 Arcbound creature is then no 0/0)."""
    out: dict[str, int] = {}
    for a in card.card.get("abilities", ()):
        ewc = a.get("static", {}).get("enters_with_counters") if isinstance(a, dict) else None
        if isinstance(ewc, dict) and ewc.get("counter") == "+1/+1" and isinstance(ewc.get("amount"), int) \
                and not ewc.get("kicked") and str(a.get("text", "")).lower().startswith("modular"):
            out["+1/+1"] = out.get("+1/+1", 0) + ewc["amount"]
    return out
