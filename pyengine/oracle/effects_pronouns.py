"""Damage and life sentences of triggered abilities that name an object or a player their
trigger event (or an earlier part of the sentence) named (CR 603.7c, 608.2h):

- "it deals 2 damage to any target" after "Whenever a Dragon you control attacks" / "Whenever
  enchanted creature attacks": the damage's source is the object the trigger event was about
  (``source: it``; 120.3, 609.7a: the source of damage is the object that deals it). "When SELF
  dies, it deals 3 damage to any target" names the ability's own object, read as SELF by
  pyengine.oracle.abilities (the card as it last existed, 608.2h, 113.7a).
- "SELF deals 1 damage to that player", "that player loses 2 life": in a triggered ability with
  no player target, the player the trigger event was about (the caster, the drawer, the player
  dealt damage, the active player of "each player's upkeep": ``that_player``); only after a
  trigger event that names a player (:func:`refused`).
- "SELF deals 1 damage to that creature's controller" / "that land's controller" / "its
  controller loses 2 life": the controller of the object the trigger event was about, on the
  battlefield (``its_controller``, 603.7c).
- "SELF deals 1 damage to any target and 1 damage to you": one instruction dealing damage to
  two recipients (120.3, 608.2c: both events of one sentence, in its order).

- "destroy that creature", "SELF deals 1 damage to that creature" after "becomes blocked by a
  creature" (the blocker) or "deals combat damage to a creature" (the creature dealt damage):
  the object of the trigger event (``it``; pyengine.oracle.trigger_compound reads the blocker's
  words as "it", :func:`damaged_it` the damaged creature's).

A reference the trigger doesn't bind ("its controller" after "dies": the controller as it last
existed, which the game doesn't keep, 608.2h; "that player" after an event about no player)
stays text.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.common import fullmatch as _fm

# the controller of the object the event was about (603.7c): "that creature's controller" ...
_ITS = ("its controller", "that creature's controller", "that land's controller",
        "that permanent's controller", "that artifact's controller", "that enchantment's controller")
# trigger events that name a player (``that_player``: docs/effect-language.md)
_PLAYER_EVENTS = ("cast", "draw", "discard", "cycle", "life_gain", "life_loss", "becomes_target")


def _who(phrase: str, eff: Any) -> str | None:
    """The reference of a player phrase of this module, or None."""
    mine = not any("player" in t for t in eff.targets) and not eff.ability and not eff.cast
    if phrase == "that player" and mine:
        return "that_player"
    if phrase in _ITS and eff.it and not eff.ability and not eff.cast:
        return "its_controller"
    return None


def _recipient(phrase: str, eff: Any) -> str | None:
    from pyengine.oracle import effects as E

    if phrase in ("you",):
        return "you"
    if phrase == "it" and eff.it and not eff.ability and not eff.cast and not eff.from_graveyard:
        return "it"  # the object the trigger event was about (603.7c)
    if phrase == "each opponent":
        return "opponent"
    who = _who(phrase, eff)
    if who is not None:
        return who
    if phrase.startswith("that ") or phrase.startswith("its "):
        return None
    return E.target(phrase, eff)


def damage(s: str, eff: Any) -> bool:
    """"SELF deals 1 damage to that player", "it deals 2 damage to any target", "SELF deals 1
    damage to any target and 1 damage to you" (120.3, 603.7c, 608.2c)."""
    m = _fm(r"(SELF|it) deals (\d+) damage to (.+?)(?: and (\d+) damage to (you|that player|its controller|"
            r"that creature's controller))?", s)
    if not m:
        return False
    if m.group(1) == "it":
        if not eff.it or eff.ability or eff.cast or eff.from_graveyard:
            return False  # "it" is the trigger event's object only where pyengine.oracle.abilities says so
        source = "it"
    else:
        source = "self"
    first = m.group(3)
    if m.group(4) is None and source == "self" and not (first in ("that player", "it") or first in _ITS):
        return False  # the plain forms are pyengine.oracle.effects's
    made: list[dict[str, Any]] = []
    to = _recipient(first, eff)
    if to is None:
        return False
    made.append({"kind": "damage", "source": source, "target": to, "amount": int(m.group(2))})
    if m.group(4) is not None:
        second = _recipient(m.group(5), eff)
        if second is None:
            return False
        made.append({"kind": "damage", "source": source, "target": second, "amount": int(m.group(4))})
    eff.do.extend(made)
    return True


def life(s: str, eff: Any) -> bool:
    """"that player loses 2 life", "its controller loses 2 life", "that creature's controller
    gains 3 life" (119.3, 603.7c)."""
    m = _fm(r"(that player|" + "|".join(_ITS) + r") (gains|loses) (\d+) life", s)
    if not m:
        return False
    who = _who(m.group(1), eff)
    if who is None:
        return False
    kind = "gain_life" if m.group(2) == "gains" else "lose_life"
    eff.do.append({"kind": kind, "player": who, "amount": int(m.group(3))})
    return True


def that_much(s: str, eff: Any) -> bool:
    """"you gain that much life", "target opponent loses that much life", "SELF deals that much
    damage to any target": the amount of the trigger event (``amount: that_much``,
    pyengine.game.that_much; only after a damage, life gain or life loss event: :func:`refused`)."""
    if eff.ability or eff.cast:
        return False
    m = _fm(r"(you|target opponent|target player|each opponent|that player) (gains?|loses?) that much life",
            s)
    if m:
        if (m.group(1) == "you") != (m.group(2) in ("gain", "lose")):
            return False
        who = m.group(1)
        player = {"you": "you", "each opponent": "opponent"}.get(who) or _who(who, eff)
        if player is None:
            from pyengine.oracle import effects as E

            player = E.target(who, eff, ("player",))
        if player is None:
            return False
        kind = "gain_life" if m.group(2).startswith("gain") else "lose_life"
        eff.do.append({"kind": kind, "player": player, "amount": "that_much"})
        return True
    m = _fm(r"SELF deals that much damage to (.+)", s)
    if not m:
        return False
    to = _recipient(m.group(1), eff)
    if to is None:
        return False
    eff.do.append({"kind": "damage", "source": "self", "target": to, "amount": "that_much"})
    return True


def its_power(s: str, eff: Any) -> bool:
    """"it deals damage equal to its power to any target" after "Whenever a creature you
    control enters": the object the event was about deals damage equal to its power as the
    ability resolves (``source: it``, ``amount: {power_of: it}``; 608.2h)."""
    m = _fm(r"it deals damage equal to its power to (.+)", s)
    if not m or not eff.it or eff.ability or eff.cast or eff.from_graveyard:
        return False
    to = _recipient(m.group(1), eff)
    if to is None or to == "it":
        return False
    eff.do.append({"kind": "damage", "source": "it", "target": to, "amount": {"power_of": "it"}})
    return True


def destroy(s: str, eff: Any) -> bool:
    """"destroy it" ("destroy that creature" after "becomes blocked by a creature" or "deals
    combat damage to a creature"): the object the trigger event was about (701.8a, 603.7c)."""
    if s != "destroy it" or _recipient("it", eff) is None:
        return False
    eff.do.append({"kind": "destroy", "object": "it"})
    return True


def sentence(s: str, eff: Any) -> bool:
    return damage(s, eff) or life(s, eff) or that_much(s, eff) or its_power(s, eff) or destroy(s, eff)


def damaged_it(trigger: dict[str, Any], body: str) -> tuple[str, bool]:
    """"Whenever SELF deals combat damage to a creature, destroy that creature": "that
    creature" is the creature dealt damage, the object of the damage event (``it``, 603.7c);
    the body with it as "it", and whether "it" is that creature (never when the body already
    says "it")."""
    import re

    when = trigger.get("when", {})
    if when.get("kind") != "damage" or when.get("source") != "self" or not isinstance(when.get("to"), dict) \
            or when["to"].get("types") != ["Creature"] or re.search(r"\b(it|its)\b", body):
        return body, False
    if not re.search(r"\bthat creature\b", body):
        return body, False
    return re.sub(r"\bthat creature\b", "it", body), True


def _binds_player(trigger: dict[str, Any]) -> bool:
    """Whether the trigger event names a player "that player" is (docs/effect-language.md,
    ``that_player``): a cast, a draw, a discard, a cycle, life gained or lost, damage dealt to a
    player, the beginning of each player's / each opponent's step (its active player)."""
    if "at" in trigger:
        return trigger["at"].get("player") in ("any", "opponent")
    when = trigger.get("when", {})
    alts = when.get("any_of") or [when]
    for w in alts:
        kind = w.get("kind")
        if kind == "damage":
            to = w.get("to")
            if not (to == "player" or isinstance(to, dict) and "player" in to):
                return False
        elif kind not in _PLAYER_EVENTS:
            return False
    return True


def _walk(events: Any) -> Any:
    for ev in events or ():
        if isinstance(ev, dict):
            yield ev
            yield from _walk(ev.get("do"))


def _has_amount(trigger: dict[str, Any]) -> bool:
    """Whether the trigger event has an amount "that much" is (damage, life gained or lost)."""
    when = trigger.get("when", {})
    return "any_of" not in when and when.get("kind") in ("damage", "life_gain", "life_loss")


def refused(trigger: dict[str, Any], events: list[dict[str, Any]]) -> bool:
    """Whether a damage or life event names ``that_player`` after a trigger event that names
    no player, or ``that_much`` after one that has no amount."""
    evs = [ev for ev in _walk(events) if ev.get("kind") in ("damage", "gain_life", "lose_life")]
    if any("that_player" in (ev.get("target"), ev.get("player")) for ev in evs) \
            and not _binds_player(trigger):
        return True
    return any(ev.get("amount") == "that_much" for ev in evs) and not _has_amount(trigger)
