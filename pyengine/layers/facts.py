"""Game state -> clingo facts for the layer engine (asp/schema/input.lp documents each).

Every value crosses as a symbol built by pyengine.facts; nothing is formatted as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, cast

import clingo

from pyengine import facts as F
from pyengine.lang.effects import CHOSEN, face_down_abilities
from pyengine.layers import terms
from pyengine.model import subtypes as subtype_table
from pyengine.model.effects import (
    Ability,
    Condition,
    EffectDef,
    Expr,
    ObjRef,
    Op,
    PlayerRef,
    Selector,
    is_activated,
)
from pyengine.model.enums import BASIC_LAND_MANA, Color, Keyword
from pyengine.model.objects import GameState

for _name, _arity in (
    ("player", 1), ("active_player", 1), ("turn_position", 2), ("object", 1), ("in_zone", 2),
    ("owner", 2), ("obj_timestamp", 2), ("token", 1), ("tapped", 1), ("kicked", 1), ("was_cast", 1), ("cast_from_hand", 1),
    ("alt_paid", 2),
    ("face_down", 1),
    ("face_down_ability", 2),
    ("attached", 2), ("chosen", 3), ("counter", 3), ("counter_ts", 3), ("cur", 3), ("ability_name", 2),
    ("ability_zone", 2),
    ("ability_effect", 3), ("copy_except", 4), ("copy_except_set", 2),
    ("ability_order", 2), ("def_cda", 1), ("def_layer", 2), ("def_op", 4), ("def_op_kind", 3),
    ("def_affects", 2), ("def_condition", 2), ("def_dynamic", 1), ("resolved", 4),
    ("resolved_source", 2), ("locks", 1), ("locked", 2), ("started", 1), ("started_on", 2),
    ("grant_ts", 3), ("subtype_cat", 2), ("basic_type", 2), ("sel_zone", 2),
    ("sel_anyzone", 1), ("sel_lit", 4), ("sel_player", 4), ("sel_obj", 3), ("sel_id", 2),
    ("sel_has_ids", 1), ("sel_cmp", 4), ("sel_cmp_const", 4), ("sel_or", 3), ("sel_not", 2),
    ("sel_global", 1),
    ("expr_const", 2), ("expr_count", 2), ("expr_card_types", 2), ("expr_attr", 3),
    ("expr_sum", 2), ("expr_neg", 2), ("expr_times", 3), ("cond_cmp", 4), ("cond_all", 2),
    ("cond_any", 2), ("cond_not", 2), ("cond_turn", 2), ("cond_counters", 2), ("rules_def", 1), ("arg_selector", 2),
    ("def_reads", 2),
    ("def_reads_value", 3), ("def_reads_any", 2), ("applied", 1), ("expr_uses_it", 1),
    ("player_op", 4), ("ability_activated", 1), ("kw_name", 3), ("gy_top", 1),
):
    F.declare(_name, _arity)

_PT_OPS = {"set_pt": "set", "modify_pt": "modify"}
_COLOR_WORDS = frozenset(Color.words())
# operations on players: argument -> kind of player_op/4 (asp/schema/input.lp)
_PLAYER_OPS = {
    "max_hand_size": {"set": "hand_set", "modify": "hand_mod", "no_maximum": "hand_none"},
    "land_plays": {"add": "land_add", "any_number": "land_any"},
    "cant_play_lands": {"cant": "land_none"},
}
_ASP_KIND = {"add_abilities": "add_ability", "remove_abilities": "remove_ability",
             "add_activated_abilities_of": "abilities_of"}

# the terms of printed characteristics, made once per process: making a symbol is a call into
# clingo, and a board repeats the same few words on hundreds of objects
_word = lru_cache(maxsize=4096)(terms.word)
_card_type = lru_cache(maxsize=None)(terms.card_type)
_supertype = lru_cache(maxsize=None)(terms.supertype)
_intrinsic = lru_cache(maxsize=None)(terms.intrinsic)
def _c_functions():  # type: ignore[no-untyped-def]
    """clingo's C function behind ``clingo.Function`` where this clingo's Python API (cffi)
    exposes it, and its error check; None: use ``clingo.Function``."""
    try:
        from clingo._internal import _ffi, _handle_error, _lib

        create = _lib.clingo_symbol_create_function
        clingo.Symbol(clingo.Number(0)._rep)  # a symbol is made of its C value
        return create, _ffi, _handle_error
    except (ImportError, AttributeError, TypeError):
        return None


_C_FUNCTIONS = _c_functions()


class _Functions:
    """``clingo.Function(name, args)`` for the many facts of a board (each object's cur/3
    and its four object facts): clingo's C function called with one argument buffer for
    all of them, not a new buffer and result per symbol (the wrapper's cost, about 3
    microseconds a symbol; the dense board makes some 13,000). The same symbols: the same C
    function makes them (tests/asp/test_layers_facts_functions.py compares the two)."""

    def __init__(self) -> None:
        if _C_FUNCTIONS is None:
            self.make = self._wrapped
            return
        self._create, self._ffi, self._check = _C_FUNCTIONS
        self._args = self._ffi.new("clingo_symbol_t[]", 4)
        self._ret = self._ffi.new("clingo_symbol_t*")
        self._names: dict[str, bytes] = {}
        self.make = self._direct

    @staticmethod
    def _wrapped(name: str, args: list[clingo.Symbol]) -> clingo.Symbol:
        return clingo.Function(name, args)

    def rows(self, name: str, tails: list[tuple[clingo.Symbol, ...]]) -> Callable[[clingo.Symbol], list[clingo.Symbol]]:
        """The function that makes ``name(first, *tail)`` for each of ``tails``, given
        ``first``: its buffers filled with each tail once, for every object of a card."""
        if _C_FUNCTIONS is None:
            return lambda first: [clingo.Function(name, [first, *tail]) for tail in tails]
        encoded = name.encode()
        bufs = []
        for tail in tails:
            buf = self._ffi.new("clingo_symbol_t[]", 1 + len(tail))
            for i, arg in enumerate(tail, 1):
                buf[i] = arg._rep
            bufs.append((buf, 1 + len(tail)))
        create, check, ret, symbol = self._create, self._check, self._ret, clingo.Symbol

        def make(first: clingo.Symbol) -> list[clingo.Symbol]:
            rep = first._rep
            out = []
            for buf, n in bufs:
                buf[0] = rep
                if not create(encoded, buf, n, True, ret):
                    check(False)
                out.append(symbol(ret[0]))
            return out

        return make

    def _direct(self, name: str, args: list[clingo.Symbol]) -> clingo.Symbol:
        if len(args) > 4:
            return clingo.Function(name, args)
        encoded = self._names.get(name)
        if encoded is None:
            encoded = self._names[name] = name.encode()
        buf = self._args
        for i, arg in enumerate(args):
            buf[i] = arg._rep
        if not self._create(encoded, buf, len(args), True, self._ret):
            self._check(False)
        return clingo.Symbol(self._ret[0])


_CUR_ATTRS = ("name", "mana_value", "color", "type", "subtype", "supertype", "ability", "power",
              "toughness", "loyalty", "defense", "controller")
_ATTR = {a: F.term(F.Const(a)) for a in _CUR_ATTRS}


@dataclass
class EffectIndex:
    """What the facts name: effect definitions and ability terms, for reading answers back."""

    defs: dict[clingo.Symbol, EffectDef] = field(default_factory=dict)
    def_label: dict[clingo.Symbol, str] = field(default_factory=dict)
    abilities: dict[clingo.Symbol, Ability] = field(default_factory=dict)
    ability_names: dict[clingo.Symbol, str] = field(default_factory=dict)
    resolved: dict[clingo.Symbol, str] = field(default_factory=dict)
    selectors: dict[clingo.Symbol, Selector] = field(default_factory=dict)
    layers_used: set[str] = field(default_factory=set)
    dynamic_cmp: bool = False  # some selector compares with a non-constant expression
    nested: bool = False  # some selector has "any of" or "none of" parts


_shape = F.shape
_STR, _NUM = F.shape("o"), F.shape(0)


class FactBuilder:
    """Builds the static facts (definitions, selectors, objects) and the initial cur/3."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.out: list[clingo.Symbol] = []
        # the predicates of the static facts (reading them back off the symbols costs a call
        # into clingo each): for solve's fact_names, and whether any is rules_def/1
        self.names: set[str] = set()
        self._shapes: set[tuple[str, tuple]] = set()  # (name, its arguments' shapes) of each fact
        self.index = EffectIndex()
        self._n = 0
        self._order = 0
        self._seen_abilities: set[str] = set()
        # the term of each ability, by what makes it (the same card's abilities recur)
        self._ability_terms: dict[tuple[str, str, str, str | None], clingo.Symbol] = {}
        self._text_changes: set[tuple[str, str]] = set()
        self._reads_gy_top = False  # some selector reads "the top card of a graveyard"
        # (keyword, word) of the ability names effects say with a changeable word (name_term)
        self._named_keywords: set[tuple[str, str]] = set()
        self._param_keywords: set[tuple[str, str]] = set()
        self._subtypes: set[str] = set()
        # selectors of equal content share one id (and one set of facts): the encoding
        # matches a selector once for every effect with the same controller (selectors.lp)
        self._selector_ids: dict[Selector, clingo.Symbol] = {}
        # the initial cur/3 facts by object id and attribute name, each with its value: what
        # the layer engine carries from round to round (reading a fact's arguments back costs
        # a call into clingo per fact)
        self.values: dict[str, dict[str, list[tuple[clingo.Symbol, clingo.Symbol]]]] = {}
        self._functions = _Functions()
        self._function = self._functions.make
        # the (attribute, its term, the value's term) rows of each printed characteristics
        # met, by identity (kept with them), and the maker of their cur/3 facts for an
        # object: the objects of one card share them
        self._printed_rows: dict[int, tuple[Any, list[tuple[str, clingo.Symbol, clingo.Symbol]],
                                            Callable[[clingo.Symbol], list[clingo.Symbol]]]] = {}
        self._printed_equal: dict[Any, tuple[Any, list[tuple[str, clingo.Symbol, clingo.Symbol]],
                                             Callable[[clingo.Symbol], list[clingo.Symbol]]]] = {}

    def add(self, name: str, *args: F.Value) -> None:
        """Append one fact."""
        self.out.append(F.fact(name, *args))
        self.names.add(name)
        self._shapes.add((name, tuple([_shape(a) for a in args])))

    def add_object(self, o: str, zone: F.Const, owner: str, timestamp: int) -> None:
        """The facts every object has: object/1, in_zone/2, owner/2, obj_timestamp/2 (as
        :meth:`add` makes them, the id's symbol made once)."""
        oid = F.term(o)
        function = self._function
        self.out += (function("object", [oid]), function("in_zone", [oid, F.term(zone)]),
                     function("owner", [oid, F.term(owner)]),
                     function("obj_timestamp", [oid, F.term(timestamp)]))
        if "object" not in self.names:
            self.names.update(("object", "in_zone", "owner", "obj_timestamp"))
            self._shapes.update((("object", (_STR,)), ("obj_timestamp", (_STR, _NUM)),
                                 ("owner", (_STR, _STR))))
        self._shapes.add(("in_zone", (_STR, _shape(zone))))

    def shapes(self) -> frozenset[tuple[str, int, int, tuple | None]]:
        """The shapes of the static facts, as :func:`pyengine.solver.solve`'s ``fact_shapes``
        takes them: for the gateway's pruning, which then leaves out the rules about kinds of
        terms no fact has (a selector literal on a quality no selector tests ...)."""
        out: set[tuple[str, int, int, tuple | None]] = set()
        for name, shapes in self._shapes:
            out.add((name, len(shapes), -1, None))
            out.update((name, len(shapes), pos, s) for pos, s in enumerate(shapes))
        return frozenset(out)

    # -- whole state --------------------------------------------------------------------
    def build(self) -> tuple[list[clingo.Symbol], list[clingo.Symbol]]:
        """(static facts, initial cur/3 facts)."""
        st = self.state
        for i, pid in enumerate(st.player_ids):
            self.add("player", pid)
            self.add("turn_position", pid, i + 1)
        self.add("active_player", st.turn.active)
        for land, sym in BASIC_LAND_MANA.items():
            self.add("basic_type", land, sym)
            self.add("ability_name", terms.intrinsic(land), terms.intrinsic_name(land))
            self.add("ability_activated", terms.intrinsic(land))  # CR 305.6: {T}: Add ...
        cur: list[clingo.Symbol] = []
        kw_names = {k.value for k in Keyword}
        for obj in st.objects:
            o = obj.id
            self.add_object(o, F.Const(obj.zone.value), obj.owner, obj.timestamp)
            if obj.token:
                self.add("token", o)
            if obj.tapped:
                self.add("tapped", o)
            if obj.kicked:  # 702.33d
                self.add("kicked", o)
            if obj.cast_from is not None:  # 601.2a: the spell it was was cast (from its owner's hand)
                self.add("was_cast", o)
                if obj.cast_from == "hand":
                    self.add("cast_from_hand", o)
            if obj.alt_cost is not None:  # 118.9: evoke, dash or blitz paid (selectors.lp)
                self.add("alt_paid", o, F.Const(obj.alt_cost))
            if obj.face_down:
                self.add("face_down", o)
                for ab in face_down_abilities(obj.face_down_kind):  # CR 708.2: ward {2}
                    self.add("face_down_ability", o, self.ability(ab))
            if obj.attached_to:
                self.add("attached", o, obj.attached_to)
            for kind, value in obj.chosen:  # CR 614.12a, 607.2d
                attr = _CHOSEN_ATTR[kind]
                self.add("chosen", o, F.Const(attr), self._lit_value(attr, value))
            stamped = dict(obj.counter_timestamps)
            for kind, n in obj.counters:
                ksym = terms.counter_kind(kind, kw_names)
                if ksym is not None:
                    self.add("counter", o, ksym, n)
                    if kind in stamped:
                        self.add("counter_ts", o, ksym, stamped[kind])
                    if ksym.name == "kw":
                        kw = ksym.arguments[0]
                        self.add("ability_name", kw, kind.lower())
                        self.index.layers_used.add("6")
                    else:
                        self.index.layers_used.add("7c")
            if obj.face_down:
                self.index.layers_used.add("1b")
            cur += self._printed(obj)
        for eff in st.effects:
            self._resolved(eff)
        if self._reads_gy_top:  # CR 404.1-404.2: the top card of each graveyard
            from pyengine.model.graveyard import top_card

            for pid in st.player_ids:
                top = top_card(st, pid)
                if top is not None:
                    self.add("gy_top", top)
        self._swapped_names()
        self._names_of_words()
        for w in sorted(self._subtypes | _subtypes_of(st)):
            cat = subtype_table.category(w)
            if cat is not None:
                self.add("subtype_cat", w, F.Const(cat))
        return self.out, cur

    def _printed(self, obj) -> list[clingo.Symbol]:  # type: ignore[no-untyped-def]
        p = obj.printed
        kept = self._printed_rows.get(id(p))
        if kept is None or kept[0] is not p:
            kept = self._printed_rows[id(p)] = self._printed_kept(p)
        _, rows, make = kept
        o = F.term(obj.id)
        out = make(o)
        value = F.term(obj.controller)
        out.append(self._function("cur", [o, _ATTR["controller"], value]))
        values = self.values.setdefault(obj.id, {})
        for (a, _, v), fact in zip((*rows, ("controller", None, value)), out):
            values.setdefault(a, []).append((fact, v))
        return out

    def _printed_kept(self, p):  # type: ignore[no-untyped-def]
        """(p, its rows, the maker of their cur/3 facts), shared with equal characteristics
        met before (each object built in Python may carry its own equal copy)."""
        try:
            kept = self._printed_equal.get(p)
        except TypeError:  # unhashable: nothing shared
            kept, p_hashable = None, False
        else:
            p_hashable = True
        if kept is None:
            rows = self._printed_terms(p)
            kept = (p, rows, self._functions.rows(
                "cur", [(attr, value) for _, attr, value in rows]))  # cur/3 (declared above)
            if p_hashable:
                self._printed_equal[p] = kept
        return (p, kept[1], kept[2])

    def _printed_terms(self, p) -> list[tuple[str, clingo.Symbol, clingo.Symbol]]:  # type: ignore[no-untyped-def]
        """The cur/3 rows of printed characteristics but the controller: (attribute, its
        term, the value's term)."""
        rows: list[tuple[str, F.Value]] = []  # plain ints and strings become numbers and strings
        if p.name:
            rows.append(("name", p.name))
        rows.append(("mana_value", p.mana_value))
        rows += [("color", _word(c)) for c in p.colors]
        rows += [("type", _card_type(t)) for t in p.types]
        rows += [("subtype", s) for s in p.subtypes]
        rows += [("supertype", _supertype(s)) for s in p.supertypes]
        for ab in p.abilities:
            rows.append(("ability", self.ability(ab)))
        if "Land" in p.types:
            rows += [("ability", _intrinsic(s)) for s in p.subtypes if s in BASIC_LAND_MANA]
        for attr in ("power", "toughness", "loyalty", "defense"):
            v = getattr(p, attr)
            if v is not None:
                rows.append((attr, v))
        return [(a, _ATTR[a], F.term(v)) for a, v in rows]

    # -- abilities and definitions ----------------------------------------------------------
    def ability(self, ab: Ability) -> clingo.Symbol:
        """Register an ability (name, its effects) once; return its term."""
        made_of = (ab.kind, ab.key, ab.name, ab.param)
        sym = self._ability_terms.get(made_of)
        if sym is None:
            sym = self._ability_terms[made_of] = terms.ability(ab)
        if ab.key in self._seen_abilities:
            return sym
        self._seen_abilities.add(ab.key)
        self.index.abilities[sym] = ab
        name = terms.display_name(ab)
        self.index.ability_names[sym] = name
        self.add("ability_name", sym, name)
        if is_activated(ab):  # CR 113.3b, 602.1
            self.add("ability_activated", sym)
        if ab.kind == "keyword" and ab.param is not None:
            self._param_keywords.add((ab.name, ab.param))
        self._order += 1
        self.add("ability_order", sym, self._order)
        for zone in ab.zones:  # CR 113.6b
            self.add("ability_zone", sym, F.Const(zone))
        for i, eff in enumerate(ab.effects):
            d = F.term(F.Fn("d", ab.key, i))
            self.add("ability_effect", sym, d, i)
            self.definition(d, eff, ab.name or ab.key)
        return sym

    def _resolved(self, eff) -> None:  # type: ignore[no-untyped-def]
        if eff.locked is None and any(op.layer is not None for op in eff.definition.ops):
            # the scenario loader requires 'affected' here; a state built in Python must too
            raise ValueError(f"resolved effect {eff.id!r}: CR 611.2c fixes the objects a resolved "
                             "characteristic- or control-changing effect affects when it begins: "
                             "give its locked set")
        e = F.term(F.Fn("r", eff.id))
        d = F.term(F.Fn("d", "eff:" + eff.id, 0))
        self.index.resolved[e] = eff.id
        self.definition(d, eff.in_force, eff.id)
        self.add("resolved", e, d, eff.controller, eff.timestamp)
        if eff.source:
            self.add("resolved_source", e, eff.source)
        if eff.locked is not None:
            self.add("locks", e)
            for o in eff.locked:
                self.add("locked", e, o)

    def definition(self, d: clingo.Symbol, eff: EffectDef, label: str) -> None:
        """Facts of one effect definition."""
        self.index.defs[d] = eff
        self.index.def_label[d] = label
        key = str(self._n)
        self._n += 1
        if eff.cda:
            self.add("def_cda", d)
        if eff.affects is not None:
            self.add("def_affects", d, self.selector(eff.affects, key))
        if eff.condition is not None:
            self.add("def_condition", d, self.condition(eff.condition, key))
        dynamic = False
        for op in eff.ops:
            if op.layer is None:
                self.add("rules_def", d)
                for sel in _arg_selectors(op):
                    self.add("arg_selector", d, self.selector(sel, key))
                if op.area == "players":
                    self._player_op(d, op)
                continue
            lay = F.Const(op.layer.asp)
            self.index.layers_used.add(op.layer.value)
            self.add("def_layer", d, lay)
            dynamic |= self._op(d, lay, op, key)
        if dynamic:
            self.add("def_dynamic", d)
        for attr in sorted(_reads(eff)):
            self.add("def_reads", d, F.Const(attr))
        values, anything = _reads_split(eff)
        for attr, value in sorted(values):
            self.add("def_reads_value", d, F.Const(attr), self._lit_value(attr, value))
        for attr in sorted(anything):
            self.add("def_reads_any", d, F.Const(attr))

    def _player_op(self, d: clingo.Symbol, op: Op) -> None:
        """Facts of an operation on players (pyengine/lang/ops_players.py, asp/layers/players.lp)."""
        ref = op.arg("players")
        assert isinstance(ref, PlayerRef)  # ops_players.parse_players
        who = terms.player_ref(ref)  # "each" as the constant each
        if op.kind in ("players_gain", "players_lose"):
            kind = F.Const("gain" if op.kind == "players_gain" else "lose")
            for name in cast("tuple[str, ...]", op.arg("abilities")):
                self.add("player_op", d, kind, who, self.name_term(name))
            return
        hows = _PLAYER_OPS[op.kind]
        for arg, how in hows.items():
            if op.has(arg):
                value = op.arg(arg)
                self.add("player_op", d, F.Const(how), who, value if type(value) is int else 0)

    def _op(self, d: clingo.Symbol, lay: F.Const, op: Op, key: str) -> bool:
        """Facts of one layer operation; True if what it does depends on the state."""
        if op.kind in _PT_OPS:
            for attr, expr in op.args:
                assert isinstance(expr, Expr)  # _p_pt parses every argument with parse_expr
                kind = F.Const(f"{_PT_OPS[op.kind]}_{attr}")
                self.add("def_op_kind", d, lay, kind)
                self.add("def_op", d, lay, kind, self.expr(expr, key))
            return any(e.op != "const" for _, e in op.args if isinstance(e, Expr))
        kind = F.Const(_ASP_KIND.get(op.kind, op.kind))
        self.add("def_op_kind", d, lay, kind)
        if op.kind == "copy":
            of = op.arg("of")
            assert isinstance(of, ObjRef)  # _p_copy parses it with parse_obj_ref
            self.add("def_op", d, lay, kind, terms.obj_ref(of))
            if op.has("except"):  # CR 707.9b
                changes = cast("tuple[tuple[str, str, tuple[Any, ...]], ...]", op.arg("except"))
                for attr, how, values in changes:
                    if how == "set":
                        self.add("copy_except_set", d, F.Const(attr))
                    for v in values:
                        if attr == "subtype":
                            self._subtypes.add(v)
                        value = (self.ability(v) if attr == "ability"
                                 else F.term(v) if isinstance(v, int) or attr == "name"
                                 else terms.word(v))
                        self.add("copy_except", d, F.Const(attr), F.Const(how), value)
            # what it copies is fixed when it began (CR 707.2b-c, asp/layers/l1_copy.lp): no
            # other effect changes it
            return False
        if op.kind == "control":
            player = op.arg("player")
            assert isinstance(player, PlayerRef)  # _p_control parses it with parse_player_ref
            self.add("def_op", d, lay, kind, terms.player_ref(player))
            return True
        if op.kind == "text_change":
            frm, to = str(op.arg("from")), str(op.arg("to"))
            self._text_changes.add((frm, to))
            self._subtypes.update(w for w in (frm, to) if subtype_table.is_subtype(w))
            self.add("def_op", d, lay, kind, (terms.word(frm), terms.word(to)))
            return False
        if op.kind == "full_text":  # CR 612.6 (asp/layers/l3_text.lp): the text of what `of` matches
            self.add("def_op", d, lay, kind, self.selector(cast(Selector, op.arg("of")), key))
            for ab in cast("tuple[Ability, ...]", op.arg("add_abilities")):
                self.add("def_op", d, lay, F.Const("full_text_add"), self.ability(ab))
            return True
        if op.kind == "add_activated_abilities_of":
            # what it gives is what the objects have when it applies: it depends on the state
            self.add("def_op", d, lay, kind, self.selector(cast(Selector, op.arg("of")), key))
            return True
        if op.kind == "add_abilities":
            for ab in cast("tuple[Ability, ...]", op.arg("values")):
                self.add("def_op", d, lay, kind, self.ability(ab))
            return False
        if op.kind in ("remove_abilities", "cant_have"):
            for n in cast("tuple[str, ...]", op.arg("values")):
                self.add("def_op", d, lay, kind, self.name_term(n))
            return False
        if op.kind == "add_all_creature_types":  # CR 205.3m: every creature type there is
            self._subtypes.update(subtype_table.table()["creature"])
            return False
        if op.has("values"):
            for v in cast("tuple[str, ...]", op.arg("values")):
                if isinstance(v, str) and subtype_table.is_subtype(v):
                    self._subtypes.add(v)
                if v == CHOSEN and op.kind in _CHOSEN_OPS:  # CR 607.2d: words.lp reads it
                    self.add("def_op", d, lay, kind, F.term(F.Fn("chosen", F.Const(_CHOSEN_OPS[op.kind]))))
                    continue
                self.add("def_op", d, lay, kind, terms.word(v))
        return False

    def _names_of_words(self) -> None:
        """kw_name(Keyword, Word, Name): the name an ability name kwn(Keyword, _) says with
        each word it can read after text changes (its own, or any a text change gives)."""
        targets = {to for _, to in self._text_changes}
        for kind, param in sorted(self._named_keywords):
            for word in sorted({param} | targets):
                self.add("kw_name", kind, terms.word(word), terms.param_name(kind, word))

    def _swapped_names(self) -> None:
        """Names of keyword abilities a text change can produce (kwp with the new word)."""
        for name, param in sorted(self._param_keywords):
            for frm, to in sorted(self._text_changes):
                if param == frm:
                    sym = F.term(F.Fn("kwp", name, terms.word(to)))
                    self.add("ability_name", sym, terms.param_name(name, to))

    # -- selectors, expressions, conditions ---------------------------------------------------
    def _id(self, kind: str, key: str) -> clingo.Symbol:
        self._n += 1
        return F.term(F.Fn(kind, key, self._n))

    def _lit_value(self, attr: str, value: str) -> clingo.Symbol | str:
        """The term of a selector literal's value: a word (which text changes can change,
        CR 612) for colors and types, an ability name (:meth:`name_term`), the string itself
        otherwise."""
        if value == CHOSEN and attr in ("type", "subtype", "color"):
            return F.term(F.Fn("chosen", F.Const(attr)))  # the source's choice (selectors.lp)
        if attr == "ability":
            return self.name_term(value)
        if attr in ("name", "tapped", "token", "kicked", "was_cast", "cast_from_hand", "evoked", "dashed", "blitzed",
                    "colorless", "multicolored", "top_of_graveyard"):
            return value
        return terms.word(value)

    def name_term(self, name: str) -> clingo.Symbol | str:
        """An ability name as an effect's text says it. A name with a word a text change can
        change (CR 612.2: "plainswalk", "protection from red") is kwn(Keyword, Word), read
        through the words of the effect's text (asp/layers/words.lp, name_of/3); any other
        name is the string itself."""
        low = name.lower()
        if low.startswith("protection from ") and low[len("protection from "):] in _COLOR_WORDS:
            kind, param = "protection", low[len("protection from "):]
        elif low.endswith("walk") and subtype_table.is_subtype(name[: -len("walk")].capitalize()):
            kind, param = "landwalk", name[: -len("walk")].capitalize()
        else:
            return name
        if terms.param_name(kind, param) != name:  # not the keyword's own name: never matched
            return name
        self._named_keywords.add((kind, param))
        return F.term(F.Fn("kwn", kind, terms.word(param)))

    def selector(self, sel: Selector, key: str) -> clingo.Symbol:
        """Facts of a selector; returns its id (the id of an equal selector already built)."""
        try:
            known = self._selector_ids.get(sel)
        except TypeError:  # a part that cannot be hashed: built anew
            known = None
        if known is not None:
            return known
        s = self._id("sel", key)
        try:
            self._selector_ids[sel] = s
        except TypeError:
            pass
        self.index.selectors[s] = sel
        if sel.zone is None:
            self.add("sel_anyzone", s)
        else:
            self.add("sel_zone", s, F.Const(sel.zone))
        for positive, attr, value in sel.lits:
            if attr == "combat":  # 506.4: the game's combat, which the layer engine doesn't see
                raise ValueError("the layer engine does not read a selector's combat state "
                                 "(attacking, blocking: 506.4)")
            sign = F.Const("pos" if positive else "neg")
            self._reads_gy_top |= attr == "top_of_graveyard"
            self.add("sel_lit", s, sign, F.Const(attr), self._lit_value(attr, value))
        for positive, rel, pref in sel.players:
            self.add("sel_player", s, F.Const("pos" if positive else "neg"), F.Const(rel),
                     terms.player_ref(pref))
        for rel, oref in sel.objs:
            self.add("sel_obj", s, F.Const(rel), terms.obj_ref(oref))
        if sel.ids:
            self.add("sel_has_ids", s)
            for o in sel.ids:
                self.add("sel_id", s, o)
        glob = False
        for cmp in sel.compares:
            self.add("sel_cmp", s, F.Const(cmp.attr), F.Const(cmp.op), self.expr(cmp.rhs, key))
            if cmp.rhs.op == "const":
                self.add("sel_cmp_const", s, F.Const(cmp.attr), F.Const(cmp.op), cmp.rhs.value)
            else:
                self.index.dynamic_cmp = True
            glob |= cmp.rhs.op != "const"
        for g, group in enumerate(sel.any_of):
            for child in group:
                c = self.selector(child, key)
                self.add("sel_or", s, g, c)
                self.index.nested = True
                glob |= _is_global(child)
        for child in sel.none_of:
            self.add("sel_not", s, self.selector(child, key))
            self.index.nested = True
            glob |= _is_global(child)
        if glob:
            self.add("sel_global", s)
        return s

    def expr(self, e: Expr, key: str) -> clingo.Symbol:
        """Facts of an expression; returns its id."""
        x = self._id("ex", key)
        if e.op == "const":
            self.add("expr_const", x, e.value)
        elif e.op == "count":
            self.add("expr_count", x, self.selector(_must(e.selector), key))
        elif e.op == "card_types":
            self.add("expr_card_types", x, self.selector(_must(e.selector), key))
        elif e.op == "attr":
            self.add("expr_attr", x, F.Const(e.attr or ""), terms.obj_ref(_must(e.ref)))
        elif e.op == "sum":
            for a in e.args:
                self.add("expr_sum", x, self.expr(a, key))
        elif e.op == "neg":
            self.add("expr_neg", x, self.expr(e.args[0], key))
        elif e.op == "times":
            self.add("expr_times", x, e.value, self.expr(e.args[0], key))
        if _uses_it(e):
            self.add("expr_uses_it", x)
        return x

    def condition(self, c: Condition, key: str) -> clingo.Symbol:
        """Facts of a condition; returns its id."""
        cid = self._id("cd", key)
        if c.op == "cmp":
            self.add("cond_cmp", cid, self.expr(_must(c.lhs), key), F.Const(c.cmp or "eq"),
                     self.expr(_must(c.rhs), key))
        elif c.op == "turn":
            assert c.player is not None  # parse_condition gives one
            self.add("cond_turn", cid, terms.player_ref(c.player))
        elif c.op == "has_counters":  # 122.1: the source has one or more such counters
            kind = terms.counter_kind(c.counter or "", set())
            if kind is None or kind.name != "pt":
                from pyengine.errors import PyengineError

                raise PyengineError(f"the layer engine reads only P/T counters in a condition, not {c.counter!r}")
            self.add("cond_counters", cid, kind)
        else:
            for a in c.args:
                self.add(f"cond_{c.op}", cid, self.condition(a, key))
        return cid


def _subtypes_of(st: GameState) -> set[str]:
    out: set[str] = set()
    for obj in st.objects:
        out.update(obj.printed.subtypes)
        out.update(v for k, v in obj.chosen if k == "subtype")
    return out


_LIT_READS = {"type": "type", "subtype": "subtype", "supertype": "supertype", "color": "color",
              "ability": "ability", "name": "name", "colorless": "color", "multicolored": "color"}


def _reads(eff: EffectDef) -> set[str]:
    """Attributes that evaluating ``eff`` reads (CR 613.8a: only a change to one of these
    can make it depend on another effect)."""
    values, anything = _reads_split(eff)
    out = {attr for attr, _ in values} | anything
    if any(op.kind == "control" for op in eff.ops):
        out.add("controller")
    return out


# literals whose truth on an object depends on one value of one attribute (CR 613.8a: only a
# change of that value can change it); colorless and multicolored count all colors
_VALUE_LITS = ("type", "subtype", "supertype", "color", "ability", "name")
# an object's `chosen` kinds -> the attribute a selector's `chosen` tests
_CHOSEN_ATTR = {"color": "color", "subtype": "subtype", "card_type": "type"}
# operations whose values may be `chosen`, and the attribute chosen
_CHOSEN_OPS = {"add_subtypes": "subtype", "add_colors": "color"}


def _reads_split(eff: EffectDef) -> tuple[set[tuple[str, str]], set[str]]:
    """What evaluating ``eff`` reads on any object, finer than :func:`_reads`: the values
    (attribute, value) that selector literals test, and the attributes read otherwise
    (compared, counted, computed). What the effect's source controls and has is read on the
    source alone, and asp/layers/quiet.lp adds it; so "control: you" reads nothing here."""
    values: set[tuple[str, str]] = set()
    anything: set[str] = set()

    def sel(s: Selector) -> None:
        for _, attr, v in s.lits:
            if v == CHOSEN and attr in ("type", "subtype", "color"):
                anything.add(attr)  # the chosen value is known only per source
            elif attr in _VALUE_LITS:
                values.add((attr, v))
            elif attr in _LIT_READS:
                anything.add(_LIT_READS[attr])
        for _, rel, _ref in s.players:
            if rel == "controller":
                anything.add("controller")
        for c in s.compares:
            anything.add(c.attr)
            if c.attr in ("power", "toughness"):
                anything.add("type")  # CR 208.3, 208.5: whether it has a value depends on being a creature
            expr(c.rhs)
        for group in s.any_of:
            for child in group:
                sel(child)
        for child in s.none_of:
            sel(child)

    def expr(e: Expr) -> None:
        if e.selector is not None:
            sel(e.selector)
            if e.op == "card_types":
                anything.add("type")
        if e.op == "attr" and e.attr:
            anything.add(e.attr)
            if e.attr in ("power", "toughness"):
                anything.add("type")
        for a in e.args:
            expr(a)

    def cond(c: Condition) -> None:
        for x in (c.lhs, c.rhs):
            if x is not None:
                expr(x)
        for a in c.args:
            cond(a)

    if eff.affects is not None:
        sel(eff.affects)
    if eff.condition is not None:
        cond(eff.condition)
    for op in eff.ops:
        for _, v in op.args:
            if isinstance(v, Expr):
                expr(v)
        if op.kind == "add_activated_abilities_of":  # the abilities of the objects it names
            sel(cast(Selector, op.arg("of")))
            anything.add("ability")
        if op.kind == "full_text":  # CR 612.6: every characteristic of the object it names
            sel(cast(Selector, op.arg("of")))
            anything.update(("name", "mana_value", "color", "type", "subtype", "supertype", "ability",
                             "power", "toughness"))
    return values, anything


def _uses_it(e: Expr) -> bool:
    return (e.op == "attr" and e.ref is not None and e.ref.kind == "it") or any(_uses_it(a) for a in e.args)


def _must(value):  # type: ignore[no-untyped-def]
    assert value is not None
    return value


def _is_global(sel: Selector) -> bool:
    return (any(c.rhs.op != "const" for c in sel.compares)
            or any(_is_global(c) for g in sel.any_of for c in g)
            or any(_is_global(c) for c in sel.none_of))


def _arg_selectors(op: Op) -> list[Selector]:
    found: list[Selector] = []

    def walk(v: object) -> None:
        if isinstance(v, Selector):
            found.append(v)
        elif isinstance(v, tuple):
            for x in v:
                walk(x)

    for _, v in op.args:
        walk(v)
    return found
