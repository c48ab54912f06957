"""A check in which no state-based action applies is recognised without the encodings
(pyengine/sba/quiet.py): on random boards touching every item of CR 704.5 the encoding
decides (life, poison, commander damage, tokens and copies out of place, toughness, lethal
and deathtouch damage, loyalty, defense, +1/+1 and -1/-1 counters, counter limits, Sagas,
the legend and world rules, Roles, Auras, Equipment, Fortifications and other attachments,
protection), the check answers the same with the shortcut on and off, and the shortcut
answers only boards where the encoding finds nothing."""

from __future__ import annotations

import random

import pytest

from pyengine.api import loads
from pyengine.layers import compute
from pyengine.model.objects import GameState
from pyengine.sba import SinceLastCheck, quiet
from pyengine.sba import check as sba_check

HEAD = """
id: t/sba
title: t
cr: ["704.5"]
rationale: r
players: [{players}]
turn: {{active: alice}}
query: {{kind: sba}}
expect: {{actions: []}}
objects:
"""
ENCHANT = ["Enchant creature", "Enchant creature you control", "Enchant land", "Enchant permanent",
           "Enchant artifact", "Enchant Human", "Enchant green creature", "Enchant player"]


def _player(rng: random.Random, pid: str) -> str:
    out = f"id: {pid}, life: {rng.choice([20, 20, 20, 3, 1, 0, -2])}"
    if rng.random() < 0.3:
        out += f", poison: {rng.choice([1, 9, 10, 12])}"
    if rng.random() < 0.15:
        out += f", commander_damage: {{cmdr: {rng.choice([5, 20, 21])}}}"
    return "{" + out + "}"


def _object(rng: random.Random, i: int, ids: list[str]) -> str:
    kind = rng.choice(["creature", "creature", "creature", "planeswalker", "aura", "aura", "equipment",
                       "fortification", "land", "world", "saga", "battle", "limit", "token", "copy", "role",
                       "other", "legend"])
    who = rng.choice(["alice", "bob"])
    oid = f"o{i}"
    parts = [f"id: {oid}", f"controller: {who}", f"timestamp: {i + 1}"]
    counters: dict[str, int] = {}
    attach = rng.random() < 0.8
    target = rng.choice(ids + ["alice", oid, "gone"]) if ids else rng.choice(["alice", oid])
    if kind in ("creature", "token"):
        legendary = rng.random() < 0.25
        name = rng.choice(["Leg", "Leg", "Other"]) if legendary else f"C{i}"
        parts += [f"name: {name}", f"types: [{rng.choice(['Creature', 'Creature', 'Artifact, Creature'])}]",
                  f"subtypes: [{rng.choice(['Human', 'Bear'])}]", f"colors: [{rng.choice(['green', 'red'])}]",
                  "power: 1", f"toughness: {rng.choice([3, 2, 1, 1, 0])}"]
        if legendary:
            parts.append("supertypes: [Legendary]")
        if rng.random() < 0.4:
            parts.append(f"damage: {rng.choice([1, 1, 2, 3])}")
        if rng.random() < 0.2:
            parts.append(f"keywords: [{rng.choice(['indestructible', 'protection from red', 'trample'])}]")
        if rng.random() < 0.3:
            counters["+1/+1"] = rng.randint(0, 2)
        if rng.random() < 0.3:
            counters["-1/-1"] = rng.randint(0, 2)
        if kind == "token":
            parts.append("token: true")
            if rng.random() < 0.5:
                parts = [p for p in parts if not p.startswith(("controller", "timestamp"))]
                parts += [f"owner: {who}", f"zone: {rng.choice(['graveyard', 'exile', 'stack'])}"]
    elif kind == "legend":  # 704.5j: a plain legendary creature, the same name as others
        parts += ["name: Leg", "types: [Creature]", "supertypes: [Legendary]", "power: 1", "toughness: 2"]
    elif kind == "planeswalker":
        parts += ["name: P", "types: [Planeswalker]", "subtypes: [Jace]"]
        counters["loyalty"] = rng.choice([0, 1, 3])
    elif kind in ("aura", "role"):
        words = rng.choice(ENCHANT)
        role = ", Role" if kind == "role" else ""
        parts += [f"name: A{i}", "types: [Enchantment]", f"subtypes: [Aura{role}]"]
        if rng.random() < 0.9:
            parts.append(f"abilities: [{{text: {words}}}]")
        if rng.random() < 0.1:
            parts[-2] = "types: [Enchantment, Creature]"
            parts += ["power: 1", "toughness: 1"]
        if attach:
            parts.append(f"attached_to: {target}")
    elif kind in ("equipment", "fortification"):
        parts += [f"name: E{i}", "types: [Artifact]", f"subtypes: [{kind.capitalize()}]"]
        if attach:
            parts.append(f"attached_to: {target}")
    elif kind == "land":
        parts += [f"name: L{i}", "types: [Land]", "subtypes: [Forest]"]
    elif kind == "world":
        parts += [f"name: W{i}", "types: [Enchantment]", "supertypes: [World]"]
    elif kind == "saga":
        parts += ["name: S", "types: [Enchantment]", "subtypes: [Saga]",
                  'abilities: [{text: "I \u2014 Draw a card."}, {text: "II, III \u2014 Scry 1."}]']
        counters["lore"] = rng.randint(0, 4)
    elif kind == "battle":
        parts += ["name: B", "types: [Battle]", "subtypes: [Siege]"]
        counters["defense"] = rng.choice([0, 2])
    elif kind == "limit":
        parts += ["name: V", "types: [Artifact]",
                  "abilities: [{text: \"V can't have more than one charge counter on it.\"}]"]
        counters["charge"] = rng.randint(0, 2)
    elif kind == "copy":
        parts = [f"id: {oid}", "name: Bolt", "types: [Instant]", f"copy: {rng.choice(['spell', 'card'])}",
                 f"owner: {who}", f"zone: {rng.choice(['stack', 'graveyard', 'exile'])}"]
    else:  # another permanent, perhaps attached (704.5p)
        parts += [f"name: X{i}", "types: [Artifact]"]
        if rng.random() < 0.3:
            parts.append(f"attached_to: {target}")
    counters = {k: n for k, n in counters.items() if n}
    if counters:
        parts.append("counters: {" + ", ".join(f'"{k}": {n}' for k, n in counters.items()) + "}")
    return "{" + ", ".join(parts) + "}"


def _board(rng: random.Random) -> GameState:
    players = ", ".join(_player(rng, p) if rng.random() < 0.3 else p for p in ("alice", "bob"))
    text = HEAD.format(players=players)
    ids: list[str] = []
    for i in range(rng.choice([1, 1, 2, 2, 3, 4, 6])):
        text += f"  - {_object(rng, i, ids)}\n"
        ids.append(f"o{i}")
    text = text.replace("attached_to: gone", "attached_to: o99")
    return loads(text).state


def _answer(st: GameState, on: bool, **kw: object) -> object:
    quiet.SHORTCUT = on
    try:
        return ("answer", sba_check(st, timeout=120.0, **kw))  # type: ignore[arg-type]
    except Exception as e:  # noqa: BLE001 (the same refusal)
        return ("error", type(e).__name__, str(e))
    finally:
        quiet.SHORTCUT = True


def test_random_boards_get_the_encodings_answer() -> None:
    rng = random.Random(704)
    answered = acted = boards = missed = 0
    while boards < 250:
        try:
            st = _board(rng)
        except Exception:  # noqa: BLE001 (a board the loader refuses: not a check)
            continue
        boards += 1
        touched = frozenset(o.id for o in st.objects[:1] if rng.random() < 0.1)
        since = SinceLastCheck(deathtouch_damaged=touched,
                               drew_from_empty=frozenset(["bob"] if rng.random() < 0.05 else []))
        off, on = _answer(st, False, since=since), _answer(st, True, since=since)
        assert off == on, st
        if quiet.nothing(st, compute(st, timeout=120.0), since, {}):
            answered += 1
            assert off[0] == "answer" and not off[1].any  # type: ignore[index,union-attr]
        elif off[0] == "answer" and off[1].any:  # type: ignore[index,union-attr]
            acted += 1
        else:
            missed += 1  # nothing applies, but the shortcut could not tell (protection, an error)
    print(f"{boards} boards: {answered} answered by the shortcut, {acted} with actions, {missed} left")
    assert answered >= 40 and acted >= 80, (answered, acted, missed)


@pytest.mark.parametrize("objects, why", [
    (["{id: b, name: B, types: [Creature], power: 1, toughness: 2, damage: 1, controller: alice, "
      "timestamp: 1, keywords: [indestructible]}"], "lethal damage needs damage >= toughness"),
    (["{id: a, name: A, types: [Enchantment], subtypes: [Aura], abilities: [{text: Enchant creature}], "
      "controller: bob, timestamp: 2, attached_to: b}",
      "{id: b, name: B, types: [Creature], power: 1, toughness: 2, controller: alice, timestamp: 1}"],
     "an Aura on what it may enchant"),
    (["{id: e, name: E, types: [Artifact], subtypes: [Equipment], controller: bob, timestamp: 2}"],
     "an unattached Equipment"),
])
def test_quiet_boards_are_answered_without_the_encoding(objects: list[str], why: str) -> None:
    st = loads(HEAD.format(players="alice, bob") + "".join(f"  - {o}\n" for o in objects)).state
    assert quiet.nothing(st, compute(st, timeout=120.0), SinceLastCheck(), {}), why
    assert not sba_check(st, timeout=120.0).any


def test_what_it_was_not_written_for_goes_to_the_encoding() -> None:
    # protection on the enchanted permanent (702.16c) and a player's Aura are the encoding's
    st = loads(HEAD.format(players="alice, bob") + "".join(f"  - {o}\n" for o in [
        "{id: a, name: A, types: [Enchantment], subtypes: [Aura], abilities: [{text: Enchant creature}], "
        "controller: alice, timestamp: 2, attached_to: b}",
        "{id: b, name: B, types: [Creature], power: 1, toughness: 2, controller: alice, timestamp: 1, "
        "keywords: [protection from green]}"])).state
    assert not quiet.nothing(st, compute(st, timeout=120.0), SinceLastCheck(), {})
    assert not sba_check(st, timeout=120.0).any  # (the Aura is colorless: it stays)
