"""Trigger heads about targeting (CR 603.2, 115.1): a permanent *becomes the target* of a spell
or ability as it is put on the stack with its targets chosen (601.2c, 602.2b, 603.3d; the
game's ``becomes_target`` event, pyengine.game.ward), once per spell or ability however many of
its targets it is.

- "When SELF becomes the target of a spell or ability" (any player's; an ability's too),
  "... of a spell" (``by: spell``), "... you control" / "... an opponent controls"
  (``player``, relative to the ability's controller, 603.3a);
- "Whenever SELF becomes the target of a spell or ability you control for the first time each
  turn" (valiant; ``nth: 1``: the first time this turn the object became the target of a
  spell or ability of that player, as this object, 400.7);
- "Whenever you cast a spell that targets SELF" (heroic): a spell of yours that targets it
  as it is cast (601.2c, 601.2i; the game's spells on the stack are all cast: it copies no
  spell, 707.10), once per spell;
- "Whenever you cast a spell that targets a creature you control": once per spell however
  many of them it targets (``one_or_more``: the events of one spell's targets are one batch).

Left to the text template: "for the first time each turn" without a player (any player's:
the game counts each player's apart), "an Aura spell", "a spell that targets only ..." (115.9c),
"an ability that targets only it", "cast or copy" (707.10: the game copies no spell).

Each gives ``(trigger, about_self)`` as pyengine.oracle.abilities reads it, or None.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import fullmatch as _fm

Found = tuple[dict[str, Any], bool]
_BY = {"a spell or ability": None, "a spell": "spell"}
_WHOSE = {"": None, " you control": "you", " an opponent controls": "opponent"}


def when(head: str, card: dict[str, Any]) -> Found | None:
    """The becomes-target and heroic heads this module reads, or None."""
    m = _fm(r"(?:When|Whenever) SELF becomes the target of (a spell or ability|a spell)"
            r"( you control| an opponent controls)?( for the first time each turn)?", head)
    if m:
        if not _permanent(card):
            return None
        w: dict[str, Any] = {"kind": "becomes_target", "obj": "self"}
        if _BY[m.group(1)]:
            w["by"] = _BY[m.group(1)]
        who = _WHOSE[m.group(2) or ""]
        if who:
            w["player"] = who
        if m.group(3):
            if who != "you":  # the game counts the targetings of each player apart
                return None
            w["nth"] = 1
        return {"when": w}, True
    if head == "Whenever you cast a spell that targets SELF" and _permanent(card):
        return {"when": {"kind": "becomes_target", "obj": "self", "player": "you", "by": "spell"}}, True
    m = _fm(r"Whenever you cast a spell that targets an? (.+)", head)
    if m:
        sel = P.selector(m.group(1))
        if sel is None or "chosen" in repr(sel) or set(sel) - {"types", "subtypes", "controller"} \
                or not sel.get("types") or "only" in m.group(1):
            return None
        return {"when": {"kind": "becomes_target", "obj": sel, "player": "you", "by": "spell",
                         "one_or_more": True}}, False
    return None


def _permanent(card: dict[str, Any]) -> bool:
    """Whether the card is a permanent card (it is targeted on the battlefield)."""
    return not {"Instant", "Sorcery"} & set(card.get("types", ()))


def names_event(body: str) -> bool:
    """Whether the effect names the spell or ability that targeted or its controller ("that
    spell", "that player", "its controller"), or the card cycled or discarded ("that card"):
    the game's ``targeting`` and ``that_player`` are not read from these words here; left as
    text."""
    low = body.lower()
    return any(w in low for w in ("that spell", "that ability", "that player", "its controller",
                                  "those creatures", "that creature", "that card", "discarded",
                                  "that many"))


def self_it(trigger: dict[str, Any], body: str) -> str:
    """"When SELF becomes the target of a spell or ability, sacrifice it.": "it" is SELF, the
    object the event is about (603.7c)."""
    if trigger.get("when", {}).get("kind") != "becomes_target" or trigger["when"].get("obj") != "self":
        return body
    import re

    return re.sub(r"^(you may )?sacrifice it(\.| and )",
                  lambda m: f"{m.group(1) or ''}sacrifice SELF{m.group(2)}", body)
