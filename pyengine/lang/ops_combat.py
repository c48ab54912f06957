"""Combat operations of the effect language (CR 508.1, 509.1): restrictions, requirements and
costs on attacking and blocking, registered in :data:`pyengine.lang.effects.OPS` (area
``combat``), and the combat keyword words (``can't attack alone``, ``can block any number of
creatures``...) registered in :data:`pyengine.lang.effects.KEYWORDS`.

Operations (``affects`` is the set of creatures the operation is about):

======================== ===================================================================
operation                meaning
======================== ===================================================================
``cant_attack``          ``true``: can't attack (508.1c); ``{targets: T}``: can't attack T;
                         ``{unless: COND}``: can't attack unless COND holds, where
                         ``defending`` is the player of the attacked target (508.5)
``cant_attack_alone``    can't attack alone (506.5, 508.1c)
``attack_only_alone``    can only attack alone: no other creature attacks with it (506.5,
                         508.1c; Master of Cruelties, Errantry)
``cant_attack_unless_others`` ``{n: N, creatures: SELECTOR}``: can't attack unless at least N
                         (default 1) other creatures matching SELECTOR (default: any) also
                         attack (508.1c; Orcish Conscripts, Scarred Puma)
``attack_cost``          ``{mana: "{2}", targets: T}``: can't attack (T) unless its controller
                         pays the cost for it (508.1d, 508.1h); ``generic: EXPR`` for {X}
``max_attackers``        N (no ``affects``): no more than N creatures can attack each combat;
                         ``{n: N, player: P}``: no more than N can attack each player P
                         (Crawlspace; creatures attacking P's planeswalkers or battles are
                         not counted: 802.3a, 506.3)
``must_attack``          ``true``: attacks each combat if able (508.1d); ``{targets: T}``:
                         attacks T if able
``goad``                 ``true``: goaded by the effect's controller (701.15b)
``player_must_attack``   ``{players: P, targets: T}`` (no ``affects``): each player P must
                         attack T with at least one creature if able (one requirement a player)
``cant_block``           ``true`` / ``{attackers: SELECTOR}`` / ``{unless: COND}``
``block_only``           SELECTOR: can block only attackers matching it
``cant_block_alone``     can't block alone (506.5, 509.1b)
``block_only_alone``     can block only alone: no other creature blocks (506.5, 509.1b)
``cant_block_unless_others`` ``{n: N, creatures: SELECTOR}``: can't block unless at least N
                         other creatures matching SELECTOR also block (509.1b)
``block_cost``           ``{mana: ...}``: can't block unless its controller pays (509.1d)
``max_blockers``         N (no ``affects``): no more than N creatures can block each combat
``cant_be_blocked``      ``true`` / ``{by: SELECTOR}`` / ``{except_by: SELECTOR}`` (509.1b), where
                         ``defending`` is the player the attacker attacks (508.5);
                         ``if_attacking_alone: true`` adds "as long as it's attacking alone"
                         (506.5; Dream Prowler, Security Bypass)
``min_blockers``         N (an integer or an expression, read as blockers are declared):
                         can't be blocked except by N or more creatures
``max_blocked_by``       N (the same): can't be blocked by more than N creatures
``blocked_only_by_all``  ``true``: can't be blocked unless all creatures defending player
                         controls block it (509.1b; Tromokratis)
``extra_blocks``         N: can block N additional creatures each combat (509.1a)
``block_any_number``     ``true``: can block any number of creatures
``must_block``           ``true``: blocks each combat if able; ``{attacker: REF}``: blocks that
                         creature if able (provoke, 702.39a)
``must_be_blocked``      ``true``: must be blocked if able
``must_be_blocked_by_all`` ``true``: all creatures able to block it do so (Lure)
======================== ===================================================================

A target set T is a player (``you``) or a mapping ``{player: P, planeswalkers: P, battles: P,
object: REF}``: that player, the planeswalkers P controls, the battles P protects, that object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, cast

from pyengine.lang.effects import (
    KEYWORDS,
    OPS,
    Ctx,
    OpSpec,
    parse_condition,
    parse_expr,
    parse_obj_ref,
    parse_player_ref,
    parse_selector,
)
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Arg, Condition, Expr, ObjRef, PlayerRef, Selector
from pyengine.model.mana import parse_cost

AREA = "combat"
Args = tuple[tuple[str, Arg], ...]


@dataclass(frozen=True)
class TargetSpec:
    """A set of things that can be attacked: a player, the planeswalkers a player controls,
    the battles a player protects, and/or one object (CR 506.3, 508.1b)."""

    player: PlayerRef | None = None
    planeswalkers: PlayerRef | None = None
    battles: PlayerRef | None = None
    obj: ObjRef | None = None


# --- Keyword words: abilities that are shorthand for a combat operation on their object ----

# display name -> the operations it stands for (each applies to the object that has it)
COMBAT_WORDS: dict[str, tuple[str, ...]] = {
    "can't attack": ("cant_attack",),
    "can't block": ("cant_block",),
    "can't attack or block": ("cant_attack", "cant_block"),
    "can't attack alone": ("cant_attack_alone",),
    "can't block alone": ("cant_block_alone",),
    "can't attack or block alone": ("cant_attack_alone", "cant_block_alone"),
    "can only attack alone": ("attack_only_alone",),
    "attacks each combat if able": ("must_attack",),
    "blocks each combat if able": ("must_block",),
    "can't be blocked": ("cant_be_blocked",),
    "can't be blocked by more than one creature": ("max_blocked_by_one",),
    "can block an additional creature each combat": ("extra_block",),
    "can block any number of creatures": ("block_any_number",),
    "can block only creatures with flying": ("block_only_flying",),
    "must be blocked if able": ("must_be_blocked",),
    "all creatures able to block this creature do so": ("must_be_blocked_by_all",),
}
KEYWORDS.update(COMBAT_WORDS)


# --- Argument readers ---------------------------------------------------------------------


def _targets(cur: Cursor, ctx: Ctx) -> TargetSpec:
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


def _flag_or(keys: dict[str, Callable[[Cursor, Ctx], Any]], what: str) -> Callable[[Cursor, Ctx], Args]:
    """``true``, or a mapping with some of ``keys`` (each read by its reader)."""

    def parse(cur: Cursor, ctx: Ctx) -> Args:
        if cur.value is True:
            return ()
        cur.mapping(set(keys), f"true or {what}")
        if not cur.value:
            cur.fail(f"expected true or {what}")
        return tuple((k, keys[k](c, ctx)) for k, c in cur.items())

    return parse


def _true(cur: Cursor, ctx: Ctx) -> Args:
    if cur.value is not True:
        cur.fail("expected true")
    return ()


def _count(cur: Cursor, ctx: Ctx) -> Args:
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


def _cost(with_targets: bool) -> Callable[[Cursor, Ctx], Args]:
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
            out.append(("targets", cast(Arg, _defending(_targets)(cur.get("targets"), ctx))))
        return tuple(out)

    return parse


def _player_must_attack(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"players", "targets"}, "{players: PLAYER, targets: TARGETS}")
    players = parse_player_ref(cur.get("players"), ctx) if cur.has("players") else PlayerRef("opponent")
    return (("players", players), ("targets", cast(Arg, _targets(cur.req("targets"), ctx))))


def _max_attackers(cur: Cursor, ctx: Ctx) -> Args:
    """N, or {n: N, player: P}: no more than N creatures can attack (each player P)."""
    if not isinstance(cur.value, dict):
        return _count(cur, ctx)
    cur.mapping({"n", "player"}, "a number of creatures, or {n: N, player: PLAYER}")
    n = cur.req("n").integer("a number of creatures", minimum=0)
    out: list[tuple[str, Arg]] = [("n", n)]
    if cur.has("player"):
        out.append(("player", parse_player_ref(cur.get("player"), ctx)))
    return tuple(out)


def _unless_others(cur: Cursor, ctx: Ctx) -> Args:
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


def _number(cur: Cursor, ctx: Ctx) -> Args:
    """A number of creatures: an integer (at least 1) or an expression, whose value is read
    when blockers are declared ("except by X or more creatures, where X is ...")."""
    if isinstance(cur.value, int) and not isinstance(cur.value, bool):
        return _positive(cur, ctx)
    return (("n", parse_expr(cur, ctx)),)


def _extra(cur: Cursor, ctx: Ctx) -> Args:
    return (("n", cur.integer("a number of additional creatures", minimum=1)),)


def _selector_arg(cur: Cursor, ctx: Ctx) -> Args:
    return (("selector", parse_selector(cur, ctx)),)


def _cond(cur: Cursor, ctx: Ctx) -> Condition:
    return parse_condition(cur, ctx)


def _defending(read: Callable[[Cursor, Ctx], Any]) -> Callable[[Cursor, Ctx], Any]:
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


# --- JSON Schemas -------------------------------------------------------------------------


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


TARGETS_SCHEMA: dict[str, Any] = {
    "description": "a player, or {player, planeswalkers, battles, object}",
    "anyOf": [
        _ref("player_ref"),
        {
            "type": "object",
            "additionalProperties": False,
            "minProperties": 1,
            "properties": {
                "player": _ref("player_ref"),
                "planeswalkers": _ref("player_ref"),
                "battles": _ref("player_ref"),
                "object": _ref("object_ref"),
            },
        },
    ],
}
MANA_SCHEMA: dict[str, Any] = {"type": "string", "pattern": r"^(\{([0-9]+|[WUBRGC])\})+$"}


def _obj(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = required
    else:
        out["minProperties"] = 1
    return out


def _true_or(props: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [_ref("true"), _obj(props)]}


def _cost_schema(with_targets: bool) -> dict[str, Any]:
    props: dict[str, Any] = {"mana": MANA_SCHEMA, "generic": _ref("expr")}
    if with_targets:
        props["targets"] = TARGETS_SCHEMA
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": props,
        "oneOf": [{"required": ["mana"]}, {"required": ["generic"]}],
    }


COUNT_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 0}
POSITIVE_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 1}
NUMBER_SCHEMA: dict[str, Any] = {"anyOf": [POSITIVE_SCHEMA, _ref("expr")]}
UNLESS_OTHERS_SCHEMA: dict[str, Any] = _true_or({"n": POSITIVE_SCHEMA, "creatures": _ref("selector")})


def _register(
    name: str,
    parse: Callable[[Cursor, Ctx], Args],
    schema: dict[str, Any],
    doc: str,
    needs_affects: bool = True,
) -> None:
    OPS[name] = OpSpec(None, AREA, parse, needs_affects, schema, doc)


_register(
    "cant_attack",
    _flag_or({"targets": _defending(_targets), "unless": _defending(_cond)},
             "{targets: T, unless: CONDITION}"),
    _true_or({"targets": TARGETS_SCHEMA, "unless": _ref("condition")}),
    "CR 508.1c: the affected creatures can't attack (the given targets; unless the "
    "condition holds, 'defending' being the attacked target's player).",
)
_register("cant_attack_alone", _true, _ref("true"), "CR 506.5, 508.1c: can't attack alone.")
_register(
    "attack_only_alone",
    _true,
    _ref("true"),
    "CR 506.5, 508.1c: can only attack alone (no other creature is declared as an attacker "
    "with it).",
)
_register(
    "cant_attack_unless_others",
    _unless_others,
    UNLESS_OTHERS_SCHEMA,
    "CR 508.1c: the affected creatures can't attack unless at least n (default 1) other "
    "creatures matching the selector (default: any creature) also attack.",
)
_register(
    "attack_cost",
    _cost(True),
    _cost_schema(True),
    "CR 508.1d, 508.1h: the affected creatures can't attack (the given targets) unless "
    "their controller pays this cost for each of them.",
)
_register(
    "max_attackers",
    _max_attackers,
    {"anyOf": [COUNT_SCHEMA, _obj({"n": COUNT_SCHEMA, "player": _ref("player_ref")}, ["n"])]},
    "CR 508.1c: no more than N creatures can attack each combat ({n, player}: attack that "
    "player, not counting creatures attacking its planeswalkers or battles, 802.3a).",
    needs_affects=False,
)
_register(
    "must_attack",
    _flag_or({"targets": _defending(_targets)}, "{targets: T}"),
    _true_or({"targets": TARGETS_SCHEMA}),
    "CR 508.1d: the affected creatures attack each combat if able (the given targets if able).",
)
_register(
    "goad",
    _true,
    _ref("true"),
    "CR 701.15b: the affected creatures are goaded by the effect's controller: each attacks "
    "each combat if able and attacks a player other than that player if able.",
)
_register(
    "player_must_attack",
    _player_must_attack,
    _obj({"players": _ref("player_ref"), "targets": TARGETS_SCHEMA}, ["targets"]),
    "CR 508.1d: each of the given players (default: each opponent) must attack the targets "
    "with at least one creature each combat if able: one requirement for each player.",
    needs_affects=False,
)
_register(
    "cant_block",
    _flag_or(
        {"attackers": _defending(parse_selector), "unless": _defending(_cond)},
        "{attackers: SELECTOR, unless: CONDITION}",
    ),
    _true_or({"attackers": _ref("selector"), "unless": _ref("condition")}),
    "CR 509.1b: the affected creatures can't block (attackers matching the selector; "
    "unless the condition holds).",
)
_register(
    "block_only",
    _selector_arg,
    _ref("selector"),
    "CR 509.1b: the affected creatures can block only attackers matching the selector.",
)
_register("cant_block_alone", _true, _ref("true"), "CR 506.5, 509.1b: can't block alone.")
_register(
    "block_only_alone",
    _true,
    _ref("true"),
    "CR 506.5, 509.1b: can block only alone (no other creature is declared as a blocker).",
)
_register(
    "cant_block_unless_others",
    _unless_others,
    UNLESS_OTHERS_SCHEMA,
    "CR 509.1b: the affected creatures can't block unless at least n (default 1) other "
    "creatures matching the selector (default: any creature) also block.",
)
_register(
    "block_cost",
    _cost(False),
    _cost_schema(False),
    "CR 509.1c, 509.1d: the affected creatures can't block unless their controller pays "
    "this cost for each of them.",
)
_register(
    "max_blockers",
    _count,
    COUNT_SCHEMA,
    "CR 509.1b: no more than N creatures can block each combat.",
    needs_affects=False,
)
_register(
    "cant_be_blocked",
    _flag_or(
        {
            "by": _defending(parse_selector),
            "except_by": _defending(parse_selector),
            "if_attacking_alone": lambda c, x: _true(c, x) == (),
        },
        "{by: SELECTOR} or {except_by: SELECTOR}, optionally with if_attacking_alone: true",
    ),
    _true_or({"by": _ref("selector"), "except_by": _ref("selector"), "if_attacking_alone": _ref("true")}),
    "CR 509.1b: the affected attackers can't be blocked (by creatures matching 'by'; "
    "except by creatures matching 'except_by'; 'defending' being the player the attacker "
    "attacks, 508.5); with if_attacking_alone, only as long as it is attacking alone (506.5: "
    "no other creature is attacking; Dream Prowler).",
)
_register(
    "min_blockers",
    _defending(_number),
    NUMBER_SCHEMA,
    "CR 509.1b: can't be blocked except by N or more creatures (N an integer or an expression).",
)
_register(
    "max_blocked_by",
    _defending(_number),
    NUMBER_SCHEMA,
    "CR 509.1b: can't be blocked by more than N creatures (N an integer or an expression).",
)
_register(
    "blocked_only_by_all",
    _true,
    _ref("true"),
    "CR 509.1b: can't be blocked unless all creatures defending player controls block it "
    "(if one of them doesn't block it, it can't be blocked).",
)
_register("extra_blocks", _extra, POSITIVE_SCHEMA, "CR 509.1a: can block N additional creatures each combat.")
_register("block_any_number", _true, _ref("true"), "CR 509.1a: can block any number of creatures.")
_register(
    "must_block",
    _flag_or({"attacker": lambda c, x: parse_obj_ref(c, x)}, "{attacker: REF}"),
    _true_or({"attacker": _ref("object_ref")}),
    "CR 509.1c: the affected creatures block each combat if able (block that attacker if "
    "able: provoke, 702.39a).",
)
_register("must_be_blocked", _true, _ref("true"), "CR 509.1c: must be blocked if able.")
_register(
    "must_be_blocked_by_all",
    _true,
    _ref("true"),
    "CR 509.1c: all creatures able to block the affected creature do so (one requirement "
    "for each potential blocker).",
)


def arg(args: Args, name: str, default: Any = None) -> Any:
    """The argument called ``name`` of an operation's argument tuple, or ``default``."""
    for key, value in args:
        if key == name:
            return value
    return default


__all__ = ["COMBAT_WORDS", "TargetSpec", "arg", "Expr", "Selector"]
