"""The card catalog: one YAML file per card under catalog/cards, in the effect language."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from pyengine.errors import ScenarioError
from pyengine.lang.characteristics import parse_characteristics
from pyengine.lang.effects import Ctx, parse_effect
from pyengine.lang.yamlread import Cursor, load_yaml
from pyengine.model.effects import EffectDef
from pyengine.model.objects import Characteristics

CARD_FIELDS = frozenset({"name", "oracle", "rulings", "resolves", "does"})


@dataclass(frozen=True)
class SpellDoes:
    """What an instant or sorcery does as it resolves (CR 608.2c), in the event language with
    references (``self``, ``you``, ``target``...: the syntax of triggered abilities' ``do:``),
    and the targets it is cast with (601.2c): the card's ``casting`` target instances
    (:class:`pyengine.cast.spec.TargetSpec`, one specification for the cast and the game),
    ``target``, ``target2`` ... naming them in order."""

    targets: tuple[Any, ...]
    effects: tuple[Any, ...]
    # a modal spell's (CR 700.2): what each mode does, in the order of its casting modes; the
    # chosen modes' instructions follow ``effects``, in the order printed (608.2c, 700.2d)
    modes: tuple[tuple[Any, ...], ...] = ()
    # for each of ``targets``, the mode that requires it (0: the spell always, 700.2c)
    target_modes: tuple[int, ...] = ()

    def chosen(self, modes: Any) -> tuple[Any, ...]:
        """The instructions done for these chosen modes (1 is the first; none: no mode)."""
        return self.effects + tuple(ins for m in sorted(modes or ()) for ins in self.modes[m - 1])


@dataclass(frozen=True)
class Card:
    """A catalog card: its characteristics (with abilities) and its Oracle text."""

    name: str
    characteristics: Characteristics
    oracle: str
    file: str
    resolves: EffectDef | None = None
    does: SpellDoes | None = None
    # a card compiled from card data: the paragraphs of its rules text that were not understood
    unrecognised: tuple[str, ...] = ()
    # what each face does as it resolves (a split card's halves, an Adventure: 608.2c), as
    # ``does`` says it for the whole card; None for a face that doesn't say
    face_does: tuple[SpellDoes | None, ...] = ()


def _files() -> list[tuple[str, str]]:
    # the package's own folder, next to this module (importlib.resources would import tempfile
    # and zipfile into every process for it)
    root = Path(__file__).resolve().parent / "cards"
    out = []
    with os.scandir(root) as entries:  # not Path.iterdir and read_text: a third of the CPU
        for entry in entries:
            if entry.name.endswith(".yaml"):
                with open(entry.path, encoding="utf-8") as f:
                    out.append((f"pyengine/catalog/cards/{entry.name}", f.read()))
    return sorted(out)


def parse_card(text: str, file: str) -> Card:
    """Parse one card file; errors name the file and field."""
    cur = Cursor.root(load_yaml(text, file), file)
    name = cur.req("name").string("the card's name")
    ctx = Ctx(key_prefix=name)
    chars = parse_characteristics(cur, ctx, extra=CARD_FIELDS, name=name)
    ctx.x = _x_spell(chars)  # 107.3a: `{x: true}` reads the X announced as it is cast
    resolves = None
    if cur.has("resolves"):
        resolves = parse_effect(cur.get("resolves"), ctx, allow_no_affects=True)
    does = _does(cur.get("does"), ctx, chars) if cur.has("does") else None
    if ctx.object_refs:
        ref, at = ctx.object_refs[0]
        at.fail(f"a card can't refer to object id {ref!r}; use self, it or attached")
    if ctx.player_refs:
        ref, at = ctx.player_refs[0]
        at.fail(f"a card can't refer to player id {ref!r}; use you, opponent, owner, ...")
    if chars.faces:  # each face's Oracle text is its own (CR 709.1, 712.3, 715.2)
        if cur.has("oracle"):
            cur.get("oracle").fail("a card with faces has its Oracle text in each face")
        face_does = []
        for face, c in zip(chars.faces, cur.get("faces").seq(), strict=True):
            if not c.has("oracle"):
                c.fail("expected the face's Oracle text (\"\" for none)")
            if {"Instant", "Sorcery"} & set(face.types):
                _check_spell_abilities(c, face, face.oracle)
            face_does.append(_does(c.get("does"), ctx, face) if c.has("does") else None)
        oracle = "\n//\n".join(face.oracle for face in chars.faces)
        return Card(name, chars, oracle, file, resolves, does, face_does=tuple(face_does))
    if not cur.has("oracle") or not isinstance(cur.get("oracle").value, str):
        cur.get("oracle").fail("expected the card's Oracle text (\"\" for a vanilla card)")
    oracle = cur.get("oracle").value
    if {"Instant", "Sorcery"} & set(chars.types):
        _check_spell_abilities(cur, chars, oracle)
    return Card(name, chars, oracle, file, resolves, does)


def _x_spell(chars: Characteristics) -> bool:
    """An instant or sorcery with {X} in its mana cost: its ``does`` and ``resolves`` may read
    the X announced as it is cast (107.3a, 601.2b)."""
    return "{X}" in (chars.mana_cost or "") and bool({"Instant", "Sorcery"} & set(chars.types))


def _does(cur: Cursor, ctx: Ctx, chars: Characteristics) -> SpellDoes:
    """``does: {do: [EVENT...]}`` (docs/effect-language.md, "Triggered abilities", for the
    events); its targets are the card's ``casting`` targets (601.2c), in order."""
    from pyengine.cast.spec import spec_of
    from pyengine.lang import triggers as tl

    cur.mapping({"do", "modes"}, "{do: [EVENT...], modes: [{do: [EVENT...]}...]} (the targets are "
                "the card's casting: targets)")
    spec = spec_of(chars.casting, chars.mana_cost)
    targets = spec.all_targets()

    def events(c: Cursor, mode: bool = False) -> tuple[Any, ...]:
        out = []
        for e in c.seq("a list of events"):
            # a mode's continuous effect is one of its instructions: only chosen, it has none
            # of the card's resolves: (CR 700.2, 611.2a)
            if isinstance(e.value, dict) and e.value.get("kind") == "continuous" and not mode:
                e.get("kind").fail("a spell's continuous effect is the card's resolves: (CR 611.2a)")
            if isinstance(e.value, dict) and e.value.get("kind") == "kicked" and not mode:
                from pyengine.game.kicked import parse as kicked  # "if this spell was kicked" (702.33e)

                out.append(kicked(e, ctx, len(targets)))
                continue
            out.append(tl._instruction(e, ctx, len(targets)))
        return tuple(out)

    if not cur.has("do") and not cur.has("modes"):
        cur.req("do")
    effects = events(cur.get("do")) if cur.has("do") else ()
    modes: list[tuple[Any, ...]] = []
    if cur.has("modes"):  # CR 700.2: one entry per mode of the card's casting modes, in order
        listed = cur.get("modes").seq("a list of modes, each {do: [EVENT...]}")
        if len(listed) != len(spec.modes):
            cur.get("modes").fail(f"expected {len(spec.modes)} modes, as the card's casting: modes "
                                  f"lists (CR 700.2), got {len(listed)}")
        for m in listed:
            m.mapping({"do"}, "a mode {do: [EVENT...]}")
            modes.append(events(m.req("do"), mode=True))
    owner = tuple([0] * len(spec.targets) + [i for i, m in enumerate(spec.modes, 1) for _ in m.targets]
                  + [0] * len(spec.kicker_targets))
    return SpellDoes(targets, effects, tuple(modes), owner if modes else ())


def paragraphs(oracle: str) -> list[str]:
    """The abilities' paragraphs of a rules text (CR 113.2c): reminder text left out, a modal
    spell's bulleted modes part of the paragraph that introduces them (700.2)."""
    out: list[str] = []
    for line in oracle.split("\n"):
        text = re.sub(r"\s*\([^()]*\)", "", line).strip()
        if text.startswith("\u2022") and out:
            out[-1] += "\n" + text
        elif text:
            out.append(text)
    return out


def _check_spell_abilities(cur: Cursor, chars: Characteristics, oracle: str) -> None:
    """CR 113.3a: any text on an instant or sorcery is a spell ability unless it is an
    activated, triggered or static ability; each paragraph is an ability (113.2c), of the card
    in every zone. A catalog instant or sorcery lists every paragraph as an ability (a
    ``spell`` ability, or another kind), so none of its abilities is left unsaid."""
    said = {(ab.text or ab.name).strip() for ab in chars.abilities}
    # a keyword paragraph ("Convoke", "Flashback {2}{U}") is its keyword ability (702)
    said |= {" ".join(x for x in (ab.name, ab.param) if x).lower() for ab in chars.abilities
             if ab.kind == "keyword"}
    missing = [p for p in paragraphs(oracle) if p not in said and p.lower() not in said]
    if missing:
        at = cur.get("abilities") if cur.has("abilities") else cur.get("oracle")
        at.fail(f"the rules text paragraph {missing[0]!r} is no ability of the card: an instant's "
                "or sorcery's text is its spell abilities (CR 113.3a, one per paragraph, 113.2c); "
                "list it as {spell: TEXT} (or as the activated, triggered or static ability it is)")


@lru_cache(maxsize=1)
def catalog() -> Mapping[str, Card]:
    """Every catalog card by lowercase name (parsed once, then read from the cache on disk
    while the card files and the code are unchanged: pyengine/catalog/stored.py)."""
    from pyengine.catalog import stored

    files = _files()
    kept = stored.load(files)
    if kept is not None:
        return kept
    cards: dict[str, Card] = {}
    for file, text in files:
        card = parse_card(text, file)
        key = card.name.lower()
        if key in cards:
            raise ScenarioError(f"duplicate card {card.name!r} (also in {cards[key].file})", file=file)
        cards[key] = card
    stored.store(files, cards)
    return cards


def lookup(name: str) -> Card | None:
    """The card called ``name`` (case-insensitive), or None: the hand-written catalog first,
    then the card data compiled from its Oracle text (pyengine.oracle), when installed."""
    found = catalog().get(name.lower())
    if found is not None:
        return found
    from pyengine.oracle import card, data

    if not data.available():
        return None
    return card(name)


def card_from_mapping(value: dict, file: str, unrecognised: tuple[str, ...] = ()) -> Card:
    """A card from the mapping a card file would hold (compiled card data)."""
    cur = Cursor.root(value, file)
    name = cur.req("name").string("the card's name")
    ctx = Ctx(key_prefix=name)
    chars = parse_characteristics(cur, ctx, extra=CARD_FIELDS, name=name)
    ctx.x = _x_spell(chars)  # 107.3a: `{x: true}` reads the X announced as it is cast
    # what a compiled instant or sorcery does as it resolves (608.2c), as a card file says it
    resolves = parse_effect(cur.get("resolves"), ctx, allow_no_affects=True) if cur.has("resolves") else None
    does = _does(cur.get("does"), ctx, chars) if cur.has("does") else None
    return Card(name, chars, value.get("oracle", ""), file, resolves, does, unrecognised=unrecognised)
