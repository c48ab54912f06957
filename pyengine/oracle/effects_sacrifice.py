"""Sacrifices chosen as the effect resolves (CR 701.21a: "a player sacrifices a permanent they
control of their choice"; 608.2d), read into ``{kind: sacrifice, player: P, what: SELECTOR,
count: N}`` (pyengine.lang.sacrifice, pyengine.game.sacrifice):

- "sacrifice a creature", "sacrifice another creature or artifact", "sacrifice two lands":
  its controller (``you``);
- "each player sacrifices a creature of their choice" (``player: [you, opponent]``: chosen in
  APNAP order and sacrificed at once, 101.4), "target opponent sacrifices a creature",
  "each opponent sacrifices an enchantment", "that player sacrifices a land".

"You may sacrifice another creature. If you do, ..." is the optional action of
pyengine.oracle.effects_choice (118.12). The permanents are read by
pyengine.oracle.phrases.selector; a phrase it doesn't read fully, or one with a zone, a
"that ..." or a count word other than a/an/another/N, stays text. "Sacrifice SELF" and
"sacrifice it" name one object (pyengine.oracle.effects).
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle import effects as E
from pyengine.oracle.common import fullmatch as _fm

_WHO = r"(each player|each opponent|target player|target opponent|that player)"
_COUNT = r"(a|an|another|two|three|four|five)"
# words a selector reads that don't name a permanent's quality (the sacrificing player's own)
_SKIP = ("zone", "owner", "controller", "not_controller")


def sentence(s: str, eff: Any, spell: bool) -> bool:
    m = _fm(rf"(?:you )?sacrifice {_COUNT} (.+)", s)
    who = "you"
    if m is None:
        m2 = _fm(rf"{_WHO} sacrifices {_COUNT} (.+?)(?: of their choice)?", s)
        if m2 is None:
            return False
        who, count, phrase = m2.group(1), m2.group(2), m2.group(3)
    else:
        count, phrase = m.group(1), m.group(2)
    n = 1 if count in ("a", "an", "another") else E.number(count)
    if n is None or (n == 1) == phrase.endswith("s") and not phrase.endswith("ss"):
        return False
    if " of their choice" in phrase or "SELF" in phrase or "that " in phrase or " it" in phrase:
        return False
    from pyengine.oracle.phrases import selector

    kinds = "(artifact|creature|enchantment|land|planeswalker)"
    either = _fm(rf"{kinds} or {kinds}", phrase)
    sel = {"any_types": [either.group(1).capitalize(), either.group(2).capitalize()]} if either else \
        selector(phrase)
    if sel and count == "another":
        sel = {"other": True, **sel}
    if not sel or any(k in sel for k in _SKIP):
        return False
    from pyengine.oracle.execute_triggers import _permanent

    if _permanent({k: v for k, v in sel.items() if k != "token"}, "x", 1) is None:
        return False  # a permanent no generated game makes (the game would not run it)
    if who == "that player":
        mine = not any("player" in t for t in eff.targets)
        players = ["that_player"] if not spell and mine else E._players(who, eff)
    else:
        players = E._players(who, eff)
    if not players:
        return False
    ev: dict[str, Any] = {"kind": "sacrifice", "player": players if len(players) > 1 else players[0],
                          "what": sel}
    if n != 1:
        ev["count"] = n
    eff.do.append(ev)
    return True
