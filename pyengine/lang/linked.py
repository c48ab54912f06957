"""``until: leaves`` on a move to exile in a triggered or activated ability's ``do:`` (CR
610.3): "exile target creature an opponent controls until SELF leaves the battlefield"; and
``exiled``, the cards exiled with the ability's source (607.2a; pyengine.game.linked)."""

from __future__ import annotations

from collections.abc import Callable

from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction


def parse_until(cur: Cursor, instruction: Callable[[Cursor], Instruction]) -> Instruction:
    """``{kind: move, object: REF, from: battlefield, to: exile, until: leaves}`` as an
    ``exile_until`` instruction holding the move."""
    cur.get("until").choice(("leaves",), "until (the source leaves the battlefield, CR 610.3):")
    if cur.get("kind").value not in ("move", "exile") or cur.value.get("to", "exile") != "exile":
        cur.get("until").fail("expected until only on a move to exile (CR 610.3: exiled until the "
                              "source leaves the battlefield)")
    rest = type(cur.value)((k, v) for k, v in cur.value.items() if k != "until")
    for attr in ("line", "key_lines"):  # an LDict's lines, for errors (pyengine.lang.yamlread)
        if hasattr(cur.value, attr):
            setattr(rest, attr, getattr(cur.value, attr))
    move = instruction(Cursor(rest, cur.path, cur.line, cur.file))
    if move.kind != "move" or move.get("to") != "exile":
        cur.get("until").fail("expected until only on a move to exile (CR 610.3)")
    return Instruction("exile_until", (("move", move),))
