"""Activated abilities (CR 602) as typed, immutable data: the cost (CR 118, 602.1) and what
the ability does when it resolves (the instructions and targets of triggered abilities,
:mod:`pyengine.model.triggers`), and the restrictions on when it may be activated (602.5).

The cost is written as Oracle text writes it, its parts separated by commas ("{1}{R}, {T}",
"Sacrifice CARDNAME", "Pay 2 life, Discard a card"); :func:`parse_cost` reads the parts the
game pays:

=================================  ==================================================================
part                               meaning
=================================  ==================================================================
mana symbols ``{2}{R}``            the mana cost (107.4): generic and colored mana, {C} colorless;
                                   ``{X}``: X announced as it is activated (107.3a), paid as generic
``{T}`` / ``{Q}``                  tap / untap the source (107.5, 107.6); 302.6 for a creature's
``Sacrifice CARDNAME``             sacrifice the source (its name, ``SELF``, ``this creature`` ...)
``Sacrifice a creature``           sacrifice a permanent of that card type you control (``another``:
                                   not the source); the activation names it; a subtype of 205.3
                                   (``Sacrifice a Saproling``, ``a Treasure``) selects by subtype
``Exile CARDNAME``                 exile the source from the battlefield (406.2, 118.3)
``Return a land you control to     return N permanents of that card type or subtype the player
its owner's hand``                 controls to their owners' hands; the activation names them
``Pay N life``                     119.4: only with a life total of at least N
``Discard a card``                 a card of the activating player's hand, named by the activation
``Remove a +1/+1 counter from ..`` counters of that kind removed from the source (N: ``two`` ...)
``Tap an untapped creature you     tap N untapped permanents of that card type (or subtype: ``Tap an
control`` (``two ... creatures``) untapped Ally you control``) the player controls (any, summoning
                                   sick or not; ``another``: not the source), the activation names them
``Tap any number of other         the untapped creatures the activation names, none of them the source,
untapped creatures you control     whose total power is N or more (crew N, 702.122a)
with total power N or greater``
``+N`` / ``\u2212N`` / ``0``           a loyalty ability's cost (606.4): N loyalty counters put on /
                                   removed from the source (``-N`` is read as ``\u2212N``; in brackets,
                                   ``[+1]``, as card data writes it); alone
=================================  ==================================================================

``Discard this card`` (``Discard CARDNAME``) discards the source from its owner's hand: the
ability is activated from the hand (113.6m), as cycling is (702.29a: "Cycling [cost]" means
"[Cost], Discard this card: Draw a card.", :func:`cycling`); ``Exile this card from your
graveyard`` (``Exile CARDNAME ...``) exiles it from its owner's graveyard: activated there.

A loyalty ability (606.3) is activated only as a sorcery and only if none of its source's
loyalty abilities has been activated this turn; the game reads that from ``loyalty`` being set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyengine.model.effects import EffectDef
from pyengine.model.enums import Duration
from pyengine.model.triggers import Instruction, TargetSpec

# 602.5d: "Activate only as a sorcery" ("any time you could cast a sorcery"); "Activate only
# during your turn" (your_turn); "Activate only during combat" (combat: the combat phase, 506.1);
# "Activate only during your upkeep" (your_upkeep: its controller's upkeep step, 503)
TIMINGS = ("any", "sorcery", "your_turn", "combat", "your_upkeep")
# 113.6m: the zone an ability functions in when its effect moves its card out of that zone
# ("Return CARDNAME from your graveyard to the battlefield"), written as the ability's ``zone``
ZONES = ("battlefield", "hand", "graveyard")
LIMITS = ("once_each_turn",)  # 602.5b: "Activate only once each turn"
SAC_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "permanent")
_LOYALTY = re.compile(r"\[?(?:([+\u2212-])(\d+)|()(0))\]?")  # 606.1: [+N], [\u2212N], [0] ("+X" is not read)
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# the source itself: its name (201.5), "this creature" (201.5a), CARDNAME or SELF
_SELF = (r"(?:CARDNAME|SELF|this (?:creature|artifact|enchantment|land|permanent|planeswalker|card)"
         r"|(?!X\b)[A-Z][\w',\- ]*)")


@dataclass(frozen=True)
class ActivationCost:
    """What activating the ability costs (CR 118, 602.2h): ``mana`` the mana symbols
    (``"{1}{R}"``), ``tap``/``untap`` the source, ``sacrifice_self``, ``sacrifice`` the card
    type of another permanent to sacrifice (``other``: not the source), ``life`` to pay,
    ``discard`` cards, ``remove`` (counter kind, number) removed from the source, ``loyalty``
    counters (606.4), ``tap_untapped`` (card type, number, another) permanents tapped."""

    text: str
    mana: str = ""
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    sacrifice: str | None = None
    other: bool = False
    life: int = 0
    discard: int = 0
    remove: tuple[str, int] | None = None
    loyalty: int | None = None  # 606.4: +N, -N or 0 loyalty counters; None: no loyalty ability
    tap_untapped: tuple[str, int, bool] | None = None  # "Tap N untapped TYPE you control" (another?)
    discard_self: bool = False  # "Discard this card": activated from its owner's hand (113.6m)
    exile_self: bool = False  # "Exile this card from your graveyard": from the graveyard (113.6m)
    # "Tap any number of other untapped creatures you control with total power N or greater"
    # (crew N, 702.122a): N
    tap_power: int | None = None
    exile_source: bool = False  # "Exile CARDNAME": the source exiled from the battlefield (406.2)
    sacrifice_count: int = 1  # "Sacrifice two artifacts": how many ``sacrifice`` selects
    discard_kind: str = "card"  # "Discard a land card": the card type of the cards discarded
    # "Exile a creature card from your graveyard", "Exile two cards from your graveyard":
    # (card type or "card", number) of cards of the player's graveyard exiled (406.2)
    exile_cards: tuple[str, int] | None = None
    return_self: bool = False  # "Return CARDNAME to its owner's hand" (400.3)
    # "Return a land you control to its owner's hand": (card type or subtype, number)
    bounce: tuple[str, int] | None = None
    # 107.3a: the number of {X} symbols among the mana symbols (not in ``mana``): X is announced
    # as the ability is activated (601.2b, 602.2b) and each {X} is paid as that much generic mana
    x: int = 0

    @property
    def zone(self) -> str:
        """The zone the ability functions in (113.6m: a cost that moves its card out of a zone)."""
        return "hand" if self.discard_self else "graveyard" if self.exile_self else "battlefield"

    @property
    def is_loyalty(self) -> bool:
        """A loyalty ability's cost (606.1: a loyalty symbol in its cost)."""
        return self.loyalty is not None


@dataclass(frozen=True)
class ActivatedDef:
    """An activated ability "[Cost]: [Effect.]" (CR 602.1): its cost, its instructions and
    targets (as a triggered ability's: chosen as it is put on the stack, 602.2b, 601.2c), the
    timing (``sorcery``: 602.5d) and a limit (``once_each_turn``: 602.5b). ``resolves``: the
    continuous effect it creates as it resolves ("SELF gets +1/+0 until end of turn"), on its
    legal object targets, or on its source when it has no targets (611.2c: locked in then),
    for ``duration``."""

    cost: ActivationCost
    effects: tuple[Instruction, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    timing: str = "any"
    limit: str | None = None
    resolves: EffectDef | None = None
    duration: Duration = Duration.PERMANENT
    zone: str | None = None  # 113.6m: set by the effect ("from your graveyard"); None: the cost's

    @property
    def functions_in(self) -> str:
        """The zone the ability functions in (113.6m): its effect's, else its cost's."""
        return self.zone or self.cost.zone


def kind_word(word: str) -> str | None:
    """The selector of a cost's "a creature", "a Saproling": a card type of :data:`SAC_TYPES`
    (lower case) or a subtype of CR 205.3 (as printed, capitalized); None for another word."""
    from pyengine.model.subtypes import is_subtype

    if word in SAC_TYPES:
        return word
    return word if word[:1].isupper() and is_subtype(word) else None


def kinds_word(words: str) -> str | None:
    """"creature", "artifact or creature", "Goblin" (plural or not: "artifacts"): the
    selector, alternatives joined by "|", or None."""
    found = []
    for w in words.split(" or "):
        k = kind_word(w) or (kind_word(w[:-1]) if w.endswith("s") else None)
        if k is None:
            return None
        found.append(k)
    return "|".join(found)


def is_kind(kind: str, types: tuple[str, ...] | frozenset[str],
            subtypes: tuple[str, ...] | frozenset[str]) -> bool:
    """Whether a permanent with these card types and subtypes is one the cost's ``kind``
    selects (:func:`kind_word`): any for "permanent" (110.1), a card type, or a subtype (205.3);
    "creature|artifact": either."""
    if "|" in kind:
        return any(is_kind(k, types, subtypes) for k in kind.split("|"))
    if kind == "permanent":
        return True
    if kind in SAC_TYPES:
        return kind.capitalize() in types
    return kind in subtypes


def parse_cost(text: str) -> ActivationCost:
    """The cost "{1}{R}, {T}" as an :class:`ActivationCost`; ValueError naming the part not read."""
    from pyengine.model.mana import parse_cost as mana_cost

    m = _LOYALTY.fullmatch(text.strip())
    if m:  # 606.4: "+N", "\u2212N" (or "-N"), "0"
        n = int(m.group(2) or m.group(4))
        return ActivationCost(text.strip(), loyalty=-n if m.group(1) in ("\u2212", "-") else n)
    fields: dict[str, object] = {}
    mana: list[str] = []
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise ValueError(f"expected a cost such as '{{1}}{{R}}, {{T}}', got {text!r}")
    for part in parts:
        if re.fullmatch(r"(\{[^{}]+\})+", part):
            for sym in re.findall(r"\{([^{}]+)\}", part):
                if sym in ("T", "Q"):
                    key = "tap" if sym == "T" else "untap"
                    if fields.get(key):
                        raise ValueError(f"{{{sym}}} appears twice in the cost {text!r}")
                    fields[key] = True
                    continue
                if sym == "X":  # 107.3a: announced as it is activated, paid as generic mana
                    fields["x"] = int(fields.get("x", 0)) + 1  # type: ignore[call-overload]
                    continue
                if not (sym.isascii() and sym.isdigit()) and sym not in ("W", "U", "B", "R", "G", "C"):
                    raise ValueError(f"the mana symbol {{{sym}}} is not paid by the game yet "
                                     "(generic, X, W, U, B, R, G and C are)")
                mana.append(sym)
            continue
        low = part[:1].lower() + part[1:]
        if re.fullmatch(rf"sacrifice {_SELF}", low):
            fields["sacrifice_self"] = True
            continue
        m = re.fullmatch(r"sacrifice (a|an|another|one|two|three|four|five) (other )?(\w+(?: or \w+)?)", low)
        n = _NUMBERS.get(m.group(1), 1) if m else 0
        if m and "sacrifice" not in fields and (m.group(1) == "another") + bool(m.group(2)) < 2 and \
                (kinds_word(m.group(3)) if n > 1 else kind_word(m.group(3)) or
                 (kinds_word(m.group(3)) if " or " in m.group(3) else None)):
            fields["sacrifice"] = kinds_word(m.group(3))
            fields["other"] = m.group(1) == "another" or bool(m.group(2))
            fields["sacrifice_count"] = n
            continue
        m = re.fullmatch(r"discard (a|an|one|two|three) (artifact|creature|land|instant|sorcery|enchantment) "
                         r"cards?", low)
        if m and "discard" not in fields:
            fields["discard"], fields["discard_kind"] = _NUMBERS[m.group(1)], m.group(2)
            continue
        m = re.fullmatch(r"exile (a|an|one|two|three|four|five) (?:(artifact|creature|land|instant|sorcery|"
                         r"enchantment) )?cards? from your graveyard", low)
        if m and "exile_cards" not in fields:
            fields["exile_cards"] = (m.group(2) or "card", _NUMBERS[m.group(1)])
            continue
        if re.fullmatch(r"return (?:CARDNAME|SELF|this (?:creature|artifact|enchantment|land|permanent)) "
                        r"to its owner's hand", low) and "return_self" not in fields:
            fields["return_self"] = True
            continue
        m = re.fullmatch(r"tap (an|one|two|three|another) untapped (\w+?)s? you control", low)
        if m and kind_word(m.group(2)) and "tap_untapped" not in fields:
            fields["tap_untapped"] = (m.group(2), _NUMBERS.get(m.group(1), 1), m.group(1) == "another")
            continue
        m = re.fullmatch(r"return (a|an|one|two|three) (\w+?)s? you control to "
                         r"(its owner's hand|their owners' hands)", low)
        one = m is not None and m.group(1) in ("a", "an")
        if m and kind_word(m.group(2)) and "bounce" not in fields and \
                one == (m.group(3) == "its owner's hand"):
            fields["bounce"] = (m.group(2), _NUMBERS[m.group(1)])
            continue
        if re.fullmatch(r"exile (?:CARDNAME|SELF|this (?:creature|artifact|enchantment|land|permanent))",
                        low) and "exile_source" not in fields:
            fields["exile_source"] = True  # from the battlefield (406.2)
            continue
        m = re.fullmatch(r"tap any number of other untapped creatures you control with total power (\d+) "
                         r"or greater", low)
        if m and "tap_untapped" not in fields and "tap_power" not in fields:  # crew N (702.122a)
            fields["tap_power"] = int(m.group(1))
            continue
        m = re.fullmatch(r"pay (\d+) life", low)
        if m:
            fields["life"] = int(fields.get("life", 0)) + int(m.group(1))  # type: ignore[call-overload]
            continue
        m = re.fullmatch(r"discard (a|one|two|three) cards?", low)
        if m and "discard" not in fields:
            fields["discard"] = _NUMBERS[m.group(1)]
            continue
        if re.fullmatch(rf"discard {_SELF}", low) and "discard_self" not in fields:
            fields["discard_self"] = True
            continue
        if re.fullmatch(rf"exile {_SELF} from your graveyard", low) and "exile_self" not in fields:
            fields["exile_self"] = True
            continue
        m = re.fullmatch(rf"remove (a|an|one|two|three|four|five) (\S+) counters? from {_SELF}", low)
        if m and "remove" not in fields:
            fields["remove"] = (m.group(2), _NUMBERS[m.group(1)])
            continue
        raise ValueError(f"the cost part {part!r} is not paid by the game yet")
    symbols = "".join(f"{{{s}}}" for s in mana)
    mana_cost(symbols)  # the amounts are in bounds (ValueError otherwise)
    return ActivationCost(text.strip(), mana=symbols, **fields)  # type: ignore[arg-type]


def cycling(text: str) -> ActivatedDef | None:
    """The activated ability "Cycling [cost]" is (702.29a): "[Cost], Discard this card: Draw a
    card."; None for other text (typecycling, 702.29e, searches a library: not followed)."""
    from pyengine.model.triggers import Instruction

    m = re.fullmatch(r"Cycling ((?:\{[^{}]+\})+)", text.strip())
    if not m:
        return None
    try:
        cost = parse_cost(f"{m.group(1)}, Discard this card")
    except ValueError:
        return None
    return ActivatedDef(cost, (Instruction("draw", (("player", ("ref", "you")), ("count", 1))),))
