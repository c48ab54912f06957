"""Reading the layer engine's answers back into typed results (never via str(sym))."""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Generic, TypeVar

import clingo

from pyengine import facts as F
from pyengine import shown as O
from pyengine.layers import terms
from pyengine.layers.facts import EffectIndex
from pyengine.layers.result import ActiveEffect, Application, ObjectChars, PlayerApplication, PlayerChars
from pyengine.model.enums import BASIC_LAND_MANA, CardType, Color, Layer, Supertype
from pyengine.model.objects import GameState
from pyengine.solver import Model

_TYPE = {t.asp: t.value for t in CardType}
_SUPER = {t.asp: t.value for t in Supertype}
_COLOR = {c.asp: c.value for c in Color}

_T = TypeVar("_T")


class _Memo(dict[clingo.Symbol, _T], Generic[_T]):
    """What ``read`` gives for a symbol, read once per symbol: each accessor of a symbol
    (``.name``, ``.string``, ``.arguments``) is a call into clingo costing 1-2 microseconds,
    while hashing one and comparing it for equality cost a fraction of that, and an answer
    repeats the same ids, words and ability terms thousands of times."""

    def __init__(self, read: Callable[[clingo.Symbol], _T]) -> None:
        super().__init__()
        self._read = read

    def __missing__(self, sym: clingo.Symbol) -> _T:
        value = self[sym] = self._read(sym)
        return value


_WORDS = {"type": _TYPE, "supertype": _SUPER, "color": _COLOR}


def _number(sym: clingo.Symbol) -> int | None:
    return sym.number if sym.type == clingo.SymbolType.Number else None


def _text(v: clingo.Symbol) -> str:
    """A number, string or other value as the user wrote it."""
    kind = v.type
    if kind == clingo.SymbolType.Number:
        return str(v.number)
    if kind == clingo.SymbolType.String:
        return v.string
    return str(v)


class Reader:
    """Turns answer symbols into ObjectChars, Applications and ActiveEffects."""

    def __init__(self, state: GameState, index: EffectIndex) -> None:
        self.state = state
        self.index = index
        # decoded symbols (one Reader serves one computation, so these stay small)
        self._names = _Memo(lambda sym: sym.name)
        self._strings = _Memo(lambda sym: sym.string)
        self._numbers = _Memo(_number)
        self._ability_names = _Memo(self._ability_name)
        self._keywords = _Memo(self._keyword)
        self._labels = _Memo(self._label)
        self._texts = _Memo(_text)

    # -- characteristics ---------------------------------------------------------------------
    def objects(self, cur: dict[str, dict[str, list[tuple[clingo.Symbol, clingo.Symbol]]]]
                ) -> dict[str, ObjectChars]:
        """ObjectChars for every object, from its cur/3 facts (by object id and attribute
        name, each with its value)."""
        names, strings = self._names, self._strings
        out = {}
        for obj in self.state.objects:
            v: dict[str, list[clingo.Symbol]] = defaultdict(list)
            for attr, pairs in cur.get(obj.id, {}).items():
                v[attr] = [val for _, val in pairs]
            types = [names[t] for t in v["type"]]
            # CR 208.3: a noncreature permanent has no power or toughness (a Vehicle's printed
            # values only matter while it is a creature, so they stay in the layer state)
            if obj.zone.value == "battlefield" and "creature" not in types:
                v["power"], v["toughness"] = [], []
            abilities = sorted({self._ability_names[k] for k in v["ability"]})
            # one per instance (two grants of one keyword are two abilities, CR 113.2c)
            keywords = sorted([kw for k in v["ability"] if (kw := self._keywords[k]) is not None],
                              key=lambda kv: (kv[0], kv[1] or ""))
            out[obj.id] = ObjectChars(
                id=obj.id,
                name=self._one_str(v["name"]) or "",
                mana_value=self._one_int(v["mana_value"]) or 0,
                colors=tuple(sorted(_COLOR[names[c]] for c in v["color"])),
                types=tuple(sorted(_TYPE[t] for t in types)),
                subtypes=tuple(sorted(strings[s] for s in v["subtype"])),
                supertypes=tuple(sorted(_SUPER[names[s]] for s in v["supertype"])),
                abilities=tuple(abilities),
                keywords=tuple(keywords),
                power=self._one_int(v["power"]),
                toughness=self._one_int(v["toughness"]),
                loyalty=self._one_int(v["loyalty"]),
                defense=self._one_int(v["defense"]),
                controller=self._one_str(v["controller"]) or obj.controller,
            )
        return out

    def _one_int(self, values: list[clingo.Symbol]) -> int | None:
        """The first number among ``values``."""
        for value in values:
            n = self._numbers[value]
            if n is not None:
                return n
        return None

    def _one_str(self, values: list[clingo.Symbol]) -> str | None:
        return self._strings[values[0]] if values else None

    def name(self, sym: clingo.Symbol) -> str:
        """A function symbol's name, decoded once per computation."""
        return self._names[sym]

    def string(self, sym: clingo.Symbol) -> str:
        """A string symbol's text, decoded once per computation."""
        return self._strings[sym]

    def ability_name(self, k: clingo.Symbol) -> str:
        """Display name of an ability term."""
        return self._ability_names[k]

    def _ability_name(self, k: clingo.Symbol) -> str:
        name = k.name
        if name == "gr":  # an instance granted by an effect (CR 113.2c)
            return self.ability_name(k.arguments[0])
        if k in self.index.ability_names:
            return self.index.ability_names[k]
        if name == "intrinsic":
            return terms.intrinsic_name(self._strings[k.arguments[0]])
        if name == "kwp":
            kind, param = k.arguments
            return terms.param_name(self._strings[kind], F.text(param))
        if name == "kw":
            return self._strings[k.arguments[0]]
        return str(k)

    def keyword(self, k: clingo.Symbol) -> tuple[str, str | None] | None:
        """(name, parameter) of a keyword ability term, else None."""
        return self._keywords[k]

    def _keyword(self, k: clingo.Symbol) -> tuple[str, str | None] | None:
        name = k.name
        if name == "gr":
            return self.keyword(k.arguments[0])
        if name == "kw":
            return (self._strings[k.arguments[0]], None)
        if name == "kwp":
            kind, param = k.arguments
            text = F.text(param)
            return (self._strings[kind], _COLOR.get(text, text))
        return None

    # -- explanation ---------------------------------------------------------------------------
    def label(self, e: clingo.Symbol) -> str:
        """A readable name for an effect instance."""
        return self._labels[e]

    def _label(self, e: clingo.Symbol) -> str:
        if e.name == "s":
            o, k, _ = e.arguments
            return f"{o.string}: {self.ability_name(k)}"
        if e.name == "r":
            return e.arguments[0].string
        if e.name == "c":
            o, kind = e.arguments
            if kind.name == "pt":
                p, t = (a.number for a in kind.arguments)
                return f"{o.string}: {p:+d}/{t:+d} counters"
            return f"{o.string}: {self.ability_name(kind.arguments[0])} counter"
        if e.name == "fd":
            return f"{e.arguments[0].string}: face down"
        return str(e)

    def source(self, e: clingo.Symbol) -> str | None:
        """The source object id of an effect instance, if any."""
        if e.name in ("s", "c", "fd"):
            return e.arguments[0].string
        if e.name == "r":
            eid = e.arguments[0].string
            for eff in self.state.effects:
                if eff.id == eid:
                    return eff.source
        return None

    def applications(self, layer: Layer, log) -> list[Application]:  # type: ignore[no-untyped-def]
        """The application log of one layer, in order, with the reason for each position."""
        out = []
        done: list[clingo.Symbol] = []
        for i, e in enumerate(log.order):
            waited = sorted({self.label(b) for a, b in log.deps if a == e and b in done})
            in_loop = sorted({self.label(b) for b in log.loops.get(e, ())})
            reason = self._reason(e, layer, waited, in_loop)
            out.append(Application(layer.value, i + 1, self.label(e), self.source(e),
                                   log.ts.get(e, ()), tuple(sorted(log.affected.get(e, []))),
                                   reason, tuple(waited), tuple(in_loop),
                                   self.changes(log.changes.get(e, []))))
            done.append(e)
        for e in log.unapplied:
            out.append(Application(layer.value, 0, self.label(e), self.source(e), log.ts.get(e, ()),
                                   (), "did not apply: when its turn came it no longer existed "
                                   "(its source lost the ability, its condition was false, or "
                                   "its controller no longer controlled the source it lasts "
                                   "as long as; CR 611.3, 611.2b, 613.6)"))
        return out

    def changes(self, rows: list[tuple[str, str, str, clingo.Symbol]]) -> tuple[str, ...]:
        """Readable changes: ``bears: power 2 -> 3``, ``bears: +type Artifact``."""
        single: dict[tuple[str, str], dict[str, str]] = {}
        multi: list[str] = []
        for sign, o, attr, v in rows:
            shown = self.value_text(attr, v)
            if attr in ("power", "toughness", "controller", "mana_value", "name", "loyalty", "defense"):
                single.setdefault((o, attr), {})[sign] = shown
            elif attr == "latent_subtype":  # CR 205.1a: kept while its card type is removed
                multi.append(f"{o}: {sign}hidden subtype {shown} (CR 205.1a)")
            else:
                multi.append(f"{o}: {sign}{attr} {shown}")
        for (o, attr), d in single.items():
            multi.append(f"{o}: {attr} {d.get('-', 'none')} -> {d.get('+', 'none')}")
        return tuple(sorted(multi))

    def value_text(self, attr: str, v: clingo.Symbol) -> str:
        """A value as the user wrote it."""
        if attr == "ability":
            return self.ability_name(v)
        words = _WORDS.get(attr)
        if words is not None:
            name = self._names[v]
            return words.get(name, name)
        if attr == "text_sub":
            return " -> ".join(F.text(x) for x in v.arguments)
        return self._texts[v]

    def _reason(self, e: clingo.Symbol, layer: Layer, waited: list[str], in_loop: list[str]) -> str:
        defn = self.index.defs.get(e.arguments[2]) if e.name == "s" else None
        cda = defn is not None and defn.cda
        parts = []
        if cda:
            parts.append("characteristic-defining ability first (CR 613.3)" if layer != Layer.L7A
                         else "characteristic-defining P/T (CR 613.4a)")
        if waited:
            parts.append("applied after " + ", ".join(waited) + ", on which it depends (CR 613.8a-b)")
        if in_loop:
            parts.append("in a dependency loop with " + ", ".join(in_loop)
                         + ": timestamp order (CR 613.8b)")
        if not parts:
            parts.append("timestamp order (CR 613.7)")
        if layer == Layer.L1A and self._copies(e):
            parts.append("it gives the copiable values the original had when this copy effect "
                         "began, not what the original has now (CR 707.2b-c)")
        return "; ".join(parts)

    def _copies(self, e: clingo.Symbol) -> bool:
        """Whether effect instance ``e`` is a copy effect (CR 707)."""
        defn = None
        if e.name == "s":
            defn = self.index.defs.get(e.arguments[2])
        elif e.name == "r":
            eid = e.arguments[0].string
            defn = next((eff.definition for eff in self.state.effects if eff.id == eid), None)
        return defn is not None and any(op.kind == "copy" for op in defn.ops)

    def dependencies(self, layer: Layer, model: Model) -> list[tuple[str, str, str]]:
        """Dependencies at the start of the layer (step 0), as (layer, effect, depends on)."""
        # sorted by the labels: clingo's order of the atoms (which sorting them would cost a
        # call into clingo per comparison) does not matter
        return sorted((layer.value, self.label(e), self.label(d))
                      for e, d, step in (a.arguments
                                         for a in model.atoms(O.Dependency.predicate, 3, ordered=False))
                      if self._numbers[step] == 0)

    # -- effects after layers ------------------------------------------------------------------
    def active(self, model: Model) -> tuple[ActiveEffect, ...]:
        """The non-layer effects that exist after all layers, with what they affect."""
        defs = {a.arguments[0]: a.arguments[1] for a in model.atoms(O.Definition.predicate, 2)}
        ts = _timestamps(model)
        ctl = {a.arguments[0]: a.arguments[1].string for a in model.atoms(O.EffectController.predicate, 2)}
        affected = defaultdict(list)
        for a in model.atoms(O.AffectsFinal.predicate, 2):
            affected[a.arguments[0]].append(a.arguments[1].string)
        selections = defaultdict(list)
        for a in model.atoms(O.SelectionFinal.predicate, 3):
            selections[(a.arguments[1], a.arguments[0])].append(a.arguments[2].string)
        out: list[ActiveEffect] = []
        for a in sorted(model.atoms(O.Active.predicate, 1)):
            e = a.arguments[0]
            d = defs[e]
            definition = self.index.defs[d]
            sels = tuple(sorted(((self.index.selectors[s], tuple(sorted(objs)))
                                 for (ee, s), objs in selections.items() if ee == e),
                                key=lambda x: repr(x[0])))
            for op in definition.ops:
                if op.layer is not None:
                    continue
                out.append(ActiveEffect(self.label(e), definition, op, self.source(e),
                                        ctl.get(e, ""), ts.get(e, ()),
                                        tuple(sorted(affected[e])), sels, serial=len(out)))
        return tuple(out)


    def players(self, model: Model | None) -> tuple[dict[str, PlayerChars], tuple[PlayerApplication, ...]]:
        """Every player's values after the effects on players (asp/layers/players.lp), and
        those effects in the order each player's values went through them. Without a model
        (no effect outside the layers exists), every player has the values the rules give
        (402.2: maximum hand size 7; 305.2: one land a turn)."""
        ids = self.state.player_ids
        if model is None:
            return {p: PlayerChars(p) for p in ids}, ()
        has: dict[str, list[str]] = defaultdict(list)
        for a in model.atoms(O.PlayerHas.predicate, 2):
            has[a.arguments[0].string].append(a.arguments[1].string)
        # a value only where some effect on players exists (players.lp, p_some/0); none
        # shown: the values the rules give, as without a model
        hand: dict[str, int | None] = {a.arguments[0].string: None
                                       for a in model.atoms(O.HandNone.predicate, 1)}
        hand.update((a.arguments[0].string, a.arguments[1].number)
                    for a in model.atoms(O.HandMax.predicate, 2))
        lands: dict[str, int | None] = {a.arguments[0].string: None
                                        for a in model.atoms(O.LandsAny.predicate, 1)}
        lands.update((a.arguments[0].string, a.arguments[1].number)
                     for a in model.atoms(O.Lands.predicate, 2))
        players = {p: PlayerChars(p, tuple(sorted(has[p])), hand.get(p, PlayerChars.max_hand_size),
                                  lands.get(p, PlayerChars.land_plays)) for p in ids}
        does: dict[tuple[clingo.Symbol, str], list[str]] = defaultdict(list)
        ops: dict[tuple[clingo.Symbol, str], list[tuple[str, str | int]]] = defaultdict(list)
        for a in model.atoms(O.PlayerEffect.predicate, 4):
            e, p, kind, v = a.arguments
            does[(e, p.string)].append(_PLAYER_DOES[kind.name](v))
            value = v.string if v.type == clingo.SymbolType.String else v.number
            ops[(e, p.string)].append((kind.name, value))
        ts = _timestamps(model)
        apps = []
        for a in model.atoms(O.PlayerRank.predicate, 3):
            e, p, n = a.arguments
            apps.append(PlayerApplication(p.string, n.number, self.label(e), self.source(e), ts.get(e, ()),
                                          tuple(sorted(does[(e, p.string)])),
                                          tuple(sorted(ops[(e, p.string)], key=repr))))
        return players, tuple(sorted(apps, key=lambda x: (ids.index(x.player), x.order)))


def _timestamps(model: Model) -> dict[clingo.Symbol, tuple[int, ...]]:
    """Each effect's timestamp (ts/2), as numbers."""
    return {a.arguments[0]: tuple(x.number for x in a.arguments[1].arguments)
            for a in model.atoms(O.Timestamp.predicate, 2)}


# what an operation on players does, in words (asp/layers/players.lp's p_to/4)
_PLAYER_DOES: dict[str, Callable[[clingo.Symbol], str]] = {
    "gain": lambda v: f"gains {v.string} (CR 613.10)",
    "lose": lambda v: f"loses {v.string} (CR 613.10)",
    "hand_set": lambda v: f"maximum hand size becomes {v.number} (CR 402.2, 613.11)",
    "hand_mod": lambda v: (f"maximum hand size {'increased' if v.number > 0 else 'reduced'} by "
                           f"{abs(v.number)} (CR 402.2, 613.11)"),
    "hand_none": lambda v: "no maximum hand size (CR 402.2, 613.11)",
    "land_add": lambda v: f"may play {v.number} additional land(s) each turn (CR 305.2, 613.11)",
    "land_any": lambda v: "may play any number of lands each turn (CR 305.2, 613.11)",
    "land_none": lambda v: "can't play lands: wins over every permission (CR 101.2, 305.2b)",
}


__all__ = ["Reader", "BASIC_LAND_MANA"]
