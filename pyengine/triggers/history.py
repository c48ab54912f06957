"""What happened earlier in the turn, as trigger events and intervening "if" clauses read it:
"whenever you cast your second spell each turn", "whenever you draw your second card each
turn" (603.2), "if you gained life this turn", "if an opponent lost life this turn", "if you
attacked this turn" (603.4).

A :class:`TurnHistory` is read from the game's log: the events since the current turn's untap
step began (or since the game began, when it began during this turn: a scenario's earlier
events of the turn are not known, and count as none). It is typed, immutable state the
trigger service turns into facts (pyengine.triggers.facts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pyengine.events import GameEvent

# the kinds an event's "nth" is counted for, and what it counts
# (a life gain or loss: "for the first time each turn", 119.3)
NTH_KINDS = ("cast", "draw", "life_gain", "life_loss")  # 601.2i a spell cast; 121.2 a card drawn


# what zone changes this turn a player is counted for (the player: the permanent's controller
# as it left or entered, the card's owner for its graveyard): ``creatures_died`` creatures put
# into a graveyard from the battlefield (700.4, "morbid"), ``permanents_left`` permanents that
# left the battlefield ("revolt"), ``descended`` permanent cards put into their graveyard from
# anywhere (700.11), ``nonland_entered`` nonland permanents that entered the battlefield
ZONES_WHAT = ("creatures_died", "permanents_left", "descended", "nonland_entered")
_PERMANENT = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}


def zone_counts(e: GameEvent) -> tuple[tuple[str, str], ...]:
    """What ``e`` counts for (ZONES_WHAT) and for whom."""
    out: list[tuple[str, str]] = []
    if e.player is None:
        return ()
    if e.kind == "zone_change" and e.from_zone == "battlefield":
        out.append(("permanents_left", e.player))
        if e.to_zone == "graveyard" and "Creature" in e.types:
            out.append(("creatures_died", e.player))
    if e.kind == "zone_change" and e.to_zone == "graveyard" and not e.token and _PERMANENT & set(e.types):
        out.append(("descended", e.owner or e.player))  # 404.1: its owner's graveyard
    entered = e.kind == "create_token" or e.kind == "zone_change" and e.to_zone == "battlefield"
    if entered and e.types and "Land" not in e.types:
        out.append(("nonland_entered", e.player))
    return tuple(out)


@dataclass(frozen=True)
class TurnHistory:
    """The turn so far: ``events`` each cast, draw, life gain and life loss event (index, kind,
    player), in order;
    ``life_gained`` / ``life_lost`` each player's total this turn (119.3; damage dealt to a
    player is life lost, 120.3a); ``attacked`` the players who declared one or more
    attacking creatures this turn (508.1, the "raid" condition); ``fired`` the (source, text)
    of each triggered ability that triggered this turn since its source last changed zones (a
    new object, 400.7), for "this ability triggers only once each turn"; ``targeted`` each
    becomes_target event (index, object, player controlling the spell or ability) of an object
    since it last changed zones (400.7), for "for the first time each turn" (valiant)."""

    events: tuple[tuple[int, str, str], ...] = ()
    life_gained: tuple[tuple[str, int], ...] = ()
    life_lost: tuple[tuple[str, int], ...] = ()
    attacked: frozenset[str] = frozenset()
    fired: frozenset[tuple[str, str]] = frozenset()
    targeted: tuple[tuple[int, str, str], ...] = ()
    # each player's tally of ZONES_WHAT this turn: (what, player, number)
    zones: tuple[tuple[str, str, int], ...] = ()
    # the previous turn: the spells each player cast in it (730.2, "last turn"; 603.4), read
    # from the log between that turn's untap step and this one's; a turn, or part of one, that
    # passed before the game began is not known and counts as none
    last_cast: tuple[tuple[str, int], ...] = ()

    def last_amount(self, what: str, player: str) -> int:
        """What ``player`` did last turn: ``spells_cast`` (a number)."""
        return dict(self.last_cast).get(player, 0) if what == "spells_cast" else 0

    def nth(self, e: GameEvent) -> int | None:
        """The number of ``e``'s kind (a spell cast, a card drawn) its player has had this
        turn up to and including ``e``: 2 for the second spell they cast this turn. Of a
        becomes_target event: the times its object became the target of a spell or ability
        of that player this turn, up to and including ``e`` (once per spell or ability,
        pyengine.game.ward)."""
        if e.kind == "becomes_target":
            n = sum(1 for i, o, p in self.targeted if o == e.obj and p == e.player and i <= e.index)
            return n or None
        if e.kind not in NTH_KINDS or e.player is None:
            return None
        n = sum(1 for i, k, p in self.events if k == e.kind and p == e.player and i <= e.index)
        return n or None

    def amount(self, what: str, player: str) -> int:
        """What ``player`` did this turn: ``life_gained``, ``life_lost`` (totals),
        ``spells_cast``, ``cards_drawn`` (numbers), ``attacked`` (1 if they attacked)."""
        if what == "attacked":
            return int(player in self.attacked)
        if what in ZONES_WHAT:
            return next((n for w, p, n in self.zones if w == what and p == player), 0)
        if what in ("spells_cast", "cards_drawn"):
            kind = "cast" if what == "spells_cast" else "draw"
            return sum(1 for _i, k, p in self.events if k == kind and p == player)
        table = dict(self.life_gained if what == "life_gained" else self.life_lost)
        return table.get(player, 0)


def turn_start(log: Sequence[GameEvent]) -> int:
    """The position in ``log`` where this turn began: just after the last untap step began
    (or was skipped), else 0."""
    for pos in range(len(log) - 1, -1, -1):
        e = log[pos]
        if e.kind in ("step_begins", "step_skipped") and e.step == "untap":
            return pos
    return 0


def of(log: Sequence[GameEvent], notes: Sequence[GameEvent] = (),
       waiting: Sequence[tuple[str, str]] = ()) -> TurnHistory:
    """The turn's history read from the game's log, with its notes of abilities triggering
    (each note's ``index`` the number of log events before it) and the (source, text) of the
    abilities triggered and waiting to be put on the stack."""
    start = turn_start(log)
    moved: dict[str, int] = {}  # each object's last zone change: the notes after it are its own
    for pos in range(start, len(log)):
        if log[pos].kind == "zone_change" and log[pos].obj is not None:
            moved[log[pos].obj] = pos + 1
    fired = {(n.obj, n.detail) for n in notes if n.kind == "triggers" and n.obj is not None and
             n.detail is not None and n.index > max(start, moved.get(n.obj, 0))}
    fired |= set(waiting)
    events: list[tuple[int, str, str]] = []
    gained: dict[str, int] = {}
    lost: dict[str, int] = {}
    attacked: set[str] = set()
    tally: dict[tuple[str, str], int] = {}
    targeted: list[tuple[int, str, str]] = []
    for e in log[turn_start(log):]:
        if e.kind == "zone_change" and e.obj is not None:  # 400.7: a new object
            targeted = [t for t in targeted if t[1] != e.obj]
        if e.kind == "becomes_target" and e.obj is not None and e.player is not None:
            targeted.append((e.index, e.obj, e.player))
        if e.player is None:
            continue
        for key in zone_counts(e):
            tally[key] = tally.get(key, 0) + 1
        if e.kind == "cast" or e.kind == "draw" and e.cause != "empty_library":  # 121.4: no draw
            events.append((e.index, e.kind, e.player))
        elif e.kind in ("life_gain", "life_loss") and e.amount:
            events.append((e.index, e.kind, e.player))
            table = gained if e.kind == "life_gain" else lost
            table[e.player] = table.get(e.player, 0) + e.amount
        elif e.kind == "attacks":
            attacked.add(e.player)
    last: dict[str, int] = {}
    if start > 0:
        for e in log[turn_start(log[:start]):start]:  # the previous turn (or its part in the game)
            if e.kind == "cast" and e.player is not None:
                last[e.player] = last.get(e.player, 0) + 1
    return TurnHistory(tuple(events), tuple(sorted(gained.items())), tuple(sorted(lost.items())),
                       frozenset(attacked), frozenset((str(s), str(t)) for s, t in fired),
                       targeted=tuple(targeted),
                       zones=tuple(sorted((w, p, n) for (w, p), n in tally.items())),
                       last_cast=tuple(sorted(last.items())))
