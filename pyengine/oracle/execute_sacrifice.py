"""The generated game's permanents for a sacrifice chosen as the effect resolves
(``{kind: sacrifice, player: P, what: SELECTOR, count: N}``, CR 701.21a, 608.2d).

For each such instruction the game follows, each sacrificing player (``you``: alice; bob for
``opponent`` and a target player; ``that_player``: ``that``, the active player of "each player's
upkeep", else bob, the player dealt damage) gets N new
permanents that fit the selector (tokens, unless it says nontoken: a token's death triggers
fewer of the card's other abilities), and the choice given ahead (``sacrifice_choice``) names
them; the checks say they are in their owner's graveyard. An instruction whose permanents
can't be made here gives no game (None).
"""

from __future__ import annotations

from typing import Any

_WHO = {"you": "alice", "opponent": "bob", "target": "bob", "that_player": "bob", "defending_player": "bob"}


def fodder(followed: list[dict[str, Any]], that: str = "bob", start: int = 60) -> \
        tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]] | None:
    """The choices ahead, the new permanents and the checks on them (None: not made here)."""
    from pyengine.oracle.execute_triggers import _permanent

    ahead: list[dict[str, Any]] = []
    made: list[dict[str, Any]] = []
    checks: dict[str, Any] = {}
    for ev in followed:
        if ev.get("kind") != "sacrifice" or "object" in ev:
            continue
        players = ev["player"] if isinstance(ev["player"], list) else [ev["player"]]
        picked: list[str] = []
        for p in players:
            who = that if p == "that_player" else "bob" if str(p).startswith("target") else _WHO.get(p)
            if who is None:
                return None
            for _ in range(ev.get("count", 1)):
                oid = f"sac{len(made)}"
                sel = {k: v for k, v in ev["what"].items() if k != "token"}
                new = _permanent(sel, oid, start + len(made))
                if new is None:
                    return None
                token = ev["what"].get("token") is not False  # no "dies" trigger of a nontoken one
                made.append({**new, "controller": who, **({"token": True} if token else {})})
                picked.append(oid)
                if not token:  # 701.21a: to its owner's graveyard (a token ceases to exist, 111.7)
                    checks[oid] = {"zone": "graveyard"}
        ahead.append({"sacrifice_choice": {"card": picked}})
    from pyengine.oracle.execute_mana import untapped

    more = untapped(followed, start + len(made))  # 701.26b: the lands "untap up to N lands" chooses
    return ahead + more[0], made + more[1], {**checks, **more[2]}
