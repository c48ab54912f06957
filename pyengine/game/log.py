"""The game's log for people: each event as a sentence with the CR number that made it happen,
grouped by step (``pyengine play``)."""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.events import NOTE_KINDS, GameEvent

_STEP_NAMES = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "precombat_main": "precombat main phase", "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "first_strike_damage": "first-strike combat damage step", "combat_damage": "combat damage step",
    "end_of_combat": "end of combat step", "postcombat_main": "postcombat main phase",
    "end": "end step", "cleanup": "cleanup step",
}


def step_name(step: str) -> str:
    """A step's or main phase's name in words ("precombat main phase", "upkeep step")."""
    return _STEP_NAMES.get(step, step)


def sentence(e: GameEvent) -> str:
    """What happened, in words."""
    k = e.kind
    if k == "step_begins":
        return f"{e.player}'s {_STEP_NAMES.get(e.step or '', e.step)} begins"
    if k == "step_skipped":
        return f"{e.player}'s {_STEP_NAMES.get(e.step or '', e.step)} is skipped"
    if k == "damage":
        to = e.obj or e.player
        return f"{e.source} deals {e.amount} {'combat ' if e.combat else ''}damage to {to}"
    if k == "life_gain":
        return f"{e.player} gains {e.amount} life" + (f" ({e.cause})" if e.cause == "lifelink" else "")
    if k == "life_loss":
        return f"{e.player} loses {e.amount} life"
    if k in ("counters_added", "counters_removed"):
        verb = "put on" if k == "counters_added" else "removed from"
        return f"{e.amount} {e.counter} counter(s) {verb} {e.obj or e.player}"
    if k == "draw":
        return f"{e.player} draws " + (e.obj if e.obj else "from an empty library (nothing)"
                                      if e.cause == "empty_library" else "a card")
    if k == "zone_change":
        what = e.obj or f"a card of {e.player}"
        if e.from_zone is None:  # a token created (111.1)
            return f"{what} enters the {e.to_zone}" + (f" ({e.cause})" if e.cause else "")
        return f"{what} moves from {e.from_zone} to {e.to_zone}" + (f" ({e.cause})" if e.cause else "")
    if k in ("tap", "untap"):
        return f"{e.obj} {'taps' if k == 'tap' else 'untaps'}" + (f" ({e.cause})" if e.cause else "")
    if k == "attacks":
        return f"{e.obj} attacks {e.target}"
    if k == "blocks":
        return f"{e.obj} blocks {e.target}"
    if k == "becomes_blocked":
        return f"{e.obj} becomes blocked"
    if k == "unblocked":
        return f"{e.obj} is unblocked"
    if k == "cast":
        return f"{e.player} casts {e.obj}"
    if k == "activate":
        return f"{e.player} activates an ability of {e.obj}"
    if k == "create_token":
        return f"{e.player} creates {e.obj}"
    if k == "becomes_monstrous":
        return f"{e.obj} becomes monstrous"
    if k == "becomes_renowned":
        return f"{e.obj} becomes renowned"
    if k == "transform":
        return f"{e.obj} transforms"
    if k in ("becomes_day", "becomes_night"):  # 730.1
        return f"it becomes {k[8:]}"
    if k == "enters_transformed":
        return f"{e.obj} enters transformed (702.145b)"
    if k == "turned_face_up":
        return f"{e.player} turns {e.obj} face up"
    if k == "detain":
        return f"{e.obj} is detained until {e.player}'s next turn"
    if k in ("scry", "surveil"):
        return f"{e.player} {'scries' if k == 'scry' else 'surveils'} {e.amount} ({e.cause})"
    if k == "look":  # pyengine.game.look (701.20e, 701.20a)
        return f"{e.player} looks at or reveals the top {e.amount} card(s) of their library ({e.cause})"
    if k == "search":
        return f"{e.player} searches their library for {e.cause}"
    if k == "exile_top":
        return f"{e.player} exiles the top {e.amount} card(s) of their library ({e.cause})"
    if k in ("cascade", "discover"):  # pyengine.game.cascade (702.85a, 701.57a)
        return f"{e.player} {'cascades' if k == 'cascade' else 'discovers'} ({e.amount}: {e.cause})"
    if k == "shuffle":
        return f"{e.player} shuffles their library"
    if k == "planeswalk":
        return f"{e.player} planeswalks" + (f" to {e.obj}" if e.obj else " (their planar deck is empty)")
    if k == "set_in_motion":
        return f"{e.player} sets {e.obj} in motion"
    if k == "to_bottom":
        deck = "planar deck" if e.cause == "planeswalk" else "scheme deck"
        return f"{e.obj} is turned face down on the bottom of {e.player}'s {deck} ({e.cause})"
    if k == "ability_removed":
        why = "countered" if e.cause == "countered" else "no legal target"
        return f"{e.target} ({e.obj}'s ability) is removed from the stack: {why}"
    if k == "becomes_target":
        return f"{e.obj} becomes the target of {e.target} ({e.player}'s)"
    if k == "cycle":
        return f"{e.player} cycles {e.obj}"
    if k == "lose_game":
        return f"{e.player} loses the game" + (f" ({e.cause})" if e.cause else "")
    if k == "win_game":
        return f"{e.player} wins the game"
    if k in _NOTES:
        return _NOTES[k](e)
    if e.cause == "loop":
        return f"the game is a draw: {e.detail}"
    return "the game is a draw"


def _ability(e: GameEvent, words: bool = True) -> str:
    """A stack object named by its source, id and (``words``) text: ``wisp's ability
    (wisp:1@4) "When ..."``; a spell by its id."""
    if e.target == e.obj:  # a spell
        return f"{e.obj}"
    text = f' "{e.detail}"' if e.detail and words else ""
    return f"{e.obj}'s ability ({e.target}){text}" if e.obj else f"{e.target}{text}"


_LASTING = {"end_of_turn": "until end of turn", "end_of_combat": "until end of combat",
            "until_your_next_turn": "until its controller's next turn",
            "end_of_your_next_turn": "until the end of its controller's next turn",
            "next_untap_step": "until its controller's next untap step has happened"}
_NOT_RESOLVED = {"targets": "all its targets are illegal; it is removed from the stack",
                 "condition": "its \"if\" clause no longer holds; it is removed from the stack and does "
                              "nothing"}
_NOTES = {
    "triggers": lambda e: f"{_ability(e)} triggers",
    "put_on_stack": lambda e: f"{e.player} puts {_ability(e, e.rule != '603.3')} on the stack",
    "resolves": lambda e: f"{_ability(e, False)} resolves",
    "not_resolved": lambda e: f"{_ability(e, False)} doesn't resolve: "
                              f"{_NOT_RESOLVED.get(e.cause or '', e.cause)}",
    "leaves_stack": lambda e: f"{_ability(e, False)} leaves the stack and ceases to exist",
    "damage_removed": lambda e: f"{e.amount} damage is removed from {e.obj}",
    "effect_ends": lambda e: (f"{e.obj}'s effect" if e.obj else "the effect")
                             + ("" if e.target == e.obj else f" {e.target}")
                             + f" ends ({_LASTING.get(e.cause or '', e.cause)})",
}


def merged(events: Iterable[GameEvent], notes: Iterable[GameEvent] = ()) -> list[GameEvent]:
    """The log's events and the notes in the order they happened: a note after the log event
    its ``index`` names (before the next one), notes in the order they were made."""
    order = [((e.index, 0, n), e) for n, e in enumerate(events)]
    order += [((e.index, 1, n), e) for n, e in enumerate(notes)]
    return [e for _, e in sorted(order, key=lambda p: p[0])]


def render(events: Iterable[GameEvent], notes: Iterable[GameEvent] = ()) -> list[str]:
    """Lines: a heading per step, then its events indented, each with its CR number (a note,
    which is no numbered event of the log, marked with a dash)."""
    out: list[str] = []
    for e in merged(events, notes) if notes else events:
        if e.kind == "step_begins":
            out.append(f"== {sentence(e)} (CR {e.rule})")
        elif e.kind in NOTE_KINDS:
            out.append(f"      - {sentence(e)}  [CR {e.rule}]")
        else:
            out.append(f"   {e.index:>3}. {sentence(e)}  [CR {e.rule}]")
    return out


def to_json(e: GameEvent) -> dict[str, object]:
    """The event's set fields and its sentence; a note has ``after`` (the number of log events
    before it) instead of ``index`` and ``batch``."""
    if e.kind in NOTE_KINDS:
        out: dict[str, object] = {"after": e.index, "kind": e.kind, "rule": e.rule, "text": sentence(e)}
    else:
        out = {"index": e.index, "batch": e.batch, "kind": e.kind, "rule": e.rule, "text": sentence(e)}
    for name in ("obj", "player", "source", "target", "from_zone", "to_zone", "counter", "step", "cause"):
        v = getattr(e, name)
        if v is not None:
            out[name] = v
    if e.amount:
        out["amount"] = e.amount
    if e.combat:
        out["combat"] = True
    if e.detail:
        out["detail"] = e.detail
    return out
