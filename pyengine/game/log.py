"""The game's log for people: each event as a sentence with the CR number that made it happen,
grouped by step (``pyengine play``)."""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.events import GameEvent

_STEP_NAMES = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "precombat_main": "precombat main phase", "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "first_strike_damage": "first-strike combat damage step", "combat_damage": "combat damage step",
    "end_of_combat": "end of combat step", "postcombat_main": "postcombat main phase",
    "end": "end step", "cleanup": "cleanup step",
}


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
    if k == "cast":
        return f"{e.player} casts {e.obj}"
    if k == "activate":
        return f"{e.player} activates an ability of {e.obj}"
    if k == "create_token":
        return f"{e.player} creates {e.obj}"
    if k == "becomes_monstrous":
        return f"{e.obj} becomes monstrous"
    if k == "transform":
        return f"{e.obj} transforms"
    if k == "turned_face_up":
        return f"{e.player} turns {e.obj} face up"
    if k == "detain":
        return f"{e.obj} is detained until {e.player}'s next turn"
    if k in ("scry", "surveil"):
        return f"{e.player} {'scries' if k == 'scry' else 'surveils'} {e.amount} ({e.cause})"
    if k == "planeswalk":
        return f"{e.player} planeswalks" + (f" to {e.obj}" if e.obj else " (their planar deck is empty)")
    if k == "set_in_motion":
        return f"{e.player} sets {e.obj} in motion"
    if k == "to_bottom":
        deck = "planar deck" if e.cause == "planeswalk" else "scheme deck"
        return f"{e.obj} is turned face down on the bottom of {e.player}'s {deck} ({e.cause})"
    if k == "ability_removed":
        return f"{e.target} ({e.obj}'s ability) is removed from the stack: no legal target"
    if k == "lose_game":
        return f"{e.player} loses the game" + (f" ({e.cause})" if e.cause else "")
    if k == "win_game":
        return f"{e.player} wins the game"
    return "the game is a draw"


def render(events: Iterable[GameEvent]) -> list[str]:
    """Lines: a heading per step, then its events indented, each with its CR number."""
    out: list[str] = []
    for e in events:
        if e.kind == "step_begins":
            out.append(f"== {sentence(e)} (CR {e.rule})")
        else:
            out.append(f"   {e.index:>3}. {sentence(e)}  [CR {e.rule}]")
    return out


def to_json(e: GameEvent) -> dict[str, object]:
    """The event's set fields and its sentence."""
    out: dict[str, object] = {"index": e.index, "batch": e.batch, "kind": e.kind, "rule": e.rule,
                              "text": sentence(e)}
    for name in ("obj", "player", "source", "target", "from_zone", "to_zone", "counter", "step", "cause"):
        v = getattr(e, name)
        if v is not None:
            out[name] = v
    if e.amount:
        out["amount"] = e.amount
    if e.combat:
        out["combat"] = True
    return out
