"""Events that no replacement, prevention or "can't" effect can apply to (CR 614.1, 616.1: an
event with no applicable effect just happens), answered without the encodings.

Most events of a game meet no such effect: a creature dies, damage is dealt, a card is drawn
with no effect on the board watching any of it. For them the encodings' answer
(asp/replacement/replacement.lp) is one outcome with no step: the events that exist (614.7:
not 0 damage, no cards, no tokens), after the rules transformations of asp/replacement/
rules.lp (121.2: an instruction to draw N cards is N draws, 614.11: a draw from an empty library
is marked; 111.1: creating tokens is each token entering; 119.5: setting a life total is
gaining or losing the difference; 120.3: damage has its results), each known by its signature
(asp/replacement/outcome.lp). :func:`outcome` computes that answer from the query's facts, and
says ``None`` (ask the encodings) for anything outside the cases it knows to be exact:

* no fact of a "can't" effect (614.17), of an effect that can be used up (614.3, 615.7), of a
  proposed sequence, a given tree or a draw found on its own (the encodings' own inputs);
* every effect (``rep_effect``) watches only kinds of event that cannot arise here: then no
  effect looks at any event (match.lp ``looks/2``), none is a candidate (``cand/2``), and the
  encodings take no choice and apply nothing (process.lp, tree.lp);
* every event has every field of its kind once, no value the encodings rewrite (``token/2``,
  ``ent/3``), no counters carried (entering.lp) and numbers where it counts;
* no object moves twice (614.13b: the encodings find no outcome; their error stands);
* the results of damage name their controller where they need one (120.3b, 120.3d, 120.3f).

tests/replacement/test_quiet.py compares it with the encodings on every such event of the
bundled scenarios and on random ones; asp/README.md ("Performance") says what it saves.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

import clingo

from pyengine.replacement import spec as S

Signature = tuple[str, clingo.Symbol]  # kind, the tuple of its field values (outcome.lp)

# inputs after which the encodings may answer otherwise than "it just happens"
_ASK = frozenset({"rep_cant", "rep_uses", "rep_shield", "rep_unpreventable", "rep_takes", "rep_proposed",
                  "rep_proposed_alt", "rep_proposed_by", "rep_proposed_on", "rep_mask", "rep_defer",
                  "rep_cut"})
# the facts this module reads or knows to be of no consequence to an event no effect watches:
# any other (a rule added to the encodings later, such as toxic's rep_toxic/2) sends the
# question to the encodings
_READ = frozenset({"rep_player", "rep_life", "rep_library", "rep_obj_controller", "rep_obj_owner",
                   "rep_obj_type", "rep_keyword", "rep_valid_target", "rep_no_regen", "rep_part",
                   "rep_field", "rep_effect", "rep_bit", "rep_late", "rep_controller", "rep_self",
                   "rep_prevention", "rep_regeneration", "rep_watch", "rep_test", "rep_in", "rep_min",
                   "rep_max", "rep_lib_min", "rep_lib_max", "rep_alt", "rep_mod", "rep_tmpl",
                   "rep_tmpl_field", "rep_kind_field", "rep_kind_arity", "rep_twin"})
_F = clingo.Function
_NONE, _FALSE, _TRUE, _TOKEN = _F("none"), _F("false"), _F("true"), _F("token")
_LIBRARY, _BATTLEFIELD = _F("library"), _F("battlefield")
_KIND = _F("kind")
# parts.lp counted/2: the field that must be above 0 for the event to exist (614.7a, 120.8)
_COUNTED = {"damage": "amount", "gain_life": "amount", "lose_life": "amount", "pay_life": "amount",
            "counters": "amount", "remove_counters": "amount", "draw": "count",
            "create_tokens": "count", "move": "count"}
# outcome.lp on_entering/2: fields said only of a move to the battlefield, else these
_ON_ENTERING = {"control": _NONE, "as": _NONE, "tapped": _FALSE, "choice": _NONE}
# what each kind of event can become by the rules alone (rules.lp)
_BECOMES = {"draw": {"draw"}, "create_tokens": {"move"}, "set_life": {"gain_life", "lose_life"},
            "damage": {"damage", "lose_life", "counters", "remove_counters", "gain_life"}}


class _World:
    """What the facts say of the players and objects that the rules transformations read."""

    def __init__(self) -> None:
        self.life: dict[clingo.Symbol, clingo.Symbol] = {}
        self.library: dict[clingo.Symbol, clingo.Symbol] = {}
        self.controller: dict[clingo.Symbol, clingo.Symbol] = {}
        self.owner: dict[clingo.Symbol, clingo.Symbol] = {}
        self.types: set[tuple[clingo.Symbol, str]] = set()
        self.keywords: set[tuple[clingo.Symbol, str]] = set()

    def obj_controller(self, obj: clingo.Symbol) -> clingo.Symbol | None:
        """parts.lp obj_controller/2: the controller, else the owner."""
        return self.controller.get(obj, self.owner.get(obj))


class _Unknown(Exception):
    """A case the encodings must answer."""


def outcome(facts: Iterable[clingo.Symbol]) -> list[Signature] | None:
    """What happens, as the encodings' ``happens/3`` would show it (one entry per event, in no
    particular order), when provably no effect applies to any event that can arise; else
    ``None``."""
    try:
        return _outcome(facts)
    except _Unknown:
        return None


def _outcome(facts: Iterable[clingo.Symbol]) -> list[Signature]:
    parts: list[clingo.Symbol] = []
    fields: dict[clingo.Symbol, dict[clingo.Symbol, clingo.Symbol]] = {}
    world = _World()
    watched: set[str] = set()
    effects = False
    for f in facts:
        name = f.name
        if name in _ASK or name not in _READ and not name.startswith("q_"):
            raise _Unknown  # (q_*: the qualities protection matches sources by, read by effects only)
        args = f.arguments
        if name == "rep_part":
            parts.append(args[0])
        elif name == "rep_field":
            have = fields.setdefault(args[0], {})
            if args[1] in have:
                raise _Unknown
            have[args[1]] = args[2]
        elif name == "rep_effect":
            effects = True
        elif name == "rep_watch":
            watched.add(args[1].name)
        elif name == "rep_life":
            world.life[args[0]] = args[1]
        elif name == "rep_library":
            world.library[args[0]] = args[1]
        elif name == "rep_obj_controller":
            world.controller[args[0]] = args[1]
        elif name == "rep_obj_owner":
            world.owner[args[0]] = args[1]
        elif name == "rep_obj_type":
            world.types.add((args[0], args[1].name))
        elif name == "rep_keyword":
            world.keywords.add((args[0], args[1].name))
    if len(set(parts)) != len(parts):
        raise _Unknown
    events = [_event(fields.get(x, {})) for x in parts]
    if effects:
        arising = set().union(*({k} | _BECOMES.get(k, set()) for k, _ in events))
        if arising & watched:
            raise _Unknown
    out: list[Signature] = []
    for kind, named in events:
        out += _happens(kind, named, world)
    moved = Counter(s.arguments[0] for k, s in out if k == "move")
    if any(n > 1 and o.name == "o" for o, n in moved.items()):
        raise _Unknown  # 614.13b
    return out


def _event(have: dict[clingo.Symbol, clingo.Symbol]) -> tuple[str, dict[str, clingo.Symbol]]:
    """An event's kind and its fields by name, when the encodings would read them plainly."""
    kind = have.get(_KIND)
    if kind is None or kind.type != clingo.SymbolType.Function or kind.arguments \
            or kind.name not in S.KIND_FIELDS:
        raise _Unknown
    named: dict[str, clingo.Symbol] = {}
    for f, v in have.items():
        if f == _KIND:
            continue
        if f.type != clingo.SymbolType.Function:
            raise _Unknown
        if f.name == "with" and f.arguments:  # counters a move carries (entering.lp): none
            if v != clingo.Number(0):
                raise _Unknown
            continue
        if f.arguments or _rewritten(v):
            raise _Unknown
        named[f.name] = v
    if any(f not in named for f in S.KIND_FIELDS[kind.name]):
        raise _Unknown
    counted = _COUNTED.get(kind.name)
    if counted is not None and named[counted].type != clingo.SymbolType.Number:
        raise _Unknown
    return kind.name, named


def _rewritten(v: clingo.Symbol) -> bool:
    """A value outcome.lp writes otherwise (token_value/1, ent_value/1)."""
    return v.type == clingo.SymbolType.Function and (
        (v.name == "token" and len(v.arguments) == 2) or (v.name == "ent" and len(v.arguments) == 3))


def _sig(kind: str, named: dict[str, clingo.Symbol]) -> Signature:
    return kind, clingo.Tuple_([named[f] for f in S.KIND_FIELDS[kind]])


def _happens(kind: str, named: dict[str, clingo.Symbol], world: _World) -> list[Signature]:
    """What one initial event finally is (rules.lp, outcome.lp)."""
    counted = _COUNTED.get(kind)
    if counted is not None and named[counted].number <= 0:
        return []  # 614.7a, 120.8: it doesn't happen
    if kind == "draw":
        return _draws(named, world)
    if kind == "create_tokens":
        return _tokens(named)
    if kind == "set_life":
        return _set_life(named, world)
    if kind == "move":
        return [_move(named)]
    out = [_sig(kind, named)]
    if kind == "damage":
        out += _results(named, world)
    return out


def _draws(named: dict[str, clingo.Symbol], world: _World) -> list[Signature]:
    """121.2: N draws, one at a time; 614.11, 121.3: the i-th of them sees the library less
    the i-1 cards drawn before it (sequence.lp earlier/2), and one from an empty library is
    marked (outcome.lp empty_draw/1)."""
    player, n = named["player"], named["count"].number
    lib = world.library.get(player)
    out = []
    if lib is not None and lib.type != clingo.SymbolType.Number:
        raise _Unknown
    for i in range(n):
        empty = lib is not None and i >= lib.number
        out.append(("draw", clingo.Tuple_([player, clingo.Number(1), _TRUE if empty else _FALSE])))
    return out


def _tokens(named: dict[str, clingo.Symbol]) -> list[Signature]:
    """111.1: creating N tokens is each token entering the battlefield (rules.lp)."""
    one = {"object": _TOKEN, "count": clingo.Number(1), "from": _NONE, "to": _BATTLEFIELD,
           "cause": _F("create"), "position": _NONE, "control": named["control"],
           "as": named["as"], "tapped": named["tapped"], "face": _F("front"), "choice": _NONE}
    return [_sig("move", one)] * named["count"].number


def _move(named: dict[str, clingo.Symbol]) -> Signature:
    """outcome.lp move_value/3: a position only in a library (401.4), and how it enters only
    on the battlefield (110.5, 608.3a)."""
    sig = dict(named)
    if named["to"] != _LIBRARY:
        sig["position"] = _NONE
    if named["to"] != _BATTLEFIELD:
        sig.update(_ON_ENTERING)
    return _sig("move", sig)


def _set_life(named: dict[str, clingo.Symbol], world: _World) -> list[Signature]:
    """119.5: gaining or losing the difference; nothing if there is none (119.9)."""
    player, amount = named["player"], named["amount"]
    life = world.life.get(player)
    if life is None:
        return []
    if amount.type != clingo.SymbolType.Number or life.type != clingo.SymbolType.Number:
        raise _Unknown
    a, v = amount.number, life.number
    if a == v:
        return []
    diff = clingo.Number(abs(a - v))
    if a > v:
        return [("gain_life", clingo.Tuple_([player, diff, _F("effect")]))]
    return [("lose_life", clingo.Tuple_([player, diff, _FALSE]))]


def _results(named: dict[str, clingo.Symbol], world: _World) -> list[Signature]:
    """120.3: the results of damage dealt (rules.lp result_child/2)."""
    source, target, amount = named["source"], named["target"], named["amount"]
    keywords = {k for o, k in world.keywords if o == source}
    types = {t for o, t in world.types if o == target}
    out: list[Signature] = []

    def by() -> clingo.Symbol:
        p = world.obj_controller(source)
        if p is None:
            raise _Unknown
        return p

    def counters(counter: str) -> Signature:
        return ("counters", clingo.Tuple_([target, clingo.String(counter), amount, by(), _F("damage")]))

    is_player = (target.type == clingo.SymbolType.Function and target.name == "p"
                 and len(target.arguments) == 1)
    if is_player:
        out.append(counters("poison") if "infect" in keywords
                   else ("lose_life", clingo.Tuple_([target, amount, _TRUE])))  # 120.3b, 120.3a
    if "creature" in types and keywords & {"wither", "infect"}:
        out.append(counters("-1/-1"))  # 120.3d
    if "planeswalker" in types:
        out.append(("remove_counters", clingo.Tuple_([target, clingo.String("loyalty"), amount])))  # 120.3c
    if "battle" in types:
        out.append(("remove_counters", clingo.Tuple_([target, clingo.String("defense"), amount])))  # 120.3h
    if "lifelink" in keywords:
        out.append(("gain_life", clingo.Tuple_([by(), amount, _F("lifelink")])))  # 120.3f
    return out
