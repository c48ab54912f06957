"""Planechase (CR 901) and Archenemy (904) games: the planar decks and the face-up planes, the
archenemy's scheme deck and face-up schemes, and the keyword actions only they have:
planeswalk (701.31), set in motion (701.32) and abandon (701.33).

A game query says it is such a game (``planechase:`` / ``archenemy:``, scenarios/turns/README.md);
the cards are the state's objects in the command zone (311.2, 312.2, 314.2), with card type
Plane, Phenomenon or Scheme, and this module keeps their order in the decks and which are face
up. The planar controller is the active player (901.6: "Normally, the planar controller is
whoever the active player is"; this two-player game has no player leaving it mid-turn but by
losing, which ends it). The cards' own abilities (chaos abilities 311.7, encounter triggers
312.5, "when you set this scheme in motion" 904.9) are not run: a card with abilities is
refused as the game is set up. The planar die (901.9) is not part of the game.

State-based actions 704.6e (a face-up non-ongoing scheme goes face down to the bottom) and
704.6f (a face-up phenomenon: the planar controller planeswalks) and the turn-based action
505.3 (the archenemy sets the top scheme in motion as their precombat main phase begins) are
performed here, called by :mod:`pyengine.game.checks` and :mod:`pyengine.game.turns`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyengine.errors import UnsupportedQuery
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState

PLANAR = ("Plane", "Phenomenon")


@dataclass(frozen=True)
class Variants:
    """The variant state of a game. ``planar_decks``: each player's planar deck, top first;
    ``planes``: the face-up plane and phenomenon cards. ``archenemy``: the archenemy (904.2a),
    ``scheme_deck`` their scheme deck, top first, ``schemes`` the face-up schemes."""

    planechase: bool = False
    planar_decks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    planes: tuple[str, ...] = ()
    archenemy: str | None = None
    scheme_deck: tuple[str, ...] = ()
    schemes: tuple[str, ...] = ()

    def deck(self, player: str) -> tuple[str, ...]:
        return dict(self.planar_decks).get(player, ())

    def with_deck(self, player: str, cards: tuple[str, ...]) -> "Variants":
        decks = tuple((p, cards if p == player else d) for p, d in self.planar_decks)
        return replace(self, planar_decks=decks)


# --- reading (the game query's ``planechase:`` and ``archenemy:``) --------------------------

def read(cur: Cursor, state: GameState) -> Variants | None:
    """The variants the game query names (None: a game without variants)."""
    v = Variants()
    listed: dict[str, Cursor] = {}
    if cur.has("planechase"):
        c = cur.get("planechase").mapping({"planar_decks", "face_up"},
                                          "{planar_decks: {PLAYER: [CARDS, top first]}, face_up: [CARDS]}")
        decks = c.req("planar_decks").mapping(set(state.player_ids), "a mapping player -> planar deck")
        missing = [p for p in state.player_ids if p not in decks.value]
        if missing:
            c.get("planar_decks").fail("expected a planar deck for each player (CR 901.3), none for "
                                       + missing[0])
        pdecks = tuple((p, _cards(decks.get(p), state, PLANAR, listed, owner=p)) for p in state.player_ids)
        face_up = _cards(c.get("face_up"), state, PLANAR, listed) if c.has("face_up") else ()
        v = replace(v, planechase=True, planar_decks=pdecks, planes=face_up)
    if cur.has("archenemy"):
        c = cur.get("archenemy").mapping({"player", "scheme_deck", "face_up"},
                                         "{player: ARCHENEMY, scheme_deck: [SCHEMES, top first], "
                                         "face_up: [SCHEMES]}")
        arch = c.req("player").choice(state.player_ids, "a player id (the archenemy, CR 904.2a):")
        deck = _cards(c.req("scheme_deck"), state, ("Scheme",), listed, owner=arch)
        face_up = _cards(c.get("face_up"), state, ("Scheme",), listed, owner=arch) if c.has("face_up") else ()
        v = replace(v, archenemy=arch, scheme_deck=deck, schemes=face_up)
    for o in state.objects:
        kinds = [t for t in o.printed.types if t in PLANAR + ("Scheme",)]
        if kinds and o.id not in listed:
            variant = "a Planechase game's planar deck or face_up (CR 901.3)" if kinds[0] != "Scheme" \
                else "an Archenemy game's scheme deck or face_up (CR 904.3)"
            where = "query.planechase" if kinds[0] != "Scheme" else "query.archenemy"
            raise UnsupportedQuery(f"{o.id} is a {kinds[0]} card: list it in {variant}",
                                   file=cur.file, line=o.line or cur.line, path=where)
    return v if (v.planechase or v.archenemy) else None


def _cards(cur: Cursor, state: GameState, types: tuple[str, ...], listed: dict[str, Cursor],
           owner: str | None = None) -> tuple[str, ...]:
    ids = tuple(cur.strings("a list of card ids")) if cur.value != [] else ()
    objs = {o.id: o for o in state.objects}
    for oid in ids:
        o = objs.get(oid)
        if o is None:
            cur.fail(f"no object {oid!r} in the state's objects")
        if oid in listed:
            cur.fail(f"{oid} is listed twice (a card is in one place in the command zone)")
        listed[oid] = cur
        if o.zone != Zone.COMMAND:
            cur.fail(f"{oid} is in the {o.zone.value}: expected zone: command (CR 311.2, 312.2, 314.2)")
        if not any(t in o.printed.types for t in types):
            have = ", ".join(o.printed.types) or "none"
            cur.fail(f"{oid} is not a {' or '.join(types)} card (types: {have})")
        if owner is not None and o.owner != owner:
            cur.fail(f"{oid} is owned by {o.owner}, not {owner} (CR 901.6, 904.7: the player who started "
                     "the game with it)")
        if o.printed.abilities:
            raise UnsupportedQuery(f"{oid} has abilities: the abilities of planes, phenomena and schemes "
                                   "are not run by the game (give it none)",
                                   file=cur.file, line=o.line or cur.line, path=cur.path)
    return ids


# --- the keyword actions ---------------------------------------------------------------------

def planar_controller(game: Game) -> str:
    """CR 901.6: normally the active player."""
    return game.active


def planeswalk(game: Game, player: str, rule: str = "701.31b") -> Game:
    """701.31b: each face-up plane and phenomenon card to the bottom of its owner's planar deck
    face down, then the top card of ``player``'s planar deck face up (613.7h: a timestamp)."""
    v: Variants | None = game.variants
    if v is None or not v.planechase:
        raise IllegalAction("701.31a", "a player may planeswalk only during a Planechase game (901); "
                                       "this game is not one")
    ctrl = planar_controller(game)
    if player != ctrl:
        raise IllegalAction("701.31a", f"only the planar controller may planeswalk: {ctrl} (the active "
                                       "player, 901.6), not " + player)
    events = []
    owners = {o.id: o.owner for o in game.state.objects}
    for oid in v.planes:  # 901.11c: away from every face-up one
        owner = owners[oid]
        v = v.with_deck(owner, v.deck(owner) + (oid,))
        events.append(GameEvent("to_bottom", obj=oid, player=owner, cause="planeswalk", rule=rule))
    v = replace(v, planes=())
    deck = v.deck(player)
    if deck:
        top = deck[0]
        v = replace(v.with_deck(player, deck[1:]), planes=(top,))
        game = _stamp(game, top)
    events.append(GameEvent("planeswalk", player=player, obj=v.planes[0] if v.planes else None, rule=rule))
    return game.clone(variants=v).emit(*events)


def set_in_motion(game: Game, player: str, rule: str = "701.32b") -> Game:
    """701.32b: the top card of the archenemy's scheme deck off it and face up."""
    v: Variants | None = game.variants
    if v is None or v.archenemy is None:
        raise IllegalAction("701.32a", "a scheme may be set in motion only during an Archenemy game "
                                       "(904); this game is not one")
    if player != v.archenemy:
        raise IllegalAction("701.32a", f"only the archenemy ({v.archenemy}) may set a scheme in motion, "
                                       "not " + player)
    if not v.scheme_deck:
        return game  # no scheme to set in motion
    top = v.scheme_deck[0]
    v = replace(v, scheme_deck=v.scheme_deck[1:], schemes=v.schemes + (top,))
    game = _stamp(game, top)
    return game.clone(variants=v).emit(GameEvent("set_in_motion", player=player, obj=top, rule=rule))


def abandon(game: Game, scheme: str) -> Game:
    """701.33b: a face-up ongoing scheme face down on the bottom of its owner's scheme deck."""
    v: Variants | None = game.variants
    if v is None or v.archenemy is None:
        raise IllegalAction("701.33a", "a scheme may be abandoned only during an Archenemy game (904); "
                                       "this game is not one")
    if scheme not in v.schemes:
        where = "in the scheme deck, face down" if scheme in v.scheme_deck else "not a scheme card"
        raise IllegalAction("701.33a", f"only a face-up ongoing scheme may be abandoned: {scheme} is {where}")
    if not ongoing(game, scheme):
        raise IllegalAction("701.33a", f"only a face-up ongoing scheme may be abandoned: {scheme} is not "
                                       "ongoing (205.4h)")
    return _to_bottom(game, scheme, "abandon", "701.33b")


def ongoing(game: Game, scheme: str) -> bool:
    return "Ongoing" in game.state.object(scheme).printed.supertypes


def _to_bottom(game: Game, scheme: str, cause: str, rule: str) -> Game:
    v: Variants = game.variants
    v = replace(v, schemes=tuple(s for s in v.schemes if s != scheme), scheme_deck=v.scheme_deck + (scheme,))
    owner = game.state.object(scheme).owner
    event = GameEvent("to_bottom", obj=scheme, player=owner, cause=cause, rule=rule)
    return game.clone(variants=v).emit(event)


def _stamp(game: Game, oid: str) -> Game:
    """613.7h: a face-up plane, phenomenon or scheme card receives a timestamp as it's turned face up."""
    ts = game.next_timestamp
    objs = tuple(replace(o, timestamp=ts) if o.id == oid else o for o in game.state.objects)
    return game.with_state(objects=objs).clone(next_timestamp=ts + 1)


# --- state-based and turn-based actions --------------------------------------------------------

def state_based(game: Game) -> tuple[Game, bool]:
    """704.6e: each face-up non-ongoing scheme face down on the bottom of its owner's scheme deck
    (no scheme has triggered abilities here); 704.6f: a face-up phenomenon (none is the source of
    a triggered ability here): the planar controller planeswalks. Whether any was performed."""
    v: Variants | None = game.variants
    if v is None:
        return game, False
    done = False
    for s in v.schemes:
        if not ongoing(game, s):
            game, done = _to_bottom(game, s, "sba", "704.6e"), True
    v = game.variants
    if v.planechase and any("Phenomenon" in game.state.object(p).printed.types for p in v.planes):
        game, done = planeswalk(game, planar_controller(game), rule="704.6f"), True
    return game, done


def begin_main(game: Game) -> Game:
    """505.3, 904.9: as the archenemy's precombat main phase begins, they set the top card of
    their scheme deck in motion (a turn-based action: it doesn't use the stack)."""
    v: Variants | None = game.variants
    if v is None or v.archenemy is None or game.active != v.archenemy:
        return game
    return set_in_motion(game, v.archenemy, rule="505.3")


def snapshot(game: Game) -> dict[str, Any]:
    """What a checkpoint can expect of the variants: ``planar_deck`` (player -> cards, top
    first), ``planes`` (face up), ``scheme_deck`` (top first) and ``schemes`` (face up)."""
    v: Variants | None = game.variants
    if v is None:
        return {"planar_deck": {}, "planes": [], "scheme_deck": [], "schemes": []}
    return {"planar_deck": {p: list(d) for p, d in v.planar_decks}, "planes": list(v.planes),
            "scheme_deck": list(v.scheme_deck), "schemes": list(v.schemes)}
