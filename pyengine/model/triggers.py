"""Triggered abilities (CR 603) as typed, immutable data: the trigger event an ability waits
for, its intervening "if" clause (603.4), its targets and the effect it has on resolution.

The syntax is documented in docs/effect-language.md ("Triggered abilities") and parsed by
:mod:`pyengine.lang.triggers`; the trigger engine (asp/triggers/) matches the patterns
against the events that happened (:mod:`pyengine.events`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.model.effects import Condition, Selector

# the kinds of trigger events a pattern can name (each a :class:`pyengine.events.GameEvent`
# kind); ``dies``, ``enters`` and ``leaves`` are written as such and stored as zone changes
PATTERN_KINDS = ("zone_change", "attacks", "blocks", "becomes_blocked", "unblocked", "damage", "cast",
                 "draw", "life_gain", "life_loss", "tap", "untap", "step_begins", "becomes_target", "cycle")
# a state trigger (CR 603.8) has the pattern kind "state": no event, a condition of the game


@dataclass(frozen=True)
class Pattern:
    """A trigger event (CR 603.2): the kind of event, and what its parts must be.

    ``obj``: the object the event is about (selector, read after the event, or as it was
    before it for abilities that look back in time, 603.10); ``from_zone``/``to_zone``: a zone
    change's zones; ``source``: a damage event's source; ``to_player`` (a player word) or
    ``to_obj`` (a selector): what a damage event is dealt to; ``player``: the player the event
    is about (``you``, ``opponent``, ``any``, ``active``, ``nonactive``), relative to the
    ability's controller; ``combat``: combat damage only (True) or noncombat only (False);
    ``step``: the step that begins; ``one_or_more``: "whenever one or more ...", once per
    batch of simultaneous events (603.2c); ``alone``: "attacks alone", the only creature
    declared as an attacker (506.5); ``nth``: the event is the player's Nth of its kind this
    turn ("whenever you cast your second spell each turn", 603.2; pyengine.triggers.history);
    ``turn``: the event happens during the turn of a player it names ("whenever you cast a
    spell during an opponent's turn", 102.1: the active player's); ``once_each_turn``: "this
    ability triggers only once each turn" (the source's ability hasn't triggered yet this turn,
    as this object, 400.7; of several events at once, the first)."""

    kind: str
    obj: Selector | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    source: Selector | None = None
    to_player: str | None = None
    to_obj: Selector | None = None
    target: Selector | None = None  # a blocks event's attacker ("becomes blocked by a creature", 509.3d)
    player: str | None = None
    combat: bool | None = None
    step: str | None = None
    one_or_more: bool = False
    alone: bool = False
    nth: int | None = None
    turn: str | None = None
    once_each_turn: bool = False
    at_least: int = 0  # "whenever you attack with N or more creatures": N events of the batch match
    # battalion's "whenever SELF and at least N other creatures attack": N more attack events in
    # its batch (508.1: the attackers are declared at once)
    with_others: int = 0
    # a becomes_target event's targeting object: a spell or an ability ("becomes the target of
    # a spell", 702.21a); ``nth`` of a becomes_target event counts the object's own this turn
    # by spells and abilities of that player ("for the first time each turn", valiant)
    by: str | None = None
    cause: str | None = None  # a zone change's cause: ``madness`` (a discard into exile, 702.35a)

    @property
    def looks_back(self) -> bool:
        """CR 603.10a: leaves-the-battlefield abilities and abilities that trigger on a card
        leaving a graveyard look back in time (for a visible object put into a hand or a
        library, whether it looks back depends on the zone it left: decided per event)."""
        return self.kind == "zone_change" and self.from_zone in ("battlefield", "graveyard")


@dataclass(frozen=True)
class TargetSpec:
    """One target chosen as the ability is put on the stack (CR 603.3d, 601.2c): ``what`` is
    ``object``, ``player``, ``object_or_player`` (an object matching ``selector`` or a player
    ``player`` names) or ``any`` (any target, 115.4); ``selector`` what an object
    target must be; ``player`` which players may be chosen (``any``, ``opponent``, ``you``)."""

    what: str
    selector: Selector | None = None
    player: str = "any"
    # "up to N target ..." (601.2c): may be left unchosen; the entries of one group are one
    # word "target", different objects (115.3)
    optional: bool = False
    group: str | None = None
    one_graveyard: bool = False  # "from a single graveyard": the group's cards have one owner


@dataclass(frozen=True)
class Instruction:
    """One event of the effect on resolution, in the replacement engine's event language
    (scenarios/replacement/README.md, "Events"). ``fields`` values: ``("ref", word)`` for a
    reference (``self``, ``it``, ``target``, ``target2``..., ``you``, ``opponent``,
    ``that_player``, ``defending_player``, ``its_controller``, ``its_owner``), an
    :class:`~pyengine.model.effects.Expr` for an amount computed on resolution, or a plain
    value (integer, boolean, word, text, inline token characteristics)."""

    kind: str
    fields: tuple[tuple[str, Any], ...]

    def get(self, name: str) -> Any:
        """The value of field ``name`` (KeyError if it has none)."""
        for k, v in self.fields:
            if k == name:
                return v
        raise KeyError(name)


@dataclass(frozen=True)
class TriggerDef:
    """A triggered ability: "When/Whenever/At [pattern], if [condition], [effects]".
    ``state``: a state trigger's condition ("when you control no other creatures", CR 603.8;
    its pattern's kind is ``state``). An effect's instruction of kind ``delayed`` creates a
    delayed triggered ability (603.7): its fields ``trigger`` (a :class:`Pattern`) and
    ``do`` (its instructions, which may name ``created``: the tokens the effect created)."""

    pattern: Pattern
    condition: Condition | None = None
    effects: tuple[Instruction, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    state: Condition | None = None
    # a modal triggered ability (CR 700.2, 603.3c): its modes, and how many are chosen (min, max)
    modes: tuple[TriggerMode, ...] = ()
    choose: tuple[int, int] = (1, 1)
    # "When this creature enters or attacks": more events the one ability triggers on (CR
    # 603.2: it triggers once for each event that matches one of its patterns)
    also: tuple[Pattern, ...] = ()


@dataclass(frozen=True)
class TriggerMode:
    """One mode of a modal triggered ability (CR 700.2): the targets it requires (chosen only
    if the mode is, 700.2c) and its instructions. References ``target``, ``target2`` ... number
    the ability's targets then every mode's, in order."""

    targets: tuple[TargetSpec, ...]
    effects: tuple[Instruction, ...]
