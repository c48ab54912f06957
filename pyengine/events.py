"""The events of a game, as the game's log records them and the trigger engine reads them.

One typed, immutable record per event that happened (not a proposed event: a proposed event is
the replacement engine's :mod:`pyengine.replacement.event`; what the replacement engine's
outcome says happened becomes these). Triggered abilities (CR 603.2) match against them, the
game's log (``pyengine play``) prints them, and the event that a state-based action performs is
one of them too.

The fields each kind uses:

========================  ===========================================================================
kind                      fields
========================  ===========================================================================
``zone_change``           ``obj``, ``from_zone``, ``to_zone``, ``player`` (its controller before),
                          ``cause`` ("destroy", "sacrifice", "sba", "discard", "resolve", "effect", ...);
                          "dies" is a zone change from the battlefield to a graveyard (700.4)
``draw``                  ``player``, ``obj`` (the card drawn; none from an empty library, 121.4)
``damage``                ``source``, ``obj`` (a permanent dealt damage) or ``player``, ``amount``,
                          ``combat`` (510.2)
``life_gain``/``life_loss``  ``player``, ``amount``
``counters_added``/``counters_removed``  ``obj`` or ``player``, ``counter``, ``amount``
``tap``/``untap``         ``obj``
``attacks``               ``obj`` (an attacking creature), ``player`` (its controller), ``target`` (the
                          player, planeswalker or battle it attacks), 508.1
``blocks``                ``obj`` (the blocking creature), ``target`` (the attacker it blocks), 509.1
``becomes_blocked``       ``obj`` (the attacker), 509.1h
``unblocked``             ``obj`` (an attacker no creature was declared to block), 509.1h, 509.3g
``step_begins``           ``step`` (a :class:`pyengine.model.enums.Step` value), ``player`` (active)
``step_skipped``          ``step``, ``player`` (active): the step was replaced by nothing (614.10)
``cast``                  ``obj`` (the spell), ``player`` (its caster), 601.2i
``activate``              ``obj`` (the ability's source), ``player``, 602.2
``create_token``          ``obj`` (the token), ``player`` (its controller)
``becomes_monstrous``     ``obj``, ``amount`` (N of monstrosity N), 701.37a
``becomes_renowned``      ``obj``, ``amount`` (N of renown N), 702.112a
``transform``             ``obj`` (turned over to its other face), 701.27a
``turned_face_up``        ``obj``, ``player`` (who turned it), 701.40b, 708.8
``detain``                ``obj``, ``player`` (the controller of the detaining effect), 701.35a
``lose_game``/``win_game``/``draw_game``  ``player`` (none for a draw of the whole game, 104.4a)
``search``                ``player``, ``amount`` (cards found), ``cause`` (the quality, the cards), 701.23a
``shuffle``               ``player``, 701.24a
``scry``/``surveil``      ``player``, ``amount`` (N), ``cause`` (where the cards looked at went),
                          701.22a, 701.25a (none for scry 0 or surveil 0, 701.22b, 701.25c)
``look``                  ``player``, ``amount`` (cards looked at or revealed), ``cause`` (where
                          they went), 701.20e, 701.20a (pyengine.game.look)
``ability_removed``       ``obj`` (the triggered ability's source), ``player`` (its controller),
                          ``target`` (the ability's id): it had no legal target, 603.3d; or
                          ``cause`` "countered": it was countered, 701.6b
``becomes_day``/``becomes_night``  ``player`` (the active player): the game's designation changed (730.1,
                          502.2, 702.145d, 702.145g; pyengine.game.day_night)
``becomes_target``        ``obj`` (a permanent), ``player`` (the controller of the spell or ability
                          that targets it), ``target`` (that spell's object id or that ability's
                          stack id): the spell or ability was put on the stack targeting it
                          (601.2c, 602.2b, 603.3d; ward, 702.21a); ``cause`` "spell" or "ability";
                          once per object however many of its targets it is
``cycle``                 ``obj`` (the card), ``player`` (who cycled it): the card was discarded to pay
                          the cost of a cycling or typecycling ability (702.29c, 702.29f), after its
                          ``zone_change`` (cause "discard")
========================  ===========================================================================

Notes (:data:`NOTE_KINDS`) are events the log tells people about and no rule reads; a game keeps
them apart from its log (``Game.notes``), each ``index`` the number of log events before it:

========================  ===========================================================================
``triggers``              ``obj`` (the source), ``player`` (controller), ``target`` (the ability's id),
                          ``detail`` (its text), 603.2
``put_on_stack``          ``obj`` (the source or the spell), ``player``, ``target`` (the stack object's
                          id), ``detail``; 603.3 for a triggered ability, 602.2a activated, 405.1
``resolves``              ``obj``, ``player``, ``target``, ``detail``: the top object resolves, 608.2
``not_resolved``          ``obj``, ``player``, ``target``, ``detail``, ``cause`` ("targets": all illegal,
                          608.2b; "condition": an intervening if clause fails, 603.4)
``leaves_stack``          ``obj``, ``player``, ``target``, ``detail``: an ability is removed from the
                          stack and ceases to exist, 608.2n
``damage_removed``        ``obj``, ``amount`` (the damage marked on it), 514.2
``enters_transformed``    ``obj``: a daybound permanent entered back face up while it's night (702.145b)
``effect_ends``           ``obj`` (the effect's source), ``target`` (the effect's id), ``cause``
                          (its duration), 514.2 ("until end of turn"), 500.5a ("until end of combat")
========================  ===========================================================================

``index`` orders the log; events with one ``batch`` happened simultaneously (creatures dying to
one state-based-action check, CR 603.10a, see each other). ``rule`` is the CR number that made
the event happen, for the log.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = frozenset({
    "zone_change", "draw", "damage", "life_gain", "life_loss", "counters_added",
    "counters_removed", "tap", "untap", "attacks", "blocks", "becomes_blocked", "unblocked", "step_begins",
    "step_skipped",
    "cast", "activate", "create_token", "lose_game", "win_game", "draw_game",
    "becomes_monstrous", "becomes_renowned", "transform", "turned_face_up", "detain", "ability_removed", "scry", "surveil",
    "search", "shuffle", "look", "exile_top", "cascade", "discover",  # 702.85a, 701.57a
    "planeswalk", "set_in_motion", "to_bottom", "becomes_target", "cycle", "becomes_day", "becomes_night",
})
NOTE_KINDS = frozenset({
    "triggers", "put_on_stack", "resolves", "not_resolved", "leaves_stack", "damage_removed", "effect_ends",
    "enters_transformed",
})


@dataclass(frozen=True)
class GameEvent:
    """One event that happened in a game."""

    kind: str
    index: int = 0
    batch: int = 0
    obj: str | None = None
    player: str | None = None
    source: str | None = None
    target: str | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    amount: int = 0
    counter: str | None = None
    combat: bool = False
    step: str | None = None
    cause: str | None = None
    rule: str = ""
    detail: str | None = None  # words for the log: an ability's text, why a game is a draw
    # a zone change's or created token's card types: a permanent leaving the battlefield as it
    # last existed there (603.10a), a card elsewhere as printed; whether it is a token; its owner
    types: tuple[str, ...] = ()
    token: bool = False
    owner: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS and self.kind not in NOTE_KINDS:
            raise ValueError(f"unknown game event kind {self.kind!r}; expected one of "
                             f"{sorted(KINDS | NOTE_KINDS)}")

    @property
    def dies(self) -> bool:
        """CR 700.4: put into a graveyard from the battlefield."""
        return self.kind == "zone_change" and self.from_zone == "battlefield" and self.to_zone == "graveyard"
