"""The immutable game: a :class:`GameState` (the board) plus what a moment of a turn adds to it
(CR 500-514, 117, 405): who has priority, how many players passed in succession, the stack,
mana pools, the combat in progress, the log of what happened and the game before the last
action (``previous``, for undo).

Every change makes a new :class:`Game` (``clone``); an action that the rules forbid raises
:class:`IllegalAction` and leaves the game as it was.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field, fields, replace
from typing import Any

from pyengine.errors import PyengineError
from pyengine.events import GameEvent
from pyengine.model.effects import EffectDef
from pyengine.model.enums import Duration, Step
from pyengine.model.objects import GameState
from pyengine.replacement.event import Event


class IllegalAction(PyengineError):
    """An action the rules forbid (``rule``: the CR number), or one the game can't take now."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"illegal action (CR {rule}): {reason}")
        self.rule = rule
        self.reason = reason


# CR 500.1, 505.1: the steps (and step-less main phases) of a turn in order; the first-strike
# combat damage step exists only when 510.4 says so (see pyengine.game.turns)
ORDER: tuple[Step, ...] = (
    Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT,
    Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE,
    Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END, Step.CLEANUP,
)
PHASE: dict[Step, str] = {
    Step.UNTAP: "beginning", Step.UPKEEP: "beginning", Step.DRAW: "beginning",
    Step.PRECOMBAT_MAIN: "precombat main", Step.BEGINNING_OF_COMBAT: "combat",
    Step.DECLARE_ATTACKERS: "combat", Step.DECLARE_BLOCKERS: "combat",
    Step.FIRST_STRIKE_DAMAGE: "combat", Step.COMBAT_DAMAGE: "combat", Step.END_OF_COMBAT: "combat",
    Step.POSTCOMBAT_MAIN: "postcombat main", Step.END: "ending", Step.CLEANUP: "ending",
}


@dataclass(frozen=True)
class StackItem:
    """A spell or ability on the stack (CR 405, 608). ``obj``: the spell's object on the
    stack (a card), None for an ability or a scripted effect. ``events``: what it does when
    it resolves, in the replacement engine's event language; ``continuous``: the continuous
    effect it creates (a catalog card's ``resolves:``), with its duration. ``targets``: (id,
    is a player) and what each target must be (``target_types``: card types it must have)."""

    id: str
    controller: str
    text: str
    obj: str | None = None
    events: tuple[Event, ...] = ()
    continuous: EffectDef | None = None
    duration: Duration = Duration.PERMANENT
    targets: tuple[tuple[str, bool], ...] = ()
    target_types: tuple[str, ...] = ()
    source: str | None = None
    choices: tuple[Any, ...] = ()  # a proposed sequence of replacement choices (616.1)
    zones: tuple[tuple[str, str], ...] = ()  # the zone of each object target when chosen (608.2b)
    card: str | None = None  # a catalog card put on the stack as a new spell object ``obj``
    trigger: Any = None  # a triggered ability's (Triggered, TriggerDef), for 603.4 on resolution
    cast: Any = None  # a cast spell's choices (pyengine.cast.model.Proposal: X, modes, kicker ...)
    # delayed triggered abilities it creates as it resolves (603.7a), their references bound
    delayed: tuple[Any, ...] = ()
    # objects a delayed triggered ability refers to: (id, zone, log index when it was created);
    # one no longer there is left alone (603.7c)
    refers: tuple[tuple[str, str, int], ...] = ()
    # the object its continuous effect affects when it has no targets (an activated ability's
    # source, "SELF gets +1/+1 until end of turn"); one no longer on the battlefield is left out
    locked: tuple[str, ...] | None = None
    # continuous effects a triggered ability creates as it resolves (611.2a), each with its
    # duration and the objects it affects, locked in (611.2c): "it gets +2/+2 until end of turn"
    # (None: the objects its definition's ``affects`` selects as it resolves)
    lasting: tuple[tuple[EffectDef, Duration, tuple[str, ...] | None], ...] = ()
    # the indices of ``events`` its controller may choose not to perform ("you may", 603.5)
    optional: frozenset[int] = frozenset()
    # permanents it taps (True) or untaps (False) as it resolves (701.26), after its events
    taps: tuple[tuple[str, bool], ...] = ()
    # the form a spell was cast as and what the cast engine says of it (a
    # pyengine.cast.model.AsCast: its zone as it resolves, or when every target is illegal)
    form: Any = None


@dataclass(frozen=True)
class CombatState:
    """The combat of the current turn (CR 506): attacking creatures and what each attacks,
    blocking creatures and the attackers each blocks, attackers that became blocked (509.1h:
    they stay blocked), and the creatures that had first or double strike as the first-strike
    damage step began (510.4)."""

    attackers: tuple[tuple[str, str], ...] = ()  # (creature, player or permanent attacked)
    blockers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    blocked: frozenset[str] = frozenset()
    declared_attackers: bool = False
    declared_blockers: bool = False
    first_strikers: frozenset[str] = frozenset()
    first_strike_step: bool = False
    dealt: frozenset[Step] = frozenset()

    def attacking(self) -> tuple[str, ...]:
        """The attacking creatures' ids."""
        return tuple(a for a, _ in self.attackers)

    def blocking(self) -> tuple[str, ...]:
        """The blocking creatures' ids."""
        return tuple(b for b, _ in self.blockers)

    def without(self, oid: str) -> "CombatState":
        """Combat with ``oid`` removed from it (CR 506.4); attackers it blocked stay blocked."""
        return replace(self, attackers=tuple(p for p in self.attackers if p[0] != oid),
                       blockers=tuple((b, tuple(a for a in ats if a != oid))
                                      for b, ats in self.blockers if b != oid))


@dataclass(frozen=True)
class Outcome:
    """How the game ended (CR 104): winners, losers, a draw (104.4a) and why."""

    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()
    draw: bool = False
    reason: str = ""

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.draw or bool(self.winners)


@dataclass(frozen=True)
class Game:
    """One moment of a game. ``pending``: a turn-based action that must be taken before any
    player gets priority ("declare_attackers", "declare_blockers", "combat_damage",
    "discard"); ``priority``: who holds priority (None while no one gets it: the untap and
    cleanup steps, 502.4, 514.3, or a pending turn-based action)."""

    state: GameState
    priority: str | None = None
    passes: int = 0
    stack: tuple[StackItem, ...] = ()  # bottom first; the top is the last
    pools: tuple[tuple[str, str], ...] = ()
    combat: CombatState = CombatState()
    pending: str | None = None
    outcome: Outcome = Outcome()
    log: tuple[GameEvent, ...] = ()
    next_timestamp: int = 1
    batch: int = 0
    # since the last check of state-based actions (CR 704.5b, 704.5h): players who drew
    # from an empty library, objects dealt damage by a source with deathtouch
    drew_from_empty: frozenset[str] = frozenset()
    deathtouch_damaged: frozenset[str] = frozenset()
    # a proposed sequence of replacement choices for the next event with several outcomes
    choices: tuple[Any, ...] = ()
    cleanup_again: bool = False
    # additional phases still to come this turn (500.8: "combat", "main") and the step the turn
    # goes on to after them (pyengine.game.extra_phases)
    extra_phases: tuple[str, ...] = ()
    resume_step: Step | None = None
    # choices the script made ahead: legend rule (704.5j) (controller, name) -> kept; the
    # order of a player's triggered abilities (603.3b) player -> ids
    legend_choices: tuple[tuple[tuple[str, str], str], ...] = ()
    # the commander choices the script made ahead (903.9a, 704.6d): commander id -> whether
    # its owner puts it into the command zone; the log's length at the last check of
    # state-based actions ("since the last time state-based actions were checked")
    command_choices: tuple[tuple[str, bool], ...] = ()
    sba_mark: int = 0
    trigger_orders: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # the log up to trigger_mark has been matched against triggered abilities, in the state
    # trigger_state was then (603.2, 603.10: abilities that look back read it)
    trigger_mark: int = 0
    trigger_state: GameState | None = None
    # abilities triggered by events already matched, not yet on the stack (603.2, 603.3):
    # (Triggered, its TriggerDef, or the delayed triggered ability it is)
    waiting: tuple[tuple[Any, Any, Any], ...] = ()
    # targets the script chose ahead for triggered abilities (603.3d): key (an ability's id
    # SOURCE:N@EVENT, SOURCE:N or SOURCE) -> target ids; each is used once
    trigger_targets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # "you may" choices the script made ahead (603.5): key (as trigger_targets') -> performed
    optional_choices: tuple[tuple[str, bool], ...] = ()
    # scry and surveil choices the script made ahead (701.22a, 701.25a; pyengine.game.library),
    # each used by its player's next one; the named cards on the bottom of each player's
    # library, top first (the last is the bottom-most card)
    look_choices: tuple[Any, ...] = ()
    library_bottom: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # choices the script made ahead for resolving objects (608.2d; pyengine.game.choice):
    # (what, key, value), each used once, in order
    resolution_choices: tuple[tuple[str, str, Any], ...] = ()
    # delayed triggered abilities waiting to trigger (603.7; pyengine.game.triggered)
    delayed: tuple[Any, ...] = ()
    next_delayed: int = 1
    # tokens the script's events define inline, known by name (111.1, 111.4; pyengine.game.tokens)
    defined: tuple[Any, ...] = ()
    # each battle on the battlefield -> its protector, chosen as it entered (310.8a;
    # pyengine.game.battles)
    protectors: tuple[tuple[str, str], ...] = ()
    # cards exiled with an object (607.2a) and exiled until it leaves the battlefield (610.3;
    # pyengine.game.linked.ExileLink)
    exile_links: tuple[Any, ...] = ()
    # what the log tells people and no rule reads (pyengine.events.NOTE_KINDS): abilities
    # triggering and going on the stack, resolving and leaving it, the cleanup's removals;
    # each note's ``index`` is the number of log events before it. Kept apart from ``log`` so
    # that the log's indices (which ids of abilities carry) stay as they are
    notes: tuple[GameEvent, ...] = ()
    # a Planechase and/or Archenemy game's decks and face-up cards (901, 904;
    # pyengine.game.variants.Variants), None in a game without them
    variants: Any = None
    previous: "Game | None" = field(default=None, compare=False, repr=False)

    @property
    def step(self) -> Step:
        """The current step (or main phase)."""
        return self.state.turn.step

    @property
    def active(self) -> str:
        """The active player (CR 102.1)."""
        return self.state.turn.active

    def clone(self, **changes: builtins.object) -> "Game":
        """A copy with the given fields replaced (what ``dataclasses.replace`` gives: the class
        has no ``__post_init__`` and every field is an init field; its 37 fields are copied
        without calling ``__init__``, which a game does some 15,000 times a folder)."""
        if type(self) is not Game:  # a subclass's fields: what replace gives
            return replace(self, **changes)  # type: ignore[arg-type]
        unknown = changes.keys() - _GAME_FIELDS
        if unknown:
            raise TypeError(f"Game has no field {sorted(unknown)[0]!r}")
        new = builtins.object.__new__(Game)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        return new

    def with_state(self, **changes: builtins.object) -> "Game":
        """A copy whose :class:`GameState` has the given fields replaced."""
        return self.clone(state=self.state.clone(**changes))

    def emit(self, *events: GameEvent) -> "Game":
        """The game with ``events`` appended to its log, numbered, as one batch (they happened
        simultaneously)."""
        if not events:
            return self
        base = len(self.log)
        batch = self.batch + 1
        out = tuple(replace(e, index=base + i + 1, batch=batch) for i, e in enumerate(events))
        return self.clone(log=self.log + out, batch=batch)

    def note(self, *events: GameEvent, after: int | None = None) -> "Game":
        """The game with ``events`` added to its notes, after log event ``after`` (default:
        the last one so far)."""
        if not events:
            return self
        at = len(self.log) if after is None else max(0, min(after, len(self.log)))
        return replace(self, notes=self.notes + tuple(replace(e, index=at) for e in events))

    def apply(self, action: Any, budget: Any = 60.0) -> "Game":
        """The game after ``action`` (:func:`pyengine.game.actions.apply`)."""
        from pyengine.game.actions import apply

        return apply(self, action, budget)

    def legal_actions(self) -> tuple[Any, ...]:
        """The choices available now (:func:`pyengine.game.actions.legal_actions`)."""
        from pyengine.game.actions import legal_actions

        return legal_actions(self)

    def top(self) -> StackItem | None:
        """The top object of the stack, or None."""
        return self.stack[-1] if self.stack else None


_GAME_FIELDS = frozenset(f.name for f in fields(Game))
# Game.clone copies the fields without __init__: right only while each is an init field and
# nothing runs after __init__
assert all(f.init for f in fields(Game)) and not hasattr(Game, "__post_init__")
