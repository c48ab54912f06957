"""A cast given ahead by the script for a resolving ability that lets a card be cast during its
resolution (608.2g): madness (702.35a), rebound (702.88a), cascade and discover (702.85a,
701.57a). ``false`` says the card isn't cast; a mapping is a ``cast`` action's fields, its
``alternative`` the one the ability allows (the only one it accepts)."""

from __future__ import annotations

from typing import Any

from pyengine.lang.yamlread import Cursor, LDict


def cast_or_not(reader: Any, sub: Cursor, alternative: str, fields: str, rule: str, why: str,
                defaults: dict[str, Any] | None = None) -> Any:
    """``False`` (not cast) or the cast action ``sub`` gives, with ``alternative`` (and
    ``defaults``) filled in; a ``true`` or another alternative fails naming ``rule`` (``why``:
    what the ability allows)."""
    from pyengine.game.casting import read_cast

    if isinstance(sub.value, bool):
        if sub.value:
            sub.fail(f"true says no cast: give the cast's fields {fields} or false (CR {rule})")
        return False
    sub.mapping(None, f"a cast {fields}")
    view = LDict(sub.value)
    view.line, view.key_lines = sub.value.line, dict(sub.value.key_lines)
    for key, value in (defaults or {}).items():
        view.setdefault(key, value)
    view.setdefault("alternative", alternative)
    if "spell" not in view:
        sub.fail("missing 'spell': the card cast (its id)")
    action = read_cast(Cursor(view, sub.path, sub.line, sub.file), reader)
    if action.proposal.alternative != (alternative,):
        sub.fail(f"{why} (CR {rule})")
    return action


def keyed(reader: Any, cur: Cursor, what: str, alternative: str, fields: str, rule: str, whose: str,
          why: str) -> Any:
    """``{KEY: false | CAST}``: the resolving ability's key (its id, ``SOURCE:N`` or ``SOURCE``)
    and :func:`cast_or_not` of its value, as a choice given ahead (``whose``: the ability and
    the player who may cast, for the message)."""
    from pyengine.game.choice import ChooseAhead

    cur.mapping(None, f"{{KEY: false | {fields}}}: the resolving {whose} casts the card")
    if len(cur.value) != 1:
        cur.fail("expected one resolving object's choice")
    key, sub = next(iter(cur.items()))
    return ChooseAhead(what, str(key), cast_or_not(reader, sub, alternative, fields, rule, why))
