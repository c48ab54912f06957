"""Playing a script: the game starts from the scenario's state, takes each action in turn,
and records a snapshot at each checkpoint. An illegal action ends the run with the verdict
(its index, the rule, why); the snapshots before it stand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyengine.budget import Budget
from pyengine.errors import PyengineError, UnsupportedQuery
from pyengine.events import GameEvent
from pyengine.game import log as game_log
from pyengine.game import new_game
from pyengine.game.actions import Choose, ChooseLegend, Discard, OrderTriggers, Pass, Perform
from pyengine.game.choice import ChooseAhead
from pyengine.game.library import LookChoice
from pyengine.game.model import Game, IllegalAction
from pyengine.game.perform import layers
from pyengine.game.pool import Pool
from pyengine.game.script import Checkpoint, DiscardNow, Resolve
from pyengine.game.triggered import ChooseOptional, TargetTriggers
from pyengine.game.variants import snapshot as variant_view
from pyengine.model.objects import GameState
from pyengine.replacement.event import Event


@dataclass(frozen=True)
class Illegal:
    """The script's first illegal action: its index (from 0), the rule and why."""

    action: int
    rule: str
    reason: str


@dataclass(frozen=True)
class GameAnswer:
    """Snapshots by checkpoint name (in script order), the illegal action if any, the log."""

    snapshots: tuple[tuple[str, dict[str, Any]], ...]
    illegal: Illegal | None
    log: tuple[GameEvent, ...]
    final: dict[str, Any] = field(default_factory=dict)
    marks: tuple[tuple[str, int], ...] = ()  # checkpoint -> number of log events before it
    # the game's notes (triggering, the stack, the cleanup's removals: pyengine.events.NOTE_KINDS)
    notes: tuple[GameEvent, ...] = ()
    note_marks: tuple[tuple[str, int], ...] = ()  # checkpoint -> number of notes before it

    def events(self, until: str | None = None) -> list[GameEvent]:
        """The log's events and the notes in order, up to checkpoint ``until`` if given."""
        if until is None:
            return game_log.merged(self.log, self.notes)
        return game_log.merged(self.log[:dict(self.marks)[until]], self.notes[:dict(self.note_marks)[until]])

    def to_json(self, until: str | None = None) -> dict[str, Any]:
        return {"checkpoints": dict(self.snapshots), "final": self.final,
                "illegal": None if self.illegal is None else
                {"action": self.illegal.action, "rule": self.illegal.rule, "reason": self.illegal.reason},
                "log": [game_log.to_json(e) for e in self.events(until)]}

    def render(self, until: str | None = None) -> str:
        events = self.events(until)
        lines = game_log.render(events)
        last = dict(self.marks)[until] if until is not None else len(self.log)
        for name, n in self.marks:
            if n <= last:
                lines.append(f"-- checkpoint {name} after event {n}")
        if self.illegal is not None and until is None:
            ill = self.illegal
            lines.append(f"!! action {ill.action} is illegal (CR {ill.rule}): {ill.reason}")
        res = self.final.get("result", {})
        if res.get("draw"):
            lines.append(f"the game is a draw (CR {res.get('reason')})")
        elif res.get("winners"):
            lines.append(f"{', '.join(res['winners'])} won (CR {res.get('reason')})")
        return "\n".join(lines)


def play(state: GameState, items: tuple[Any, ...], budget: Budget | float,
         defined: tuple[Any, ...] = (), variants: Any = None) -> GameAnswer:
    """Run the script from ``state`` (``defined``: the tokens it defines inline; ``variants``: a
    Planechase or Archenemy game's decks, :mod:`pyengine.game.variants`)."""
    ahead = 0  # choices the script makes before the game's first priority (117.5)
    early = (ChooseLegend, OrderTriggers, Choose, TargetTriggers, ChooseOptional, LookChoice, ChooseAhead)
    while ahead < len(items) and isinstance(items[ahead], early):
        ahead += 1
    snaps: list[tuple[str, dict[str, Any]]] = []
    marks: list[tuple[str, int]] = []
    note_marks: list[tuple[str, int]] = []
    try:
        game = new_game(state, budget, tuple(items[:ahead]), defined, variants)
    except IllegalAction as e:
        return GameAnswer((), Illegal(ahead, e.rule, e.reason), (), {}, ())
    illegal = None
    for i, item in enumerate(items):
        if i < ahead:
            continue
        if isinstance(item, Checkpoint):
            snaps.append((item.name, snapshot(game, budget)))
            marks.append((item.name, len(game.log)))
            note_marks.append((item.name, len(game.notes)))
            continue
        try:
            game = step(game, item, budget)
        except IllegalAction as e:
            illegal = Illegal(i, e.rule, e.reason)
            break
    return GameAnswer(tuple(snaps), illegal, game.log, snapshot(game, budget), tuple(marks), game.notes,
                      tuple(note_marks))


def step(game: Game, item: Any, budget: Budget | float) -> Game:
    """One script item (an action, or the script's shorthand for several)."""
    if isinstance(item, Resolve):
        if not game.stack:
            raise IllegalAction("117.4", "the stack is empty: nothing resolves")
        top, depth = game.stack[-1], len(game.stack)
        # until that object has left the stack (what it triggers may go on top at once)
        while len(game.stack) >= depth and game.stack[depth - 1] is top and not game.outcome.over:
            game = game.apply(Pass(), budget)
        return game
    if isinstance(item, DiscardNow):
        if game.pending == "discard":
            return game.apply(Discard(item.player, item.cards), budget)
        events = tuple(Event("move", (("object", ("o", c)), ("count", 1), ("from", "hand"),
                                      ("to", "graveyard"), ("cause", "discard"), ("position", None),
                                      ("control", None), ("as", None), ("tapped", False),
                                      ("face", "front"), ("choice", None))) for c in item.cards)
        for c in item.cards:
            o = game.state.object(c)
            if o.zone.value != "hand" or o.owner != item.player:
                raise IllegalAction("701.9a", f"{c} is not in {item.player}'s hand")
        return game.apply(Perform(events, "701.9a", "discard"), budget)
    try:
        return game.apply(item, budget)
    except KeyError as e:  # a reference the game can't follow now (a token not created yet)
        raise IllegalAction("400.7", f"no object {e.args[0]!r} exists now") from None
    except ValueError as e:  # no rule forbids it: something the engines don't follow (yet)
        raise UnsupportedQuery(f"the game can't follow this action: {e}") from None
    except IllegalAction:
        raise
    except PyengineError:
        raise


def snapshot(game: Game, budget: Budget | float) -> dict[str, Any]:
    """What a checkpoint can expect: the turn, players, every object (state and
    characteristics after layers), the stack (top first), combat and the result."""
    from pyengine.model.graveyard import graveyard

    res = layers(game.state, budget)
    objects: dict[str, Any] = {}
    for o in game.state.objects:
        d: dict[str, Any] = {"zone": o.zone.value, "tapped": o.tapped, "damage": o.damage,
                             "counters": dict(o.counters), "owner": o.owner, "token": o.token,
                             "monstrous": o.monstrous, "renowned": o.renowned, "face_down": o.face_down, "transformed": o.transformed,
                             "attached_to": o.attached_to}
        ch = res.objects.get(o.id)
        if ch is not None:
            d.update({"controller": ch.controller, "power": ch.power, "toughness": ch.toughness,
                      "types": sorted(ch.types), "subtypes": sorted(ch.subtypes),
                      "colors": sorted(ch.colors), "abilities": sorted(ch.abilities), "name": ch.name})
        objects[o.id] = d
    out = game.outcome
    return {
        "turn": game.state.turn.number, "active": game.active, "step": game.step.value,
        "priority": game.priority,
        "life": {p.id: p.life for p in game.state.players},
        "poison": {p.id: p.poison for p in game.state.players},
        "mana": {p.id: Pool.parse(p.mana).render() for p in game.state.players},
        "hand": {p.id: p.hand_size for p in game.state.players},
        "library": {p.id: p.library_size for p in game.state.players},
        "commander_damage": {p.id: dict(p.commander_damage) for p in game.state.players},
        "objects": objects,
        "stack": [s.id for s in reversed(game.stack)],
        "attacking": sorted(game.combat.attacking()),
        "day_night": game.state.day_night or "neither",  # 730.1
        "graveyard": {p.id: list(graveyard(game.state, p.id)) for p in game.state.players},  # 404.1
        "blocked": sorted(game.combat.blocked),
        **variant_view(game),
        "result": {"winners": list(out.winners), "losers": list(out.losers), "draw": out.draw,
                   "reason": out.reason},
    }
