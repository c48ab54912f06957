"""``{kind: each, affects: SELECTOR, do: [EVENT...]}``: an instruction done to each object of a
group, "put a +1/+1 counter on each creature you control" (CR 608.2c: which objects it affects
is determined as the spell or ability resolves, on the permanents' characteristics then).

The events of ``do`` name the object with the reference ``each``; as the spell or ability
resolves, they are made once for each permanent that matches ``affects`` then and all happen
at once (one batch: 608.2c, a single instruction). A selector without ``zone`` means the
battlefield.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyengine.lang.effects import Ctx, parse_selector
from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction

# instructions that are no event of the group: each is its own entry of an effect
_NOT_INSIDE = ("each", "may", "delayed", "continuous", "tap", "untap", "unless_pays", "scry", "surveil",
               "search", "look")


def parse_each(cur: Cursor, ctx: Ctx, n_targets: int, instruction: Callable[..., Instruction]) -> Instruction:
    cur.mapping({"kind", "affects", "do"},
                "an instruction on a group {kind: each, affects: SELECTOR, do: [EVENT...]} (CR 608.2c)")
    sel = parse_selector(cur.req("affects"), ctx)
    items = cur.req("do").seq("a list of events naming 'each'")
    if not items:
        cur.get("do").fail("expected at least one event")
    made = []
    taps = [c for c in items if isinstance(c.value, dict) and c.value.get("kind") in ("tap", "untap")]
    if taps:  # "untap all creatures you control" (701.26b): the group's permanents, alone
        if len(items) != 1:
            taps[0].fail("a tap or untap of the group is the entry's only event")
        taps[0].mapping({"kind", "object"}, "{kind: tap|untap, object: each} (CR 701.26)")
        if taps[0].req("object").value != "each":
            taps[0].get("object").fail("expected each: the permanent of the group")
        made = [Instruction(str(taps[0].get("kind").value), (("object", ("ref", "each")),))]
        return Instruction("each", (("affects", sel), ("do", tuple(made))))
    for c in items:
        if isinstance(c.value, dict) and (c.value.get("kind") in _NOT_INSIDE
                                          or c.value.get("kind") == "discard" and "object" not in c.value):
            c.get("kind").fail("an each entry holds events only")
        ins = instruction(c, ctx, n_targets, also=("each",))
        if not any(_names_each(v) for _k, v in ins.fields):
            c.fail("the event names no 'each' (the object of the group it is done to)")
        made.append(ins)
    return Instruction("each", (("affects", sel), ("do", tuple(made))))


def _names_each(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and v == ("ref", "each")
