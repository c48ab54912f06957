"""Kicker's conditions (CR 702.33): "When this creature enters, if it was kicked, ..." (an
intervening "if", 603.4) read as a condition on the object itself, and the generated game that
casts the card with its kicker cost paid so that the condition holds.

The cast engine runs kicker from its name (an optional additional cost, 702.33a, 601.2b,
601.2f); a spell cast with it paid is kicked (702.33d), and so is the permanent it becomes
(:class:`pyengine.model.objects.GameObject` ``kicked``, the selector flag ``kicked``). Not read
here: "kicked twice" and "kicked with its {X} kicker" (a card with two kickers, 702.33e-f), and
"that spell was kicked" (another spell).
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.compile import Compiled

# "it was kicked" of a triggered ability of the permanent (the object the ability is about)
_IT = re.compile(r"(?:it|SELF|this (?:creature|permanent|artifact|enchantment|spell)) was kicked")

KICKED: dict[str, Any] = {"exists": {"self": True, "zone": "any", "kicked": True}}


def condition(text: str) -> dict[str, Any] | None:
    """The condition of "if it was kicked" (702.33d), on the ability's own object in whatever
    zone it is (603.4: checked again as the ability resolves; the card keeps what it was)."""
    return dict(KICKED) if _IT.fullmatch(text.strip()) else None


def is_kicked(cond: Any) -> bool:
    return cond == KICKED


def kicker_cost(card: Compiled, word: str = "kicker") -> str | None:
    """The card's one kicker (or buyback) cost, in mana symbols ({kicker: "{1}{R}"}), or None."""
    costs = [a[word] for a in card.card.get("abilities", ())
             if isinstance(a, dict) and set(a) == {word} and isinstance(a[word], str)]
    return costs[0] if len(costs) == 1 else None


def pool_for(*costs: str) -> str | None:
    """The mana that pays these costs one way only: each colored symbol's own mana and
    colorless for generic (None when a cost has another symbol: hybrid, Phyrexian, X)."""
    out = ""
    for cost in costs:
        for sym in re.findall(r"\{([^}]*)\}", cost):
            if sym.isdigit():
                out += "{C}" * int(sym)
            elif sym in ("W", "U", "B", "R", "G", "C"):
                out += f"{{{sym}}}"
            else:
                return None
    return out


def kick(card: Compiled, doc: dict[str, Any]) -> bool:
    """Make the generated game's spell kicked: the script's ``stack`` of the card (put on the
    stack without casting) becomes a cast with its kicker paid (702.33a, 601.2f) from alice's
    pool, which holds its mana cost and kicker cost. False when the game puts the card on the
    stack no such way or the costs are not paid from a pool one way only."""
    kicker = kicker_cost(card)
    pool = pool_for(str(card.card.get("mana_cost", "")), kicker) if kicker is not None else None
    if not pool:
        return False
    script = doc["query"]["script"]
    at = next((i for i, a in enumerate(script) if isinstance(a, dict) and "stack" in a
               and a["stack"].get("object") == "card"), None)
    if at is None:
        return False
    put = script[at]["stack"]
    cast: dict[str, Any] = {"spell": "card", "kicked": True, "payment": {"pool": pool}}
    if put.get("targets"):
        return False  # a spell's targets by instance: not made here
    script[at] = {"cast": cast}
    alice = next(p for p in doc["players"] if p["id"] == "alice")
    alice["mana"] = alice.get("mana", "") + pool
    return True


# "If this spell was kicked, draw a card." in an instant's or sorcery's text (702.33e)
_SPELL = re.compile(r"if (?:this spell|SELF|it) was kicked, (.+)")
# what a kicked instruction may hold: events (pyengine.game.kicked)
_NOT_EVENTS = ("may", "delayed", "continuous", "tap", "untap", "unless_pays", "kicked", "pay_mana")


def sentence(s: str, eff: Any) -> bool:
    """"If this spell was kicked, <instruction>." (702.33d-e): the instruction done only when
    the spell was kicked, ``{kind: kicked, do: [...]}``. Not read: "... instead" (it replaces
    what the spell does otherwise), an instruction with a target of its own (chosen only when
    kicked, 702.33g) or one the game doesn't hold as events (a continuous effect, a choice)."""
    from pyengine.oracle import effects as E

    m = _SPELL.fullmatch(s)
    if not m or re.search(r"\binstead\b", s):
        return False
    rest = re.sub(r"^it deals ", "SELF deals ", m.group(1))  # "it": this spell (the sentence's subject)
    inner = E.Effect(targets=list(eff.targets), casting=list(eff.casting))
    if not E.sentence(rest, inner, True):
        return False
    if len(inner.targets) != len(eff.targets) or len(inner.casting) != len(eff.casting) \
            or inner.resolves is not None or not inner.do \
            or any(ev.get("kind") in _NOT_EVENTS or "_pending" in ev for ev in inner.do):
        return False
    eff.do.append({"kind": "kicked", "do": inner.do})
    return True


def spell_kicked(card: Compiled) -> bool:
    """Whether the generated game casts the spell (not only puts it on the stack): its
    ``does:`` holds a kicked instruction, or it has buyback (702.27a), paid."""
    return kicker_cost(card, "buyback") is not None or any(
        isinstance(ev, dict) and ev.get("kind") == "kicked" for ev in card.card.get("does", {}).get("do", ()))


def spell_cast(card: Compiled, targets: list[str]) -> tuple[list[dict[str, Any]], list[Any], str] | None:
    """The generated spell game's objects, script and alice's pool: the card cast kicked
    (702.33a) when it has kicked instructions, with buyback paid when it has buyback (702.27a:
    it returns to her hand as it resolves), from alice's pool (601.2f), its targets by instance
    (601.2c); None when its costs are not paid from a pool one way only."""
    kicker, buyback = kicker_cost(card), kicker_cost(card, "buyback")
    kicked = any(isinstance(ev, dict) and ev.get("kind") == "kicked"
                 for ev in card.card.get("does", {}).get("do", ()))
    if kicked and kicker is None:
        return None
    cost = str(card.card.get("mana_cost", ""))
    x = 2 if "{X}" in cost else None  # 107.3a: X announced as 2, paid as generic mana (601.2f)
    pool = pool_for(cost.replace("{X}", "{2}"), *(c for c in (kicker if kicked else None, buyback)
                                                  if c is not None))
    if not pool:
        return None
    ids = [t["id"] for t in card.card.get("casting", {}).get("targets", [])]
    if len(ids) != len(targets):
        return None
    me = {"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}
    cast: dict[str, Any] = {"spell": "card", "kicked": kicked, "buyback": buyback is not None,
                            "payment": {"pool": pool}, **({"x": x} if x is not None else {})}
    if targets:
        cast["targets"] = {i: [t] for i, t in zip(ids, targets, strict=True)}
    return [me], [{"cast": cast}, "resolve"], pool


def enters_with(par: str, card: dict[str, Any]) -> dict[str, Any] | None:
    """"If this creature was kicked, it enters with N +1/+1 counters on it." (702.33d, 614.1c):
    the permanent's own "enters with counters" effect, only when the spell it was is kicked
    (its card has one kicker, with a mana cost)."""
    from pyengine.oracle.effects_counters import enters_with as plain

    m = re.fullmatch(r"If (?:this (?:creature|permanent|artifact)|SELF|it) was kicked, it enters "
                     r"(?:the battlefield )?(with .+ counters? on it\.)", par)
    kickers = re.findall(r"^Kicker (\{[^}]+\})+(?: \(|$)", str(card.get("text", "")), re.M)
    if not m or len(kickers) != 1:  # one kicker, a mana cost (702.33a; not "Kicker {B} and/or {R}")
        return None
    ops = plain(f"SELF enters {m.group(1)}")
    if ops is None:
        return None
    return {"enters_with_counters": {**ops["enters_with_counters"], "kicked": True}}
