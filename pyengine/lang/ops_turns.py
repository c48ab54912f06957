"""Turn-structure operations of the effect language (CR 502), registered in
:data:`pyengine.lang.effects.OPS` with area ``turns``.

======================== ===================================================================
operation                meaning
======================== ===================================================================
``doesnt_untap``         ``true``: the affected permanents don't untap during their
                         controller's untap step (502.3: "effects can keep one or more of the
                         active player's permanents from untapping"; "This creature doesn't
                         untap during your untap step", "Enchanted creature doesn't untap
                         during its controller's untap step")
======================== ===================================================================

The layer engine says which permanents an operation affects after every layer (its selector
read then, CR 611.3a); the game's untap step (pyengine/game/turns.py) leaves them tapped.
"""

from __future__ import annotations

from pyengine.lang.effects import OPS, Ctx, OpSpec
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Arg

AREA = "turns"


def _true(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    if cur.value is not True:
        cur.fail("expected true")
    return ()


OPS["doesnt_untap"] = OpSpec(
    None, AREA, _true, True, {"const": True},
    "CR 502.3: the affected permanents don't untap during their controller's untap step")
