"""The trigger engine's input as clingo facts (documented in asp/triggers/defined.lp).

Two worlds: ``before`` (the game just before the events: abilities that look back in time
read it, CR 603.10) and ``after``. Objects and players are strings; zones, kinds, steps and
player words are constants; a definition's selectors, expressions and conditions get terms
``s(N)``, ``x(N)``, ``c(N)`` here. Nothing is formatted into program text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pyengine import walk
from pyengine.events import GameEvent
from pyengine.facts import Const, FactSet, Fn, declare
from pyengine.lang.effects import THIS_TURN
from pyengine.layers.result import ObjectChars
from pyengine.model.effects import Ability, Condition, Expr, PlayerRef, Selector, triggered_keyword
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import ALT_FLAGS, GameState
from pyengine.model.triggers import TriggerDef
from pyengine.triggers.history import TurnHistory

_SCHEMA = {
    "t_player": 1, "t_active": 1, "t_obj": 2, "t_zone": 3, "t_controller": 3, "t_owner": 3,
    "t_attr": 4, "t_num": 4, "t_has": 3, "t_trig": 2, "t_trig_from": 2, "t_trig_to": 2,
    "t_trig_obj": 2, "t_trig_self": 1, "t_trig_source": 2, "t_trig_to_player": 2, "t_trig_to_obj": 2,
    "t_trig_player": 2, "t_trig_combat": 2, "t_trig_step": 2, "t_trig_batch": 1, "t_trig_alone": 1, "t_trig_if": 2,
    "t_event": 3, "t_ev": 3, "t_sel_lit": 4, "t_sel_player": 4, "t_sel_self": 2, "t_sel_id": 2,
    "t_sel_cmp": 4, "t_sel_cmp_src": 4, "t_sel_any": 3, "t_sel_not": 2, "t_sel_zone": 2, "t_x_const": 2,
    "t_x_count": 2, "t_x_card_types": 2, "t_x_sum": 3, "t_x_neg": 2, "t_x_times": 3, "t_x_attr": 3, "t_c_cmp": 4,
    "t_c_all": 2, "t_c_any": 2, "t_c_not": 2, "t_c_turn": 2, "t_c_new_control": 1, "t_c_had_counters": 2, "t_c_renowned": 1,
    "t_c_has_counters": 2,
    "t_counter": 4, "t_check": 4, "t_ord": 2,
    "t_rank": 2, "t_chosen": 3, "t_delayed": 4, "t_trig_state": 2, "t_pending": 2, "t_ctx": 3,
    "t_target_obj": 2, "t_target_player": 2, "t_target_any": 1,
    "t_trig_nth": 2, "t_hist": 3, "t_x_hist": 3, "t_trig_turn": 2, "t_trig_once": 1,
    "t_fired": 2, "t_last": 3, "t_x_last": 3,
    "t_alt": 2, "t_attached": 3, "t_sel_host": 1, "t_trig_target": 2, "t_trig_at_least": 2, "t_trig_with_others": 2,
    "t_trig_cause": 2,
    "t_trig_zone": 2,
}
for _name, _arity in _SCHEMA.items():
    declare(_name, _arity)

YES, NO = Const("yes"), Const("no")
# the causes of events a trigger event reads (Pattern.by)
_CAUSES = ("discard", "sacrifice", "spell", "ability")


def triggered_abilities(state: GameState) -> dict[str, TriggerDef]:
    """Every triggered ability the state's objects and effects could give an object, by its
    text (the display name the layer engine reports): printed ones, and those an effect's
    ``add_abilities`` grants. Two different definitions with one text are refused."""
    found: dict[str, TriggerDef] = {}
    # a double-faced permanent's other face too (712.2): a transformed permanent that left the
    # battlefield has its front face up there, and its back face's ability looks back (603.10a)
    faces = [o.other_face for o in state.objects if o.other_face is not None]
    for source in [*(o.printed for o in state.objects), *faces, *(e.definition for e in state.effects)]:
        for x in _triggered_in(source):
            other = found.setdefault(x.name, x.trigger)
            if other != x.trigger and not _same_but_keys(other, x.trigger):
                raise ValueError(f"two different triggered abilities have the text {x.name!r}; "
                                 "give each its own text")
    return found


def _same_but_keys(a: object, b: object) -> bool:
    """Whether two definitions differ only in the internal keys of what they nest (one
    ability printed on both faces of a card, creating a token with an ability: each face's
    token ability is keyed by that face's name)."""
    import re

    def plain(d: object) -> str:
        return re.sub(r"key='[^']*'", "key=''", repr(d))

    return plain(a) == plain(b)


# The triggered abilities nested in each printed characteristics or effect definition, by
# the value itself (its identity: a game's states share their objects' values, and a value's
# equality leaves out some fields walked here, such as a card's faces). Walking a board's
# values costs milliseconds, and a game asks after every event. Emptied when full.
_NESTED: dict[int, tuple[object, tuple[Ability, ...]]] = {}
_NESTED_MAX = 4096


def _triggered_in(source: object) -> tuple[Ability, ...]:
    """The abilities with a trigger nested in ``source``, in walk order."""
    got = _NESTED.get(id(source))
    if got is not None and got[0] is source:
        return got[1]
    abilities = tuple(x for x in walk.values(source) if isinstance(x, Ability) and x.trigger is not None)
    if len(_NESTED) >= _NESTED_MAX:
        _NESTED.clear()
    _NESTED[id(source)] = (source, abilities)
    return abilities


class Builder:
    """Collects the facts of one call; numbers the definitions' parts."""

    def __init__(self) -> None:
        self.fs = FactSet()
        self._n = 0
        self._players: tuple[str, ...] = ()
        self._combat = False  # the game's combat states are among the facts (506.4)

    def _fresh(self, kind: str) -> Fn:
        self._n += 1
        return Fn(kind, self._n)

    # -- the game ---------------------------------------------------------------------------
    def players(self, state: GameState) -> None:
        self._players = tuple(state.player_ids)
        for p in state.player_ids:
            self.fs.add("t_player", p)
        self.fs.add("t_active", state.turn.active)

    def world(self, world: str, state: GameState, chars: Mapping[str, ObjectChars],
              keys: Mapping[str, int], combat: Mapping[str, frozenset[str]] | None = None) -> None:
        """The objects of ``state`` with their characteristics after the layers; ``combat``:
        each attacking or blocking creature's states (506.4), when the game's combat is known
        (a selector's combat state is refused otherwise)."""
        w = Const(world)
        if combat is not None:
            self._combat = True
            for oid, states in sorted(combat.items()):
                for st in sorted(states):
                    self.fs.add("t_attr", w, oid, Const("combat"), st)
        for o in state.objects:
            c = chars.get(o.id)
            if c is None:
                continue
            self.fs.add("t_obj", w, o.id)
            self.fs.add("t_zone", w, o.id, Const(o.zone.value))
            self.fs.add("t_controller", w, o.id, c.controller)
            self.fs.add("t_owner", w, o.id, o.owner)
            if o.attached_to is not None:  # CR 301.5, 303.4: an Equipment or Aura and its host
                self.fs.add("t_attached", w, o.id, o.attached_to)
            for attr, values in (("type", c.types), ("subtype", c.subtypes), ("supertype", c.supertypes),
                                 ("color", c.colors), ("ability", c.abilities)):
                for v in values:
                    self.fs.add("t_attr", w, o.id, Const(attr), v)
            if c.name:
                self.fs.add("t_attr", w, o.id, Const("name"), c.name)
            # 702.30a: it came under its controller's control since the beginning of their last
            # upkeep (during that player's upkeep, the one before it: the one now is its second)
            upkeep = state.turn.step == Step.UPKEEP and state.turn.active == c.controller
            flags = {"token": o.token, "tapped": o.tapped, "kicked": o.kicked, "colorless": not c.colors,
                     "was_cast": o.cast_from is not None, "cast_from_hand": o.cast_from == Zone.HAND.value,
                     **{f: o.alt_cost == k for f, k in ALT_FLAGS.items()},  # 118.9
                     "multicolored": len(c.colors) > 1, "renowned": o.renowned,
                     "new_control": o.zone == Zone.BATTLEFIELD
                     and o.upkeeps_controlled <= (1 if upkeep else 0)}
            for flag, on in flags.items():
                if on:
                    self.fs.add("t_attr", w, o.id, Const(flag), "true")
            for kind, n in o.counters:  # 122.1: read by a look back (603.10a, pyengine.lang.lookback)
                self.fs.add("t_counter", w, o.id, kind, n)
            for attr in ("power", "toughness", "mana_value"):
                value = getattr(c, attr)
                if value is not None:
                    self.fs.add("t_num", w, o.id, Const(attr), value)
            for name in c.abilities:
                if name in keys:
                    self.fs.add("t_has", w, o.id, keys[name])

    def events(self, events: Sequence[GameEvent]) -> None:
        for e in events:
            self.fs.add("t_event", e.index, Const(e.kind), e.batch)
            for field in ("obj", "source", "player"):
                value = getattr(e, field)
                if value is not None:
                    self.fs.add("t_ev", e.index, Const(field), value)
            if e.target is not None:
                self.fs.add("t_ev", e.index, Const("target"), e.target)
            for field, value in (("from", e.from_zone), ("to", e.to_zone), ("step", e.step)):
                if value is not None:
                    self.fs.add("t_ev", e.index, Const(field), Const(value))
            if e.combat:
                self.fs.add("t_ev", e.index, Const("combat"), Const("true"))
            if e.cause in _CAUSES:  # a discard (701.9a); a spell's or ability's targeting (702.21a)
                self.fs.add("t_ev", e.index, Const("cause"), Const(e.cause))
            if e.kind == "zone_change" and e.cause == "madness":  # 702.35a: a discard, into exile
                self.fs.add("t_ev", e.index, Const("cause"), Const("madness"))
                self.fs.add("t_ev", e.index, Const("cause"), Const("discard"))

    def history(self, h: TurnHistory, events: Sequence[GameEvent] = (),
                keys: Mapping[str, int] | None = None) -> None:
        """The turn so far (pyengine.triggers.history): ``t_hist(What, P, N)`` for each player,
        and each cast or draw event's number among its player's this turn (``t_ev(I, nth, N)``)."""
        for p in sorted(self._players):
            for what in THIS_TURN:
                self.fs.add("t_hist", Const(what), p, h.amount(what, p))
        for p in sorted(self._players):  # the previous turn (726.2, "last turn")
            self.fs.add("t_last", Const("spells_cast"), p, h.last_amount("spells_cast", p))
        for e in events:
            n = h.nth(e)
            if n is not None:
                self.fs.add("t_ev", e.index, Const("nth"), n)
        for source, text in sorted(h.fired):  # "this ability triggers only once each turn"
            if keys is not None and text in keys:
                self.fs.add("t_fired", source, keys[text])

    # -- the definitions --------------------------------------------------------------------
    def definition(self, k: int, d: TriggerDef) -> None:
        p = d.pattern
        self.fs.add("t_trig", k, Const(p.kind))
        if p.from_zone:
            self.fs.add("t_trig_from", k, Const(p.from_zone))
        if p.to_zone:
            self.fs.add("t_trig_to", k, Const(p.to_zone))
        for pred, sel in (("t_trig_obj", p.obj), ("t_trig_source", p.source), ("t_trig_to_obj", p.to_obj),
                          ("t_trig_target", p.target)):
            if sel is not None:
                self.fs.add(pred, k, self.selector(sel))
        if p.obj is not None and ("is", "self") in [(rel, ref.kind) for rel, ref in p.obj.objs]:
            self.fs.add("t_trig_self", k)
        zone = moved_out(d.effects)
        # 113.6m: it moves its own object out of that zone: it functions only there, unless its
        # trigger condition puts the object there ("when this creature dies") or, for an Aura,
        # is about what it enchants leaving the battlefield
        about = {ref.kind for sel in (p.obj, p.source, p.to_obj) if sel is not None for _, ref in sel.objs}
        if zone is not None and not about & {"self", "attached"}:
            self.fs.add("t_trig_zone", k, Const(zone))
        if p.to_player:
            self.fs.add("t_trig_to_player", k, Const(p.to_player))
        if p.player:
            self.fs.add("t_trig_player", k, Const(p.player))
        if p.combat is not None:
            self.fs.add("t_trig_combat", k, YES if p.combat else NO)
        if p.step:
            self.fs.add("t_trig_step", k, Const(p.step))
        if p.one_or_more:
            self.fs.add("t_trig_batch", k)
        if p.alone:
            self.fs.add("t_trig_alone", k)
        if p.nth is not None:
            self.fs.add("t_trig_nth", k, p.nth)
        if p.turn is not None:
            self.fs.add("t_trig_turn", k, Const(p.turn))
        if p.once_each_turn:
            self.fs.add("t_trig_once", k)
        if p.cause is not None:
            self.fs.add("t_trig_cause", k, Const(p.cause))
        if p.at_least > 1:
            self.fs.add("t_trig_at_least", k, p.at_least)
        if p.with_others > 0:
            self.fs.add("t_trig_with_others", k, p.with_others)
        if p.by is not None:  # the event's cause: discard, spell, ability
            self.fs.add("t_trig_cause", k, Const(p.by))
        if d.condition is not None:
            self.fs.add("t_trig_if", k, self.condition(d.condition))
        if d.state is not None:  # CR 603.8
            self.fs.add("t_trig_state", k, self.condition(d.state))

    def selector(self, sel: Selector) -> Fn:
        s = self._fresh("s")
        for pos, attr, value in sel.lits:
            if attr == "combat" and not self._combat:  # 506.4
                raise ValueError("the trigger engine reads a combat state (attacking, blocking) "
                                 "only in an ability's targets")
            if attr == "top_of_graveyard":  # CR 404.1: read by the layer engine only
                raise ValueError("the trigger engine does not read the top card of a graveyard")
            if value == "chosen" and attr in ("type", "subtype", "color"):  # CR 607.2d
                raise ValueError("the trigger engine does not read 'the chosen ...' (a selector's chosen)")
            self.fs.add("t_sel_lit", s, YES if pos else NO, Const(attr), value)
        for pos, rel, ref in sel.players:
            self.fs.add("t_sel_player", s, YES if pos else NO, Const(rel), player_word(ref))
        for rel, _ref in sel.objs:  # only self and attached_by self (the parser refuses the rest)
            if rel == "attached_by":  # "enchanted creature", "equipped creature"
                self.fs.add("t_sel_host", s)
            else:
                self.fs.add("t_sel_self", s, YES if rel == "is" else NO)
        for oid in sel.ids:
            self.fs.add("t_sel_id", s, oid)
        for c in sel.compares:
            if c.rhs.op == "attr" and c.rhs.attr is not None:  # of the source (702.134a)
                self.fs.add("t_sel_cmp_src", s, Const(c.attr), Const(c.op), Const(c.rhs.attr))
            else:
                self.fs.add("t_sel_cmp", s, Const(c.attr), Const(c.op), c.rhs.value)
        for g, group in enumerate(sel.any_of):
            for alt in group:
                self.fs.add("t_sel_any", s, g, self.selector(alt))
        for sub in sel.none_of:
            self.fs.add("t_sel_not", s, self.selector(sub))
        if sel.zone is not None:
            self.fs.add("t_sel_zone", s, Const(sel.zone))
        return s

    def expr(self, e: Expr) -> Fn:
        x = self._fresh("x")
        if e.op == "const":
            self.fs.add("t_x_const", x, e.value)
        elif e.op == "count" and e.selector is not None:
            self.fs.add("t_x_count", x, self.selector(e.selector))
        elif e.op == "attr" and e.ref is not None and e.attr is not None:
            self.fs.add("t_x_attr", x, Const(e.attr), Const(e.ref.kind))
        elif e.op == "card_types" and e.selector is not None:  # Tarmogoyf, delirium (205.2a)
            self.fs.add("t_x_card_types", x, self.selector(e.selector))
        elif e.op == "sum":
            for j, a in enumerate(e.args):
                self.fs.add("t_x_sum", x, j, self.expr(a))
        elif e.op == "neg":
            self.fs.add("t_x_neg", x, self.expr(e.args[0]))
        elif e.op == "times":
            self.fs.add("t_x_times", x, e.value, self.expr(e.args[0]))
        elif e.op == "last_turn" and e.attr is not None and e.player is not None:  # the previous turn
            self.fs.add("t_x_last", x, Const(e.attr), player_word(e.player))
        elif e.op == "this_turn" and e.attr is not None and e.player is not None:
            self.fs.add("t_x_hist", x, Const(e.attr), player_word(e.player))
        else:
            raise ValueError(f"the trigger engine does not read the expression {e.op!r}")
        return x

    def condition(self, c: Condition) -> Fn:
        t = self._fresh("c")
        if c.op == "cmp" and c.lhs is not None and c.rhs is not None and c.cmp is not None:
            self.fs.add("t_c_cmp", t, self.expr(c.lhs), Const(c.cmp), self.expr(c.rhs))
        elif c.op in ("all", "any", "not"):
            for sub in c.args:
                self.fs.add(f"t_c_{c.op}", t, self.condition(sub))
        elif c.op == "turn" and c.player is not None:
            self.fs.add("t_c_turn", t, player_word(c.player))
        elif c.op == "new_control":  # 702.30a
            self.fs.add("t_c_new_control", t)
        elif c.op == "renowned":  # 702.112b
            self.fs.add("t_c_renowned", t)
        elif c.op == "has_counters" and c.counter is not None:  # 122.1: the source's, in world W
            self.fs.add("t_c_has_counters", t, c.counter)
        elif c.op == "had_counters" and c.counter is not None:  # 603.10a: pyengine.lang.lookback
            self.fs.add("t_c_had_counters", t, c.counter)
        else:
            raise ValueError(f"the trigger engine does not read the condition {c.op!r}")
        return t


def player_word(ref: PlayerRef) -> Const | Fn:
    """``you``, ``opponent``, ``active``, ``nonactive``, or ``id(P)``."""
    return Fn("id", ref.player or "") if ref.kind == "id" else Const(ref.kind)


def keyed(defs: Mapping[str, TriggerDef]) -> tuple[dict[str, int], dict[int, tuple[str, TriggerDef]]]:
    """Number the definitions (by text): text -> key, key -> (text, definition)."""
    keys = {text: k for k, text in enumerate(sorted(defs))}
    return keys, {k: (text, defs[text]) for text, k in keys.items()}


def merged(*tables: Mapping[str, TriggerDef]) -> dict[str, TriggerDef]:
    """The definitions of several states, one per text (refusing two different ones)."""
    out: dict[str, TriggerDef] = {}
    for table in tables:
        for text, d in table.items():
            if out.setdefault(text, d) != d:
                raise ValueError(f"two different triggered abilities have the text {text!r}")
    return out



# CR 603.1: a triggered ability begins with "when", "whenever" or "at"
_TRIGGER_WORDS = ("when ", "whenever ", "at ")


def text_only_triggers(state: GameState) -> list[tuple[str, str]]:
    """(object or effect id, text) of each triggered ability the state holds only as text
    (a card's paragraph the engines can't run: seen as present or absent). The trigger engine
    can't tell when such an ability triggers, so a query that asks what triggers must refuse
    the state rather than answer as if the ability were not there."""
    out: list[tuple[str, str]] = []
    roots = [(o.id, o.printed) for o in state.objects] + [(e.id, e.definition) for e in state.effects]
    for owner, root in roots:
        for x in walk.values(root):
            if not isinstance(x, Ability) or x.trigger is not None:
                continue
            text = (x.text or x.name).strip()
            # a triggered keyword held only by name (CR 702: "Prowess is a triggered ability")
            named = triggered_keyword(x) is not None
            worded = x.kind == "text" and text.lower().startswith(_TRIGGER_WORDS)
            if (named or worded) and (owner, text) not in out:
                out.append((owner, text))
    return out


def refuse_text_only_triggers(state: GameState, what: str) -> str | None:
    """One line for the first text-only triggered ability, or None."""
    found = text_only_triggers(state)
    if not found:
        return None
    owner, text = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return (f"{owner} has the triggered ability {text!r} only as text{more}: {what} can't tell when it "
            "triggers (CR 603.1); give it as {trigger, do} (docs/effect-language.md) or leave the card out")


def moved_out(effects: Sequence[Any]) -> str | None:
    """The zone (other than the battlefield) an instruction of ``effects`` moves the ability's
    own object out of ("return this card from your graveyard to your hand"), looked for in
    nested instructions too ("you may pay {B}. If you do, ..."); None for none (CR 113.6m)."""
    for ins in effects:
        fields = dict(getattr(ins, "fields", ()))
        if getattr(ins, "kind", None) == "move" and fields.get("object") == ("ref", "self") \
                and fields.get("from") not in (None, "battlefield"):
            return str(fields["from"])
        for v in fields.values():
            inner = v if isinstance(v, tuple) else (v,)
            found = moved_out([x for x in inner if hasattr(x, "fields")])
            if found is not None:
                return found
    return None
