"""The qualities a spell's target must have beyond its card types, colors and controller (the
``what`` of a ``casting`` target, docs/effect-language.md "Casting"): "target Wall", "target
nonbasic land", "target creature with flying", "target tapped creature", "target creature with
power 4 or greater" (CR 115.1: the instance of "target" says what can be targeted, and
205.3d, 205.4a, 702.9a, 110.5, 208.1, 202.3 say what those words are of an object).

    what: {types: [Creature], subtypes: [Wall], supertypes: [Legendary], not_supertypes: [Basic],
           abilities: [flying], not_abilities: [flying], tapped: true,
           power: {lte: 2}, toughness: {gte: 4}, mana_value: {lte: 3},
           combat: [attacking, blocking]}

``combat`` is "target attacking creature", "target blocking creature", "target attacking or
blocking creature": the object is an attacking or a blocking creature in the combat of the
turn (one of those listed, CR 506.4: declared as an attacker or blocker, 508.1 / 509.1, until
removed from combat or combat ends, 506.4, 511.3). Read on the game's combat state; with no
combat, no creature has it.

Read on the object's characteristics after layers (613) and its tapped status: as the spell is
cast (asp/cast/targets.lp, 601.2c) and again as it resolves (608.2b: a target that no longer
has them is illegal, pyengine.game.stack). A player never has them ("target player or
planeswalker": the qualities are of the object targets).
"""

from __future__ import annotations

from typing import Any

from pyengine.facts import Const
from pyengine.lang.yamlread import Cursor

# list qualities: the key, the object's word list it is read against, whether it must be there
LISTS = {"subtypes": ("subtypes", True), "not_subtypes": ("subtypes", False),
         "supertypes": ("supertypes", True), "not_supertypes": ("supertypes", False),
         "abilities": ("abilities", True), "not_abilities": ("abilities", False)}
NUMBERS = ("power", "toughness", "mana_value")
OPS = ("lte", "gte")
COMBAT = ("attacking", "blocking")
KEYS = frozenset(LISTS) | {"tapped", "combat", *NUMBERS}

Quality = tuple[str, Any]


def read(w: Cursor) -> tuple[Quality, ...]:
    """The qualities of a ``what`` mapping, in a fixed order."""
    out: list[Quality] = []
    for key in sorted(KEYS):
        if not w.has(key):
            continue
        c = w.get(key)
        if key in LISTS:
            out.append((key, tuple(sorted(s.lower() for s in c.strings(f"a list of {key}")))))
        elif key == "tapped":
            out.append((key, c.boolean()))
        elif key == "combat":
            states = [c.value] if isinstance(c.value, str) else c.strings("combat states")
            if not states or set(states) - set(COMBAT):
                c.fail("combat: attacking, blocking or [attacking, blocking]")
            out.append((key, tuple(sorted(set(states)))))
        else:
            c.mapping(set(OPS), f"a comparison of {key} {{lte: N}} or {{gte: N}}")
            if len(c.value) != 1:
                c.fail(f"one comparison of {key}: lte or gte")
            op = next(iter(c.value))
            out.append((key, (op, c.get(op).integer(f"the {key} compared"))))
    return tuple(out)


def object_facts(add, t: Any, ch: Any, tapped: bool,  # type: ignore[no-untyped-def]
                 combat: frozenset[str] = frozenset()) -> None:
    """An object's words the qualities are read against (after layers); ``combat``: whether
    it is attacking and/or blocking (506.4)."""
    for state in sorted(combat):
        add("obj_combat", t, Const(state))
    for kind in ("subtypes", "supertypes", "abilities"):
        for w in _words(ch, kind):
            add("obj_quality", t, Const(kind), w)
    if tapped:
        add("obj_tapped", t)
    for key in NUMBERS:
        v = getattr(ch, key)
        if v is not None:
            add("obj_num", t, Const(key), v)


def target_facts(add, tid: str, qualities: tuple[Quality, ...]) -> None:  # type: ignore[no-untyped-def]
    for key, value in qualities:
        if key in LISTS:
            kind, must = LISTS[key]
            for w in value:
                add("tw_quality", tid, Const(kind), Const("yes" if must else "no"), w)
        elif key == "tapped":
            add("tw_tapped", tid, Const("yes" if value else "no"))
        elif key == "combat":
            for state in value:
                add("tw_combat", tid, Const(state))
        else:
            add("tw_cmp", tid, Const(key), Const(value[0]), value[1])


def _words(ch: Any, kind: str) -> list[str]:
    if kind == "abilities":
        return sorted({k.lower() for k, _p in ch.keywords} | {a.lower() for a in ch.abilities})
    return sorted({w.lower() for w in getattr(ch, kind)})


def lacks(qualities: tuple[Quality, ...], ch: Any, tapped: bool,
          combat: frozenset[str] = frozenset()) -> str | None:
    """The first quality the object (its characteristics after layers ``ch``, ``combat`` its
    combat states) no longer has as the spell resolves (608.2b), or None: the same reading as
    asp/cast/targets.lp's."""
    for key, value in qualities:
        if key == "combat":
            if not set(value) & combat:
                return " or ".join(value)
            continue
        if key in LISTS:
            kind, must = LISTS[key]
            have = set(_words(ch, kind))
            if must and not set(value) <= have or not must and set(value) & have:
                return key.replace("_", " ") + " " + "/".join(value)
        elif key == "tapped":
            if tapped != value:
                return "tapped" if value else "untapped"
        else:
            v = getattr(ch, key)
            op, n = value
            if v is None or (v > n if op == "lte" else v < n):
                return f"{key} {'at most' if op == 'lte' else 'at least'} {n}"
    return None
