"""The generated game of a card whose effect creates a delayed triggered ability (CR 603.7):
after the effect has resolved, the game goes on to the step the ability waits for (the end step
of alice's turn 3, or the upkeep of the next turn, bob's turn 4), where it triggers once
(603.7b) and resolves; what it does is checked then.

A sacrifice (701.21a), destruction (701.8a) or exile of the tokens the effect created leaves
them nowhere (111.7, 704.5d: a token that left the battlefield ceases to exist); one of the
card itself puts it where the event says; a draw takes one more card from alice's library
(121.2). An object named by a target is only followed by the game, not checked here (the
generated game's target may be any fitting permanent).
"""

from __future__ import annotations

from typing import Any

_ZONE = {"destroy": "graveyard", "sacrifice": "graveyard"}


def later(card_abilities: list[Any], every: list[dict[str, Any]], done: dict[str, Any]) -> \
        tuple[list[Any], dict[str, Any]] | None:
    """The script steps after the effect resolved and the checkpoint ``later`` expects, or
    None when the effect creates no delayed ability (or one the generated game doesn't follow:
    two waiting for different steps, or another triggered ability of the card that a step
    may trigger too)."""
    waiting = [ev for ev in every if ev.get("kind") == "delayed"]
    if not waiting:
        return None
    steps = {ev["at"]["step"] for ev in waiting}
    if len(steps) != 1 or any(isinstance(a, dict) and "trigger" in a and "at" in a["trigger"]
                              for a in card_abilities):
        return None
    step = steps.pop()
    own = _own_leaving(card_abilities, waiting)
    if own is None:
        return None
    go: Any = {"advance": "end"} if step == "end" else {"advance": {"step": step, "turn": 4}}
    expect: dict[str, Any] = {"stack": []}
    from pyengine.game.tokens import new_id

    made: list[str] = []
    for ev in every:  # the ids the game gives the tokens the effect created (111.4)
        if ev.get("kind") == "create_tokens":
            tok = ev["token"]
            name = tok.get("name") or " ".join([*tok.get("subtypes", ()), "Token"])
            for _ in range(ev.get("count", 1)):
                made.append(new_id(name, set(made)))
    absent: list[str] = []
    objects: dict[str, Any] = {}
    draws = 0
    for d in waiting:
        for ev in d["do"]:
            kind, obj = ev.get("kind"), ev.get("object")
            if kind == "draw":
                draws += ev.get("count", 1)
            elif obj == "created" and kind in ("sacrifice", "destroy", "move"):
                absent += made
            elif obj == "self":
                objects["card"] = {"zone": _ZONE.get(kind) or ev["to"]}
    if absent:
        expect["absent"] = absent
    if objects:
        expect["objects"] = objects
    if draws and "library" in done:
        lib = dict(done["library"])
        lib["alice"] = max(0, lib["alice"] - draws)
        expect["library"] = lib
    return [go, "resolve", *["resolve"] * own], expect


def _own_leaving(card_abilities: list[Any], waiting: list[dict[str, Any]]) -> int | None:
    """How many of the card's own "leaves the battlefield" abilities a delayed ability moving
    the card off the battlefield makes trigger (603.6c, 603.10a: they look back), to resolve
    after it; None when one needs a choice the generated game doesn't give (targets, modes, an
    intervening if), or when the card must attack in a combat the generated game skips
    (508.1d)."""
    leaving = any(ev.get("object") == "self" and ev.get("kind") == "move" and ev.get("from") == "battlefield"
                  for d in waiting for ev in d["do"])
    if not leaving:
        return 0
    if any(isinstance(a, str) and a == "attacks each combat if able" for a in card_abilities):
        return None
    own = [a for a in card_abilities if isinstance(a, dict) and "trigger" in a
           and a["trigger"].get("when", {}).get("kind") == "leaves"
           and a["trigger"]["when"].get("obj") == "self"]
    if any(t.get("targets") or "modes" in t or "if" in t["trigger"] for t in own):
        return None
    return len(own)
