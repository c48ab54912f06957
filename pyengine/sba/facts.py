"""A state-based-action check as clingo facts (documented in asp/sba/defined.lp).

Objects are ``o("id")``, players ``p("id")``; the characteristics of permanents are those
after every continuous effect (the layer engine's answer), never the printed ones. Three
kinds of ability are read from their words (docs/effect-language.md): "Enchant [quality]"
(702.5a), chapter abilities ("I, II — ...", 714.2) and "can't have more than N [kind]
counters on it" (704.5r). Nothing is formatted into program text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pyengine import qualities
from pyengine.errors import UnsupportedQuery
from pyengine.facts import Const, FactSet, Fn, Value, declare
from pyengine.layers.result import LayerResult, ObjectChars
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState
from pyengine.sba.model import NOTHING_SINCE, SinceLastCheck

_SCHEMA = {
    "sba_player": 1, "life": 2, "poison": 2, "commander_damage": 3, "drew_from_empty": 1,
    "object_in": 2, "token": 1,
    "copy_of": 2, "controller": 2, "card_type": 2, "subtype": 2, "supertype": 2, "name": 2,
    "toughness": 2, "damage_marked": 2, "counter": 3, "keyword": 2, "deathtouch_damaged": 1,
    "timestamp": 2, "attached": 2, "enchant": 2, "enchant_yours": 2, "counter_limit": 3,
    "chapter": 2, "chapter_source": 1, "trigger_source": 1, "legend_kept": 3,
}
for _name, _arity in _SCHEMA.items():
    declare(_name, _arity)

# the keywords the encodings read (702.12b)
_KEYWORDS = ("indestructible",)
_ENCHANT = re.compile(r"enchant (.+)", re.I)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}
# 714.2a, 714.2c: "I — ...", "II, III — ..." (an em dash, an en dash or a hyphen)
_CHAPTER = re.compile(r"\s*([IVXL]+(?:\s*,\s*[IVXL]+)*)\s*[\u2014\u2013-]\s*\S")
_LIMIT = re.compile(r"can[\u2019']t have more than (\w+) (.+?) counters? on it", re.I)
_NUMBERS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six",
                                        "seven", "eight", "nine", "ten"))}


def obj(oid: str) -> Fn:
    return Fn("o", oid)


def player(pid: str) -> Fn:
    return Fn("p", pid)


def roman(numeral: str) -> int:
    """The value of a Roman numeral (714.2a)."""
    total = 0
    values = [_ROMAN[c] for c in numeral]
    for i, v in enumerate(values):
        total += -v if i + 1 < len(values) and values[i + 1] > v else v
    return total


def chapters(ability: str) -> tuple[int, ...]:
    """The chapter numbers of a chapter ability's words (none for another ability)."""
    m = _CHAPTER.match(ability)
    if not m:
        return ()
    return tuple(roman(n.strip()) for n in m.group(1).split(","))


def counter_limit(ability: str) -> tuple[str, int] | None:
    """(counter kind, N) of "can't have more than N [kind] counters on it" (704.5r)."""
    m = _LIMIT.search(ability)
    if not m:
        return None
    word = m.group(1).lower()
    n = _NUMBERS.get(word, int(word) if word.isdigit() else None)
    if n is None:
        raise UnsupportedQuery(f"{ability!r}: expected a number of counters (a digit or one to ten), "
                               f"got {word!r}")
    return m.group(2).strip(), n


def enchant(ability: str, players: tuple[str, ...]) -> tuple[Value, bool] | None:
    """(quality term, "you control") of "Enchant [quality]" (702.5a), None for another
    ability; a quality pyengine doesn't read is an error, never "enchant anything"."""
    m = _ENCHANT.fullmatch(ability.strip().rstrip("."))
    if not m:
        return None
    words = " ".join(m.group(1).split())
    yours = words.lower().endswith(" you control")
    if yours:
        words = words[: -len(" you control")]
    low = words.lower()
    if low in ("permanent", "player", "opponent"):
        return Const(low), yours
    try:
        quality = qualities.parse(words, players)
    except UnsupportedQuery:
        raise UnsupportedQuery(
            f"{ability!r}: not an enchant ability pyengine reads; expected Enchant permanent, player, "
            "opponent, or a color, card type, supertype or subtype (CR 702.5a), optionally "
            "followed by 'you control'") from None
    if quality[0] not in ("color", "type", "supertype", "subtype"):
        raise UnsupportedQuery(f"{ability!r}: enchant needs a color, card type, supertype or subtype here")
    return qualities.term(quality, player), yours


def _type_word(word: str) -> Const:
    return Const(word.lower())


def sba_factset(state: GameState, layers: LayerResult, since: SinceLastCheck = NOTHING_SINCE,
                legend_choices: Mapping[tuple[str, str], str] = {}) -> FactSet:
    """The facts of one check of ``state`` (``layers``: its characteristics)."""
    fs = FactSet()
    pids = state.player_ids
    for p in state.players:
        fs.add("sba_player", player(p.id))
        fs.add("q_player", player(p.id))
        fs.add("life", player(p.id), p.life)
        if p.poison:
            fs.add("poison", player(p.id), p.poison)
        for cmdr, n in p.commander_damage:  # CR 903.10a
            fs.add("commander_damage", player(p.id), obj(cmdr), n)
        chars = layers.players.get(p.id)
        for ab in chars.abilities if chars else ():
            if ab.startswith("protection from "):
                fs.add("q_protection", player(p.id), qualities.term(qualities.parse(ab[16:], pids), player))
    for pid in sorted(since.drew_from_empty):
        fs.add("drew_from_empty", player(pid))
    for oid in sorted(since.deathtouch_damaged):
        fs.add("deathtouch_damaged", obj(oid))
    for oid in sorted(since.sagas_sourcing):
        fs.add("chapter_source", obj(oid))
    for oid in sorted(since.battles_sourcing):
        fs.add("trigger_source", obj(oid))
    for (pid, name), kept in sorted(legend_choices.items()):
        fs.add("legend_kept", player(pid), name, obj(kept))
    for o in state.objects:
        o_ = obj(o.id)
        fs.add("object_in", o_, Const(o.zone.asp))
        if o.token:
            fs.add("token", o_)
        if o.copy is not None:
            fs.add("copy_of", o_, Const(o.copy))
        ch = layers.objects.get(o.id)
        if o.zone != Zone.BATTLEFIELD or ch is None:
            continue
        _permanent(fs, o_, ch, pids)
        fs.add("timestamp", o_, o.timestamp)
        if o.damage:
            fs.add("damage_marked", o_, o.damage)
        for kind, n in o.counters:
            if n > 0:
                fs.add("counter", o_, kind, n)
        if o.attached_to is not None:
            fs.add("attached", o_, player(o.attached_to) if o.attached_to in pids else obj(o.attached_to))
    return fs


def _permanent(fs: FactSet, o_: Fn, ch: ObjectChars, pids: tuple[str, ...]) -> None:
    """The characteristics of one permanent after layers."""
    fs.add("controller", o_, player(ch.controller))
    for t in ch.types:
        fs.add("card_type", o_, _type_word(t))
    for s in ch.subtypes:
        fs.add("subtype", o_, s)
    for s in ch.supertypes:
        fs.add("supertype", o_, _type_word(s))
    if ch.name:
        fs.add("name", o_, ch.name)
    if "Creature" in ch.types and ch.toughness is not None:
        fs.add("toughness", o_, ch.toughness)
    for k, param in ch.keywords:
        if k in _KEYWORDS and param is None:
            fs.add("keyword", o_, Const(k))
        if k == "protection" and param is not None:
            fs.add("q_protection", o_, qualities.term(qualities.parse(param, pids), player))
    qualities.object_facts(lambda *a: fs.add(*a), o_, name=ch.name, colors=ch.colors, types=ch.types,
                           subtypes=ch.subtypes, supertypes=ch.supertypes,
                           controller=player(ch.controller), owner=None)
    for ab in ch.abilities:
        ench = enchant(ab, pids)
        if ench is not None:
            fs.add("enchant", o_, ench[0])
            if ench[1]:
                fs.add("enchant_yours", o_, ench[0])
        for n in chapters(ab):
            fs.add("chapter", o_, n)
        limit = counter_limit(ab)
        if limit is not None:
            fs.add("counter_limit", o_, limit[0], limit[1])
