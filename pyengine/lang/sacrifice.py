"""``{kind: sacrifice, player: P, what: SELECTOR, count: N}``: a sacrifice of permanents the
player chooses as the spell or ability resolves (CR 701.21a: a player sacrifices a permanent
they control of their choice; 608.2d: the choice is made as it resolves). ``player`` is one
reference or a list of them ("each player sacrifices a creature of their choice": ``[you,
opponent]``; 101.4: the choices are made in APNAP order, then the permanents are sacrificed at
once). ``what`` names the permanents that may be chosen (no ``zone``: the battlefield); a
player who controls N or fewer of them sacrifices those, and none when they control none
(609.3). The game follows it in pyengine.game.sacrifice.
"""

from __future__ import annotations

from collections.abc import Callable

from pyengine.lang.effects import Ctx, parse_selector
from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction

KIND = "sacrifice_chosen"


def parse_sacrifice(cur: Cursor, ctx: Ctx, ref: Callable[[Cursor], tuple[str, str]],
                    check: Callable[..., None]) -> Instruction:
    cur.mapping({"kind", "player", "what", "count"},
                "a sacrifice {kind: sacrifice, object: REF} or {kind: sacrifice, player: REF or [REF...], "
                "what: SELECTOR, count: N} (CR 701.21a)")
    at = cur.req("player")
    players = tuple(ref(c) for c in at.seq("a list of players")) if isinstance(at.value, list) else (ref(at),)
    if not players or len(set(players)) != len(players):
        at.fail("expected one or more different players")
    sel = parse_selector(cur.req("what"), ctx)
    check(sel, cur.get("what"))
    if cur.get("what").has("zone"):
        cur.get("what").get("zone").fail("a sacrificed permanent is on the battlefield: no zone (701.21a)")
    count = cur.get("count").integer("a count", 1) if cur.has("count") else 1
    return Instruction(KIND, (("player", players), ("what", sel), ("count", count)))
