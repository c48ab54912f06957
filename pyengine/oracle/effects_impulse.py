"""Effect sentences that exile the top cards of your library and let you play them ("impulse
draw"): "Exile the top card of your library. You may play that card this turn." (CR 701.13a,
611.2a, 601.3, 305.1; pyengine.game.impulse).

"Exile the top card / the top N cards of your library" is ``{kind: exile_top, count: N}``; the
sentence after it giving the permission on those cards completes that instruction with ``may:
play`` ("play": a land played or a spell cast, the glossary's "Play") or ``may: cast`` and its
duration: "this turn" / "until end of turn" ``end_of_turn`` (514.2), "until the end of your
next turn" ``end_of_your_next_turn`` (611.2a). "that card" / "it" after one card, "those cards"
/ "them" after several. Left as text: "one of those cards", "Choose one of them", "for as long
as it remains exiled", "until your next end step", "until end of combat on your next turn", a
condition ("During any turn you attacked ..."), "without paying its mana cost", spending mana
as though of any color, another player's library, "face down".
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.common import NUMBERS
from pyengine.oracle.common import fullmatch as _fm

_EXILE = r"exile the top (card|(two|three|four|five|six|seven|eight|ten|\d+) cards) of your library"
_ONE = r"(?:that card|it)"
_MANY = r"(?:those cards|them)"
_THIS_TURN = r"this turn"
_NEXT = r"until the end of your next turn"
# "you may play that card this turn"; "until end of turn, you may play those cards"
_AFTER = rf"you may (play|cast) ({_ONE}|{_MANY}) ({_THIS_TURN}|{_NEXT})"
_BEFORE = rf"(until end of turn|{_NEXT}), you may (play|cast) ({_ONE}|{_MANY})"


def exile(s: str, eff: Any) -> bool:
    """"exile the top card of your library", "exile the top three cards of your library"."""
    m = _fm(_EXILE, s)
    if not m:
        return False
    n = 1 if m.group(1) == "card" else (NUMBERS.get(m.group(2)) or int(m.group(2)))
    ev: dict[str, Any] = {"kind": "exile_top"}
    if n != 1:
        ev["count"] = n
    eff.do.append(ev)
    return True


def permission(s: str, eff: Any) -> bool:
    """"You may play that card this turn" and the like, right after the exile it is about."""
    last = eff.do[-1] if eff.do else None
    if last is None or last.get("kind") != "exile_top" or "may" in last:
        return False
    m = _fm(_AFTER, s)
    if m:
        may, what, when = m.group(1), m.group(2), m.group(3)
    else:
        m = _fm(_BEFORE, s)
        if not m:
            return False
        when, may, what = m.group(1), m.group(2), m.group(3)
    many = _fm(_MANY, what) is not None
    if many != (last.get("count", 1) > 1):
        return False
    last["may"] = may
    last["duration"] = "end_of_your_next_turn" if when == _NEXT else "end_of_turn"
    return True


def sentence(s: str, eff: Any) -> bool:
    """One of the sentences above."""
    return exile(s, eff) or permission(s, eff)
