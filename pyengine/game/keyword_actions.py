"""Keyword actions a game script performs (CR 701): proliferate (701.34), populate (701.36),
monstrosity (701.37), bolster (701.39), detain (701.35), manifest (701.40) and turning a
manifested permanent face up (701.40b), transform (701.27); planeswalk, set in motion and
abandon (701.31-701.33) exist only in Planechase and Archenemy games, which this game never is.

Counters, tokens and zone changes are events through the replacement engine
(:func:`pyengine.game.perform.perform`); toughness, types and control are the layer engine's.
A choice the rules forbid raises :class:`IllegalAction` naming the rule; a malformed action is
a one-line error of the script's reader (:func:`read`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Union

from pyengine.budget import Budget
from pyengine.cast.model import Payment
from pyengine.cast.special import CostPayment, check_payment, unsupported
from pyengine.events import GameEvent
from pyengine.game import checks
from pyengine.game.model import Game, IllegalAction
from pyengine.game.paying import pay_mana, produced
from pyengine.game.perform import layers, library, perform
from pyengine.game.pool import Pool
from pyengine.lang.effects import Ctx, parse_effect
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import ResolvedEffect
from pyengine.model.enums import Duration, FaceDown, Zone
from pyengine.model.mana import parse_cost
from pyengine.model.objects import Characteristics, GameObject
from pyengine.replacement.event import Event


@dataclass(frozen=True)
class Proliferate:
    """701.34a: ``player`` chooses these permanents and players that have counters."""

    player: str
    chosen: tuple[str, ...]


@dataclass(frozen=True)
class Populate:
    """701.36a: ``player`` copies the creature token ``token`` (None: the only one, or none);
    the new token's id is ``new_id``."""

    player: str
    token: str | None
    new_id: str


@dataclass(frozen=True)
class Monstrosity:
    """701.37a: monstrosity ``n`` of the permanent ``obj``."""

    obj: str
    n: int


@dataclass(frozen=True)
class Bolster:
    """701.39a: ``player`` bolsters ``n``; ``choice``: the creature among those tied for least
    toughness (None: the only one)."""

    player: str
    n: int
    choice: str | None


@dataclass(frozen=True)
class Detain:
    """701.35a: the spell's or ability's controller detains these permanents."""

    controller: str
    objects: tuple[str, ...]


@dataclass(frozen=True)
class Manifest:
    """701.40a: ``player`` manifests the top card of their library; ``new_id`` names it when
    the state doesn't (an unnamed card of ``library_size``)."""

    player: str
    new_id: str | None


@dataclass(frozen=True)
class TurnFaceUp:
    """701.40b: a special action (116.2b): ``player`` turns their manifested ``obj`` face up,
    paying its mana cost with ``payment`` (as a cast's: mana abilities and pool mana), or with
    pool mana of their choice when it is None."""

    player: str
    obj: str
    payment: Payment | None = None


@dataclass(frozen=True)
class Transform:
    """701.27a: the permanent ``obj`` turns over to its other face."""

    obj: str


@dataclass(frozen=True)
class VariantAction:
    """Planeswalk (701.31), set in motion (701.32), abandon (701.33)."""

    word: str
    player: str


KeywordAction = Union[Proliferate, Populate, Monstrosity, Bolster, Detain, Manifest, TurnFaceUp,
                      Transform, VariantAction]
KINDS = (Proliferate, Populate, Monstrosity, Bolster, Detain, Manifest, TurnFaceUp, Transform,
         VariantAction)

# CR 701.31a, 701.32a, 701.33a: only during a Planechase or an Archenemy game
VARIANTS = {"planeswalk": ("701.31a", "a player may planeswalk only during a Planechase game (901)"),
            "set_in_motion": ("701.32a", "a scheme may be set in motion only during an Archenemy game "
                                         "(904)"),
            "abandon": ("701.33a", "a scheme may be abandoned only during an Archenemy game (904)")}
KEYS = frozenset({"proliferate", "populate", "monstrosity", "bolster", "detain", "manifest",
                  "turn_face_up", "transform"} | set(VARIANTS))


# -- reading ------------------------------------------------------------------------------

def read(reader: Any, key: str, cur: Cursor) -> KeywordAction:
    """The action of script item ``{key: ...}`` (``reader``: the script's ScriptReader)."""
    if key in VARIANTS:
        return VariantAction(key, reader.player(cur))
    if key == "transform":
        return Transform(reader.object(cur if isinstance(cur.value, str) else
                                       cur.mapping({"object"}, "{object: PERMANENT}").req("object")))
    if key == "proliferate":
        cur.mapping({"player", "chosen"}, "{player: P, chosen: [PERMANENTS AND PLAYERS WITH COUNTERS]}")
        chosen = tuple(cur.req("chosen").strings("a list of permanent and player ids")) \
            if cur.get("chosen").value != [] else ()
        for c in chosen:
            if c not in reader.players and c not in reader.ids:
                cur.get("chosen").fail(f"expected a player or object id, got {c!r}")
        if len(set(chosen)) != len(chosen):
            cur.get("chosen").fail("expected each permanent or player once (CR 701.34a)")
        return Proliferate(reader.player(cur.req("player")), chosen)
    if key == "populate":
        cur.mapping({"player", "token", "id"}, "{player: P, token: CREATURE TOKEN, id: NEW TOKEN ID}")
        token = reader.object(cur.get("token")) if cur.has("token") else None
        return Populate(reader.player(cur.req("player")), token, _fresh(reader, cur.req("id")))
    if key == "monstrosity":
        cur.mapping({"object", "amount"}, "{object: PERMANENT, amount: N}")
        return Monstrosity(reader.object(cur.req("object")), cur.req("amount").integer("N", 0))
    if key == "bolster":
        cur.mapping({"player", "amount", "choice"}, "{player: P, amount: N, choice: CREATURE}")
        choice = reader.object(cur.get("choice")) if cur.has("choice") else None
        return Bolster(reader.player(cur.req("player")), cur.req("amount").integer("N", 0), choice)
    if key == "detain":
        cur.mapping({"controller", "objects"}, "{controller: P, objects: [PERMANENTS]}")
        objs = cur.req("objects")
        ids = [objs.value] if isinstance(objs.value, str) else objs.strings("a list of permanent ids")
        for o in ids:
            reader.object(Cursor(o, objs.path, objs.line, objs.file))
        if not ids:
            objs.fail("expected at least one permanent to detain")
        return Detain(reader.player(cur.req("controller")), tuple(ids))
    if key == "manifest":
        if isinstance(cur.value, str):
            return Manifest(reader.player(cur), None)
        cur.mapping({"player", "id"}, "{player: P, id: ID FOR AN UNNAMED TOP CARD}")
        new_id = _fresh(reader, cur.get("id")) if cur.has("id") else None
        return Manifest(reader.player(cur.req("player")), new_id)
    cur.mapping({"player", "object", "payment"},
                "{player: P, object: MANIFESTED PERMANENT, payment: {tap, pool}}")
    payment = None
    if cur.has("payment"):
        from pyengine.queries.cast import _payment

        payment = _payment(cur.get("payment"), {o.id: o for o in reader.state.objects}, {})
    return TurnFaceUp(reader.player(cur.req("player")), reader.object(cur.req("object")), payment)


def _fresh(reader: Any, cur: Cursor) -> str:
    oid = cur.string("an id for the new object")
    if oid in reader.ids or oid in reader.players:
        cur.fail(f"id {oid!r} is already used")
    reader.ids.add(oid)
    reader.events.objects.add(oid)
    return oid


# -- performing ---------------------------------------------------------------------------

def apply(game: Game, action: KeywordAction, budget: Budget | float) -> Game:
    """The game after the keyword action; :class:`IllegalAction` if the rules forbid it. The
    player holding priority receives it again: state-based actions and triggers first (117.5)."""
    if isinstance(action, VariantAction):
        rule, why = VARIANTS[action.word]
        raise IllegalAction(rule, f"{why}; this game is a two-player game without variants")
    holder = game.priority
    game = _DO[type(action)](game, action, budget)
    if isinstance(action, TurnFaceUp):  # 116.3: after a special action, the player receives priority
        holder = action.player
        game = game.clone(passes=0)  # 117.4: passes in succession only
    if holder is not None and game.pending is None:
        game = checks.give_priority(game, holder, budget)
    return game


def _counters(on: tuple[str, str], kind: str, n: int, by: str) -> Event:
    return Event("counters", (("target", on), ("counter", kind), ("amount", n), ("by", ("p", by)),
                              ("cause", "effect")))


def _permanent(game: Game, oid: str, rule: str, what: str) -> GameObject:
    o = game.state.object(oid)
    if o.zone != Zone.BATTLEFIELD:
        raise IllegalAction(rule, f"{oid} is in the {o.zone.value}: only a permanent {what}")
    return o


def _proliferate(game: Game, a: Proliferate, budget: Budget | float) -> Game:
    events = []
    players = set(game.state.player_ids)
    for c in a.chosen:
        if c in players:  # the game follows a player's poison counters (122.1f)
            if game.state.player(c).poison <= 0:
                raise IllegalAction("701.34a", f"{c} has no counters to proliferate")
            events.append(_counters(("p", c), "poison", 1, a.player))
            continue
        o = _permanent(game, c, "701.34a", "or player with counters can be chosen")
        if not o.counters:
            raise IllegalAction("701.34a", f"{c} has no counters to proliferate")
        events += [_counters(("o", c), kind, 1, a.player) for kind, _ in o.counters]  # each kind
    return perform(game, events, rule="701.34a", budget=budget)


def _creatures(game: Game, player: str, budget: Budget | float, tokens: bool = False) -> dict[str, Any]:
    """The creatures ``player`` controls (layer engine: types and control, 613), by id."""
    res = layers(game.state, budget)
    out = {}
    for o in game.state.objects:
        ch = res.objects.get(o.id)
        if (o.zone == Zone.BATTLEFIELD and ch is not None and "Creature" in ch.types
                and ch.controller == player and (o.token or not tokens)):
            out[o.id] = ch
    return out


def _populate(game: Game, a: Populate, budget: Budget | float) -> Game:
    tokens = _creatures(game, a.player, budget, tokens=True)
    if a.token is not None and a.token not in tokens:
        raise IllegalAction("701.36a", f"{a.token} is not a creature token {a.player} controls"
                            + (f" (they control: {', '.join(sorted(tokens))})" if tokens else ""))
    if not tokens:
        return game  # 701.36b: no token is created
    token = a.token
    if token is None:
        if len(tokens) > 1:
            raise IllegalAction("701.36a", f"{a.player} chooses which creature token to copy: "
                                           f"{', '.join(sorted(tokens))}")
        token = next(iter(tokens))
    ev = Event("create_tokens", (("control", ("p", a.player)), ("as", ("o", token)), ("count", 1),
                                 ("tapped", False)))
    return perform(game, [ev], rule="701.36a", cause="create", budget=budget, token_ids=(a.new_id,))


def _monstrosity(game: Game, a: Monstrosity, budget: Budget | float) -> Game:
    o = _permanent(game, a.obj, "701.37b", "can be or become monstrous")
    if o.monstrous:
        return game  # 701.37a: "if this permanent isn't monstrous"
    if a.n > 0:
        game = perform(game, [_counters(("o", o.id), "+1/+1", a.n, o.controller)], rule="701.37a",
                       budget=budget)
    now = game.state.object(o.id)
    if now.zone != Zone.BATTLEFIELD:
        return game
    objs = tuple(replace(x, monstrous=True) if x.id == o.id else x for x in game.state.objects)
    return game.with_state(objects=objs).emit(GameEvent("becomes_monstrous", obj=o.id, amount=a.n,
                                                        rule="701.37a"))


def _bolster(game: Game, a: Bolster, budget: Budget | float) -> Game:
    mine = _creatures(game, a.player, budget)
    if not mine:
        if a.choice is not None:
            raise IllegalAction("701.39a", f"{a.player} controls no creature to bolster")
        return game
    least = min(ch.toughness if ch.toughness is not None else 0 for ch in mine.values())
    tied = sorted(i for i, ch in mine.items() if (ch.toughness if ch.toughness is not None else 0) == least)
    choice = a.choice
    if choice is not None and choice not in tied:
        raise IllegalAction("701.39a", f"{choice} doesn't have the least toughness ({least}) among the "
                                       f"creatures {a.player} controls: {', '.join(tied)}")
    if choice is None:
        if len(tied) > 1:
            raise IllegalAction("701.39a", f"{a.player} chooses among the creatures tied for least "
                                           f"toughness ({least}): {', '.join(tied)}")
        choice = tied[0]
    return perform(game, [_counters(("o", choice), "+1/+1", a.n, a.player)], rule="701.39a", budget=budget)


def _detain(game: Game, a: Detain, budget: Budget | float) -> Game:
    for oid in a.objects:
        _permanent(game, oid, "701.35a", "can be detained")
    text = "can't attack or block until its detainer's next turn"
    definition = parse_effect(Cursor({"text": text, "cant_attack": True, "cant_block": True}, "detain",
                                     None, None), Ctx(players=game.state.player_ids), allow_no_affects=True)
    ts = game.next_timestamp
    eff = ResolvedEffect(f"detain@{ts}", definition, ts, a.controller, Duration.UNTIL_YOUR_NEXT_TURN,
                         locked=a.objects)
    game = game.with_state(effects=game.state.effects + (eff,)).clone(next_timestamp=ts + 1)
    return game.emit(*(GameEvent("detain", obj=o, player=a.controller, rule="701.35a") for o in a.objects))


def _manifest(game: Game, a: Manifest, budget: Budget | float) -> Game:
    pl = game.state.player(a.player)
    if pl.library_size <= 0:
        return game  # no card to manifest
    objs = {o.id: o for o in game.state.objects}
    named = library(objs, [o.id for o in game.state.objects], a.player)
    if named:
        top = named[0]
    else:  # an unnamed card of the library: it becomes an object, its face unknown
        top = a.new_id or f"manifested-{game.next_timestamp}"
        card = GameObject(top, Characteristics(), owner=a.player, controller=a.player, zone=Zone.LIBRARY)
        game = game.with_state(objects=game.state.objects + (card,))
    fields = (("object", ("o", top)), ("count", 1), ("from", "library"), ("to", "battlefield"),
              ("cause", "effect"), ("position", None), ("control", ("p", a.player)), ("as", ("o", top)),
              ("tapped", False), ("face", "front"), ("choice", None))
    game = perform(game, [Event("move", fields)], rule="701.40a", budget=budget)
    if game.state.object(top).zone != Zone.BATTLEFIELD:
        return game
    objs2 = tuple(replace(o, face_down=True, face_down_kind=FaceDown.MANIFEST) if o.id == top else o
                  for o in game.state.objects)
    return game.with_state(objects=objs2)


def _turn_face_up(game: Game, a: TurnFaceUp, budget: Budget | float) -> Game:
    if game.priority != a.player:
        raise IllegalAction("116.2b", f"{a.player} turns a manifested permanent face up only while "
                                      "holding priority (701.40b)")
    o = _permanent(game, a.obj, "701.40b", "is turned face up")
    if not o.face_down or o.face_down_kind != FaceDown.MANIFEST:
        raise IllegalAction("701.40b", f"{a.obj} is not a manifested permanent")
    if layers(game.state, budget).objects[o.id].controller != a.player:
        raise IllegalAction("701.40b", f"{a.player} doesn't control {a.obj}")
    types = set(o.printed.types)
    if types & {"Instant", "Sorcery"}:
        raise IllegalAction("701.40g", f"{a.obj} is an instant or sorcery card: revealed, it stays face down")
    if "Creature" not in types or o.printed.mana_cost is None:
        raise IllegalAction("701.40b", f"{a.obj} is not a creature card with a mana cost")
    game = _pay_cost(game, a, o.printed.mana_cost, budget)
    ts = game.next_timestamp  # 613.7f
    objs = tuple(replace(x, face_down=False, timestamp=ts) if x.id == o.id else x for x in game.state.objects)
    game = game.with_state(objects=objs).clone(next_timestamp=ts + 1)
    return game.emit(GameEvent("turned_face_up", obj=o.id, player=a.player, rule="701.40b"))


def special_actions(game: Game, budget: Budget | float = 30.0) -> tuple[TurnFaceUp, ...]:
    """The manifested permanents the player holding priority may turn face up now (701.40b,
    116.2b): creature cards with a mana cost they can pay."""
    pid = game.priority
    if pid is None or not any(o.face_down for o in game.state.objects):
        return ()
    res = layers(game.state, budget)
    return tuple(TurnFaceUp(pid, o.id) for o in game.state.objects
                 if o.zone == Zone.BATTLEFIELD and o.face_down and o.face_down_kind == FaceDown.MANIFEST
                 and o.id in res.objects and res.objects[o.id].controller == pid
                 and "Creature" in o.printed.types and not {"Instant", "Sorcery"} & set(o.printed.types)
                 and o.printed.mana_cost is not None and unsupported(o.printed.mana_cost) is None
                 and _payment(game, pid, o.printed.mana_cost, None, budget).payments)


def _payment(game: Game, player: str, cost: str, payment: Payment | None,
             budget: Budget | float) -> CostPayment:
    sym = unsupported(cost)
    if sym is not None:
        raise IllegalAction("701.40b", f"paying {{{sym}}} is not followed by the game yet")
    return check_payment(game.state, player, cost, payment, layers(game.state, budget), budget)


def _pay_cost(game: Game, a: TurnFaceUp, cost: str, budget: Budget | float) -> Game:
    """701.40b: the mana cost is paid as a cast's total cost is (601.2g-h: the casting
    encodings judge the payment, :mod:`pyengine.game.paying` moves the mana)."""
    verdict = _payment(game, a.player, cost, a.payment, budget)
    if not verdict.payments:
        first = verdict.violations[0] if verdict.violations else None
        raise IllegalAction("701.40b", f"{a.player} can't pay {cost} (mana available: "
                                       f"{game.state.player(a.player).mana or 'none'}"
                                       + (f"; {first.render()})" if first else ")"))
    if len(verdict.payments) > 1:
        spends = "; ".join("".join(f"{{{k}}}" * n for k, n in spent) for spent, _ in verdict.payments)
        raise IllegalAction("601.2h", f"which mana pays {cost} is {a.player}'s choice ({spends}): give "
                                      "payment: {pool: ...}")
    spent = verdict.payments[0][0]
    pay = a.payment or Payment()
    added = produced(pay, layers(game.state, budget))
    tapped = [(oid, "mana_ability", "601.2g") for oid, _ in pay.tap]
    return pay_mana(game, a.player, tapped, added, Pool(spent), 0, len(_units(cost)))


def _units(cost: str) -> list[str]:
    """The mana symbols of ``cost``, a generic {N} as N symbols."""
    out: list[str] = []
    for sym in parse_cost(cost).symbols:
        out += ["1"] * int(sym) if sym.isdigit() else [sym]
    return out


def _transform(game: Game, a: Transform, budget: Budget | float) -> Game:
    o = _permanent(game, a.obj, "701.27a", "transforms")
    if o.other_face is None or o.face_down:
        return game  # 701.27c: not a double-faced permanent; 712.15a: face down it can't transform
    if {"Instant", "Sorcery"} & set(o.other_face.types):
        return game  # 701.27d
    front = o.other_face if o.transformed else o.printed
    up = o.other_face if o.transformed else replace(o.other_face, mana_value=front.mana_value)  # 712.8e
    ts = game.next_timestamp  # 613.7g
    new = replace(o, printed=up, other_face=o.printed,
                  transformed=not o.transformed, timestamp=ts)
    objs = tuple(new if x.id == o.id else x for x in game.state.objects)
    game = game.with_state(objects=objs).clone(next_timestamp=ts + 1)
    return game.emit(GameEvent("transform", obj=o.id, player=o.controller, rule="701.27a"))


_DO: dict[type, Any] = {Proliferate: _proliferate, Populate: _populate, Monstrosity: _monstrosity,
                        Bolster: _bolster, Detain: _detain, Manifest: _manifest, TurnFaceUp: _turn_face_up,
                        Transform: _transform}
