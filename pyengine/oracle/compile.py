"""A card's Oracle text compiled into the effect language, paragraph by paragraph.

Each paragraph of the rules text (CR 113.2c: one ability; reminder text left out) is matched
against the templates (pyengine.oracle.templates); the abilities it gives are checked by the
effect-language parser itself. A paragraph no template recognises, or whose abilities the
parser refuses, is *unrecognised*: the card is partial, and a scenario using it is refused
with that paragraph named (unless the scenario writes the card's abilities itself).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pyengine.errors import ScenarioError
from pyengine.oracle import keyword_rules as K
from pyengine.oracle import templates as T
from pyengine.oracle.abilities import SPELL_KEY
from pyengine.oracle.data import OracleCard
from pyengine.oracle.effects_linked import unlinked
from pyengine.oracle.effects_modal import UNREAD
from pyengine.oracle.effects_quoted import GRANT_TEXT, grants_text_only

STATUSES = ("full", "text-only", "partial", "none")


@dataclass(frozen=True)
class Clause:
    """One paragraph: its text and the template that recognised it (None: unrecognised)."""

    text: str
    template: str | None
    why: str = ""  # for an unrecognised paragraph a template matched: what the parser refused


@dataclass(frozen=True)
class Compiled:
    """A card compiled: the effect-language mapping of a catalog card file, and its clauses."""

    name: str
    card: dict[str, Any]
    clauses: tuple[Clause, ...]

    @property
    def unrecognised(self) -> tuple[str, ...]:
        return tuple(c.text for c in self.clauses if c.template is None)

    @property
    def status(self) -> str:
        """full: every paragraph compiled into what the engines read; text-only: every
        paragraph recognised, some only as abilities seen as present or absent (triggered,
        activated, spell abilities); partial: some paragraphs unrecognised; none: all."""
        if not self.clauses:
            return "full"
        bad = self.unrecognised
        if bad:
            return "none" if len(bad) == len(self.clauses) else "partial"
        if any(c.template in T.TEXT_ONLY for c in self.clauses):
            return "text-only"
        return "full"


def paragraphs(text: str) -> list[str]:
    """The rules text's paragraphs without reminder text (CR 113.2c, 207.2)."""
    from pyengine.catalog import paragraphs as split

    return split(text)


SELF_WORDS = ("creature", "land", "artifact", "enchantment", "permanent", "Aura", "Equipment",
              "Vehicle", "planeswalker", "battle", "Saga", "Fortification")


def self_refs(par: str, name: str) -> str:
    """The paragraph with references to the object itself written SELF (CR 201.5: a card's
    name in its text means that object; "this creature" the same, 201.5a)."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ")[0])
    for n in sorted(set(names), key=len, reverse=True):  # not in a quoted ability: there the
        # card's name is still the card, not the object that has the ability (113.1, 201.5)
        par = "".join(re.sub(rf"(?<![\w']){re.escape(n)}(?![\w])", "SELF", part) if i % 2 == 0 else part
                      for i, part in enumerate(re.split(r'("[^"]*")', par)))
    par = re.sub(r"\b[Tt]his (" + "|".join(SELF_WORDS) + r")\b", "SELF", par)
    return par


# an ability word and its dash before an ability (CR 207.2c: it has no rules meaning)
ABILITY_WORD = re.compile(r"^[A-Z][A-Za-z'\- ]+(?: [0-9]+)? \u2014 ")  # "Descend 4 —" (207.2c)


def _pt(value: str | None) -> int | None:
    if value is None:
        return None
    m = re.match(r"-?\d+", value)
    return int(m.group(0)) if m else 0  # "*" is 0 outside a CDA (CR 208.2a)


def compile_card(card: OracleCard) -> Compiled:
    """Compile one card face."""
    base: dict[str, Any] = {"name": card.name, "oracle": card.text}
    if card.mana_cost:
        base["mana_cost"] = card.mana_cost
    for key in ("supertypes", "types", "subtypes"):
        if getattr(card, key):
            base[key] = list(getattr(card, key))
    base["colors"] = list(card.colors)
    for key in ("power", "toughness", "loyalty", "defense"):
        if getattr(card, key) is not None:
            base[key] = _pt(getattr(card, key))
    info = {"types": card.types, "subtypes": card.subtypes, "name": card.name, "text": card.text,
            "power": card.power, "mana_cost": card.mana_cost or ""}
    clauses: list[Clause] = _type_line(base)
    abilities: list[Any] = []
    # what the card's earlier paragraphs made: a copy of the card (embalm, eternalize) copies them
    info.update(base=base, compiled=abilities, clauses=clauses)
    spell = SpellParts()
    made: list[tuple[int, int, int]] = []  # (clause, first ability, end) of each compiled paragraph
    for par in paragraphs(card.text):
        found = T.match(self_refs(ABILITY_WORD.sub("", par), card.name), info, par)
        if found is None:
            clauses.append(Clause(par, None))
            continue
        name, got = found
        if got and isinstance(got[0], dict) and UNREAD in got[0]:  # of its form, a part not read
            clauses.append(Clause(par, None, got[0][UNREAD]))
            continue
        if name not in T.TEXT_ONLY and grants_text_only(got):  # a quoted ability seen as text (113.1)
            name = GRANT_TEXT
        unrun: list[str] = []
        if name == "keywords":  # triggered keywords from their rules; the rest by name (CR 702)
            got, unrun = K.runnable(got, lambda t: T.match(t, info, t), lambda t: self_refs(t, card.name))
        if got and isinstance(got[0], dict) and SPELL_KEY in got[0]:
            got = [dict(got[0])]
            if not spell.add(got[0].pop(SPELL_KEY)):
                name = "spell ability (text)"  # a second targeting paragraph: not merged yet
        why = _refused(got, card.name) or _never_enters(got, card.types) or aura_returned(got, card.subtypes)
        if why:
            clauses.append(Clause(par, None, why))
            continue
        if unrun:  # seen as present or absent only: not compiled (the game refuses them, 603.1)
            clauses.append(Clause(par, T.KEYWORDS_TEXT, "held by name only: " + ", ".join(unrun)))
        else:
            clauses.append(Clause(par, name))
        made.append((len(clauses) - 1, len(abilities), len(abilities) + len(got)))
        abilities.extend(got)
    if unlinked(abilities):  # 607.2a: "the exiled card" with no ability of this card exiling one
        clauses, abilities = _unlink(clauses, abilities, made)
    if abilities:
        base["abilities"] = abilities
    # what the spell does is written only when every paragraph of it is compiled (608.2c:
    # all its instructions, with all its targets, 601.2c); else each is seen as text only
    whole = not any(c.template in (None, "spell ability (text)") for c in clauses)
    if whole:
        spell.write(base)
    clauses = _storm_kept(base, clauses)  # 702.40a: on a spell the game copies (707.10)
    from pyengine.oracle.keyword_replicate import kept as replicate_kept

    clauses = replicate_kept(base, clauses)  # 702.56a: on a spell the game copies (707.10)
    why = _refused_spell(base) if whole and spell.any() else ""
    if not whole or why:  # the parser refuses what the spell does: its paragraphs are seen as text only
        for k in ("does", "resolves", "casting"):
            base.pop(k, None)
        clauses = [Clause(c.text, "spell ability (text)") if c.template in ("spell ability", "modal spell")
                   else c for c in clauses]
    from pyengine.oracle.faces import refused_clauses  # 712.2, 603.1: the other face's text triggers

    return Compiled(card.name, base, refused_clauses(card, tuple(clauses), base))


def _storm_kept(base: dict[str, Any], clauses: list[Clause]) -> list[Clause]:
    """The clauses, storm held by name again (its ability dropped) when the game doesn't copy
    what the spell does (pyengine.oracle.keyword_storm)."""
    from pyengine.oracle import keyword_storm as KS

    abilities = base.get("abilities", [])
    if not any(KS.is_storm(a) for a in abilities) or KS.copyable(base):
        return clauses
    base["abilities"] = [a for a in abilities if not KS.is_storm(a)] or None
    if base["abilities"] is None:
        base.pop("abilities")
    return [Clause(c.text, T.KEYWORDS_TEXT, "held by name only: storm")
            if c.template == "keywords" and any(KS.ability(w) for w in c.text.split(", ")) else c
            for c in clauses]


class SpellParts:
    """What an instant's or sorcery's spell abilities do, gathered paragraph by paragraph
    (CR 608.2c: in the order written): the card's ``does:``, ``resolves:`` and ``casting``."""

    def __init__(self) -> None:
        self.targets: list[Any] = []
        self.casting: list[Any] = []
        self.do: list[Any] = []
        self.resolves: dict[str, Any] | None = None
        self.modal: Any = None  # a modal paragraph's effect (pyengine.oracle.effects_modal)

    def add(self, eff: Any) -> bool:
        """Add one paragraph's effect; False if it can't join the others (both target, or
        both create a continuous effect; a modal paragraph joins no other that does
        something: the order of its modes among the others' instructions is not kept)."""
        if eff.targets and self.targets or eff.resolves is not None and self.resolves is not None:
            return False
        from pyengine.oracle.effects_prevent import untargeted

        if untargeted(eff.resolves) and self.targets or untargeted(self.resolves) and eff.targets:
            return False  # a prevention of the events it names is made with no target (615.1a)
        if hasattr(eff, "mode_do"):
            if self.modal is not None or self.any() or self.targets:
                return False
            self.modal = eff
            return True
        if self.modal is not None:
            return False
        self.targets += eff.targets
        self.casting += eff.casting
        self.do += eff.do
        self.resolves = self.resolves if eff.resolves is None else eff.resolves
        return True

    def any(self) -> bool:
        return bool(self.do or self.resolves is not None or self.modal is not None)

    def write(self, base: dict[str, Any]) -> None:
        if self.modal is not None:  # CR 700.2: the modes chosen as it is cast, each one's events
            base["does"] = {"modes": [{"do": do} for do in self.modal.mode_do]}
            base["casting"] = {"modes": {"choose": self.modal.choose, "list": self.modal.modes}}
            return
        if self.do:
            base["does"] = {"do": self.do}  # its targets are the casting targets (601.2c)
        if self.resolves is not None:
            base["resolves"] = self.resolves
        if self.casting:
            base["casting"] = {"targets": self.casting}


def _unlink(clauses: list[Clause], abilities: list[Any],
            made: list[tuple[int, int, int]]) -> tuple[list[Clause], list[Any]]:
    """The paragraphs naming ``exiled`` seen as text only (their abilities as ``{text: ...}``)."""
    keep: list[Any] = []
    out = list(clauses)
    for ci, a, b in made:
        if unlinked(abilities[a:b]):
            keep += [{"text": ab.get("text", out[ci].text)} if isinstance(ab, dict) else ab
                     for ab in abilities[a:b]]
            # 607.2a: "the exiled card" names a card another ability of this object exiled;
            # no ability of this card exiling one is read, so the paragraph is seen as text only
            was = out[ci].template or ""
            out[ci] = Clause(out[ci].text, "activated (text)" if was.startswith("activated")
                             else "triggered (text)")
        else:
            keep += abilities[a:b]
    return out, keep


def _refused_spell(base: dict[str, Any]) -> str:
    """What the parser says against the card's ``does``, ``resolves`` and ``casting``."""
    from pyengine.catalog import card_from_mapping

    try:
        card_from_mapping(base, base["name"])
    except ScenarioError as exc:
        return str(exc)
    return ""


def aura_returned(abilities: list[Any], subtypes: tuple[str, ...]) -> str:
    """Why an Aura's ability returning it from its graveyard to the battlefield is not followed
    (303.4f: its player chooses what it enchants as it enters), or ""."""
    from pyengine.oracle.execute_graveyard import from_graveyard

    if "Aura" not in subtypes:
        return ""
    for ab in abilities:
        if isinstance(ab, dict) and "trigger" in ab and from_graveyard(ab, to="battlefield"):
            return "an Aura put onto the battlefield from a graveyard: what it enchants is chosen (303.4f)"
    return ""


def _type_line(base: dict[str, Any]) -> list[Clause]:
    """Drop what the rules don't know from the type line (an Un-card's "Cloud" land type, a
    "Stickers" card type: CR 205.2a, 205.3, 205.4 list them); each is a clause not understood."""
    from pyengine.model import subtypes as table
    from pyengine.model.enums import CardType, Supertype

    known = {"types": set(CardType.words()), "supertypes": set(Supertype.words())}
    out = []
    for key in ("supertypes", "types", "subtypes"):
        words = base.get(key, [])
        bad = [w for w in words if (w not in known[key] if key in known else
                                    not table.corresponds(w, tuple(base.get("types", ()))))]
        for w in bad:
            out.append(Clause(f"type line: {w}", None, f"not a {key[:-1]} of CR 205 for this card"))
        if bad:
            base[key] = [w for w in words if w not in bad]
            if not base[key]:
                del base[key]
    return out


def _never_enters(abilities: list[Any], types: tuple[str, ...]) -> str:
    """Why an ability that triggers as its own object enters can't be followed on an instant
    or sorcery card (an "Instant Creature"): such a card never enters the battlefield (CR
    304.4, 307.4), so the ability would never trigger; "" otherwise."""
    if not {"Instant", "Sorcery"} & set(types):
        return ""
    for ab in abilities:
        when = ab.get("trigger", {}).get("when", {}) if isinstance(ab, dict) else {}
        if isinstance(when, dict) and when.get("kind") == "enters" and when.get("obj") == "self":
            return ("an instant or sorcery card never enters the battlefield (CR 304.4, 307.4): "
                    "this ability would never trigger")
    return ""


def _refused(abilities: list[Any], name: str) -> str:
    """What the effect-language parser says against these abilities ("" if it takes them)."""
    from pyengine.lang.effects import Ctx, parse_ability
    from pyengine.lang.yamlread import Cursor

    try:
        ctx = Ctx(key_prefix=name)
        for i, ab in enumerate(abilities):
            parse_ability(Cursor(ab, f"abilities[{i}]", None, None), ctx)
    except ScenarioError as exc:
        return str(exc)
    return ""
