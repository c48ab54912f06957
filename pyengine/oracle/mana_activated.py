"""Mana abilities whose cost the mana ability template (pyengine.oracle.templates.mana) doesn't
read (CR 605.1a): a mana cost ("{1}, {T}: Add {W}{U}." the Signets; "{3}, Sacrifice SELF: Add
{R}{R}{R}." Coal Golem; "{1}, {T}, Sacrifice SELF: Add one mana of any color." Chromatic
Star), counters removed ("{T}, Remove a charge counter from SELF: Add one mana of any
color."), an untapped creature tapped ("{T}, Tap an untapped creature you control: Add ..."),
and a limit ("Activate only once each turn.", 602.5b).

605.1a: an activated ability is a mana ability when it has no target, could add mana as it
resolves and isn't a loyalty ability; a mana cost in its cost doesn't change that. So such an
ability is written as an activated ability whose instructions are ``add_mana`` (the effect
language's, pyengine/game/add_mana.py): ``{activated: {cost: "{1}, {T}", do: [{kind:
add_mana, player: you, mana: "{W}{U}"}]}}``. Its cost is paid as any activation's (602.2b,
601.2g-h) and, being a mana ability, it doesn't use the stack: it resolves at once
(605.3a-b, :mod:`pyengine.game.mana_activated`).

Read: the products the mana ability template reads (mana symbols, "{W} or {U}", "one mana of
any color", "two mana of any one color"), and amounts counted as it resolves (608.2h: ``times``,
an expression): "Add {G} for each creature you control.", "Add {B} for each Swamp you
control." (Cabal Coffers), "Add an amount of {G} equal to SELF's power.", "Add X mana of any
one color, where X is SELF's power." (the color chosen once, 106.1a); "Add [{B} or ]one mana
of the chosen color." on a card that says "As this enters, choose a color." (614.12a: chosen
as it enters, read by the linked ability, 607.2d). Left as text: another "chosen color", amounts the selectors don't count, "in any combination of colors", "Spend this mana only ..." and the other
riders of the mana (106.6), and a target (605.1a: then not a mana ability).

Another instruction after "Add" ("{T}: Add {C}. You gain 1 life." Pristine Talisman; "{1},
{T}, Sacrifice this artifact: Add one mana of any color. Draw a card." Chromatic Sphere; "Put
a charge counter on this artifact."; "You get two poison counters."): the ability's other
instructions, read as an activated ability's effect without a target (605.1a: a target makes
it an ability that uses the stack, left as text), follow the mana in order as it resolves, at
once (605.3b, 608.2c). Left as text: a sentence about "this mana" or "that mana" (a rider,
106.6), one adding mana ("add {G}{G} instead": a replacement of what it adds, 614.1a), a
delayed triggered ability (603.7), a reflexive one ("When you do", 603.12).
"""

from __future__ import annotations

import re
from typing import Any

_ADD = re.compile(r"Add ([^.\"]+)\.")


# 608.2h: an amount counted as it resolves: "{G} for each creature you control", "an amount of
# {G} equal to SELF's power", "X mana of any one color, where X is SELF's power"
_EACH = re.compile(r"Add (\{[WUBRGC]\}) for each ([^.\"]+)\.")
_EQUAL = re.compile(r"Add an amount of (\{[WUBRGC]\}) equal to ([^.\"]+)\.")
_X = re.compile(r"Add X mana of any one color, where X is ([^.\"]+)\.")


# 614.12a: the paragraph whose choice "the chosen color" reads (607.2d)
# a paragraph of its own, or "This land enters tapped. As it enters, choose a color.": two
# replacement effects each with its own sentence (pyengine.oracle.static_templates.choice)
_CHOOSES = re.compile(r"(?:^|\n)(?:[^.\n]+ enters tapped\. )?"  # 614.1c and 614.12a in one paragraph
                      r"As [^.\n]+? enters(?: the battlefield)?, choose a color"
                      r"(?: other than (?:white|blue|black|red|green))?\.(?:\n|$)")


def mana_do(body: str, oracle: str = "") -> list[dict[str, Any]] | None:
    """The instructions of a mana ability's effect "Add PRODUCT." (605.1a), or None when the
    effect says more or adds mana the game can't add. ``oracle``: the card's text, whose "As
    this enters, choose a color." the product "one mana of the chosen color" reads (607.2d)."""
    from pyengine.cast.mana import product_options
    from pyengine.game.add_mana import chosen_ways
    from pyengine.game.identity import PRODUCT as IDENTITY
    from pyengine.oracle.effects_pumps import amount, count_of

    body = body.strip()
    first, rest = _split(body)
    if rest:  # 605.3b, 608.2c: the mana, then the ability's other instructions, in order
        adds, more = mana_do(first, oracle), _others(rest)
        return None if adds is None or more is None else [*adds, *more]
    m = _ADD.fullmatch(body)
    if m and product_options(m.group(1)) is not None:
        return [{"kind": "add_mana", "player": "you", "mana": m.group(1)}]
    if m and m.group(1) == IDENTITY:  # 903.4: the colors of its controller's commander's identity
        return [{"kind": "add_mana", "player": "you", "mana": m.group(1)}]
    if m and chosen_ways(m.group(1), None) is not None and _CHOOSES.search(oracle):
        return [{"kind": "add_mana", "player": "you", "mana": m.group(1)}]
    m = _EACH.fullmatch(body)
    times = count_of(m.group(2)) if m else None
    mana = m.group(1) if m else ""
    if m is None:
        m = _EQUAL.fullmatch(body)
        times = amount(m.group(2), single=False) if m else None
        mana = m.group(1) if m else ""
    if m is None:
        m = _X.fullmatch(body)
        times = amount(m.group(1), single=False) if m else None
        mana = "one mana of any color"  # 106.1a: one color chosen for all X
    if not isinstance(times, dict):
        return None
    return [{"kind": "add_mana", "player": "you", "mana": mana, "times": times}]


def _split(body: str) -> tuple[str, str]:
    """"Add {C}. You gain 1 life." as its first sentence (the mana) and the rest ("" if none)."""
    m = re.match(r"(Add [^.\"]+\.) (.+)", body)
    return (m.group(1), m.group(2)) if m else (body, "")


_RIDER = re.compile(r"\b(?:this|that) mana\b|\badds?\b|\bWhen(?:ever)? you\b|\bWhen you do\b|"
                    r"\bnext\b|\bbeginning of\b|\bActivate\b|\bSpend\b|\binstead\b", re.I)


def _others(rest: str) -> list[dict[str, Any]] | None:
    """The instructions after "Add ...": an effect without a target (605.1a), or None."""
    from pyengine.oracle import effects as E

    if _RIDER.search(rest):
        return None  # 106.6 riders, a replacement of the mana (614.1a), delayed triggers (603.7)
    eff = E.effect(rest, spell=True, ability=True)
    if eff is None or eff.targets or eff.resolves is not None or not eff.do:
        return None  # a target: not a mana ability (605.1a); a continuous effect: not read here
    if any(ev.get("kind") in ("delayed", "add_mana") for ev in eff.do):
        return None
    return list(eff.do)
