"""Effect sentences that look at (or reveal) the top cards of your library and put them away
(CR 701.20e, 701.20a, 401.4), read across the sentences that say it (608.2c):

- "Look at the top three cards of your library, then put them back in any order."
- "Look at the top N cards of your library. Put K of them into your hand and the rest (the other)
  into your graveyard / on the bottom of your library [in any order | in a random order]."
- "Look at the top N cards ... You may reveal a creature card from among them and put it into
  your hand." / "You may put a land card from among them onto the battlefield [tapped] / into
  your hand." followed by "[Then] put the rest on the bottom of your library in a random order /
  in any order" or "Put the rest into your graveyard."
- "Reveal the top N cards of your library. Put all land cards revealed this way into your hand
  and the rest into your graveyard / on the bottom of your library in any order."

They become one ``{kind: look, count: N, reveal, take: K|all, up_to, for: WORDS, to, tapped,
rest, order}`` instruction (docs/effect-language.md; player ``you``). The first sentence leaves
it pending (``_pending``): an effect whose look is not completed by the sentences after it stays
text (pyengine.oracle.effects). The quality of the cards taken is read only when each of its
alternatives is supertype, card type or subtype words (the game matches those,
pyengine.game.search): "permanent", "historic", colors, "noncreature", "with mana value ..."
and the like stay text, as do "target player's library", a number computed as it resolves,
"and/or" and a card that must be put away ("Put a creature card from among them into your hand"
without "you may").
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.model import subtypes as subtype_table
from pyengine.oracle.common import fullmatch as _fm

PENDING = "_pending"
_HEAD = r"(look at|reveal) the top (card|(\w+) cards) of your library"
_THEM = r"(?:them|those cards|the revealed cards|the cards revealed this way)"
_BOTTOM = r"on the bottom of your library(?: in (a random|any) order)?"
_REST = rf"(into your graveyard|{_BOTTOM})"
_WORDS = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery",
          "basic", "legendary", "snow"}
_TO = {"into your hand": "hand", "into your graveyard": "graveyard", "onto the battlefield": "battlefield",
       "onto the battlefield tapped": "battlefield"}


def _number(word: str | None) -> int | None:
    from pyengine.oracle.effects import number

    return 1 if word is None else number(word)


def quality(phrase: str) -> str | None:
    """"creature or land" -> "creature or land", "Elf, Warrior, or Tyvar" -> "Elf or Warrior or
    Tyvar", "permanent" -> each permanent card type (110.4a); None unless every word is a
    supertype, card type or subtype."""
    if phrase == "permanent":
        return "artifact or battle or creature or enchantment or land or planeswalker"
    alts = re.split(r",? or |, ", phrase)
    for alt in alts:
        words = alt.split()
        if not words or any(w not in _WORDS and not (w[:1].isupper() and subtype_table.is_subtype(w))
                            for w in words):
            return None
    return " or ".join(alts)


def _pending(eff: Any) -> dict[str, Any] | None:
    ev = eff.do[-1] if eff.do else None
    return ev if isinstance(ev, dict) and ev.get("kind") == "look" and PENDING in ev else None


def _rest(ev: dict[str, Any], where: str, order: str | None, other: bool = False) -> bool:
    """The rest's destination; "the other" is one card, "on the bottom" with no order stated is
    in the order the player chooses (401.4)."""
    left = ev["count"] - ev["take"] if isinstance(ev.get("take"), int) and not ev.get("up_to") else None
    if other and left != 1:
        return False
    ev["rest"] = "graveyard" if where == "into your graveyard" else "bottom"
    if ev["rest"] == "bottom":
        ev["order"] = "random" if order == "a random" else "any"
    del ev[PENDING]
    return True


def _top_card(s: str, eff: Any) -> bool:
    """After "look at / reveal the top card of your library": "If it's a land card, [you may]
    [reveal it and] put it onto the battlefield [tapped] / into your hand / into your graveyard"
    (the card taken if it has the quality: all of one card, or up to one with "you may"; else it
    stays on top); then "Otherwise, put it into your graveyard / hand / on the bottom of your
    library" (not after "you may": declining is no "otherwise") or, after "you may", "If you don't
    put the card onto the battlefield, put it into your hand"."""
    ev = eff.do[-1] if eff.do else None
    if not isinstance(ev, dict) or ev.get("kind") != "look" or ev.get("count") != 1:
        return False
    if PENDING in ev and "take" not in ev:
        m = _fm(r"if it's an? ((?i:[\w ,]+?)) card, (you may )?(?:reveal it and )?put (?:it|that card) "
                r"(into your hand|into your graveyard|onto the battlefield(?: tapped)?)", s)
        q = quality(m.group(1)) if m else None
        if m is None or q is None:
            return False
        to = _TO[m.group(3)]
        never = ("instant", "sorcery", "planeswalker", "Aura")  # 110.4a; 306.5b, 303.4f not generated
        if to == "battlefield" and any(w in never for w in q.split()):
            return False
        ev.update({"take": 1 if m.group(2) else "all", "for": q, "to": to})
        if m.group(2):
            ev["up_to"] = True
        if m.group(3).endswith("tapped"):
            ev["tapped"] = True
        del ev[PENDING]
        return True
    if PENDING in ev or ev.get("rest", "top") != "top" or "for" not in ev:
        return False
    m = _fm(r"otherwise, put (?:it|that card) "
            r"(into your graveyard|into your hand|on the bottom of your library)", s)
    if m and ev.get("take") == "all":
        ev["rest"] = {"into your graveyard": "graveyard", "into your hand": "hand"}.get(m.group(1), "bottom")
        return True
    m = _fm(r"if you don't put (?:it|the card|that card) (into your hand|onto the battlefield), put it "
            r"(into your graveyard|into your hand|on the bottom of your library)", s)
    if m and ev.get("up_to") and _TO[m.group(1)] == ev["to"]:
        ev["rest"] = {"into your graveyard": "graveyard", "into your hand": "hand"}.get(m.group(2), "bottom")
        return ev["rest"] != ev["to"]
    return False


def nested_pending(do: list[dict[str, Any]]) -> bool:
    """A look left pending inside an instruction's ``do``/``then``/``otherwise`` ("You may look at
    the top card of your library." read inside a "may"): never completed there."""
    inner = ("do", "then", "otherwise")
    return any(PENDING in ev or nested_pending([e for k in inner for e in ev.get(k, [])])
               for ev in do if isinstance(ev, dict))


def finish(eff: Any) -> None:
    """"Look at the top card of your library." as the effect's last sentence: the player looks,
    and the cards stay where they are (701.20e)."""
    ev = _pending(eff)
    if ev is not None and "take" not in ev and not ev.get("reveal") and ev["count"] == 1:
        del ev[PENDING]


def sentence(s: str, eff: Any) -> bool:
    """Read ``s`` as a sentence of the look family into ``eff``; False if it isn't one."""
    if _top_card(s, eff):
        return True
    ev = _pending(eff)
    if ev is None:
        return _head(s, eff)
    if "take" not in ev:
        m = _fm(rf"put (\w+)(?: of {_THEM})? into your (hand|graveyard) and the (rest|other) {_REST}", s)
        if m:
            k = _number(m.group(1))
            if not k or k >= ev["count"]:
                return False
            ev.update({"take": k, "to": m.group(2)})
            return _rest(ev, m.group(4), m.group(5), other=m.group(3) == "other")
        m = _fm(rf"put (\w+) of {_THEM} into your graveyard", s)  # the other one stays on top
        if m:
            k = _number(m.group(1))
            if not k or ev["count"] - k != 1:
                return False
            ev.update({"take": k, "to": "graveyard"})
            del ev[PENDING]
            return True
        m = _fm(rf"put all ((?i:[\w ,]+?)) cards (?:revealed this way|from among {_THEM}) into your "
                rf"(hand) and the rest {_REST}", s)
        if m and ev.get("reveal"):
            q = quality(m.group(1))
            if q is None:
                return False
            ev.update({"take": "all", "for": q, "to": "hand"})
            return _rest(ev, m.group(3), m.group(4))
        m = _fm(rf"you may (?:reveal an? ((?i:[\w ,]+?)) card from among {_THEM} and put (?:it|that card) "
                rf"(into your hand)|put an? ((?i:[\w ,]+?)) card from among {_THEM} "
                rf"(into your hand|onto the battlefield(?: tapped)?))", s)
        if not m:
            return False
        q = quality(m.group(1) or m.group(3))
        to = _TO[m.group(2) or m.group(4)]
        if q is None:
            return False
        never = ("instant", "sorcery", "planeswalker", "aura")
        if to == "battlefield" and any(w in never for w in q.lower().split()):
            return False  # an instant or sorcery card can't be put onto the battlefield (110.4a); a
            # planeswalker's loyalty as it enters (306.5b) is not generated
        ev.update({"take": 1, "up_to": True, "for": q, "to": to})
        if to == "battlefield" and (m.group(4) or "").endswith("tapped"):
            ev["tapped"] = True
        return True
    m = _fm(rf"(?:then )?put the rest(?: of the cards| of those cards)?(?: revealed this way)? {_REST}", s)
    return m is not None and _rest(ev, m.group(1), m.group(2))


def _head(s: str, eff: Any) -> bool:
    m = _fm(rf"{_HEAD}(, then put them back in any order)?", s)
    if not m:
        return False
    n = _number(m.group(3)) if m.group(2) != "card" else 1
    if not n or (m.group(4) and m.group(1) != "look at"):
        return False
    ev: dict[str, Any] = {"kind": "look", "count": n}
    if m.group(1) == "reveal":
        ev["reveal"] = True
    if m.group(4):  # every card back on top, in the order the player chooses (401.4)
        if n < 2:
            return False
        ev.update({"rest": "top", "order": "any"})
    else:
        ev[PENDING] = True
    eff.do.append(ev)
    return True
