"""Mana abilities read from their display names (CR 605.1a, 106.1): the costs an activation
pays (``{T}``, sacrificing the source, life) and the mana it may add.

A mana ability is written "COST: Add PRODUCT" (docs/effect-language.md, ``mana:``):

- COST: comma-separated parts, at least one of ``{T}`` (107.5) and ``Sacrifice this ...``
  (the source itself, 701.21a), and optionally ``Pay N life`` (119.4);
- PRODUCT: mana symbols, each one mana (``{G}``, ``{C}{C}``, 106.1); a choice of listed symbols
  (``{R} or {G}``, ``{W}, {U}, or {B}``); ``one mana of any color`` (105.1: one of the five
  colors); ``N mana of any one color`` (N of one color chosen on resolution, 106.1a);
- and after it, optionally, ``. It deals N damage to you`` (Ancient Tomb, the painlands): the
  ability's source deals that damage to its controller as the ability resolves (605.3b, 120.3);
  or ``. It doesn't untap during your next untap step`` (Cinder Marsh: 502.3, 611.2a);
- and last, optionally, ``. Activate only if you control a Swamp`` (or ``a Plains or a
  Swamp``: a subtype of a permanent its controller controls; prohibited otherwise, 602.5).

Each way an ability can add mana is an *option*: Birds of Paradise's ability has five options,
"{R} or {G}" two, "{C}{C}" one. The engines index an object's mana abilities by option (the
color is chosen as the ability resolves, 106.1a, 605.3b); options of one ability share its costs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLORS = ("W", "U", "B", "R", "G")  # CR 105.1
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SYMBOLS = re.compile(r"(?:\{[WUBRGC]\})+")
_LISTED = re.compile(r"((?:\{[WUBRGC]\}, )*\{[WUBRGC]\},? or \{[WUBRGC]\})")
_ANY_ONE = re.compile(r"(one|two|three|four|five) mana of any one color")
_COMBINATION = re.compile(r"(two|three|four|five) mana in any combination of colors")
_LIFE = re.compile(r"Pay (\d+) life")
_SACRIFICE = re.compile(r"Sacrifice this(?: [a-z]+)?")
# a mana ability's other instruction: "Ancient Tomb deals 2 damage to you." (605.3b: it happens
# as the ability resolves, at once), shown "It deals N damage to you"
_DAMAGE = re.compile(r"(.+?)\. It deals (\d+) damage to you")
# and "Cinder Marsh doesn't untap during your next untap step." (502.3), shown so
_FROZEN = ". It doesn't untap during your next untap step"
# "Activate only if you control a Plains or a Swamp." (602.5: prohibited otherwise), shown so
_ONLY_IF = re.compile(r"(.+?)\. Activate only if you control an? ([A-Z][a-z]+)(?: or an? ([A-Z][a-z]+))?")


@dataclass(frozen=True)
class ManaOption:
    """One way one mana ability adds mana: the ability's position among the object's mana
    abilities, the symbols added, and the ability's costs ({T}, sacrificing its source, life)."""

    ability: int
    symbols: tuple[str, ...]
    tap: bool = True
    sacrifice: bool = False
    life: int = 0
    damage: int = 0  # the damage its source deals to its controller as it resolves (605.3b)
    frozen: bool = False  # its source doesn't untap during its controller's next untap step (502.3)
    requires: tuple[str, ...] = ()  # activated only while its controller controls one of these (602.5)


def product_options(product: str) -> list[tuple[str, ...]] | None:
    """The mana a PRODUCT may add, one tuple of symbols per option, or None if not one."""
    if _SYMBOLS.fullmatch(product):
        return [tuple(re.findall(r"\{(\w)\}", product))]
    if _LISTED.fullmatch(product):
        listed = re.findall(r"\{(\w)\}", product)
        if len(set(listed)) == len(listed):
            return [(s,) for s in listed]
        return None
    if product == "one mana of any color":
        return [(c,) for c in COLORS]
    m = _ANY_ONE.fullmatch(product)
    if m and m.group(1) != "one":
        return [(c,) * NUMBERS[m.group(1)] for c in COLORS]
    m = _COMBINATION.fullmatch(product)
    if m:  # 106.1a: each mana's color chosen as it resolves; the order of the mana is no choice
        from itertools import combinations_with_replacement

        return list(combinations_with_replacement(COLORS, NUMBERS[m.group(1)]))
    return None


def cost_parts(cost: str) -> tuple[bool, bool, int] | None:
    """({T}, sacrifice the source, life) of a mana ability's COST, or None if not one this
    reads (it needs {T} or a sacrifice of its source: each use of the source is then one)."""
    tap, sac, life = False, False, 0
    for part in cost.split(", "):
        m = _LIFE.fullmatch(part)
        if part == "{T}" and not tap:
            tap = True
        elif _SACRIFICE.fullmatch(part) and not sac:
            sac = True
        elif m and not life and int(m.group(1)) > 0:
            life = int(m.group(1))
        else:
            return None
    return (tap, sac, life) if tap or sac else None


def parse_name(name: str) -> tuple[tuple[bool, bool, int], list[tuple[str, ...]]] | None:
    """A mana ability's display name "COST: Add PRODUCT" read, or None."""
    name = split_damage(name)[0]
    cost, sep, product = name.rstrip(".").partition(": Add ")
    if not sep:
        return None
    costs, options = cost_parts(cost), product_options(product)
    if costs is None or options is None:
        return None
    return costs, options


def split_requires(name: str) -> tuple[str, tuple[str, ...]]:
    """A display name without its "Activate only if you control a Plains or a Swamp", and the
    subtypes it names (none: no such restriction)."""
    m = _ONLY_IF.fullmatch(name.rstrip("."))
    return (m.group(1), tuple(t for t in m.group(2, 3) if t)) if m else (name, ())


def split_damage(name: str) -> tuple[str, int]:
    """A display name without its other instruction ("It deals N damage to you", "It doesn't
    untap during your next untap step"), and N (0: no damage)."""
    name = split_requires(name)[0].rstrip(".")
    if name.endswith(_FROZEN):
        return name[:-len(_FROZEN)], 0
    m = _DAMAGE.fullmatch(name)
    return (m.group(1), int(m.group(2))) if m and int(m.group(2)) > 0 else (name, 0)


def frozen(name: str) -> bool:
    """Whether the mana ability says its source doesn't untap during your next untap step."""
    return split_requires(name)[0].rstrip(".").endswith(_FROZEN)


def mana_options(abilities: tuple[str, ...]) -> list[ManaOption]:
    """Every option of every mana ability among these display names, in order."""
    out: list[ManaOption] = []
    index = 0
    for name in abilities:
        read = parse_name(name)
        if read is None:
            continue
        (tap, sac, life), options = read
        damage, still, needs = split_damage(name)[1], frozen(name), split_requires(name)[1]
        out += [ManaOption(index, symbols, tap, sac, life, damage, still, needs) for symbols in options]
        index += 1
    return out


def mana_abilities(abilities: tuple[str, ...]) -> list[list[str]]:
    """The mana each option of each mana ability adds (CR 605.1a, 106.1), one list per
    option (indexed as :func:`mana_options`)."""
    return [list(o.symbols) for o in mana_options(abilities)]
