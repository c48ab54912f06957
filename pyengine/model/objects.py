"""Players, turn context, objects and the immutable game state a scenario describes."""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field, replace

from pyengine.model.effects import Ability, ResolvedEffect
from pyengine.model.enums import FaceDown, Step, Zone


@dataclass(frozen=True)
class Player:
    """A player (CR 102) with the numbers the engines read."""

    id: str
    life: int = 20
    poison: int = 0
    mana: str = ""  # mana available to pay costs, in mana-symbol notation: "{2}{W}"
    hand_size: int = 0
    library_size: int = 0
    # CR 903.10a, 704.6c: in a Commander game, the combat damage each commander (by id) has
    # dealt this player over the course of the game
    commander_damage: tuple[tuple[str, int], ...] = ()
    # CR 702.54a: the player was dealt damage this turn (bloodthirst reads an opponent's)
    dealt_damage: bool = False


@dataclass(frozen=True)
class TurnContext:
    """Whose turn it is and where in it (CR 500)."""

    active: str
    number: int = 1
    step: Step = Step.PRECOMBAT_MAIN


@dataclass(frozen=True)
class Characteristics:
    """Printed (or token-defined) characteristics, CR 109.3."""

    name: str = ""
    mana_cost: str | None = None
    mana_value: int = 0
    colors: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    abilities: tuple[Ability, ...] = ()
    oracle: str = ""
    # how the card is cast: targets, modes, X, additional costs (pyengine/cast/spec.py); None:
    # a spell with no targets, modes or additional costs
    casting: object = field(default=None, compare=False)
    # a card with two faces (docs/effect-language.md, "Card faces"): ``split`` (CR 709),
    # ``modal_dfc`` (712.3) or ``adventure`` (715), and each face's own characteristics; the
    # fields above are the card's outside the stack (709.4 combined, 712.8a and 715.4 the first)
    layout: str | None = field(default=None, compare=False)
    faces: tuple["Characteristics", ...] = field(default=(), compare=False)



# the selector flags of an alternative cost paid (118.9): "if its evoke cost was paid" (702.74a),
# "as long as its dash cost was paid" (702.109a), "... blitz cost ..." (702.152a)
ALT_FLAGS = {"evoked": "evoke", "dashed": "dash", "blitzed": "blitz"}

@dataclass(frozen=True)
class GameObject:
    """An object in a zone, with its printed characteristics and its state."""

    id: str
    printed: Characteristics
    owner: str
    controller: str
    zone: Zone = Zone.BATTLEFIELD
    timestamp: int = 0
    card: str | None = None  # catalog name, when the object is a catalog card
    token: bool = False
    tapped: bool = False
    controlled_since_turn_start: bool = True
    # CR 702.30a (echo): how many of its controller's upkeeps have begun while that player
    # controlled it continuously, counted up to 2 (0: it came under their control since their
    # last upkeep began; a permanent a state sets up has long been controlled)
    upkeeps_controlled: int = 2
    counters: tuple[tuple[str, int], ...] = ()
    # CR 613.7c: when the counters of a kind were last put on, where the state says so (by
    # default they came with the object: its timestamp)
    counter_timestamps: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    attached_to: str | None = None
    face_down: bool = False
    # CR 708.2: what turned it face down, which lists its face-down characteristics (read only
    # while face_down)
    face_down_kind: FaceDown = FaceDown.PLAIN
    # CR 707.10, 707.12: "spell" or "card" when the object is a copy of a spell or of a card
    # (no card: it ceases to exist outside the stack, or the stack and the battlefield, 704.5e)
    copy: str | None = None
    # CR 701.37b: the monstrous designation (until it leaves the battlefield)
    monstrous: bool = False
    # CR 702.112b: the renowned designation (until it leaves the battlefield)
    renowned: bool = False
    # CR 608.2h, 603.10a: the counters it had as it last left the battlefield (its last known
    # information: modular's "for each +1/+1 counter on this permanent", 702.43a)
    left_counters: tuple[tuple[str, int], ...] = ()
    # CR 712: a double-faced card's other face (``printed`` is the face that is up) and whether
    # its back face is up (701.27g: a transformed permanent)
    other_face: Characteristics | None = None
    transformed: bool = False
    # CR 715.3d: an Adventure spell this player controlled resolved and exiled it; for as long
    # as it remains exiled, that player may cast it (not as an Adventure)
    on_adventure: str | None = None
    # CR 709.3b, 715.3b, 702.103b: the form it was cast as (a split card's half ``face1`` /
    # ``face2``, an Adventure ``face2``, ``bestowed``) and the card's own characteristics, while
    # ``printed`` are only that form's; they return as it leaves the stack or the battlefield
    # (709.4, 715.4, 400.7) or ceases to be bestowed (702.103e-f)
    as_cast: tuple[str, Characteristics] | None = None
    # CR 401.2: a card in a library is the top card of it (what "the top of your library"
    # permissions read, 601.3); the named cards of a library are its top cards in the order
    # listed (pyengine.game.library), so only the first of its owner's may say so
    top_of_library: bool = False
    # CR 614.12a, 607.2d: what was chosen as it entered ("As this enters, choose a color"),
    # read by its linked abilities ("the chosen color"): (kind, value), kind color, subtype
    # (a creature or land type) or card_type
    chosen: tuple[tuple[str, str], ...] = ()
    # CR 903.3: a commander (the designation stays with the card in every zone; a copy or a
    # token is not one), and 903.8: how many times it has been cast from the command zone this
    # game (each previous time adds {2} to the cost of casting it from there)
    commander: bool = False
    commander_casts: int = 0
    # CR 702.33d: a spell cast with its kicker cost paid is kicked, and so is the permanent it
    # becomes ("if it was kicked"); kept as the card leaves the battlefield (the last known
    # information an intervening "if" reads, 603.4, 608.2h); a new object on the stack or
    # the battlefield otherwise is not kicked (400.7)
    kicked: bool = False
    # CR 601.2a, 608.3: the zone a spell was cast from (hand, graveyard, exile, library,
    # command), kept by the permanent it becomes and as that card leaves the battlefield (the
    # last known information of "if you cast it [from your hand]", 603.4), cleared like kicked
    cast_from: str | None = None
    # CR 118.9, 601.2b: the alternative cost its spell was cast for whose rule the permanent it
    # becomes follows (evoke 702.74a, dash 702.109a, blitz 702.152a: ``ALT_FLAGS``), kept as
    # ``kicked`` is (the last known information, 603.4); None otherwise (400.7)
    alt_cost: str | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class GameState:
    """Everything a query needs to know about the game, immutable; ``clone`` with changes."""

    players: tuple[Player, ...]
    turn: TurnContext
    objects: tuple[GameObject, ...] = ()
    effects: tuple[ResolvedEffect, ...] = ()
    # the game's day/night designation (CR 730.1): "day", "night", or None (neither; a game
    # starts with neither, and once it has one it keeps exactly one of them)
    day_night: str | None = None
    # CR 404.3: cards put into a graveyard at the same time whose order their owner has not
    # chosen, (owner, ids) per arrival; a graveyard's order is its cards' order in ``objects``,
    # top first (pyengine.model.graveyard)
    graveyard_unordered: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def object(self, oid: str) -> GameObject:
        """The object with id ``oid`` (KeyError if none)."""
        for obj in self.objects:
            if obj.id == oid:
                return obj
        raise KeyError(oid)

    def player(self, pid: str) -> Player:
        """The player with id ``pid`` (KeyError if none)."""
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    @property
    def player_ids(self) -> tuple[str, ...]:
        """Player ids in turn order (CR 101.4 APNAP starts from the active player)."""
        return tuple(p.id for p in self.players)

    def apnap(self) -> tuple[str, ...]:
        """Players in APNAP order: the active player, then the others in turn order."""
        ids = list(self.player_ids)
        i = ids.index(self.turn.active)
        return tuple(ids[i:] + ids[:i])

    def clone(self, **changes: builtins.object) -> "GameState":
        """A copy with the given fields replaced (OpenSpiel-style explicit clone)."""
        return replace(self, **changes)  # type: ignore[arg-type]
