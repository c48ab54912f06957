"""A kicked spell's instructions (CR 702.33d-e, 608.2c): a spell's ``does:`` may hold
``{kind: kicked, do: [EVENT...], otherwise: [EVENT...]}``, what "If this spell was kicked, ..."
says, linked to the card's kicker (702.33e, 607). Whether a spell is kicked is announced as it
is cast (601.2b, 702.33d) and never changes, so the spell's instructions are fixed as it is
cast: ``do`` when it was kicked, ``otherwise`` when not (a spell put on the stack without being
cast is not kicked).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction


def chosen(does: Any, kicked: bool) -> Any:
    """``does`` (a card's SpellDoes) with each ``kicked`` instruction replaced by its ``do``
    (kicked) or its ``otherwise`` (not), in place (608.2c: in the order written)."""
    if does is None or not any(i.kind == "kicked" for i in does.effects):
        return does
    out: list[Any] = []
    for ins in does.effects:
        if ins.kind == "kicked":
            fields = dict(ins.fields)
            out += fields["do"] if kicked else fields["otherwise"]
        else:
            out.append(ins)
    return replace(does, effects=tuple(out))


def parse(cur: Cursor, ctx: Ctx, n_targets: int) -> Instruction:
    """``{kind: kicked, do: [EVENT...], otherwise: [EVENT...]}``: events only (no optional,
    delayed, continuous or tap instruction), a spell's only (702.33e: linked to its kicker)."""
    from pyengine.lang import triggers as tl

    cur.mapping({"kind", "do", "otherwise"},
                "a kicked spell's instructions {kind: kicked, do: [EVENT...], otherwise: [EVENT...]}")
    for key in ("do", "otherwise"):
        for c in cur.get(key).seq("a list of events") if cur.has(key) else ():
            if isinstance(c.value, dict) and c.value.get("kind") == "kicked":
                c.get("kind").fail("a kicked instruction holds events, not another kicked instruction")
    do = tl._events(cur, "do", ctx, n_targets, required=True)
    otherwise = tl._events(cur, "otherwise", ctx, n_targets) if cur.has("otherwise") else ()
    return Instruction("kicked", (("do", do), ("otherwise", otherwise)))

