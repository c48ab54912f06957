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
                         not counted: 802.3a, 506.3); ``{n: N, per: turn}``: each turn, the
                         creatures that attacked in an earlier combat of the turn counted
                         too, each creature once (500.8; not with ``player``)
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
``max_blockers``         N (no ``affects``): no more than N creatures can block each combat;
                         ``{n: N, per: turn}``: each turn (the creatures that blocked in an
                         earlier combat of the turn counted too, each once; 500.8)
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
The arguments are read by :mod:`pyengine.lang.combat_args`; their JSON Schemas are
:mod:`pyengine.lang.combat_schemas`'.
"""

from __future__ import annotations

from typing import Any, Callable

from pyengine.lang.combat_args import (
    Args,
    TargetSpec,
    arg,
    flag_or,
    read_condition,
    read_cost,
    read_extra,
    read_max_attackers,
    read_max_blockers,
    read_number,
    read_player_must_attack,
    read_selector,
    read_targets,
    read_true,
    read_unless_others,
    with_defending,
)
from pyengine.lang.combat_schemas import (
    COUNT_SCHEMA,
    NUMBER_SCHEMA,
    PER_SCHEMA,
    POSITIVE_SCHEMA,
    TARGETS_SCHEMA,
    UNLESS_OTHERS_SCHEMA,
    cost_schema,
    object_schema,
    ref,
    true_or,
)
from pyengine.lang.effects import KEYWORDS, OPS, Ctx, OpSpec, parse_obj_ref, parse_selector
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Expr, Selector

AREA = "combat"


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
    flag_or({"targets": with_defending(read_targets), "unless": with_defending(read_condition)},
             "{targets: T, unless: CONDITION}"),
    true_or({"targets": TARGETS_SCHEMA, "unless": ref("condition")}),
    "CR 508.1c: the affected creatures can't attack (the given targets; unless the "
    "condition holds, 'defending' being the attacked target's player).",
)
_register("cant_attack_alone", read_true, ref("true"), "CR 506.5, 508.1c: can't attack alone.")
_register(
    "attack_only_alone",
    read_true,
    ref("true"),
    "CR 506.5, 508.1c: can only attack alone (no other creature is declared as an attacker "
    "with it).",
)
_register(
    "cant_attack_unless_others",
    read_unless_others,
    UNLESS_OTHERS_SCHEMA,
    "CR 508.1c: the affected creatures can't attack unless at least n (default 1) other "
    "creatures matching the selector (default: any creature) also attack.",
)
_register(
    "attack_cost",
    read_cost(True),
    cost_schema(True),
    "CR 508.1d, 508.1h: the affected creatures can't attack (the given targets) unless "
    "their controller pays this cost for each of them.",
)
_register(
    "max_attackers",
    read_max_attackers,
    {"anyOf": [COUNT_SCHEMA, object_schema({"n": COUNT_SCHEMA, "player": ref("player_ref"),
                                            "per": PER_SCHEMA}, ["n"])]},
    "CR 508.1c: no more than N creatures can attack each combat ({n, player}: attack that "
    "player, not counting creatures attacking its planeswalkers or battles, 802.3a; "
    "{n, per: turn}: each turn, counting each creature that attacked in an earlier combat "
    "of the turn once, 500.8).",
    needs_affects=False,
)
_register(
    "must_attack",
    flag_or({"targets": with_defending(read_targets)}, "{targets: T}"),
    true_or({"targets": TARGETS_SCHEMA}),
    "CR 508.1d: the affected creatures attack each combat if able (the given targets if able).",
)
_register(
    "goad",
    read_true,
    ref("true"),
    "CR 701.15b: the affected creatures are goaded by the effect's controller: each attacks "
    "each combat if able and attacks a player other than that player if able.",
)
_register(
    "player_must_attack",
    read_player_must_attack,
    object_schema({"players": ref("player_ref"), "targets": TARGETS_SCHEMA}, ["targets"]),
    "CR 508.1d: each of the given players (default: each opponent) must attack the targets "
    "with at least one creature each combat if able: one requirement for each player.",
    needs_affects=False,
)
_register(
    "cant_block",
    flag_or(
        {"attackers": with_defending(parse_selector), "unless": with_defending(read_condition)},
        "{attackers: SELECTOR, unless: CONDITION}",
    ),
    true_or({"attackers": ref("selector"), "unless": ref("condition")}),
    "CR 509.1b: the affected creatures can't block (attackers matching the selector; "
    "unless the condition holds).",
)
_register(
    "block_only",
    read_selector,
    ref("selector"),
    "CR 509.1b: the affected creatures can block only attackers matching the selector.",
)
_register("cant_block_alone", read_true, ref("true"), "CR 506.5, 509.1b: can't block alone.")
_register(
    "block_only_alone",
    read_true,
    ref("true"),
    "CR 506.5, 509.1b: can block only alone (no other creature is declared as a blocker).",
)
_register(
    "cant_block_unless_others",
    read_unless_others,
    UNLESS_OTHERS_SCHEMA,
    "CR 509.1b: the affected creatures can't block unless at least n (default 1) other "
    "creatures matching the selector (default: any creature) also block.",
)
_register(
    "block_cost",
    read_cost(False),
    cost_schema(False),
    "CR 509.1c, 509.1d: the affected creatures can't block unless their controller pays "
    "this cost for each of them.",
)
_register(
    "max_blockers",
    read_max_blockers,
    {"anyOf": [COUNT_SCHEMA, object_schema({"n": COUNT_SCHEMA, "per": PER_SCHEMA}, ["n"])]},
    "CR 509.1b: no more than N creatures can block each combat ({n, per: turn}: each turn, "
    "counting each creature that blocked in an earlier combat of the turn once, 500.8).",
    needs_affects=False,
)
_register(
    "cant_be_blocked",
    flag_or(
        {
            "by": with_defending(parse_selector),
            "except_by": with_defending(parse_selector),
            "if_attacking_alone": lambda c, x: read_true(c, x) == (),
        },
        "{by: SELECTOR} or {except_by: SELECTOR}, optionally with if_attacking_alone: true",
    ),
    true_or({"by": ref("selector"), "except_by": ref("selector"), "if_attacking_alone": ref("true")}),
    "CR 509.1b: the affected attackers can't be blocked (by creatures matching 'by'; "
    "except by creatures matching 'except_by'; 'defending' being the player the attacker "
    "attacks, 508.5); with if_attacking_alone, only as long as it is attacking alone (506.5: "
    "no other creature is attacking; Dream Prowler).",
)
_register(
    "min_blockers",
    with_defending(read_number),
    NUMBER_SCHEMA,
    "CR 509.1b: can't be blocked except by N or more creatures (N an integer or an expression).",
)
_register(
    "max_blocked_by",
    with_defending(read_number),
    NUMBER_SCHEMA,
    "CR 509.1b: can't be blocked by more than N creatures (N an integer or an expression).",
)
_register(
    "blocked_only_by_all",
    read_true,
    ref("true"),
    "CR 509.1b: can't be blocked unless all creatures defending player controls block it "
    "(if one of them doesn't block it, it can't be blocked).",
)
_register("extra_blocks", read_extra, POSITIVE_SCHEMA,
          "CR 509.1a: can block N additional creatures each combat.")
_register("block_any_number", read_true, ref("true"), "CR 509.1a: can block any number of creatures.")
_register(
    "must_block",
    flag_or({"attacker": lambda c, x: parse_obj_ref(c, x)}, "{attacker: REF}"),
    true_or({"attacker": ref("object_ref")}),
    "CR 509.1c: the affected creatures block each combat if able (block that attacker if "
    "able: provoke, 702.39a).",
)
_register("must_be_blocked", read_true, ref("true"), "CR 509.1c: must be blocked if able.")
_register(
    "must_be_blocked_by_all",
    read_true,
    ref("true"),
    "CR 509.1c: all creatures able to block the affected creature do so (one requirement "
    "for each potential blocker).",
)


__all__ = ["COMBAT_WORDS", "Args", "TargetSpec", "arg", "Expr", "Selector"]
