"""Activated abilities whose cost has {X} (CR 107.3a): "{X}, {T}: This creature deals X damage
to target creature.", "{X}{R}: SELF gets +X/+0 until end of turn.", "{X}, {T}: Draw X cards."

X is announced as the ability is activated (601.2b, 602.2b) and, while it is on the stack,
each X of the ability is that value (107.3a). The effect's sentences are read as the other
activated abilities' are (pyengine.oracle.activated), each X standing for a number; an X read
as an event's amount (``amount``, ``count``) or as a continuous effect's power or toughness
("+X/+0", "-X/-X") becomes the expression ``{x: true}`` (docs/effect-language.md,
"Expressions"); an X anywhere else (a target's mana value, "X can't be 0", "Spend only red
mana on X", "where X is ...") leaves the ability text. A cost with {X} whose effect names no X
stays text too (its X would be paid for nothing the compiler read).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# a number no Oracle effect writes, standing for X while the sentences are read
_STAND_IN = 7919


def with_x(par: str, text: str, card: dict[str, Any], head: str,
           read: Callable[[str, str, dict[str, Any]], Any]) -> Any:
    """The activated ability ``par`` ("[cost with {X}]: [effect]") compiled by ``read`` with
    each X a number, then that number made ``{x: true}`` where it is an amount; None when the
    effect names no X or names it where it isn't an amount."""
    body = par[len(head) + 2:]
    if str(_STAND_IN) in par or not re.search(r"\bX\b", body) or not re.search(r"\{X\}", head):
        return None
    stand = str(_STAND_IN)
    cost = head.replace("{X}", "{" + stand + "}")
    effect = re.sub(r"\bX\b", stand, body)
    got = read(f"{cost}: {effect}", text, card)
    if not got:
        return None
    made = got[0]["activated"]
    made["cost"] = head
    made = _amounts(made)
    if stand in str(made):
        return None  # an X that is not an amount the game reads
    if "{'x': True}" not in str(made):
        return None
    out = [{**got[0], "activated": made}]
    from pyengine.oracle.compile import _refused

    # an X where the language reads no expression (a number of cards discarded at random ...)
    return None if _refused([{**out[0], "text": par}], str(card.get("name", "card"))) else out


def spell_x(par: str) -> Any:
    """An instant's or sorcery's paragraph naming the X of its mana cost ("SELF deals X damage
    to any target.", "Target player draws X cards."): its effect (pyengine.oracle.effects) with
    each X ``{x: true}``, the value announced as it is cast (107.3a, 601.2b); None when an X is
    not an amount the game reads ("If X is 5 or more", "with mana value X", "X target lands")."""
    from pyengine.oracle import effects as E

    stand = str(_STAND_IN)
    if stand in par:
        return None
    eff = E.effect(re.sub(r"\bX\b", stand, par), spell=True)
    if eff is None:
        return None
    eff.do = _amounts(eff.do)
    eff.resolves = _amounts(eff.resolves)
    if stand in str((eff.do, eff.resolves, eff.targets, eff.casting)):
        return None
    if "{'x': True}" not in str((eff.do, eff.resolves)) or "'delayed'" in str(eff.do):
        return None  # (a delayed triggered ability's X, 107.3n, is not followed)
    return eff


def announce(doc: dict[str, Any], card: dict[str, Any]) -> None:
    """In a generated game, the card put on the stack as a spell with X = 2 when what it does
    reads the X of its mana cost (107.3a, 601.2b)."""
    if "{'x': True}" not in str((card.get("does"), card.get("resolves"))):
        return
    for step in doc["query"]["script"]:
        if isinstance(step, dict) and isinstance(step.get("stack"), dict) and step["stack"].get("object") == "card":
            step["stack"]["x"] = 2


def _amounts(v: Any, keys: tuple[str, ...] = ()) -> Any:
    """``v`` with the stand-in number, or its negation, made X where it is an amount: an
    event's ``amount`` or ``count``, a ``modify_pt``'s or ``set_pt``'s power or toughness (not
    a token's printed power, 111.3, nor a selector's bound). ``keys``: the amounts of ``v``."""
    if isinstance(v, list):
        return [_amounts(w) for w in v]
    if not isinstance(v, dict):
        return v
    keys = keys + (("amount", "count") if "kind" in v else ())
    out: dict[str, Any] = {}
    for k, w in v.items():
        if k in keys and w == _STAND_IN and isinstance(w, int):
            out[k] = {"x": True}
        elif k in keys and w == -_STAND_IN and isinstance(w, int):
            out[k] = {"negate": {"x": True}}
        else:
            out[k] = _amounts(w, ("power", "toughness") if k in ("modify_pt", "set_pt") else ())
    return out
