"""Templates for static abilities the engines read beyond the layers' P/T and ability grants:
untapping (CR 502.3), choices made as a permanent enters (614.12a, 607.2d), a spell that
can't be countered (101.2), and combat restrictions comparing with the object's own power
(509.1b).
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.common import Abilities
from pyengine.oracle.common import static as _static
from pyengine.oracle.common import subject as _subject

# "As SELF enters, choose a creature type." -> the kinds of choice (a scenario object's
# `chosen` keys: pyengine/scenario/loader.py)
CHOICES = {"creature type": ("subtype",), "color": ("color",), "card type": ("card_type",),
           "color and a creature type": ("color", "subtype")}


def untap(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF doesn't untap during your untap step.", "Enchanted creature doesn't untap during
    its controller's untap step.", "Creatures of the chosen type don't untap during their
    controllers' untap steps." (CR 502.3: the active player untaps their permanents unless an
    effect keeps them from untapping)."""
    m = re.fullmatch(r"(.+?) (?:doesn't|don't) untap during (?:your|its controller's|their "
                     r"controllers'|their controller's) untap steps?\.", par)
    if not m:
        return None
    affects = _subject(m.group(1))
    if affects is None:
        return None
    if isinstance(affects, dict) and "controller" not in affects and "your" in par:
        return None  # "your untap step" of another's permanent: not the untap step it untaps in
    return [_static(text, {"affects": affects, "doesnt_untap": True})]


def choice(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"As SELF enters, choose a creature type." / "... choose a color." (CR 614.12a: the
    choice is made as it enters; 607.2d: its other abilities read "the chosen ..."). A color
    is a replacement effect offering the five colors as it enters (the replacement engine's
    ``choice``, as the catalog writes Voice of All); a creature type or a card type is held as
    the ability (a scenario object's ``chosen`` says what was chosen, as the catalog's
    Adaptive Automaton is written). The layer and combat engines read the permanent's
    ``chosen``; "SELF enters tapped. As it enters, choose a color." is the enters-tapped
    replacement too."""
    m = re.fullmatch(r"(SELF enters tapped\. )?As (?:SELF|it) enters(?: the battlefield)?, choose "
                     r"an? (creature type|color|card type|color and a creature type)"
                     r"(?<=color)?( other than (?:white|blue|black|red|green))?\.", par)
    if not m or m.group(3) and m.group(2) != "color":
        return None
    out: Abilities = [{"text": text}]
    if m.group(2) == "color":  # the replacement engine offers the five colors (616.1, 105.1)
        colors = ["white", "blue", "black", "red", "green"]
        if m.group(3):  # "choose a color other than red" (the Gates, the Thriving lands): four
            colors.remove(m.group(3).split()[-1])
        # "This land enters tapped. As it enters, choose a color.": two replacement effects
        # (614.1c, 614.12a), each with its own sentence as its text, so that they are two
        # effects whose order the player chooses (616.1), not one text twice
        said = text.split(". ", 1)[1] if m.group(1) and ". " in text else text
        out = [_static(said, {"replace": {"event": {"kind": "enter", "object": "self"},
                                          "choice": colors}})]
        if m.group(1):
            out.insert(0, _static(text.split(". ", 1)[0] + ".", {"enters_tapped": True}))
            return out
    if m.group(1):
        out.insert(0, _static(text, {"enters_tapped": True}))
    return out


def choices_of(text: str) -> tuple[str, ...]:
    """The kinds of choice a "choose a ..." paragraph makes (``subtype``, ``color``,
    ``card_type``), or ()."""
    m = re.search(r"choose an? (creature type|color|card type|color and a creature type)\.$", text)
    return CHOICES[m.group(1)] if m else ()


def chosen_type(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF is the chosen type in addition to its other types." (Adaptive Automaton: CR
    205.1b, 607.2d)."""
    m = re.fullmatch(r"(.+?) (?:is|are) the chosen (?:creature )?type in addition to (?:its|their) "
                     r"other (?:creature )?types\.", par)
    if not m:
        return None
    affects = _subject(m.group(1))
    if affects is None:
        return None
    return [_static(text, {"affects": affects, "add_subtypes": ["chosen"]})]


def cant_be_countered(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"This spell can't be countered." (CR 101.2: a "can't" wins over an effect that would
    counter it; 113.6g: it functions on the stack). Held by its words: the game reads them
    when an instruction would counter the spell (pyengine/game/stack.py: the spell stays on
    the stack and resolves)."""
    if par != "This spell can't be countered." and not re.fullmatch(r"SELF can't be countered\.", par):
        return None
    return [{"text": text}]


def power_less_cant_block(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"Creatures with power less than SELF's power can't block it." (CR 509.1b: a
    restriction on blocking it, the blockers' power compared with its own as blockers are
    declared)."""
    m = re.fullmatch(r"Creatures with (power|toughness) (less|greater) than SELF's \1 can't block "
                     r"(?:it|SELF)\.", par)
    if not m:
        return None
    ref = {"power_of": "self"} if m.group(1) == "power" else {"toughness_of": "self"}
    cmp = "lt" if m.group(2) == "less" else "gt"
    return [_static(text, {"affects": "self", "cant_be_blocked": {
        "by": {"types": ["Creature"], m.group(1): {cmp: ref}}}})]


def _unless(text: str) -> dict[str, Any] | None:
    """The condition after "enters tapped unless": what the replacement engine evaluates as
    the permanent would enter (CR 614.12: the effect applies unless it holds)."""
    from pyengine.oracle import phrases as P
    from pyengine.oracle.common import NUMBERS
    from pyengine.oracle.templates import condition

    m = re.fullmatch(r"you control (\w+) or fewer (.+)", text)
    if m and (NUMBERS.get(m.group(1)) or m.group(1).isdigit()):
        n = NUMBERS.get(m.group(1)) or int(m.group(1))
        other = m.group(2).startswith("other ")
        sel = P.selector(m.group(2).removeprefix("other "))
        if sel is None or "controller" in sel or "other" in sel:
            return None
        sel = {**({"other": True} if other else {}), **sel, "controller": "you"}
        return {"compare": [{"count": sel}, "<=", n]}
    m = re.fullmatch(r"your opponents control (\w+) or more (.+)", text)
    if m and (NUMBERS.get(m.group(1)) or m.group(1).isdigit()):
        sel = P.selector(m.group(2))
        if sel is None or "controller" in sel:
            return None
        n = NUMBERS.get(m.group(1)) or int(m.group(1))
        return {"compare": [{"count": {**sel, "controller": "opponent"}}, ">=", n]}
    m = re.fullmatch(r"you control an? (\w+) or an? (\w+)", text)
    if m:
        parts = [condition(f"you control a {w}") for w in m.group(1, 2)]
        return None if None in parts else {"any": parts}
    got = condition(text)
    if got is None or "turn" in got or "chosen" in repr(got):
        return None
    return got


def enters_tapped_unless(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF enters tapped unless you control two or fewer other lands." (CR 614.1c: a
    replacement effect that applies unless the condition holds as it would enter)."""
    m = re.fullmatch(r"SELF enters (?:the battlefield )?tapped unless (.+)\.", par)
    if not m:
        return None
    cond = _unless(m.group(1))
    if cond is None:
        return None
    return [_static(text, {"enters_tapped": True, "condition": {"not": cond}})]
