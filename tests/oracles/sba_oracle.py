"""An independent oracle for one check of state-based actions, written from CR 704.5 and
104.4a, for boards whose only continuous effects change toughness: an object's characteristics are its
printed ones, with +X/+Y counters added (613.4c, 122.1a); when the board has an anthem, the
test gives the creatures' toughness from the layer engine's answer (tested on its own).

It shares nothing with pyengine's rules code (tests/oracles/test_oracle_independence.py): it
reads the state as the loader parsed it and decides every rule itself.

An action is the key the sba query compares: (kind, rule, object, player, counter, amount).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pyengine.model.objects import GameObject, GameState

Key = tuple[str, str, str | None, str | None, str | None, int]
Group = tuple[str, str, frozenset[str]]

_PT = re.compile(r"([+-]\d+)/([+-]\d+)")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_COLORS = {"white", "blue", "black", "red", "green"}


@dataclass(frozen=True)
class Since:
    """What happened since the last check (plain data from the query)."""

    drew_from_empty: frozenset[str] = frozenset()
    deathtouch_damaged: frozenset[str] = frozenset()
    sagas_sourcing: frozenset[str] = frozenset()
    battles_sourcing: frozenset[str] = frozenset()


def _texts(o: GameObject) -> list[str]:
    return [a.text or a.name for a in o.printed.abilities if a.kind == "text"]


def _keyword(o: GameObject, word: str) -> bool:
    return any(a.kind == "keyword" and a.name == word and a.param is None for a in o.printed.abilities)


def _protections(o: GameObject) -> list[str]:
    return [a.param.lower() for a in o.printed.abilities if a.kind == "keyword" and a.name == "protection"
            and a.param]


def _count(o: GameObject, kind: str) -> int:
    return sum(n for k, n in o.counters if k == kind)


def toughness(o: GameObject) -> int:
    """Printed toughness plus every +X/+Y counter's Y (613.4c)."""
    t = o.printed.toughness or 0
    for kind, n in o.counters:
        m = _PT.fullmatch(kind)
        if m:
            t += int(m.group(2)) * n
    return t


def _has_quality(o: GameObject, quality: str) -> bool:
    """Whether permanent ``o`` has a quality word as the generator writes them (a color, a
    card type in the plural or singular, a subtype)."""
    q = quality.lower()
    if q in _COLORS:
        return q in [c.lower() for c in o.printed.colors]
    singular = q[:-1] if q.endswith("s") else q
    types = [t.lower() for t in o.printed.types]
    subtypes = [t.lower() for t in o.printed.subtypes]
    return q in types or singular in types or q in subtypes or singular in subtypes


def expected(state: GameState, since: Since, choices: Mapping[tuple[str, str], str],
             toughnesses: Mapping[str, int] | None = None) -> tuple[set[Key], set[Group]]:
    """The actions one check performs and the legend groups waiting for a choice.
    ``toughnesses``: the creatures' toughness after continuous effects, from the layer engine's
    answer (tested on its own), when the board has such effects; else computed here."""
    out: set[Key] = set()
    groups: set[Group] = set()
    players = [p.id for p in state.players]
    bf = [o for o in state.objects if o.zone.value == "battlefield"]
    by_id = {o.id: o for o in state.objects}

    # 704.5a-c, 104.4a
    losses = []
    for p in state.players:
        if p.life <= 0:
            losses.append((p.id, "704.5a"))
        if p.id in since.drew_from_empty:
            losses.append((p.id, "704.5b"))
        if p.poison >= 10:
            losses.append((p.id, "704.5c"))
        if any(n >= 21 for _, n in p.commander_damage):  # 704.6c: from one commander
            losses.append((p.id, "704.6c"))
    if losses and {pid for pid, _ in losses} == set(players):
        out.add(("draw_game", "104.4a", None, None, None, 0))
    else:
        out |= {("lose_game", rule, None, pid, None, 0) for pid, rule in losses}

    # 704.5d, 704.5e
    for o in state.objects:
        zone = o.zone.value
        if o.token and zone != "battlefield":
            out.add(("cease_to_exist", "704.5d", o.id, None, None, 0))
        if o.copy == "spell" and zone != "stack":
            out.add(("cease_to_exist", "704.5e", o.id, None, None, 0))
        if o.copy == "card" and zone not in ("stack", "battlefield"):
            out.add(("cease_to_exist", "704.5e", o.id, None, None, 0))

    for o in bf:
        types = set(o.printed.types)
        # 704.5f-h (702.12b: indestructible stops destruction only)
        if "Creature" in types:
            t = toughnesses[o.id] if toughnesses is not None else toughness(o)
            if t <= 0:
                out.add(("put_into_graveyard", "704.5f", o.id, None, None, 0))
            elif not _keyword(o, "indestructible"):
                if o.damage > 0 and o.damage >= t:
                    out.add(("destroy", "704.5g", o.id, None, None, 0))
                if o.id in since.deathtouch_damaged:
                    out.add(("destroy", "704.5h", o.id, None, None, 0))
        # 704.5i (306.5c), 704.5v (310.4c)
        if "Planeswalker" in types and _count(o, "loyalty") == 0:
            out.add(("put_into_graveyard", "704.5i", o.id, None, None, 0))
        if "Battle" in types and _count(o, "defense") == 0 and o.id not in since.battles_sourcing:
            out.add(("put_into_graveyard", "704.5v", o.id, None, None, 0))
        # 704.5q
        plus, minus = _count(o, "+1/+1"), _count(o, "-1/-1")
        if plus and minus:
            n = min(plus, minus)
            out.add(("remove_counters", "704.5q", o.id, None, "+1/+1", n))
            out.add(("remove_counters", "704.5q", o.id, None, "-1/-1", n))
        # 704.5r
        limits: dict[str, int] = {}
        for text in _texts(o):
            m = re.search(r"can't have more than (\w+) (.+?) counters? on it", text)
            if m:
                n = _WORDS.get(m.group(1), None)
                n = int(m.group(1)) if n is None else n
                limits[m.group(2)] = min(n, limits.get(m.group(2), n))
        for kind, n in limits.items():
            have = _count(o, kind)
            if have > n:
                out.add(("remove_counters", "704.5r", o.id, None, kind, have - n))
        # 704.5s (714.2d)
        if "Saga" in o.printed.subtypes:
            chapters = [_ROMAN[n.strip()] for text in _texts(o) if "\u2014" in text
                        for n in text.split("\u2014")[0].split(",") if n.strip() in _ROMAN]
            if chapters and _count(o, "lore") >= max(chapters) and o.id not in since.sagas_sourcing:
                out.add(("put_into_graveyard", "704.5s", o.id, None, None, 0))

    # 704.5j
    legends: dict[tuple[str, str], list[str]] = {}
    for o in bf:
        if "Legendary" in o.printed.supertypes and o.printed.name:
            legends.setdefault((o.controller, o.printed.name), []).append(o.id)
    for key, ids in legends.items():
        if len(ids) < 2:
            continue
        if key in choices:
            out |= {("put_into_graveyard", "704.5j", i, None, None, 0) for i in ids if i != choices[key]}
        else:
            groups.add((key[0], key[1], frozenset(ids)))

    # 704.5k
    worlds = [o for o in bf if "World" in o.printed.supertypes]
    if len(worlds) > 1:
        newest = max(o.timestamp for o in worlds)
        tie = sum(1 for o in worlds if o.timestamp == newest) > 1
        out |= {("put_into_graveyard", "704.5k", o.id, None, None, 0) for o in worlds
                if o.timestamp < newest or tie}

    # 704.5m, n, p, y
    for a in bf:
        subtypes, types = set(a.printed.subtypes), set(a.printed.types)
        target = a.attached_to
        on_player = target in players
        host = by_id.get(target) if target is not None and not on_player else None
        host_ok = host is not None and host.zone.value == "battlefield"
        protected = host_ok and any(_has_quality(a, q) for q in _protections(host))
        if "Aura" in subtypes:
            enchants = [t[len("Enchant "):] for t in _texts(a) if t.startswith("Enchant ")]
            illegal = target is None or a.id == target or (target is not None and "Creature" in types)
            illegal = illegal or (not on_player and not host_ok) or protected
            for q in enchants:
                if q == "player":
                    illegal = illegal or not on_player
                else:
                    illegal = illegal or on_player or not (host_ok and _has_quality(host, q))
            if illegal:
                out.add(("put_into_graveyard", "704.5m", a.id, None, None, 0))
        elif target is not None and ("Equipment" in subtypes or "Fortification" in subtypes):
            need = "Creature" if "Equipment" in subtypes else "Land"
            legal = (host_ok and a.id != target and need in host.printed.types and "Creature" not in types
                     and not protected)
            if not legal:
                out.add(("unattach", "704.5n", a.id, None, None, 0))
        if target is not None and ("Creature" in types or "Battle" in types
                                   or not subtypes & {"Aura", "Equipment", "Fortification"}):
            out.add(("unattach", "704.5p", a.id, None, None, 0))
    roles: dict[tuple[str, str], list[GameObject]] = {}
    for a in bf:
        if "Role" in a.printed.subtypes and a.attached_to is not None:
            roles.setdefault((a.attached_to, a.controller), []).append(a)
    for same in roles.values():
        newest = max(r.timestamp for r in same)
        out |= {("put_into_graveyard", "704.5y", r.id, None, None, 0) for r in same if r.timestamp < newest}
    return out, groups


def keys(actions: Iterable[Key]) -> set[Key]:
    """A set of action keys."""
    return set(actions)
