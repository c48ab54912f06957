"""Parser of the effect language (scenarios/README.md, "Effect language") into typed model.

The operations of each rules area are registered in :data:`OPS`, so an engine adds its
operations (combat restrictions, replacement effects) without touching this module's core.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from pyengine import qualities
from pyengine.errors import PyengineError
from pyengine.lang.yamlread import Cursor
from pyengine.model import subtypes as subtype_table
from pyengine.model.effects import (
    Ability,
    Arg,
    Compare,
    Condition,
    EffectDef,
    Expr,
    ObjRef,
    Op,
    PlayerRef,
    Selector,
)
from pyengine.model.enums import CardType, Color, FaceDown, Keyword, Layer, Supertype, Zone
from pyengine.model.mana import parse_cost

# --- References ---------------------------------------------------------------------------

PLAYER_REFS = ("you", "opponent", "owner", "active", "defending", "nonactive")
OBJ_REFS = ("self", "it", "attached")


class Ctx:
    """Parsing context: known player ids, known object ids (checked after the whole file is
    read, so forward references work), and a counter for ability keys."""

    def __init__(self, players: tuple[str, ...] = (), key_prefix: str = "") -> None:
        self.players = players
        self.key_prefix = key_prefix
        self.object_refs: list[tuple[str, Cursor]] = []
        self.player_refs: list[tuple[str, Cursor]] = []
        self.defending = False  # whether `defending` names a player here (combat arguments)
        self.x = False  # whether `{x: true}` names an X here (an activation cost's {X}, 107.3a)
        self._n = 0

    def next_key(self, kind: str) -> str:
        """A fresh ability key under this context's prefix."""
        self._n += 1
        return f"{self.key_prefix}#{kind}{self._n}"


def parse_player_ref(cur: Cursor, ctx: Ctx) -> PlayerRef:
    """``you``, ``opponent``, ``owner``, ``active``, ``nonactive``, ``defending`` or a player id."""
    word = cur.string("a player: you, opponent, owner, active, nonactive, defending or a player id")
    if word == "defending" and not ctx.defending:
        cur.fail("'defending' names a player only in the targets, unless, attackers, by or "
                 "except_by of a combat operation, where the combat engine binds it (CR 508.5, "
                 "509.1); here it names none")
    if word in PLAYER_REFS:
        return PlayerRef(word)
    ctx.player_refs.append((word, cur))
    return PlayerRef("id", word)


def parse_obj_ref(cur: Cursor, ctx: Ctx) -> ObjRef:
    """``self``, ``it``, ``attached`` or an object id."""
    word = cur.string("an object: self, it, attached or an object id")
    if word in OBJ_REFS:
        return ObjRef(word)
    ctx.object_refs.append((word, cur))
    return ObjRef("id", word)


# --- Expressions --------------------------------------------------------------------------

EXPR_KEYS = ("count", "card_types_among", "power_of", "toughness_of", "mana_value_of", "sum",
             "negate", "times", "this_turn", "x")
# what a player did this turn (pyengine.game.history), an expression only the trigger engine reads
THIS_TURN = ("life_gained", "life_lost", "spells_cast", "cards_drawn", "attacked",
             # zone changes this turn (pyengine.triggers.history.ZONES_WHAT; 700.4, 700.11)
             "creatures_died", "permanents_left", "descended", "nonland_entered")
LAST_TURN = ("spells_cast",)  # what the previous turn's history gives (pyengine.triggers.history)
EXPR_KEYS += ("last_turn",)
# the creatures blocking an object in the game's combat (509.1a), beyond the first N: a resolving
# ability's amount only (rampage, 702.23a; 608.2h), read on the game's combat as it resolves
EXPR_KEYS += ("blockers_of",)


def parse_expr(cur: Cursor, ctx: Ctx) -> Expr:
    """An integer, or a one-key mapping: count, card_types_among, power_of, toughness_of,
    mana_value_of, sum, negate, times."""
    if isinstance(cur.value, int) and not isinstance(cur.value, bool):
        return Expr("const", value=cur.integer())
    if not isinstance(cur.value, dict) or len(cur.value) != 1:
        cur.fail("expected an integer or a one-key mapping with one of: " + ", ".join(EXPR_KEYS))
    cur.mapping(set(EXPR_KEYS))
    key, sub = next(cur.items())
    if key == "count":
        return Expr("count", selector=parse_selector(sub, ctx))
    if key == "card_types_among":
        return Expr("card_types", selector=parse_selector(sub, ctx))
    if key in ("power_of", "toughness_of", "mana_value_of"):
        return Expr("attr", attr=key[: -len("_of")], ref=parse_obj_ref(sub, ctx))
    if key == "negate":
        return Expr("neg", args=(parse_expr(sub, ctx),))
    if key == "last_turn":  # {last_turn: {what: spells_cast, player: any}} (730.2, 603.4)
        sub.mapping({"what", "player"}, "{what: spells_cast, player: you|opponent|any}")
        what = sub.req("what").choice(list(LAST_TURN), "what a player did last turn:")
        word = sub.req("player").choice(["you", "opponent", "any"], "whose (any: the most of any player's):")
        return Expr("last_turn", attr=what, player=PlayerRef(word))
    if key == "blockers_of":  # {blockers_of: {object: it, beyond: 1}} (702.23a, 509.1a)
        sub.mapping({"object", "beyond"}, "{blockers_of: {object: REF, beyond: N}}")
        beyond = sub.get("beyond").integer("how many blockers are not counted", 0) if sub.has("beyond") else 0
        return Expr("blockers", value=beyond, ref=parse_obj_ref(sub.req("object"), ctx))
    if key == "x":  # 107.3a: the value announced as the ability was activated (602.2b)
        if sub.value is not True:
            sub.fail("expected {x: true}")
        if not ctx.x:
            cur.fail("{x: true} is the X of an activated ability's cost with {X} (CR 107.3a); "
                     "this has none")
        return Expr("x")
    if key == "this_turn":  # {this_turn: {what: life_gained, player: you}}
        sub.mapping({"what", "player"}, "{what: WHAT, player: you|opponent|any|all}")
        what = sub.req("what").choice(list(THIS_TURN), "what a player did this turn:")
        # any: the greatest of the players' ("a creature died this turn": one or more); all: the
        # players' together ("three or more creatures died this turn")
        word = sub.req("player").value
        ref = PlayerRef(word) if word in ("any", "all") else parse_player_ref(sub.req("player"), ctx)
        if ref.kind not in ("you", "opponent", "any", "all"):
            sub.get("player").fail("expected you, opponent, any or all")
        return Expr("this_turn", attr=what, player=ref)
    items = sub.seq("a list of two or more expressions")
    if len(items) < 2:
        sub.fail("expected a list of two or more expressions")
    if key == "times":
        first = items[0].integer("an integer factor first")
        rest = tuple(parse_expr(c, ctx) for c in items[1:])
        if len(rest) != 1:
            sub.fail("expected [integer, expression]")
        out = Expr("times", value=first, args=rest)
    else:
        out = Expr("sum", args=tuple(parse_expr(c, ctx) for c in items))
    if _bound(out) > MAX_EXPR:
        cur.fail(f"this expression can reach about {_bound(out):,}, more than the solver's 32-bit "
                 f"integers leave room for (at most {MAX_EXPR:,})")
    return out


# The largest value an expression may reach, from its constants (at most 1,000,000 each), a
# count or a card-type count (at most 10,000 objects) and an object's power, toughness or mana
# value (at most 1,000,000): the layer engine adds such values for many effects and objects,
# in clingo's 32-bit integers, so the product of factors must stay well below 2^31.
MAX_EXPR = 2**31 // 64
_COUNT_BOUND = 10_000
_ATTR_BOUND = 1_000_000


def _bound(e: Expr) -> int:
    """An upper bound of the size of ``e``'s value."""
    if e.op == "const":
        return abs(int(e.value or 0))
    if e.op in ("count", "card_types", "blockers"):
        return _COUNT_BOUND
    if e.op in ("attr", "x"):  # an X announced: at most a constant's bound (activation checks it)
        return _ATTR_BOUND
    if e.op == "neg":
        return _bound(e.args[0])
    if e.op == "times":
        return abs(int(e.value or 0)) * _bound(e.args[0])
    return sum(_bound(a) for a in e.args)


CMP_OPS = {"<": "lt", "<=": "lte", "==": "eq", "=": "eq", ">=": "gte", ">": "gt", "!=": "ne"}
CMP_WORDS = ("lt", "lte", "eq", "gte", "gt", "ne")


def parse_compare(attr: str, cur: Cursor, ctx: Ctx) -> Compare:
    """``{lte: 2}`` style comparison of one attribute."""
    cur.mapping(set(CMP_WORDS), "a comparison such as {lte: 2}")
    if len(cur.value) != 1:
        cur.fail("expected exactly one of " + ", ".join(CMP_WORDS))
    op, sub = next(cur.items())
    return Compare(attr, op, parse_expr(sub, ctx))


# --- Selectors ----------------------------------------------------------------------------

SELECTOR_KEYS = frozenset({
    "self", "other", "ids", "types", "any_types", "not_types", "subtypes", "any_subtypes",
    "not_subtypes", "supertypes", "not_supertypes", "colors", "any_colors", "not_colors",
    "colorless", "multicolored", "abilities", "not_abilities", "name", "not_name",
    "controller", "not_controller", "owner", "zone", "tapped", "token", "kicked", "was_cast", "cast_from_hand",
    "evoked", "dashed", "blitzed", "attached_to",
    "enchanted", "power", "toughness", "mana_value", "any_of", "not", "combat",
    "top_of_graveyard",  # CR 404.1-404.2: the top card of its owner's graveyard (pyengine.model.graveyard)
})
# CR 506.4: "attacking creature", "blocking creature", "attacking or blocking creature" (one of
# the states listed), read on the game's combat by the engines that know it (the trigger engine's
# targets, a resolved group effect's 611.2c lock-in); the others refuse the selector
COMBAT_STATES = ("attacking", "blocking")
SELECTOR_SHORTCUTS = {"self": {"self": True, "zone": "any"}, "enchanted": {"enchanted": True},
                      "equipped": {"enchanted": True}, "all": {}}


# CR 607.2d: "the chosen color / creature type / card type", chosen as the effect's source
# entered (its `chosen` field, 614.12a); a selector literal whose value is this word
CHOSEN = "chosen"


def _types(cur: Cursor) -> list[str]:
    return [_enum_word(c, CardType.words(), "a card type") for c in _listish(cur)]


def _supertypes(cur: Cursor) -> list[str]:
    return [_enum_word(c, Supertype.words(), "a supertype") for c in _listish(cur)]


def _colors(cur: Cursor) -> list[str]:
    return [_enum_word(c, Color.words(), "a color") for c in _listish(cur)]


def _subtypes(cur: Cursor) -> list[str]:
    out = []
    for c in _listish(cur):
        word = c.string("a subtype")
        if not subtype_table.is_subtype(word):
            c.fail(f"unknown subtype {word!r} (CR 205.3g-m lists them)")
        out.append(word)
    return out


def _or_chosen(read: Callable[[Cursor], list[str]]) -> Callable[[Cursor], list[str]]:
    """A selector's words: ``read``'s, or ``chosen`` (CR 607.2d)."""

    def parse(cur: Cursor) -> list[str]:
        items = _listish(cur)
        out: list[str] = []
        for c in items:
            out += [CHOSEN] if c.value == CHOSEN else read(c)
        return out

    return parse


def _ability_names(cur: Cursor) -> list[str]:
    return [c.string("an ability name") for c in _listish(cur)]


def _listish(cur: Cursor) -> list[Cursor]:
    if isinstance(cur.value, str):
        return [cur]
    return cur.seq()


def _enum_word(cur: Cursor, options: list[str], what: str) -> str:
    word = cur.string(what)
    for opt in options:
        if word.lower() == opt.lower():
            return opt
    cur.fail(f"expected {what} ({', '.join(options)}), got {word!r}")


_sel_types, _sel_subtypes, _sel_colors = _or_chosen(_types), _or_chosen(_subtypes), _or_chosen(_colors)


def parse_selector(cur: Cursor, ctx: Ctx) -> Selector:
    """A selector mapping (or a shortcut word: self, enchanted, equipped, all)."""
    if isinstance(cur.value, str):
        if cur.value not in SELECTOR_SHORTCUTS:
            cur.fail("expected a selector mapping or one of: " + ", ".join(SELECTOR_SHORTCUTS))
        cur = Cursor(SELECTOR_SHORTCUTS[cur.value], cur.path, cur.line, cur.file)
    cur.mapping(SELECTOR_KEYS, "a selector mapping")
    lits: list[tuple[bool, str, str]] = []
    players: list[tuple[bool, str, PlayerRef]] = []
    objs: list[tuple[str, ObjRef]] = []
    compares: list[Compare] = []
    any_of: list[tuple[Selector, ...]] = []
    none_of: list[Selector] = []
    ids: tuple[str, ...] = ()
    zone: str | None = Zone.BATTLEFIELD.value
    for key, sub in cur.items():
        if key in ("self", "other", "enchanted", "colorless", "multicolored", "tapped", "token", "kicked",
                   "was_cast", "cast_from_hand", "evoked", "dashed", "blitzed", "top_of_graveyard"):
            flag = sub.boolean()
            if key == "self":
                objs.append(("is" if flag else "is_not", ObjRef("self")))
            elif key == "other":
                objs.append(("is_not" if flag else "is", ObjRef("self")))
            elif key == "enchanted":
                if not flag:
                    sub.fail("enchanted: false is not supported; use not: {enchanted: true}")
                objs.append(("attached_by", ObjRef("self")))
            else:
                lits.append((flag, key, "true"))
        elif key == "ids":
            ids = tuple(sub.strings("a list of object ids"))
            for i, c in enumerate(_listish(sub)):
                ctx.object_refs.append((ids[i], c))
        elif key in ("types", "not_types"):
            lits += [(key == "types", "type", t) for t in _sel_types(sub)]
        elif key == "any_types":
            any_of.append(tuple(Selector(lits=((True, "type", t),), zone=None)
                                for t in _sel_types(sub)))
        elif key in ("subtypes", "not_subtypes"):
            lits += [(key == "subtypes", "subtype", t) for t in _sel_subtypes(sub)]
        elif key == "any_subtypes":
            any_of.append(tuple(Selector(lits=((True, "subtype", t),), zone=None)
                                for t in _sel_subtypes(sub)))
        elif key in ("supertypes", "not_supertypes"):
            lits += [(key == "supertypes", "supertype", t) for t in _supertypes(sub)]
        elif key in ("colors", "not_colors"):
            lits += [(key == "colors", "color", c) for c in _sel_colors(sub)]
        elif key == "any_colors":
            any_of.append(tuple(Selector(lits=((True, "color", c),), zone=None)
                                for c in _sel_colors(sub)))
        elif key in ("abilities", "not_abilities"):
            lits += [(key == "abilities", "ability", a) for a in _ability_names(sub)]
        elif key in ("name", "not_name"):
            lits.append((key == "name", "name", sub.string("a card name")))
        elif key in ("controller", "not_controller", "owner"):
            rel = "owner" if key == "owner" else "controller"
            players.append((key != "not_controller", rel, parse_player_ref(sub, ctx)))
        elif key == "zone":
            zone = None if sub.value == "any" else sub.choice(Zone.words() + ["any"], "a zone:")
        elif key == "attached_to":
            objs.append(("attached_to", parse_obj_ref(sub, ctx)))
        elif key in ("power", "toughness", "mana_value"):
            compares.append(parse_compare(key, sub, ctx))
        elif key == "any_of":
            alts = tuple(_nested(parse_selector(c, ctx), c) for c in sub.seq())
            if not alts:
                sub.fail("expected a non-empty list of selectors")
            any_of.append(alts)
        elif key == "not":
            none_of.append(_nested(parse_selector(sub, ctx), sub))
        elif key == "combat":
            states = sorted({c.choice(list(COMBAT_STATES), "a combat state:") for c in _listish(sub)})
            if len(states) == 1:
                lits.append((True, "combat", states[0]))
            else:
                any_of.append(tuple(Selector(lits=((True, "combat", st),), zone=None) for st in states))
    if any(a == "top_of_graveyard" for _, a, _ in lits) and zone != Zone.GRAVEYARD.value:
        cur.get("top_of_graveyard").fail("top_of_graveyard is about a card in a graveyard (CR 404.1): "
                                         "give zone: graveyard")
    return Selector(tuple(lits), tuple(players), tuple(objs), ids, tuple(compares),
                    tuple(any_of), tuple(none_of), zone)


def _nested(sel: Selector, cur: Cursor) -> Selector:
    """A nested selector constrains only what it says: it inherits the zone of its parent."""
    if isinstance(cur.value, dict) and "zone" not in cur.value:
        return Selector(sel.lits, sel.players, sel.objs, sel.ids, sel.compares, sel.any_of,
                        sel.none_of, None)
    return sel


# --- Conditions ---------------------------------------------------------------------------

COND_KEYS = ("exists", "not_exists", "compare", "all", "any", "not", "turn", "new_control", "renowned",
             "has_counters")


def parse_condition(cur: Cursor, ctx: Ctx) -> Condition:
    """exists / not_exists (a selector), compare ([expr, op, expr]), all, any, not, turn (a
    player: whose turn it is)."""
    cur.mapping(set(COND_KEYS), "a condition mapping")
    if len(cur.value) != 1:
        cur.fail("expected exactly one of " + ", ".join(COND_KEYS))
    key, sub = next(cur.items())
    if key in ("exists", "not_exists"):
        count = Expr("count", selector=parse_selector(sub, ctx))
        op = "gte" if key == "exists" else "lt"
        return Condition("cmp", lhs=count, cmp=op, rhs=Expr("const", value=1))
    if key == "compare":
        parts = sub.seq("[expression, operator, expression]")
        if len(parts) != 3:
            sub.fail("expected [expression, operator, expression]")
        op = parts[1].choice(list(CMP_OPS) + list(CMP_WORDS), "an operator:")
        return Condition("cmp", lhs=parse_expr(parts[0], ctx), cmp=CMP_OPS.get(op, op),
                         rhs=parse_expr(parts[2], ctx))
    if key == "not":
        return Condition("not", args=(parse_condition(sub, ctx),))
    if key == "turn":  # "during your turn", "during an opponent's turn" (CR 102.1: the active player's)
        ref = parse_player_ref(sub, ctx)
        if ref.kind in ("owner", "defending"):
            sub.fail("expected whose turn: you, opponent, active, nonactive or a player id")
        return Condition("turn", player=ref)
    if key == "new_control":  # 702.30a echo's "if this permanent came under your control since
        if sub.boolean() is not True:  # the beginning of your last upkeep"
            sub.fail("expected true (its source came under its controller's control since the "
                     "beginning of their last upkeep)")
        return Condition("new_control")
    if key == "has_counters":  # "as long as it has a +1/+1 counter on it" (unleash 702.98a; 122.1)
        from pyengine.lang.counters import counter_kind

        return Condition("has_counters", counter=counter_kind(sub.string("a counter kind"), sub))
    if key == "renowned":  # 702.112a renown's "if it isn't renowned" (702.112b)
        if sub.boolean() is not True:
            sub.fail("expected true (its source is renowned)")
        return Condition("renowned")
    return Condition(key, args=tuple(parse_condition(c, ctx) for c in sub.seq()))


# --- Abilities ----------------------------------------------------------------------------

PARAM_KEYWORDS = {"landwalk": "a land type or quality (Swamp, nonbasic)",
                  "protection": "a quality: a color, a card type, a subtype, a player, everything, ...",
                  "ward": "a cost: mana symbols such as {2}, or another cost such as Pay 3 life",
                  "toxic": "a number N, at least 1 (toxic N, CR 702.164a)"}
ABILITY_KEYS = ("static", "cda", "text", "mana", "spell") + tuple(PARAM_KEYWORDS) + ("keyword",)
MANA_PRODUCED = ("W", "U", "B", "R", "G", "C")  # the mana a mana ability may add (CR 106.1)


def parse_ability(cur: Cursor, ctx: Ctx) -> Ability:
    """A keyword word, {landwalk: T}, {protection: Q}, {static: effect(s)}, {cda: effect},
    {text: "..."}, {mana: C} or {mana: "{C}{C}"} (CR 605.1a), or {spell: "..."} (an instant's or
    sorcery's spell ability, CR 113.3a). Engines may register more keyword words in
    :data:`KEYWORDS`."""
    if isinstance(cur.value, str):
        word = cur.value.strip()
        low = word.lower()
        if low.endswith("walk") and low not in KEYWORDS:
            land = word[: -len("walk")].capitalize()
            return _param_keyword("landwalk", land, cur)
        if low.startswith("protection from "):
            return _param_keyword("protection", word[len("protection from "):], cur, ctx)
        # 702.21a: "ward {2}", "ward\u2014Pay 3 life"
        if low == "ward" or low.startswith(("ward ", "ward\u2014")):
            return _param_keyword("ward", word[len("ward "):], cur)
        if low.startswith("toxic "):  # 702.164a: "toxic N"
            return _param_keyword("toxic", word[len("toxic "):].strip(), cur)
        if low not in KEYWORDS:
            cur.fail(f"unknown keyword ability {word!r}; expected one of: "
                     + ", ".join(sorted(KEYWORDS)) + ", <type>walk, protection from <quality>, ward <cost>,"
                     " toxic <N>, or a mapping (static, cda, text, mana)")
        return Ability("keyword", key=low, name=low, effects=keyword_cda(low))
    if isinstance(cur.value, dict) and "trigger" in cur.value:  # CR 603: pyengine/lang/triggers.py
        from pyengine.lang.triggers import parse_triggered

        return parse_triggered(cur, ctx)
    if isinstance(cur.value, dict) and "activated" in cur.value:  # CR 602: pyengine/lang/activated.py
        from pyengine.lang.activated import parse_activated

        return parse_activated(cur, ctx)
    # plug-ins may add keywords with a parameter (kicker, flashback: pyengine/lang/ops_casting.py)
    cur.mapping(set(ABILITY_KEYS) | set(PARAM_KEYWORDS) | {"id", "zones", "cost"} | set(MANA_EXTRAS),
                "an ability")
    zones = _ability_zones(cur) if cur.has("zones") else ()
    if not any(k not in ("id", "zones", "cost") + MANA_EXTRAS for k in cur.value):
        cur.fail("an ability needs one of: " + ", ".join(ABILITY_KEYS) + " (an empty one is nothing)")
    kinds = [k for k in cur.value if k not in ("id", "text", "zones", "cost") + MANA_EXTRAS] or ["text"]
    if len(kinds) != 1:
        cur.fail("an ability has exactly one of: " + ", ".join(ABILITY_KEYS))
    kind = kinds[0]
    text = cur.get("text").string("text") if cur.has("text") else ""
    if zones and kind != "static":
        cur.get("zones").fail("zones are said of a static ability (CR 113.6b; a characteristic-"
                              "defining ability functions everywhere, 113.6a)")
    if kind in PARAM_KEYWORDS:  # a bad parameter is located at its own key
        return _param_keyword(kind, cur.get(kind).string(PARAM_KEYWORDS[kind]), cur.get(kind), ctx)
    if kind == "keyword":
        return parse_ability(cur.get("keyword"), ctx)
    if cur.has("cost") and kind != "mana":
        cur.get("cost").fail("a cost is said of a mana ability (an activated ability: "
                             "activated: {cost: ...})")
    if cur.has("damage") and kind != "mana":
        cur.get("damage").fail("damage: N is said of a mana ability (its source deals N damage to you "
                               "as it resolves, 605.3b)")
    if cur.has("doesnt_untap") and kind != "mana":
        cur.get("doesnt_untap").fail("doesnt_untap: true is said of a mana ability (its source doesn't "
                                     "untap during your next untap step, 502.3)")
    if cur.has("if_you_control") and kind != "mana":
        cur.get("if_you_control").fail("if_you_control: [SUBTYPE...] is said of a mana ability (\"Activate "
                                       "only if you control a Swamp\", 602.5)")
    if cur.has("damage") and cur.has("doesnt_untap"):
        cur.get("doesnt_untap").fail("a mana ability says one other instruction: damage or doesnt_untap")
    if kind == "mana":
        symbols = _mana_produced(cur.get("mana"))
        cost = _mana_cost(cur.get("cost")) if cur.has("cost") else "{T}"
        name = f"{cost}: Add {symbols}"
        if cur.has("damage"):  # Ancient Tomb: "... deals 2 damage to you" as it resolves (605.3b)
            name += f". It deals {cur.get('damage').integer('an amount of damage', 1)} damage to you"
        if cur.has("doesnt_untap"):  # Cinder Marsh: it stays tapped through the next untap step (502.3)
            if cur.get("doesnt_untap").boolean() is not True:
                cur.get("doesnt_untap").fail("expected true (leave the key out otherwise)")
            name += ". It doesn't untap during your next untap step"
        if cur.has("if_you_control"):  # 602.5: "Activate only if you control a Plains or a Swamp"
            name += _only_if(cur.get("if_you_control"))
        return Ability("mana", key=ctx.next_key("mana"), name=name, param=symbols,
                       text=text or f"{name}.")
    if kind == "spell":  # CR 113.3a: followed as instructions while the spell resolves
        if cur.has("text"):
            cur.get("text").fail("a spell ability's text is its `spell` value; leave `text` out")
        said = cur.get("spell").string("the spell ability's text (a paragraph of the card's rules text)")
        if not said.strip():
            cur.get("spell").fail("expected the spell ability's text, not an empty string")
        return Ability("spell", key=ctx.next_key("spell"), name=said.strip(), text=said.strip())
    if kind == "text":
        return Ability("text", key=ctx.next_key("text"), name=text, text=text)
    sub = cur.get(kind)
    items = sub.seq() if isinstance(sub.value, list) else [sub]
    effects = []
    for item in items:
        eff = parse_effect(item, ctx, cda=(kind == "cda"))
        effects.append(eff)
    key = ctx.next_key(kind)
    return Ability("static", key=key, name=text or key, effects=tuple(effects), text=text, zones=zones)


# what a mana ability may say besides its cost and product (pyengine/cast/mana.py)
MANA_EXTRAS = ("damage", "doesnt_untap", "if_you_control")


def _only_if(cur: Cursor) -> str:
    """``if_you_control: [Plains, Swamp]``: "Activate only if you control a Plains or a Swamp"
    (602.5), one or two subtypes, as its display name ends."""
    names = cur.strings("a list of one or two subtypes (\"Activate only if you control a Swamp\")")
    if not 1 <= len(names) <= 2 or any(not re.fullmatch(r"[A-Z][a-z]+", n) for n in names):
        cur.fail("expected one or two subtypes such as [Plains, Swamp]")
    said = " or ".join(f"{'an' if n[0] in 'AEIOU' else 'a'} {n}" for n in names)
    return f". Activate only if you control {said}"


def _mana_produced(cur: Cursor) -> str:
    """The mana a mana ability adds (CR 605.1a, 106.1): a letter (``G``) or mana symbols
    (``"{C}{C}"``, ``"{R}{G}"``: each symbol one mana), written back as symbols; a choice of
    listed symbols (``"{R} or {G}"``, ``"{W}, {U}, or {B}"``); ``any`` or ``"one mana of any
    color"``; ``"two mana of any one color"`` (two to five, 106.1a)."""
    from pyengine.cast.mana import product_options

    word = cur.string('a mana symbol letter (W U B R G C), mana symbols such as "{C}{C}", '
                      '"{R} or {G}", "one mana of any color" or "two mana of any one color"').strip()
    if word in MANA_PRODUCED:
        return f"{{{word}}}"
    if word == "any":
        word = "one mana of any color"
    if not word.startswith("{") or " or " in word:
        if product_options(word) is None:
            cur.fail('expected one of W U B R G C, mana symbols such as {C}{C}, a choice such as '
                     '"{R} or {G}" or "{W}, {U}, or {B}" (each symbol once), "one mana of any color" '
                     f'or "two mana of any one color" (two to five); got {word!r}')
        return word
    try:
        symbols = parse_cost(word).symbols
    except ValueError:
        symbols = ()
    if not symbols:
        cur.fail("expected one of W U B R G C, or mana symbols such as {C}{C} or {R}{G}; "
                 f"got {word!r}")
    bad = [s for s in symbols if s not in MANA_PRODUCED]
    if bad:
        cur.fail(f"a mana ability adds {{W}} {{U}} {{B}} {{R}} {{G}} or {{C}} mana, one per symbol "
                 f"(CR 106.1), not {{{bad[0]}}}")
    return "".join(f"{{{s}}}" for s in symbols)


def _mana_cost(cur: Cursor) -> str:
    """A mana ability's cost (CR 602.1, 605.1a): ``{T}`` and/or ``Sacrifice SELF`` (or
    ``Sacrifice this artifact`` ...: the source itself, 701.21a), optionally ``Pay N life``
    (119.4), comma-separated; at least {T} or the sacrifice."""
    from pyengine.cast.mana import cost_parts

    text = cur.string('a cost such as "{T}", "{T}, Sacrifice SELF", "Sacrifice SELF" or '
                      '"{T}, Pay 1 life"').strip()
    text = text.replace("Sacrifice SELF", "Sacrifice this permanent")
    if cost_parts(text) is None:
        cur.fail('expected a mana ability\'s cost: "{T}" and/or "Sacrifice SELF" (or "Sacrifice '
                 'this artifact"), optionally "Pay N life", separated by ", "; got ' + repr(text))
    return text


def _ability_zones(cur: Cursor) -> tuple[str, ...]:
    """CR 113.6b: the zones an ability says it functions in ("as long as this card is in your
    graveyard"; an emblem's abilities, in the command zone, 113.6p, 114.4)."""
    sub = cur.get("zones")
    items = sub.seq("a list of zones") if isinstance(sub.value, list) else [sub]
    names = tuple(z.value for z in Zone)
    zones = tuple(c.choice(names, "a zone:") for c in items)
    if not zones:
        sub.fail("expected at least one zone")
    return tuple(sorted(set(zones)))


KEYWORDS: set[str] = {k.value for k in Keyword}
# 702.145: daybound and nightbound, words the game reads (pyengine.game.day_night, 730)
DAY_NIGHT_WORDS = ("daybound", "nightbound")
KEYWORDS.update(DAY_NIGHT_WORDS)

# Keywords that are characteristic-defining abilities (CR 604.3), as the effects they define:
# changeling, 702.73a "This object is every creature type" (each creature type of 205.3m: not
# a list of words, so a text change of a creature type doesn't touch it, 612.2);
# devoid, 702.114a "This object is colorless". They apply in every zone, first in their layer
# (613.3); a keyword granted by an effect is not printed on its object, so is no
# characteristic-defining ability (604.3a(2)), and layer 6 grants come after layers 4 and 5.
_KEYWORD_CDAS: dict[str, Callable[[], dict[str, Any]]] = {
    "changeling": lambda: {"add_all_creature_types": True},
    "devoid": lambda: {"set_colors": []},
}


@lru_cache(maxsize=None)
def keyword_cda(word: str) -> tuple[EffectDef, ...]:
    """The characteristic-defining effect of a keyword (none for most keywords)."""
    spec = _KEYWORD_CDAS.get(word)
    if spec is None:
        return ()
    return (parse_effect(Cursor(spec(), f"the keyword {word}", None, None), Ctx(), cda=True),)


@lru_cache(maxsize=None)
def face_down_abilities(kind: FaceDown) -> tuple[Ability, ...]:
    """The abilities among the face-down characteristics that ``kind`` lists (CR 708.2):
    ward {2} for disguise (702.168a) and cloak (701.58a), none otherwise (708.2a)."""
    if not kind.ward:
        return ()
    return (parse_ability(Cursor("ward {2}", f"face down by {kind.value}", None, None), Ctx()),)


def _param_keyword(kind: str, param: str, cur: Cursor, ctx: Ctx | None = None) -> Ability:
    if kind == "protection":  # CR 702.16a: a quality pyengine reads, else an error here
        try:
            qualities.parse(param, ctx.players if ctx is not None else ())
        except PyengineError as exc:
            cur.fail(getattr(exc, "message", str(exc)))
    if kind == "landwalk":
        # CR 702.14a, 702.14c: a land type, "nonbasic", or a supertype (legendary, snow)
        supertypes = {s.value.lower() for s in Supertype}
        if not (subtype_table.category(param) == "land" or param.lower() == "nonbasic"
                or param.lower() in supertypes):
            cur.fail(f"landwalk needs a land type, nonbasic or a supertype (legendary, snow), got {param!r}")
    if kind == "ward":
        param = _ward_cost(param.strip(), cur)
    if kind == "toxic" and not (param.strip().isdigit() and int(param) >= 1):
        cur.fail(f"toxic needs a number N of at least 1 (CR 702.164a), got {param!r}")
    from pyengine.lang.ops_casting import COST_KEYWORDS, check_cost_param

    if kind in COST_KEYWORDS:  # CR 702.33a, 702.34a, 702.96a, 702.103a, 702.37a, 702.168a
        param = check_cost_param(kind, param.strip(), cur)
    if kind == "affinity":  # CR 702.41a
        from pyengine.lang.ops_casting import check_affinity

        param = check_affinity(param, cur)
    return Ability("keyword", key=f"{kind}:{param}", name=kind, param=param)


def _ward_cost(cost: str, cur: Cursor) -> str:
    """CR 702.21a "Ward [cost]": mana symbols (``{2}``, written back without spaces) or
    another cost in words (``Pay 3 life``)."""
    if not cost:
        cur.fail("ward needs a cost (CR 702.21a): mana symbols such as {2}, or a cost such as "
                 "Pay 3 life")
    if "{" in cost or "}" in cost:
        try:
            symbols = parse_cost(cost).symbols
        except ValueError as exc:
            cur.fail(f"ward needs a cost (CR 702.21a): {exc}")
        return "".join("{" + sym + "}" for sym in symbols)
    return cost


# --- Operations ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OpSpec:
    """How to read one operation key of an effect mapping."""

    layer: Layer | None
    area: str
    parse: Callable[[Cursor, Ctx], tuple[tuple[str, Arg], ...]]
    needs_affects: bool = True
    schema: dict[str, Any] | None = None  # JSON Schema of the operation's value (None: any)
    doc: str = ""


def _p_types(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("values", tuple(_types(cur))),)


def _p_subtypes(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("values", tuple(_subtypes(cur))),)


def _p_add_subtypes(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    """add_subtypes: subtypes, or ``chosen`` ("is the chosen type in addition to its other
    types": Adaptive Automaton, CR 607.2d)."""
    return (("values", tuple(_sel_subtypes(cur))),)


def _p_add_colors(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    """add_colors: colors, or ``chosen`` ("are the chosen color in addition to their other
    colors": Painter's Servant, CR 607.2d)."""
    return (("values", tuple(_sel_colors(cur))),)


def _p_supertypes(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("values", tuple(_supertypes(cur))),)


def _p_colors(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("values", tuple(_colors(cur))),)


def _p_add_abilities(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("values", tuple(parse_ability(c, ctx) for c in _listish(cur))),)


def _p_abilities_of(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("of", parse_selector(cur, ctx)),)


def _p_names(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("values", tuple(_ability_names(cur))),)


def _p_true(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    if cur.value is not True:
        cur.fail("expected true")
    return ()


def _p_pt(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    cur.mapping({"power", "toughness"}, "{power: ..., toughness: ...}")
    if not cur.value:
        cur.fail("expected power and/or toughness")
    return tuple((k, parse_expr(c, ctx)) for k, c in cur.items())


def _p_control(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    return (("player", parse_player_ref(cur, ctx)),)


# CR 707.9b: exceptions a copy effect makes to the values it copies: key -> (attribute, how)
COPY_EXCEPTIONS = {
    "set_types": ("type", "set"), "add_types": ("type", "add"), "remove_types": ("type", "remove"),
    "set_subtypes": ("subtype", "set"), "add_subtypes": ("subtype", "add"),
    "remove_subtypes": ("subtype", "remove"), "set_supertypes": ("supertype", "set"),
    "add_supertypes": ("supertype", "add"), "remove_supertypes": ("supertype", "remove"),
    "set_colors": ("color", "set"), "add_abilities": ("ability", "add"), "set_pt": ("pt", "set"),
    # "except its name is ..." (Sakashima the Impostor); "with no mana cost" (embalm 702.128a,
    # eternalize 702.129a): mana value 0 (202.3a)
    "set_name": ("name", "set"), "no_mana_cost": ("mana_value", "set"),
}


def _p_copy(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    """``REF``, or ``{of: REF, except: {...}}``: the exceptions (CR 707.9b) change what is
    copied and become part of the copy's copiable values; one that sets a characteristic
    also keeps the original's characteristic-defining ability for it from being copied
    (707.9d)."""
    if not isinstance(cur.value, dict):
        return (("of", parse_obj_ref(cur, ctx)),)
    cur.mapping({"of", "except"}, "{of: REF, except: {...}} (CR 707.9)")
    of = parse_obj_ref(cur.req("of"), ctx)
    if not cur.has("except"):
        return (("of", of),)
    ex = cur.get("except").mapping(set(COPY_EXCEPTIONS), "the exceptions to the copy (CR 707.9b)")
    changes: list[tuple[str, str, tuple[Any, ...]]] = []
    for key, c in ex.items():
        attr, how = COPY_EXCEPTIONS[key]
        if attr == "pt":
            c.mapping({"power", "toughness"}, "{power: N, toughness: N}")
            if not c.value:
                c.fail("expected power and/or toughness")
            changes += [(k, "set", (v.integer(f"a {k}", 0),)) for k, v in c.items()]
        elif attr == "ability":
            changes.append((attr, how, tuple(parse_ability(a, ctx) for a in _listish(c))))
        elif attr == "name":
            changes.append((attr, how, (c.string("a name"),)))
        elif attr == "mana_value":
            if c.boolean() is not True:
                c.fail("expected true (leave it out for a copy that keeps the mana cost)")
            changes.append((attr, how, (0,)))
        else:
            parse = {"type": _types, "subtype": _subtypes, "supertype": _supertypes, "color": _colors}[attr]
            changes.append((attr, how, tuple(parse(c))))
    return (("of", of), ("except", tuple(changes)))


def _p_text_change(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Arg], ...]:
    cur.mapping({"from", "to"}, "{from: word, to: word}")
    frm = cur.req("from").string("a color word or a subtype")
    to = cur.req("to").string("a color word or a subtype")
    for word, c in ((frm, cur.get("from")), (to, cur.get("to"))):
        if word not in Color.words() and not subtype_table.is_subtype(word):
            c.fail(f"CR 612.2: a text change swaps color words or subtypes; {word!r} is neither")
    if (frm in Color.words()) != (to in Color.words()):
        cur.fail("CR 612.2: a color word can only become another color word, a subtype another subtype")
    return (("from", frm), ("to", to))


OPS: dict[str, OpSpec] = {
    "copy": OpSpec(Layer.L1A, "layers", _p_copy),
    "control": OpSpec(Layer.L2, "layers", _p_control),
    "text_change": OpSpec(Layer.L3, "layers", _p_text_change),
    "set_types": OpSpec(Layer.L4, "layers", _p_types),
    "add_types": OpSpec(Layer.L4, "layers", _p_types),
    "remove_types": OpSpec(Layer.L4, "layers", _p_types),
    "set_subtypes": OpSpec(Layer.L4, "layers", _p_subtypes),
    "add_subtypes": OpSpec(Layer.L4, "layers", _p_add_subtypes),
    "remove_subtypes": OpSpec(Layer.L4, "layers", _p_subtypes),
    # CR 205.3m: "is every creature type" / "gains all creature types" (Maskwood Nexus, Amoeboid
    # Changeling); "loses all creature types" removes creature types only
    "add_all_creature_types": OpSpec(Layer.L4, "layers", _p_true),
    "remove_all_creature_types": OpSpec(Layer.L4, "layers", _p_true),
    "set_supertypes": OpSpec(Layer.L4, "layers", _p_supertypes),
    "add_supertypes": OpSpec(Layer.L4, "layers", _p_supertypes),
    "remove_supertypes": OpSpec(Layer.L4, "layers", _p_supertypes),
    "set_colors": OpSpec(Layer.L5, "layers", _p_colors),
    "add_colors": OpSpec(Layer.L5, "layers", _p_add_colors),
    "add_abilities": OpSpec(Layer.L6, "layers", _p_add_abilities),
    # "has all activated abilities of [objects]" (Necrotic Ooze, Experiment Kraj; CR 113.3b)
    "add_activated_abilities_of": OpSpec(Layer.L6, "layers", _p_abilities_of),
    "remove_abilities": OpSpec(Layer.L6, "layers", _p_names),
    "lose_all_abilities": OpSpec(Layer.L6, "layers", _p_true),
    "cant_have": OpSpec(Layer.L6, "layers", _p_names),
    "set_pt": OpSpec(Layer.L7B, "layers", _p_pt),
    "modify_pt": OpSpec(Layer.L7C, "layers", _p_pt),
    "switch_pt": OpSpec(Layer.L7D, "layers", _p_true),
}
EFFECT_META = ("text", "affects", "condition", "dealt_damage")


def parse_effect(cur: Cursor, ctx: Ctx, cda: bool = False, allow_no_affects: bool = False) -> EffectDef:
    """An effect mapping: optional text, affects, condition, and one or more operations.

    ``allow_no_affects``: a resolved effect may omit ``affects`` when the scenario gives the
    set it locked in at resolution (CR 611.2c)."""
    cur.mapping(set(EFFECT_META) | set(OPS), "an effect mapping")
    ops = []
    for key, sub in cur.items():
        if key in EFFECT_META:
            continue
        spec = OPS[key]
        layer = spec.layer
        if cda and layer is not None:
            if layer == Layer.L7B:
                layer = Layer.L7A  # CR 613.4a: CDAs that define P/T apply in 7a
            elif layer not in (Layer.L4, Layer.L5, Layer.L6):
                sub.fail(f"CR 604.3: a characteristic-defining ability can't {key}")
        ops.append(Op(key, layer, spec.area, spec.parse(sub, ctx)))
    if not ops:
        cur.fail("an effect needs at least one operation: " + ", ".join(sorted(OPS)))
    needs = any(OPS[o.kind].needs_affects for o in ops)
    affects: Selector | None = None
    if cur.has("affects"):
        affects = parse_selector(cur.get("affects"), ctx)
    elif cda:
        affects = Selector(objs=(("is", ObjRef("self")),), zone=None)
    elif needs and not allow_no_affects:
        cur.fail("missing required field 'affects' (a selector such as {types: [Creature]})")
    if cda and cur.has("affects"):
        cur.get("affects").fail("CR 604.3: a characteristic-defining ability affects only its object")
    condition = parse_condition(cur.get("condition"), ctx) if cur.has("condition") else None
    if cda and condition is not None:
        cur.get("condition").fail("CR 604.3a: a characteristic-defining ability is not conditional")
    text = cur.get("text").string() if cur.has("text") else ""
    dealt = None
    if cur.has("dealt_damage"):  # "a creature dealt damage this way" (a resolved effect, 611.2c)
        if not allow_no_affects or affects is not None or cda:
            cur.get("dealt_damage").fail("dealt_damage belongs to a spell's resolved effect without affects")
        dealt = parse_selector(cur.get("dealt_damage"), ctx)
    return EffectDef(tuple(ops), affects, condition, cda, text, dealt)


# --- Plug-ins -----------------------------------------------------------------------------
# Each rules area registers its own operations (and keyword words) in OPS/KEYWORDS from its own
# module, imported here so that every parse sees them.
_PLUGINS = ("pyengine.lang.ops_combat", "pyengine.lang.ops_replacement", "pyengine.lang.ops_players",
            "pyengine.lang.ops_turns",
            "pyengine.lang.ops_casting", "pyengine.lang.ops_full_text")


def _load_plugins() -> None:
    import importlib

    for name in _PLUGINS:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise


_load_plugins()
