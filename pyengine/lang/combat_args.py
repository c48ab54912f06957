"""Reading the arguments of the effect language's combat operations (CR 508.1, 509.1):
the sets of things that can be attacked, costs, counts, selectors and conditions, each read
with ``defending`` bound where the operation's text speaks of the defending player (508.5).
The operations themselves are registered by :mod:`pyengine.lang.ops_combat`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, cast

from pyengine.lang.effects import (
    Ctx,
    parse_condition,
    parse_expr,
    parse_obj_ref,
    parse_player_ref,
    parse_selector,
)
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Arg, Condition, ObjRef, PlayerRef
from pyengine.model.mana import parse_cost

Args = tuple[tuple[str, Arg], ...]


@dataclass(frozen=True)
class TargetSpec:
    """A set of things that can be attacked: a player, the planeswalkers a player controls,
    the battles a player protects, and/or one object (CR 506.3, 508.1b)."""

    player: PlayerRef | None = None
    planeswalkers: PlayerRef | None = None
    battles: PlayerRef | None = None
    obj: ObjRef | None = None


def read_targets(cur: Cursor, ctx: Ctx) -> TargetSpec:
    if isinstance(cur.value, str):
        return TargetSpec(player=parse_player_ref(cur, ctx))
    cur.mapping(
        {"player", "planeswalkers", "battles", "object"},
        "a player, or {player: P, planeswalkers: P, battles: P, object: REF}",
    )
    if not cur.value:
        cur.fail("expected at least one of player, planeswalkers, battles, object")
    return TargetSpec(
        player=parse_player_ref(cur.get("player"), ctx) if cur.has("player") else None,
        planeswalkers=parse_player_ref(cur.get("planeswalkers"), ctx) if cur.has("planeswalkers") else None,
        battles=parse_player_ref(cur.get("battles"), ctx) if cur.has("battles") else None,
        obj=parse_obj_ref(cur.get("object"), ctx) if cur.has("object") else None,
    )


def flag_or(keys: dict[str, Callable[[Cursor, Ctx], Any]], what: str) -> Callable[[Cursor, Ctx], Args]:
    """``true``, or a mapping with some of ``keys`` (each read by its reader)."""

    def parse(cur: Cursor, ctx: Ctx) -> Args:
        if cur.value is True:
            return ()
        cur.mapping(set(keys), f"true or {what}")
        if not cur.value:
            cur.fail(f"expected true or {what}")
        return tuple((k, keys[k](c, ctx)) for k, c in cur.items())

    return parse


def read_true(cur: Cursor, ctx: Ctx) -> Args:
    if cur.value is not True:
        cur.fail("expected true")
    return ()


def read_count(cur: Cursor, ctx: Ctx) -> Args:
    return (("n", cur.integer("a number of creatures", minimum=0)),)


def _positive(cur: Cursor, ctx: Ctx) -> Args:
    return (("n", cur.integer("a number of creatures", minimum=1)),)


def _mana(cur: Cursor, ctx: Ctx) -> str:
    text = cur.string("a mana cost such as {2}")
    try:
        cost = parse_cost(text)
    except ValueError as exc:
        cur.fail(str(exc))
    for sym in cost.symbols:
        if not (sym.isdigit() or sym in ("W", "U", "B", "R", "G", "C")):
            cur.fail(f"combat costs support generic, colored and {{C}} symbols; got {{{sym}}}")
    return text


def read_cost(with_targets: bool) -> Callable[[Cursor, Ctx], Args]:
    allowed = {"mana", "generic"} | ({"targets"} if with_targets else set())

    def parse(cur: Cursor, ctx: Ctx) -> Args:
        cur.mapping(
            allowed, '{mana: "{2}"} or {generic: EXPR}' + (" with optional targets" if with_targets else "")
        )
        if cur.has("mana") == cur.has("generic"):
            cur.fail("expected exactly one of mana (a cost such as {2}) or generic (an expression)")
        out: list[tuple[str, Arg]] = []
        if cur.has("mana"):
            out.append(("mana", _mana(cur.get("mana"), ctx)))
        else:
            out.append(("generic", parse_expr(cur.get("generic"), ctx)))
        if cur.has("targets"):
            out.append(("targets", cast(Arg, with_defending(read_targets)(cur.get("targets"), ctx))))
        return tuple(out)

    return parse


def read_player_must_attack(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"players", "targets"}, "{players: PLAYER, targets: TARGETS}")
    players = parse_player_ref(cur.get("players"), ctx) if cur.has("players") else PlayerRef("opponent")
    return (("players", players), ("targets", cast(Arg, read_targets(cur.req("targets"), ctx))))


def read_max_attackers(cur: Cursor, ctx: Ctx) -> Args:
    """N, or {n: N, player: P, per: combat|turn}: no more than N creatures can attack (each
    player P) each combat, or each turn (``per: turn``, counting the creatures that attacked in
    an earlier combat of the turn, 500.8; not with ``player``)."""
    if not isinstance(cur.value, dict):
        return read_count(cur, ctx)
    cur.mapping({"n", "player", "per"}, "a number of creatures, or {n: N, player: PLAYER, per: combat|turn}")
    n = cur.req("n").integer("a number of creatures", minimum=0)
    out: list[tuple[str, Arg]] = [("n", n)]
    if cur.has("player"):
        out.append(("player", parse_player_ref(cur.get("player"), ctx)))
    if _per(cur) == "turn":
        if cur.has("player"):
            cur.get("per").fail("per: turn with player is not supported (a limit on attacking one "
                                "player is each combat only)")
        out.append(("per", "turn"))
    return tuple(out)


def read_max_blockers(cur: Cursor, ctx: Ctx) -> Args:
    """N, or {n: N, per: combat|turn}: no more than N creatures can block each combat, or each
    turn (counting the creatures that blocked in an earlier combat of the turn, 500.8)."""
    if not isinstance(cur.value, dict):
        return read_count(cur, ctx)
    cur.mapping({"n", "per"}, "a number of creatures, or {n: N, per: combat|turn}")
    n = cur.req("n").integer("a number of creatures", minimum=0)
    return (("n", n), ("per", "turn")) if _per(cur) == "turn" else (("n", n),)


def _per(cur: Cursor) -> str:
    """``per``: ``combat`` (the default) or ``turn``."""
    if not cur.has("per"):
        return "combat"
    per = cur.get("per")
    if per.value not in ("combat", "turn"):
        per.fail("expected combat or turn")
    return str(per.value)


def read_unless_others(cur: Cursor, ctx: Ctx) -> Args:
    """``true`` (one other creature), or {n: N, creatures: SELECTOR}."""
    if cur.value is True:
        return (("n", 1),)
    cur.mapping({"n", "creatures"}, "true or {n: N, creatures: SELECTOR}")
    if not cur.value:
        cur.fail("expected true or {n: N, creatures: SELECTOR}")
    n = cur.get("n").integer("a number of other creatures", minimum=1) if cur.has("n") else 1
    out: list[tuple[str, Arg]] = [("n", n)]
    if cur.has("creatures"):
        out.append(("creatures", parse_selector(cur.get("creatures"), ctx)))
    return tuple(out)


def read_number(cur: Cursor, ctx: Ctx) -> Args:
    """A number of creatures: an integer (at least 1) or an expression, whose value is read
    when blockers are declared ("except by X or more creatures, where X is ...")."""
    if isinstance(cur.value, int) and not isinstance(cur.value, bool):
        return _positive(cur, ctx)
    return (("n", parse_expr(cur, ctx)),)


def read_extra(cur: Cursor, ctx: Ctx) -> Args:
    return (("n", cur.integer("a number of additional creatures", minimum=1)),)


def read_selector(cur: Cursor, ctx: Ctx) -> Args:
    return (("selector", parse_selector(cur, ctx)),)


def read_condition(cur: Cursor, ctx: Ctx) -> Condition:
    return parse_condition(cur, ctx)


def with_defending(read: Callable[[Cursor, Ctx], Any]) -> Callable[[Cursor, Ctx], Any]:
    """``read`` where ``defending`` names a player: the combat engine binds it to the player of
    the target a creature would attack (CR 508.5) or to the blocking player (509.1), in these
    arguments only."""

    def parse(cur: Cursor, ctx: Ctx) -> Any:
        before, ctx.defending = ctx.defending, True
        try:
            return read(cur, ctx)
        finally:
            ctx.defending = before

    return parse


def arg(args: Args, name: str, default: Any = None) -> Any:
    """The argument called ``name`` of an operation's argument tuple, or ``default``."""
    for key, value in args:
        if key == name:
            return value
    return default
