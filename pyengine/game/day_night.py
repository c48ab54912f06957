"""Day and night (CR 730) and the daybound and nightbound keywords (702.145).

The designation is the state's ``day_night`` ("day", "night", None: neither; 730.1: a game
starts with neither, and a scenario may give it one). :func:`settle` is what happens "any
time", immediately and not as a state-based action, after each event of the game:

- 702.145d: a player controls a permanent with daybound and it's neither day nor night: it
  becomes day; 702.145g: a permanent with nightbound, neither, and no permanent with daybound
  on the battlefield: it becomes night.
- 702.145c: a permanent front face up with daybound and it's night: its controller transforms
  it; 702.145f: back face up with nightbound and it's day: transformed (701.27a, a ``transform``
  event that "when this transforms" abilities see).
- 702.145b: a daybound permanent represented by a double-faced card that entered the
  battlefield while it's night entered transformed (712.14a): it is back face up as it enters,
  without transforming (its front face's "when this enters" abilities never see it).

:func:`untap_check` is the untap step's second turn-based action (502.2, 730.2a-c): day with
the previous turn's active player having cast no spells during it becomes night; night with
that player having cast two or more becomes day; neither stays neither. The spells are read
from the game's log (a turn, or the part of one, before the game began is not known: its
spells count as none, as for "last turn", pyengine.triggers.history).

702.145b, 702.145e: a permanent with daybound or nightbound can't transform except due to that
ability (pyengine.game.keyword_faces.transform refuses the others).
"""

from __future__ import annotations

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game
from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject

WORDS = ("daybound", "nightbound")


def _printed_words(o: GameObject) -> bool:
    """Whether either face of ``o`` holds daybound or nightbound (a cheap test before layers)."""
    faces = (o.printed,) + ((o.other_face,) if o.other_face is not None else ())
    return any(a.kind == "keyword" and a.name in WORDS for f in faces for a in f.abilities)


def involved(game: Game) -> bool:
    """Whether day and night can matter now: a permanent with a face holding daybound or
    nightbound is on the battlefield."""
    return any(o.zone == Zone.BATTLEFIELD and _printed_words(o) for o in game.state.objects)


def _holders(game: Game, budget: Budget | float) -> tuple[list[GameObject], list[GameObject]]:
    """The permanents with daybound and those with nightbound, after layers (613)."""
    from pyengine.game.perform import layers

    res = layers(game.state, budget)
    day, night = [], []
    for o in game.state.objects:
        ch = res.objects.get(o.id)
        if o.zone != Zone.BATTLEFIELD or ch is None:
            continue
        if ch.has_keyword("daybound"):
            day.append(o)
        if ch.has_keyword("nightbound"):
            night.append(o)
    return day, night


def become(game: Game, which: str, rule: str) -> Game:
    """It becomes day or night (730.1, 730.1a)."""
    if game.state.day_night == which:
        return game
    game = game.with_state(day_night=which)
    return game.emit(GameEvent(f"becomes_{which}", player=game.active, rule=rule))


def settle(game: Game, budget: Budget | float, since: int | None = None) -> Game:
    """What day and night do immediately (702.145b-d, f-g). ``since``: the length of the log
    before the events just performed (a daybound permanent that entered in them while it's
    night entered transformed, 702.145b)."""
    if not involved(game):
        return game
    day, night = _holders(game, budget)
    if game.state.day_night is None:
        if day:
            game = become(game, "day", "702.145d")
        elif night:
            game = become(game, "night", "702.145g")
        else:
            return game
    entered = set()
    if since is not None:
        entered = {e.obj for e in game.log[since:] if e.kind == "zone_change" and e.to_zone == "battlefield"}
    flips = []
    if game.state.day_night == "night":
        flips = [(o, "702.145c") for o in day if not o.transformed and not o.face_down]
    else:
        flips = [(o, "702.145f") for o in night if o.transformed and not o.face_down]
    for o, rule in flips:
        if o.other_face is None:
            continue  # not a double-faced card (701.27c)
        if rule == "702.145c" and o.id in entered:
            game = _enters_transformed(game, o)
        else:
            game = turn_over(game, o, rule, budget)
    return game


def turn_over(game: Game, o: GameObject, rule: str, budget: Budget | float) -> Game:
    """Its controller transforms ``o`` due to its daybound or nightbound ability (701.27a)."""
    from pyengine.game.keyword_faces import turn_over as flip

    return flip(game, o, rule, budget)


def _enters_transformed(game: Game, o: GameObject) -> Game:
    """702.145b, 712.14a: it entered with its back face up (it didn't transform)."""
    from pyengine.game.keyword_faces import other_side

    new = other_side(o)
    objs = tuple(new if x.id == o.id else x for x in game.state.objects)
    return game.with_state(objects=objs).note(GameEvent("enters_transformed", obj=o.id, rule="702.145b"))


def _previous_turn(game: Game) -> tuple[str | None, int]:
    """(the previous turn's active player, the spells they cast during it), read from the log
    as the current turn's untap step begins; (None, 0) when the game began in this turn."""
    from pyengine.triggers.history import turn_start

    start = turn_start(game.log)
    if start <= 0:
        return None, 0
    begun = turn_start(game.log[:start])
    part = game.log[begun:start]
    active = next((e.player for e in part if e.kind in ("step_begins", "step_skipped") and e.player), None)
    if active is None:  # no step of an earlier turn began in the game: it began in this one
        return None, 0
    return active, sum(1 for e in part if e.kind == "cast" and e.player == active)


def untap_check(game: Game, budget: Budget | float) -> Game:
    """502.2, 730.2a-c: the untap step's check of the previous turn."""
    now = game.state.day_night
    if now is None:
        return game  # 730.2c
    prev, cast = _previous_turn(game)
    if prev is None:  # the game began in this turn: there is no previous turn in it
        return game
    if now == "day" and cast == 0:
        game = become(game, "night", "730.2a")
    elif now == "night" and cast >= 2:
        game = become(game, "day", "730.2b")
    return settle(game, budget)
