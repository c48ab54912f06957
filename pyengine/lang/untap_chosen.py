"""``{kind: untap, player: P, what: SELECTOR, count: N}``: "Untap up to two lands." (Cloud of
Faeries, Snap, Frantic Search): the player chooses up to N permanents that match ``what`` as
the spell or ability resolves (608.2d; no target: 115.10, so any such permanent, whoever
controls it) and untaps them (701.26b). ``what`` names the permanents that may be chosen (no
``zone``: the battlefield). The game follows it in pyengine.game.untap_chosen.
"""

from __future__ import annotations

from collections.abc import Callable

from pyengine.lang.effects import Ctx, parse_selector
from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction

KIND = "untap_chosen"


def parse_untap(cur: Cursor, ctx: Ctx, ref: Callable[[Cursor], tuple[str, str]],
                check: Callable[..., None]) -> Instruction:
    cur.mapping({"kind", "player", "what", "count"},
                "an untap of chosen permanents {kind: untap, player: REF, what: SELECTOR, count: N} "
                "(CR 701.26b, 608.2d: up to N, chosen as it resolves)")
    player = ref(cur.req("player"))
    sel = parse_selector(cur.req("what"), ctx)
    check(sel, cur.get("what"))
    if cur.get("what").has("zone"):
        cur.get("what").get("zone").fail("an untapped permanent is on the battlefield: no zone (701.26b)")
    count = cur.req("count").integer("a count", 1)
    return Instruction(KIND, (("player", player), ("what", sel), ("count", count)))
