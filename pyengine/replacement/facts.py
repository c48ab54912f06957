"""Facts for the replacement encodings (schema: asp/replacement/defined.lp), built as clingo
symbols from the game state, the event and the effects that exist."""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Iterable

import clingo

from pyengine import facts as F
from pyengine import qualities
from pyengine.errors import ScenarioError, UnsupportedQuery
from pyengine.layers.result import LayerResult
from pyengine.model.effects import ObjRef, PlayerRef
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState
from pyengine.replacement import spec as S
from pyengine.replacement.carried import carried_kinds, carry, devoured, with_field
from pyengine.replacement.collect import Instance, object_of, players_of
from pyengine.replacement.entering import Entering, ent_term, is_enter_pattern
from pyengine.replacement.event import Event
from pyengine.replacement.terms import term

PREDICATES = {
    "rep_player": 2, "rep_life": 2, "rep_library": 2, "rep_obj_controller": 2, "rep_obj_owner": 2,
    "rep_obj_type": 2, "rep_keyword": 2, "rep_valid_target": 1, "rep_no_regen": 1, "rep_part": 1,
    "rep_field": 3, "rep_effect": 1, "rep_bit": 2, "rep_late": 1, "rep_controller": 2, "rep_self": 1,
    "rep_prevention": 1, "rep_regeneration": 1, "rep_uses": 2, "rep_shield": 2, "rep_watch": 2,
    "rep_test": 3, "rep_in": 2, "rep_min": 3, "rep_max": 3, "rep_lib_min": 2, "rep_lib_max": 2,
    "rep_alt": 2, "rep_mod": 3, "rep_tmpl": 4, "rep_tmpl_field": 5, "rep_unpreventable": 1,
    "rep_cant": 1, "rep_proposed": 2, "rep_proposed_alt": 2, "rep_proposed_by": 2, "rep_proposed_on": 3,
    "rep_kind_field": 3, "rep_kind_arity": 2, "rep_twin": 2, "rep_takes": 3, "rep_defer": 1,
    "rep_mask": 2, "rep_cut": 1, "rep_toxic": 2,
}
for _name, _arity in PREDICATES.items():
    F.declare(_name, _arity)

KEYWORD_RESULTS = ("infect", "wither", "lifelink")  # CR 120.3b, 120.3d, 120.3f
MAX_CHOSEN = 6  # CR 614.13: at most 2^6 subsets of objects to choose among
Expanded = tuple[str, list[F.Value], list[S.Template]]  # label, modifications, new events


def _c(word: str) -> F.Const:
    return F.Const(word)


def p(pid: str) -> F.Fn:
    """A player term."""
    return F.Fn("p", pid)


def o(oid: str) -> F.Fn:
    """An object term."""
    return F.Fn("o", oid)


def kind_facts(carried: tuple[str, ...] = ()) -> list[clingo.Symbol]:
    """The fields of every kind of event, in order (:data:`spec.KIND_FIELDS`): what the
    encodings know an event by (asp/replacement/parts.lp). A move also carries, for each
    counter kind in ``carried``, the number of those counters the object is given as it
    enters, ``with(C)`` (CR 614.1c, 122.6: part of the one event of its entering,
    asp/replacement/entering.lp)."""
    return list(_kind_facts(tuple(carried)))


@functools.lru_cache(maxsize=64)
def _kind_facts(carried: tuple[str, ...]) -> tuple[clingo.Symbol, ...]:
    out = []
    for kind, names in S.KIND_FIELDS.items():
        fields: list[F.Value] = [_c(f) for f in names]
        if kind == "move":
            fields += [with_field(c) for c in carried]
        out.append(F.fact("rep_kind_arity", _c(kind), len(fields)))
        out += [F.fact("rep_kind_field", _c(kind), f, i) for i, f in enumerate(fields, 1)]
    return tuple(out)


class FactBuilder:
    """Builds the facts of one query: the world, the event, the effects."""

    def __init__(self, state: GameState, result: LayerResult, parts: list[Event],
                 found: list[Instance], entering: Entering) -> None:
        self.state = state
        self.result = result
        self.parts = parts
        self.found = found
        self.entering = entering
        self.out: list[clingo.Symbol] = []
        self._sets: dict[tuple[clingo.Symbol, ...], clingo.Symbol] = {}
        self.bits: dict[str, int] = {}
        self.carried: tuple[str, ...] = ()
        self._characteristics = False

    def add(self, name: str, *args: F.Value) -> None:
        """Add one fact."""
        self.out.append(F.fact(name, *args))

    def build(self) -> list[clingo.Symbol]:
        """Every fact."""
        self.world()
        effects = [i for i in self.found + self.entering.own if isinstance(i.spec, S.ReplacementSpec)]
        self.carried = carried_kinds(effects)
        self.out += kind_facts(self.carried)
        for i, part in enumerate(self.parts):
            x = F.Fn("ev", i + 1)
            self.add("rep_part", x)
            self.add("rep_field", x, _c("kind"), _c(part.kind))
            for f, v in part.fields:
                self.add("rep_field", x, _c(f), term(f, v))
            if part.kind == "move":
                for c in self.carried:  # nothing yet (CR 614.1c: effects add them)
                    self.add("rep_field", x, with_field(c), 0)
        if len(effects) > 30:
            raise UnsupportedQuery("more than 30 replacement and prevention effects at once")
        _check_range(self.parts, effects)
        for n, inst in enumerate(effects):
            self.bits[inst.id] = 1 << n
            self.effect(inst)
        for inst in self.found:
            if isinstance(inst.spec, S.CantSpec) and not inst.late:
                self.cant(inst, inst.spec)
        self.twins()
        return self.out

    def twins(self) -> None:
        """``rep_twin(E, E')``: E and E' are the same effect under two names (every fact
        about them but their name and bit is the same), neither can be used up, and E comes
        first. Such effects are interchangeable in every sequence of choices, so the
        generator (asp/replacement/choose.lp) keeps only the sequences that apply them in
        this order; outcomes don't name them (CR 614.5 makes each apply once per event)."""
        if len(self.bits) < 2:  # twins are two effects
            return
        mine = {F.term(i) for i in self.bits}
        about: dict[clingo.Symbol, list[tuple[str, tuple[clingo.Symbol | None, ...]]]] = {e: [] for e in mine}
        for sym in self.out:
            if sym.name in ("rep_effect", "rep_bit"):
                continue
            named = [a for a in sym.arguments if a in mine]
            for e in set(named):
                about[e].append((sym.name, tuple(None if a == e else a for a in sym.arguments)))
        groups: dict[tuple[tuple[str, tuple[clingo.Symbol | None, ...]], ...], list[clingo.Symbol]] = {}
        for e, facts in about.items():
            if any(name in ("rep_uses", "rep_shield") for name, _ in facts):
                continue
            groups.setdefault(tuple(sorted(facts, key=repr)), []).append(e)
        for group in groups.values():
            group.sort()
            for first, then in zip(group, group[1:], strict=False):
                self.out.append(F.fact("rep_twin", first, then))

    # -- the world ------------------------------------------------------------------------
    def world(self) -> None:
        st, res = self.state, self.result
        for i, pid in enumerate(st.apnap()):
            self.add("rep_player", p(pid), i)
            self.add("rep_valid_target", p(pid))
        moved = {pid: 0 for pid in st.player_ids}
        for part in self.parts:
            f = dict(part.fields)
            if part.kind == "move" and isinstance(f["object"], tuple) and f["object"][0] == "o":
                obj = st.object(f["object"][1])
                if obj.zone == Zone.LIBRARY:  # CR 614.13c
                    moved[obj.owner] += 1
        for pl in st.players:
            self.add("rep_life", p(pl.id), pl.life)
            self.add("rep_library", p(pl.id), max(0, pl.library_size - moved[pl.id]))
        for obj in st.objects:
            self.add("rep_obj_owner", o(obj.id), p(obj.owner))
            chars = res.objects.get(obj.id)
            if obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
                self.add("rep_obj_controller", o(obj.id), p(chars.controller if chars else obj.controller))
            if chars is None:
                continue
            for k in KEYWORD_RESULTS:
                if chars.has_keyword(k):
                    self.add("rep_keyword", o(obj.id), _c(k))
            toxic = sum(int(n) for k, n in chars.keywords if k == "toxic" and n and n.isdigit())
            if toxic:  # CR 702.164b: the total toxic value, the sum of its toxic abilities' N
                self.add("rep_toxic", o(obj.id), toxic)
            if obj.zone == Zone.BATTLEFIELD:
                types = {t.lower() for t in chars.types}
                for t in sorted(types):
                    self.add("rep_obj_type", o(obj.id), _c(t))
                if types & {"creature", "planeswalker", "battle"}:
                    self.add("rep_valid_target", o(obj.id))

    def protection(self, e: clingo.Symbol, prot: tuple[tuple[str, str], qualities.Quality]) -> None:
        """CR 702.16e: protection prevents damage from the sources with its quality. The set of
        those sources, from(H, Q), is decided by asp/common/qualities.lp (read in
        asp/replacement/protection.lp), from every object's characteristics after layers."""
        (kind, hid), quality = prot
        holder = p(hid) if kind == "p" else o(hid)
        q = qualities.term(quality, p)
        self.add("q_protection", holder, q)
        self.add("rep_test", e, _c("source"), F.Fn("from", holder, q))
        if not self._characteristics:
            self._characteristics = True
            self.characteristics()

    def characteristics(self) -> None:
        """Every object's characteristics after layers, and the players, as asp/common/
        qualities.lp reads them; a controller only on the battlefield or the stack (108.4a)."""
        for pid in self.state.player_ids:
            self.add("q_player", p(pid))
        for obj in self.state.objects:
            ch = self.result.objects.get(obj.id)
            if ch is None:
                continue
            controlled = obj.zone in (Zone.BATTLEFIELD, Zone.STACK)
            qualities.object_facts(self.add, o(obj.id), name=ch.name, colors=ch.colors, types=ch.types,
                                   subtypes=ch.subtypes, supertypes=ch.supertypes,
                                   controller=p(ch.controller) if controlled else None,
                                   owner=p(obj.owner))

    # -- sets -----------------------------------------------------------------------------
    def set_of(self, values: Iterable[clingo.Symbol]) -> clingo.Symbol:
        key = tuple(sorted(set(values)))
        if key not in self._sets:
            sid = F.term(F.Fn("s", len(self._sets) + 1))
            self._sets[key] = sid
            for v in key:
                self.add("rep_in", sid, v)
        return self._sets[key]

    def target_values(self, inst: Instance, field: str, t: S.Target) -> set[clingo.Symbol]:
        """The values a field may hold. An object entering the battlefield is in the set as the
        permanent it would be (CR 614.12: ``ent`` terms, :mod:`pyengine.replacement.entering`):
        a selector holds the identities that match it on the battlefield, and a reference to
        the object every identity it could enter as; the object where it is now is a value of
        its own (its zone-change event reads that)."""
        named: set[str] = set()  # objects named by reference
        if t.ref is not None:
            named.add(object_of(t.ref, inst, self.state))
        if t.affected:
            named |= set(inst.affected)
        objs = set(named)
        ents: set[clingo.Symbol] = set()
        if t.objects is not None:
            objs |= set(inst.matching(t.objects))
            ents |= self.entering.members.get((inst.label, t.objects), set())
        for x in named:
            ents |= self.entering.ents.get(x, set())
        players = set(self.state.player_ids)  # a shield on a chosen player (615.7)
        vals = {F.term(p(x) if x in players else o(x)) for x in objs} | ents
        if field == "as" and t.objects is not None:
            # CR 111.1: a token defined inline is what the selector tests (Divine Visitation's
            # "creature tokens"): its identity as it would exist on the battlefield
            vals |= {ent.arguments[1] for ent in ents if ent.arguments[1].name == "tokdef"}
        for ref in t.players:
            vals |= {F.term(p(x)) for x in players_of(ref, inst, self.state)}
        if t.any_player:
            vals |= {F.term(p(x)) for x in self.state.player_ids}
        for ref in t.top_of:
            vals |= {F.term(F.Fn("top", p(x))) for x in players_of(ref, inst, self.state)}
        if inst.only is not None and field == "target":
            vals &= {F.term(o(inst.only))} | self.entering.ents.get(inst.only, set())
        return vals

    # -- patterns -------------------------------------------------------------------------
    def pattern(self, e: clingo.Symbol, inst: Instance, pat: S.Pattern) -> None:
        self.add("rep_watch", e, _c(pat.kind))
        enter = is_enter_pattern(pat)
        for field, t in pat.targets:
            if enter and field == "object":
                self.enter_object(e, inst, t)
                continue
            self.add("rep_test", e, _c(field), self.set_of(self.target_values(inst, field, t)))
        for field, words in pat.words:
            self.add("rep_test", e, _c(field), self.set_of(F.term(_c(w)) for w in words))
        for field, flag in pat.bools:
            self.add("rep_test", e, _c(field), self.set_of([term(field, flag)]))
        for field, words in pat.texts:
            self.add("rep_test", e, _c(field), self.set_of(F.term(w) for w in words))
        for field, op, k in pat.ranges:
            self.add("rep_min" if op == "gte" else "rep_max", e, _c(field), k)
        for op, n in pat.library:
            if op == "max":
                self.add("rep_lib_max", e, n)
            else:
                spec = F.Fn("field", _c(n)) if isinstance(n, str) else F.Fn("val", n)
                self.add("rep_lib_min", e, spec)

    def enter_object(self, e: clingo.Symbol, inst: Instance, t: S.Target) -> None:
        """CR 614.12: tests on an entering object read the permanent as it would exist on the
        battlefield: the identity it would enter as, under the control of the player it would
        enter under (the test ``entering``, asp/replacement/entering.lp)."""
        if t.ref is not None and t.ref.kind == "self" and inst.identity is not None:
            key, x = inst.identity
            ents = [ent_term(key, x, pl) for pl in inst.controllers]
            self.add("rep_test", e, _c("entering"), self.set_of(ents))
            return
        if t.objects is not None:
            ents = sorted(self.entering.members.get((inst.label, t.objects), set()))
            self.add("rep_test", e, _c("entering"), self.set_of(ents))
            return
        self.add("rep_test", e, _c("object"), self.set_of(self.target_values(inst, "object", t)))

    # -- effects --------------------------------------------------------------------------
    def effect(self, inst: Instance) -> None:
        spec = inst.spec
        assert isinstance(spec, S.ReplacementSpec)
        e = F.term(inst.id)
        if inst.late:
            self.add("rep_late", e)
            return
        self.add("rep_effect", e)
        self.add("rep_bit", e, self.bits[inst.id])
        self.add("rep_controller", e, p(inst.controller))
        for flag, name in ((spec.self_replacement, "rep_self"), (spec.prevention, "rep_prevention"),
                           (spec.regeneration, "rep_regeneration")):
            if flag:
                self.add(name, e)
        if spec.uses is not None:
            self.add("rep_uses", e, spec.uses)
        self.pattern(e, inst, spec.pattern)
        if inst.protection is not None:
            self.protection(e, inst.protection)
        if spec.shield is not None:
            self.add("rep_shield", e, spec.shield)
            return
        for alt in spec.alternatives:
            for label, mods, templates in self.expand(inst, alt):
                a = F.term(label)
                self.add("rep_alt", e, a)
                if is_enter_pattern(spec.pattern) and not alt.instead:  # else no entering left
                    mods, templates = carry(mods, templates)
                for m in mods:
                    self.add("rep_mod", e, a, m)
                for i, tmpl in enumerate(templates):
                    self.template(e, a, i + 1, inst, tmpl, spec.pattern.kind)

    def expand(self, inst: Instance, alt: S.Alternative) -> list[Expanded]:
        """An alternative, split into one per copy target, chosen word or subset of objects."""
        mods: list[F.Value] = []
        for field, op, val in alt.changes:
            v = self.value(inst, field, val)
            mods.append({"times": F.Fn("mul", _c(field), val.number or 0),
                         "plus": F.Fn("add", _c(field), val.number or 0),
                         "half": F.Fn("half", _c(field)),
                         "cap_life": F.Fn("cap_life", val.number or 0),
                         "set": F.Fn("set", _c(field), v)}[op])
        if alt.redirect is not None:
            mods.append(F.Fn("redirect", self.value(inst, "target", alt.redirect)))
        if alt.prevent is not None:
            if isinstance(alt.prevent, tuple):  # ("all_but", N)
                mods.append(F.Fn("prevent", F.Fn("but", alt.prevent[1])))
            else:
                mods.append(F.Fn("prevent", _c("all") if alt.prevent == "all" else alt.prevent))
        if alt.instead:
            mods.append(_c("instead"))
        out = [(alt.label, mods, list(alt.templates))]
        if alt.copy is not None:
            xs = self.entering.copy_candidates.get(inst.id, ())
            out = [(f"copy {x}", mods + [F.Fn("set", _c("as"), o(x))], list(alt.templates)) for x in xs]
        if alt.choices:
            out = [(w, mods + [F.Fn("set", _c("choice"), _c(w))], list(alt.templates)) for w in alt.choices]
        if alt.choose_objects is not None:
            out = self.subsets(inst, alt, mods)
        return out

    def subsets(self, inst: Instance, alt: S.Alternative, mods: list[F.Value]) -> list[Expanded]:
        """CR 614.13: one alternative per subset of the objects that may be chosen."""
        ch = alt.choose_objects
        assert ch is not None
        skip = self.entering.entering_ids | ({inst.source} if inst.source else set())  # CR 614.13a
        cands = sorted(x for x in inst.matching(ch.selector) if x not in skip)
        if len(cands) > MAX_CHOSEN:
            raise UnsupportedQuery(f"{inst.id}: more than {MAX_CHOSEN} objects to choose among")
        out = []
        for k in range(len(cands) + 1):
            for chosen in combinations(cands, k):
                tmpls = list(alt.templates)
                for x in chosen:
                    tmpls.append(S.Template("move", (
                        ("object", S.Value("object", obj=_ref(x))), ("to", S.Value("word", word=ch.to)),
                        ("from", S.Value("word", word=self.state.object(x).zone.value)),
                        ("cause", S.Value("word", word=ch.cause)))))
                if ch.counter and ch.per and chosen:
                    tmpls.append(devoured(ch, len(chosen)))
                out.append(("+".join(chosen) or "none", list(mods), tmpls))
        return out

    def value(self, inst: Instance, field: str, val: S.Value) -> clingo.Symbol:
        """A modification's value as a term."""
        if val.kind == "player" and val.player is not None:
            ps = players_of(val.player, inst, self.state)
            if len(ps) != 1:
                raise UnsupportedQuery(f"{inst.id}: {field} must name one player")
            return F.term(p(ps[0]))
        if val.kind == "object" and val.obj is not None:
            return F.term(o(object_of(val.obj, inst, self.state)))
        if val.kind == "top_of" and val.player is not None:
            return F.term(F.Fn("top", p(players_of(val.player, inst, self.state)[0])))
        if val.kind == "card_in" and val.player is not None and val.word:
            return F.term(F.Fn("card", p(players_of(val.player, inst, self.state)[0]), _c(val.word)))
        if val.kind == "int":
            return F.term(val.number or 0)
        if val.kind == "bool":
            return term(field, bool(val.flag))
        if val.kind == "text":
            return F.term(val.word or "")
        if val.kind == "tokendef":
            return F.term(F.Fn("tokdef", val.word or ""))
        if val.kind == "word":
            return F.term(_c(val.word or "none"))
        raise UnsupportedQuery(f"{inst.id}: `same` can't be used for {field} here")

    def template(self, e: clingo.Symbol, a: clingo.Symbol, i: int, inst: Instance, tmpl: S.Template,
                 watched: str) -> None:
        """A new event (CR 614.6): every field given, defaulted, or copied from the event.
        A field the template can't have is an error located where the scenario wrote it."""
        try:
            self._template(e, a, i, inst, tmpl, watched)
        except ScenarioError as exc:
            if exc.file is None and tmpl.where is not None:
                exc.file, exc.line, exc.path = tmpl.where
            raise

    def _template(self, e: clingo.Symbol, a: clingo.Symbol, i: int, inst: Instance, tmpl: S.Template,
                  watched: str) -> None:
        self.add("rep_tmpl", e, a, i, _c(tmpl.kind))
        if tmpl.kind == "move":  # a new move carries no counters yet (614.6)
            for c in self.carried:
                self.add("rep_tmpl_field", e, a, i, with_field(c), F.Fn("val", 0))
        given = dict(tmpl.fields)
        spec = inst.spec
        entering = isinstance(spec, S.ReplacementSpec) and is_enter_pattern(spec.pattern)
        for field in S.KIND_FIELDS[tmpl.kind]:
            val = given.get(field) or self.default(inst, tmpl.kind, field, given, watched)
            if entering and tmpl.kind == "counters" and field == "target" and val.kind == "same" \
                    and (val.field or field) == "object":
                # CR 122.6, 614.12: counters the entering object is given are put on the
                # permanent as it would exist on the battlefield (asp/replacement/entering.lp)
                self.add("rep_tmpl_field", e, a, i, _c(field), _c("entering"))
            elif val.kind == "same":
                src = val.field or field
                if src not in S.KIND_FIELDS[watched]:
                    raise UnsupportedQuery(f"{inst.id}: a {watched} event has no {src!r} to copy")
                self.add("rep_tmpl_field", e, a, i, _c(field), F.Fn("same", _c(src)))
            elif val.kind == "prevented":
                if not (isinstance(spec, S.ReplacementSpec) and spec.prevention):
                    raise ScenarioError(f"{field}: `prevented` is the damage a prevention effect prevented "
                                        "(CR 615.5); this effect prevents nothing")
                self.add("rep_tmpl_field", e, a, i, _c(field), _c("prevented"))
            elif val.kind == "controller_of":
                src = val.field or "source"
                if src not in S.KIND_FIELDS[watched]:
                    raise UnsupportedQuery(f"{inst.id}: a {watched} event has no {src!r}")
                self.add("rep_tmpl_field", e, a, i, _c(field), F.Fn("ctl_of", _c(src)))
            else:
                self.add("rep_tmpl_field", e, a, i, _c(field), F.Fn("val", self.value(inst, field, val)))

    def default(self, inst: Instance, kind: str, field: str, given: dict[str, S.Value],
                watched: str) -> S.Value:
        """The value of a field a new event doesn't give."""
        simple = {"count": S.Value("int", number=1), "cause": S.Value("word", word="effect"),
                  "position": S.Value("word", word="none"), "tapped": S.Value("bool", flag=False),
                  "face": S.Value("word", word="front"), "choice": S.Value("word", word="none"),
                  "damage": S.Value("bool", flag=False), "combat": S.Value("bool", flag=False),
                  "what": S.Value("word", word="step")}
        if field in simple:
            return simple[field]
        obj = given.get("object")
        if kind == "move" and field == "from":
            if obj is not None and obj.kind == "top_of":
                return S.Value("word", word="library")
            if obj is not None and obj.kind == "card_in":
                return S.Value("word", word=obj.word)
            if obj is not None and obj.kind == "object" and obj.obj is not None:
                zone = self.state.object(object_of(obj.obj, inst, self.state)).zone
                return S.Value("word", word=zone.value)
        entering = given.get("to") is not None and given["to"].word == "battlefield"
        if kind == "move" and field in ("control", "as"):
            if not entering:
                return S.Value("word", word="none")
            if field == "as" and obj is not None and obj.kind in ("object", "same"):
                return obj
            if field == "control":
                return S.Value("player", player=PlayerRef("you"))
            return S.Value("word", word="none")
        if field == "by":
            return S.Value("player", player=PlayerRef("you"))
        if field in S.KIND_FIELDS[watched]:
            return S.Value("same", field=field)
        if field == "player" and "player" not in S.KIND_FIELDS[watched]:
            return S.Value("player", player=PlayerRef("you"))
        raise UnsupportedQuery(f"{inst.id}: the new {kind} event needs a {field!r}")

    # -- "can't" effects (CR 614.17) ------------------------------------------------------
    def cant(self, inst: Instance, spec: S.CantSpec) -> None:
        if spec.what == "regenerate":
            t = dict(spec.pattern.targets).get("object")
            if t is not None:
                for v in sorted(self.target_values(inst, "object", t)):
                    self.add("rep_no_regen", v)
            return
        e = F.term(inst.id)
        self.add("rep_unpreventable" if spec.what == "prevent" else "rep_cant", e)
        self.pattern(e, inst, spec.pattern)


def _ref(oid: str) -> ObjRef:
    return ObjRef("id", oid)


def proposals(steps: list[tuple[str, str | None, str | None]],
              events: list[tuple[clingo.Symbol, clingo.Symbol] | None] | None = None) -> list[clingo.Symbol]:
    """Facts of a proposed sequence: (effect, alternative, chooser) per step, and for some
    steps the event (kind, fields) it applies to."""
    out = []
    for t, on in enumerate(events or [], start=1):
        if on is not None:
            out.append(F.fact("rep_proposed_on", t, on[0], on[1]))
    for t, (eff, alt, by) in enumerate(steps, start=1):
        out.append(F.fact("rep_proposed", t, eff))
        if alt is not None:
            out.append(F.fact("rep_proposed_alt", t, alt))
        if by is not None:
            out.append(F.fact("rep_proposed_by", t, p(by)))
    return out


def takes(tree: list[clingo.Symbol]) -> list[clingo.Symbol]:
    """Facts of a tree of choices read from asp/replacement/outcomes.lp (``takes(X, E, A)``
    atoms, their closure terms passed back as they are) for asp/replacement/follow.lp."""
    return [F.fact("rep_takes", *a.arguments) for a in tree]


_INT_LIMIT = 2**31 - 1  # clingo's integers


def _check_range(parts: list, effects: list) -> None:  # type: ignore[type-arg]
    """The amounts the choices can reach stay within clingo's 32-bit integers: the largest
    number in the events, times every factor, plus every addition (each effect applies once to
    an event, CR 614.5), else the answer would wrap around silently."""
    largest = max((v for p in parts for _, v in p.fields if isinstance(v, int) and not isinstance(v, bool)),
                  default=0)
    factor, added = 1, 0
    for inst in effects:
        for alt in inst.spec.alternatives:
            for _field, op, val in alt.changes:
                n = getattr(val, "number", None) or 0
                if op == "times":
                    factor *= max(1, n)
                elif op == "plus":
                    added += abs(n)
    if largest * factor + added > _INT_LIMIT:
        raise UnsupportedQuery(f"with {largest} in the event and these effects, the amounts could reach "
                               f"{largest * factor + added:,}, beyond the solver's 32-bit integers "
                               f"({_INT_LIMIT:,}); use smaller numbers")
