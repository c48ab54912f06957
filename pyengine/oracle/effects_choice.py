"""Effect sentences that ask a player to choose as the spell or ability resolves (CR 608.2d),
read into the instructions of docs/effect-language.md that the game follows with the script's
choices (pyengine/game/choice.py):

- "Target player discards two cards", "discard a card", "each opponent discards a card at
  random": ``{kind: discard, player: P, count: N}`` (701.9b; ``random: true``);
- "Target opponent reveals their hand. You choose a nonland card from it. That player discards
  that card.": ``{kind: discard, player: P, chooser: you, card: SELECTOR}`` (701.20a reveal,
  701.9b: the discarded card is chosen by another player, among the cards that match);
- "X, then Y" ("draw a card, then discard a card"): both, in order (608.2c);
- "You may X. If you do, Y. If you don't, Z.": ``{kind: may, do, then, otherwise}`` (118.12:
  "if you do" checks the choice), where X is an action the game performs (sacrifice SELF, pay
  N life, discard, draw ...), or "pay {2}{W}" (``{kind: pay_mana, player: you, mana}``: a
  cost paid as it resolves, 118.12, from the player's mana pool; not hybrid, Phyrexian, {X}
  or energy);
- "Counter target spell unless its controller pays {3}": ``{kind: unless_pays, controller_of:
  target, mana: "{3}", do: [the counter]}`` (118.12a).
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle import effects as E
from pyengine.oracle.common import fullmatch as _fm

NUM = E.NUM
_WHO = r"(target player|target opponent|that player|each player|each opponent)"


def sentence(s: str, eff: Any, spell: bool) -> bool:
    """Read one sentence of these kinds into ``eff``; False if it is none of them."""
    from pyengine.oracle.effects_sacrifice import sentence as sacrifice  # 701.21a: chosen as it resolves

    return sacrifice(s, eff, spell) or _discard(s, eff, spell) or _reveal(s, eff) or _chosen(s, eff) or _pay_life(s, eff) \
        or _then(s, eff, spell) or _if_you(s, eff, spell) \
        or (spell and _counter_unless(s, eff)) or _may(s, eff, spell)


def _discard(s: str, eff: Any, spell: bool = True) -> bool:
    """701.9b: "discard two cards", "target player discards a card", "each opponent discards a
    card at random" (the discarding player chooses, or the cards are chosen at random). In a
    triggered ability with no player target, "that player" is the player its trigger event was
    about ("Whenever this creature deals combat damage to a player, that player discards a
    card": ``that_player``)."""
    m = _fm(rf"()(?:you )?discard {NUM} cards?( at random)?", s) or \
        _fm(rf"{_WHO} discards {NUM} cards?( at random)?", s)
    if not m:
        return False
    n = E.number(m.group(2))
    if n is None or (n == 1) != (" cards" not in s):
        return False
    who = m.group(1) or "you"
    mine = not any("player" in t for t in eff.targets)
    players = ["that_player"] if who == "that player" and not spell and mine else E._players(who, eff)
    if players is None:
        return False
    for p in players:
        ev: dict[str, Any] = {"kind": "discard", "player": p}
        if n != 1:
            ev["count"] = n
        if m.group(3):
            ev["random"] = True
        eff.do.append(ev)
    return True


# the card types a "You choose a ... card from it" names (205.2a)
_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
          "planeswalker": "Planeswalker", "battle": "Battle", "instant": "Instant", "sorcery": "Sorcery"}
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")  # 110.4
PENDING = "_pending"  # a reveal or a choice whose sentence of the discard is still to come


def _reveal(s: str, eff: Any) -> bool:
    """"Target opponent reveals their hand" (701.20a), read only as the first of the three
    sentences of a chosen discard (:func:`_chosen`): alone it stays unread."""
    m = _fm(r"(target player|target opponent) reveals their hand(?: and (you choose .+))?", s)
    players = E._players(m.group(1), eff) if m else None
    if m is None or not players or len(players) != 1:
        return False
    eff.do.append({"kind": "discard", "player": players[0], PENDING: "reveal"})
    if m.group(2) and not _chosen(m.group(2), eff):  # "... reveals their hand and you choose ..."
        eff.do.pop()
        eff.targets.pop()
        eff.casting.pop()
        return False
    return True


def _chosen(s: str, eff: Any) -> bool:
    """"You choose a noncreature, nonland card from it." then "That player discards that
    card." after the reveal: the player discards the card you choose among those of the
    revealed hand that match (701.9b; none matching: nothing is discarded, 609.3)."""
    last = eff.do[-1] if eff.do else {}
    if last.get(PENDING) == "reveal":
        m = _fm(r"you choose (an? [a-z, ]*?)card from it( with mana value (\d+) or (less|greater))?", s)
        sel = card_filter(m.group(1)) if m else None
        if m is None or sel is None:
            return False
        if m.group(2):
            sel["mana_value"] = {"lte" if m.group(4) == "less" else "gte": int(m.group(3))}
        last.update({"chooser": "you", "card": sel, PENDING: "choice"})
        return True
    if last.get(PENDING) == "choice" and s == "that player discards that card":
        del last[PENDING]
        return True
    return False


def card_filter(phrase: str) -> dict[str, Any] | None:
    """"a nonland ", "a noncreature, nonland ", "an artifact or creature ", "a " (any card):
    the selector of the cards it names, or None."""
    words = phrase.strip().split(" ", 1)
    if words[0] not in ("a", "an"):
        return None
    sel: dict[str, Any] = {}
    rest = words[1].strip() if len(words) > 1 else ""
    if not rest:
        return sel
    m = re.fullmatch(r"((?:\w+, )+)or (\w+)", rest)  # "artifact, instant, or sorcery"
    if m:
        rest = " or ".join([*m.group(1).rstrip(", ").split(", "), m.group(2)])
    for part in rest.split(", "):
        alts = part.split(" or ")
        if len(alts) > 1:
            if not all(a in _TYPES for a in alts) or "any_types" in sel:
                return None
            sel["any_types"] = [_TYPES[a] for a in alts]
        elif part.endswith(" permanent") or part == "permanent":  # 110.4: a permanent card's types
            pre = part.removesuffix("permanent").strip()
            if "any_types" in sel or pre and not (pre.startswith("non") and pre[3:] in _TYPES):
                return None
            sel["any_types"] = list(PERMANENT_TYPES)
            if pre:
                sel.setdefault("not_types", []).append(_TYPES[pre[3:]])
        elif part.startswith("non") and part[3:] in _TYPES:
            sel.setdefault("not_types", []).append(_TYPES[part[3:]])
        elif part in _TYPES and "types" not in sel:
            sel["types"] = [_TYPES[part]]
        else:
            return None
    return sel


def _pay_life(s: str, eff: Any) -> bool:
    """"Pay 2 life" (119.4): as the optional action of "you may pay N life. If you do"."""
    m = _fm(r"(?:you )?pay (\d+) life", s)
    if not m:
        return False
    eff.do.append({"kind": "pay_life", "player": "you", "amount": int(m.group(1))})
    return True


def _then(s: str, eff: Any, spell: bool) -> bool:
    """"Draw a card, then discard a card": two instructions, followed in order (608.2c);
    "Target opponent discards a card at random, then discards a card": the same player."""
    m = _fm(r"(.+?), then (.+)", s)
    if not m:
        return False
    first, second = m.group(1), m.group(2)
    if re.match(r"if you (?:do|don't), ", first):  # "If you do, X, then Y": both what it says (_if_you)
        return False
    subject = re.match(rf"{_WHO} ", first)
    if subject and re.match(r"(discards|draws|mills|loses|gains) ", second):  # the same player
        who = subject.group(1)
        second = f"{'that player' if who.startswith('target') else who} {second}"
    before = len(eff.do)
    if not E.sentence(first, eff, spell):
        return False
    if not E.sentence(second, eff, spell):
        del eff.do[before:]
        return False
    return True


def _may(s: str, eff: Any, spell: bool) -> bool:
    """"You may X": optional, its controller chooses as it resolves (603.5, 608.2d); the
    events of X (any sentence of these modules that makes events only) in ``{kind: may, do:
    [...]}``."""
    m = _fm(r"you may (.+)", s)
    if not m:
        return False
    rest = m.group(1)
    pay = re.fullmatch(r"pay ((?:\{(?:\d+|[WUBRGC])\})+)", rest)
    if pay:  # "you may pay {1}{W}": a cost paid as it resolves (118.12), from the pool
        eff.do.append({"kind": "may", "do": [{"kind": "pay_mana", "player": "you", "mana": pay.group(1)}]})
        return True
    inner = E.Effect(from_graveyard=eff.from_graveyard, targets=eff.targets, casting=eff.casting)
    if not any(E.sentence(t, inner, spell) for t in (rest, f"you {rest}")):
        return False
    if not inner.do or inner.resolves is not None or any(
            ev["kind"] in ("may", "continuous", "delayed", "tap", "untap") for ev in inner.do):
        return False
    eff.do.append({"kind": "may", "do": inner.do})
    return True


def _if_you(s: str, eff: Any, spell: bool) -> bool:
    """"If you do, Y" / "If you don't, Y" after "You may X" (118.12: it checks whether the
    player chose to do X): Y in the ``may``'s ``then`` / ``otherwise``."""
    m = _fm(r"if you (do|don't), (.+)", s)
    if not m or not eff.do or eff.do[-1].get("kind") != "may":
        return False
    key = "then" if m.group(1) == "do" else "otherwise"
    may = eff.do[-1]
    if key in may:
        return False
    inner = E.Effect(from_graveyard=eff.from_graveyard, targets=eff.targets, casting=eff.casting, it=eff.it)
    rest = m.group(2)
    # "If you do, you draw a card and you lose 2 life": both instructions are what it says
    if not all(E.sentence(p, inner, spell) for p in E.expand(rest)) or not inner.do or inner.resolves is not None or any(
            ev["kind"] in ("may", "continuous", "delayed", "tap", "untap") for ev in inner.do):
        return False
    may[key] = inner.do
    return True


def _counter_unless(s: str, eff: Any) -> bool:
    """"Counter target spell unless its controller pays {3}" (118.12a, 701.6a): the target
    spell's controller chooses whether to pay; if they don't, it is countered."""
    m = _fm(r"counter target (.+) unless its controller pays ((?:\{\d+\})+)", s)
    if not m or not re.fullmatch(r"\{\d+\}", m.group(2)):
        return False
    before = len(eff.do)
    if not E.sentence(f"counter target {m.group(1)}", eff, True) or len(eff.do) != before + 1:
        return False
    counter = eff.do.pop()
    eff.do.append({"kind": "unless_pays", "controller_of": counter["object"], "mana": m.group(2),
                   "do": [counter]})
    return True

