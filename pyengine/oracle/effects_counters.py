"""Effect sentences about counters (CR 122): putting them on and removing them from objects and
players. Read by :func:`pyengine.oracle.effects.sentence` (through ``effects._counters``).

- "put a +1/+1 counter on SELF / on target creature / on it", "put two charge counters on
  SELF", "put a flying counter on target creature you control": ``{kind: counters, target:
  REF, counter: KIND, amount: N}`` (122.1; a +X/+Y counter changes power and toughness in layer
  7c, 613.4c; a keyword counter grants its keyword, 122.1b). "It" (or "that creature") is the
  object the trigger event is about only as the effect's first instruction (later it may be an
  object the effect named), as for the continuous effects of pyengine.oracle.effects_continuous.
- "put a +1/+1 counter on each creature you control" / "each other creature you control":
  ``{kind: each, affects: SELECTOR, do: [{kind: counters, target: each, ...}]}``, the group
  determined as the ability or spell resolves (608.2c).
- "remove a -1/-1 counter from SELF": ``{kind: remove_counters, ...}`` (122.1, as many as it
  has).
- "proliferate": ``{kind: proliferate}`` (701.34a: its controller chooses any number of
  permanents and players with counters as it resolves; each gets one more of each kind).
- "target player gets a poison counter", "each opponent gets two poison counters": counters on
  a player (122.1f: ten or more poison counters lose the game, 704.5c).

Counters whose rules the engines don't follow are left as text: shield (122.1c), stun
(122.1d), finality (122.1h), rad (122.1i) and lore (714.2c) counters, and counters on a player other than
poison. A +1/+1 and a -1/-1 counter on one permanent are removed by the state-based action of
704.5q (asp/sba/counters.lp).
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import fullmatch as _fm

# counters with rules of their own the engines don't follow (CR 122.1c, d, h, i; a lore counter
# put on a Saga triggers its chapter abilities, 714.2c, which a game doesn't follow yet)
UNFOLLOWED = frozenset({"shield", "stun", "finality", "rad", "lore"})
_NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_KIND = r"([+-]\d+/[+-]\d+|[a-z]+(?: strike)?)"
# what a group's selector may say (read by the layer engine's selectors on the battlefield)
_GROUP_KEYS = frozenset({"types", "any_types", "subtypes", "controller", "not_controller", "other",
                         "colors", "not_colors", "not_types", "supertypes", "token", "abilities",
                         "not_abilities", "tapped"})


def kind(word: str) -> str | None:
    """The counter kind a word names, if the engines read it as meant (122.1)."""
    if word in UNFOLLOWED:
        return None
    from pyengine.errors import ScenarioError
    from pyengine.lang.counters import counter_kind
    from pyengine.lang.yamlread import Cursor

    try:
        return counter_kind(word, Cursor(word, "counter", None, None))
    except ScenarioError:
        return None


def _amount(word: str, noun: str) -> int | None:
    from pyengine.oracle.effects import number

    n = number(word)
    if n is None or n < 1 or (n == 1) != (noun == "counter"):
        return None
    return n


def _object(phrase: str, eff: Any) -> str | dict[str, Any] | None:
    """The reference (``self``, ``it``, ``target``...) or the group selector an object phrase
    names; None if not read."""
    from pyengine.oracle.effects import target

    if phrase == "SELF":
        return None if eff.from_graveyard else "self"
    if phrase in ("it", "that creature"):
        # the trigger event's object, only before the effect names another (608.2c, 603.7c)
        return "it" if eff.it and not eff.do and not eff.targets else None
    if phrase.startswith("target "):
        return target(phrase, eff, ("object",))
    if phrase.startswith("another target "):  # not the ability's own source (115.1, 109.5)
        ref = target(phrase.removeprefix("another "), eff, ("object",))
        if ref is not None:
            eff.targets[-1] = {"obj": {**eff.targets[-1]["obj"], "other": True}}
        return ref
    if phrase.startswith("each "):
        sel = P.selector(phrase)
        if sel is None or set(sel) - _GROUP_KEYS or not (sel.get("types") or sel.get("any_types")
                                                           or sel.get("subtypes")):
            return None
        return sel
    return None


def counters(s: str, eff: Any) -> bool:
    """Read one counters sentence into ``eff`` (False: not this form, or not followed)."""
    if s == "proliferate":  # 701.34a: the controller chooses as it resolves (608.2d)
        eff.do.append({"kind": "proliferate"})
        return True
    m = _fm(rf"put {_NUM} {_KIND} (counters?) on (.+)", s)
    if m:
        return _put(m.group(1), m.group(2), m.group(3), m.group(4), eff)
    m = _fm(rf"put a number of {_KIND} counters equal to the power of the card you exiled on (target .+)", s)
    if m and eff.ability and not eff.do:  # scavenge (702.97a): the card its cost exiled, the source
        from pyengine.oracle.keyword_graveyard import scavenged

        return scavenged(kind(m.group(1)), _object(m.group(2), eff), eff)
    m = _fm(rf"remove {_NUM} {_KIND} (counters?) from (SELF|it|target .+)", s)
    if m:
        n, k = _amount(m.group(1), m.group(3)), kind(m.group(2))
        if n is None or k is None:
            return False
        on = _object(m.group(4), eff)
        if not isinstance(on, str):
            return False
        ev: dict[str, Any] = {"kind": "remove_counters", "target": on, "counter": k}
        if n != 1:
            ev["amount"] = n
        eff.do.append(ev)
        return True
    m = _fm(rf"(you|target player|target opponent|each opponent|each player|that player|defending player) "
            rf"gets? {_NUM} "
            r"poison (counters?)", s)
    if m:
        return _poison(m.group(1), m.group(2), m.group(3), s, eff)
    return False


def _put(num: str, word: str, noun: str, phrase: str, eff: Any) -> bool:
    n, k = _amount(num, noun), kind(word)
    if n is None or k is None:
        return False
    on = _object(phrase, eff)
    if on is None:
        return False
    ev: dict[str, Any] = {"kind": "counters", "target": "each" if isinstance(on, dict) else on, "counter": k}
    if n != 1:
        ev["amount"] = n
    eff.do.append({"kind": "each", "affects": on, "do": [ev]} if isinstance(on, dict) else ev)
    return True


def _poison(who: str, num: str, noun: str, s: str, eff: Any) -> bool:
    from pyengine.oracle.effects import _players

    if (who == "you") != (" get " in f" {s} "):
        return False  # "you get", "each opponent gets"
    n = _amount(num, noun)
    # with no player target, "that player" is the player the trigger event was about
    # ("Whenever this creature deals combat damage to a player, that player gets ...": poisonous,
    # 702.70a; its ``that_player``), as a discard's is
    mine = not any("player" in t for t in eff.targets) and not eff.ability
    players = ["defending_player"] if who == "defending player" else \
        ["that_player"] if who == "that player" and mine else _players(who, eff)
    if n is None or players is None:
        return False
    for p in players:
        ev: dict[str, Any] = {"kind": "counters", "target": p, "counter": "poison"}
        if n != 1:
            ev["amount"] = n
        eff.do.append(ev)
    return True


def enters_with(par: str) -> dict[str, Any] | None:
    """"SELF enters with N KIND counters on it.": the static ability's operation (614.1c: the
    counters it enters with), or None. "SELF enters tapped with N KIND counters on it" is one
    replacement effect doing both (614.1c-d), which the replacement engine doesn't hold as one
    static ability yet: not read."""
    m = _fm(rf"SELF enters (?:the battlefield )?with {_NUM} {_KIND} (counters?) on it\.", par)
    if not m:
        return None
    n, k = _amount(m.group(1), m.group(3)), kind(m.group(2))
    if n is None or k is None:
        return None
    return {"enters_with_counters": {"counter": k, "amount": n}}
