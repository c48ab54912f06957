"""Events whose amount is computed as the spell or ability resolves (CR 608.2h: "the answer is
determined only once, when the effect is applied"; pyengine.game.amounts).

- "Target creature you control deals damage equal to its power to target creature you don't
  control" (the damage is dealt by the first target, 120.1; its power as it resolves);
- "SELF deals damage equal to its power to any target", "target creature deals damage to
  itself equal to its power";
- "SELF deals damage to target creature equal to the number of Mountains you control", "SELF
  deals X damage to any target, where X is the number of cards in your hand";
- "you gain 1 life for each creature you control", "you gain life equal to the number of ...",
  "each opponent loses 1 life for each ...", "draw a card for each ...".

An amount is an expression of the effect language (``count``, ``power_of`` ...; "its power" of
a target: ``power_of: target``). It is read only in the effect's first instruction: the game
computes every amount as the spell or ability resolves, before its instructions are followed,
which is the value 608.2h gives only when no earlier instruction of the same effect changed it.
A negative result is 0 (107.1b). "You don't control" is read as "an opponent controls": the
game has two players (102.2: your opponent is the only other player).
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.common import fullmatch as _fm
from pyengine.oracle.effects import Effect, target
from pyengine.oracle.effects_pumps import amount, count_of

_TO = (r"(any target|target player|target opponent|target creature|target creature or planeswalker|"
       r"target creature an opponent controls|target creature you don't control|"
       r"target creature or planeswalker an opponent controls|"
       r"target creature or planeswalker you don't control|target player or planeswalker|each opponent)")


def _first(eff: Effect) -> bool:
    """Whether the next instruction is the effect's first (see the module's docstring)."""
    return not eff.do and eff.resolves is None


def _to(phrase: str, eff: Effect) -> str | None:
    """The recipient of damage: a target's reference, or ``opponent``."""
    if phrase == "each opponent":
        return "opponent"
    if phrase == "target player or planeswalker":
        return None  # casting reads no target "player or planeswalker" here
    return target(phrase.replace("you don't control", "an opponent controls"), eff)


def _damage(s: str, eff: Effect) -> bool:
    """"X deals damage equal to its power to Y", "SELF deals damage to Y equal to ...",
    "SELF deals X damage to Y, where X is ...", "target creature deals damage to itself equal
    to its power"."""
    m = _fm(rf"(SELF|target creature you control|target creature) deals damage equal to its "
            rf"(power|toughness) to {_TO}", s)
    if m:
        if m.group(1) == "SELF" and eff.from_graveyard:
            return False  # its power once it has left the battlefield: not read here (608.2h)
        source = "self" if m.group(1) == "SELF" else target(m.group(1), eff, ("object",))
        if source is None:
            return False
        to = _to(m.group(3), eff)
        if to is None:
            return False
        eff.do.append({"kind": "damage", "source": source, "target": to,
                       "amount": {f"{m.group(2)}_of": source}})
        return True
    m = _fm(r"(target creature(?: you control)?) deals damage to itself equal to its power", s)
    if m:
        ref = target(m.group(1), eff, ("object",))
        if ref is None:
            return False
        eff.do.append({"kind": "damage", "source": ref, "target": ref, "amount": {"power_of": ref}})
        return True
    m = (_fm(rf"SELF deals damage to {_TO} equal to (.+)", s)
         or _fm(rf"SELF deals X damage to {_TO}, where X is (.+)", s))
    if not m or eff.from_graveyard:
        return False
    value = amount(m.group(2), False)
    if not isinstance(value, dict) or "power_of" in value or "toughness_of" in value:
        return False
    to = _to(m.group(1), eff)
    if to is None:
        return False
    eff.do.append({"kind": "damage", "source": "self", "target": to, "amount": value})
    return True


def _life(s: str, eff: Effect) -> bool:
    """"You gain 1 life for each creature you control", "you gain life equal to the number of
    ...", "each opponent loses 1 life for each ...", "you gain X life, where X is ..."."""
    who = r"(you|each opponent|target player|target opponent)"
    m = (_fm(rf"{who} (gains?|loses?) (\d+) life for each (.+)", s)
         or _fm(rf"{who} (gains?|loses?) ()life equal to (.+)", s)
         or _fm(rf"{who} (gains?|loses?) X() life, where X is (.+)", s))
    if not m:
        return False
    who, verb = m.group(1), m.group(2)
    if (who == "you") != (verb in ("gain", "lose")):
        return False
    if m.group(3):
        count = count_of(m.group(4))
        n = int(m.group(3))
        value: Any = None if count is None else count if n == 1 else {"times": [n, count]}
    else:
        value = amount(m.group(4), False)
    if not isinstance(value, dict) or _reads_an_object(value):
        return False
    player = {"you": "you", "each opponent": "opponent"}.get(who) or target(who, eff, ("player",))
    if player is None:
        return False
    eff.do.append({"kind": "gain_life" if verb.startswith("gain") else "lose_life", "player": player,
                   "amount": value})
    return True


def _reads_an_object(value: Any) -> bool:
    """Whether an amount reads an object's power, toughness or mana value (whose object a life
    or draw sentence doesn't name here)."""
    if isinstance(value, dict):
        return any(k.endswith("_of") or _reads_an_object(v) for k, v in value.items())
    return isinstance(value, list) and any(_reads_an_object(v) for v in value)


def _draw(s: str, eff: Effect) -> bool:
    """"Draw a card for each ...", "draw cards equal to the number of ..."."""
    m = _fm(r"(?:you )?draw a card for each (.+)", s) or _fm(r"(?:you )?draw cards equal to (.+)", s)
    if not m:
        return False
    value = count_of(m.group(1)) if " for each " in f" {s}" else amount(m.group(1), False)
    if not isinstance(value, dict) or "count" not in value:
        return False
    eff.do.append({"kind": "draw", "player": "you", "count": value})
    return True


def sentence(s: str, eff: Effect) -> bool:
    """Read one sentence with a computed amount into ``eff``; False if it isn't one."""
    if not _first(eff):
        return False
    return _damage(s, eff) or _life(s, eff) or _draw(s, eff)
