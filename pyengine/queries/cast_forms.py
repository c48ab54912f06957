"""The cast query's parts about the form a card is cast in (pyengine/cast/forms.py): the
``as`` field, the target instances of every form, and the expectations and words of the spell
as cast (its types, colors, abilities, power and toughness; where the card goes as it
resolves, 608.2n, 608.3, 715.3d; and if every target is illegal then, 608.2b, 702.103e).
Format: scenarios/casting/README.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.cast.forms import KEYWORD_FORMS, form_names, own_faces
from pyengine.cast.model import AsCast
from pyengine.cast.spec import spec_of
from pyengine.lang.yamlread import Cursor
from pyengine.model.objects import Characteristics, GameObject

FIELDS = {"types", "colors", "resolves_to", "if_targets_illegal", "abilities", "power", "toughness"}
ZONES = ["battlefield", "graveyard", "exile"]


@dataclass(frozen=True)
class AsCastExpect:
    """What a legal cast's spell is expected to be on the stack (None: not checked)."""

    types: tuple[str, ...] | None = None
    colors: tuple[str, ...] | None = None
    abilities: tuple[str, ...] | None = None
    power: int | None = None
    toughness: int | None = None
    resolves_to: str | None = None
    unresolved: tuple[str, tuple[str, ...] | None] | None = None

    @property
    def empty(self) -> bool:
        return self == AsCastExpect()


def parse_form(cur: Cursor, spell: GameObject) -> str:
    """``as``: a face's name, the card's own name, or fused, bestowed, morph, disguise."""
    word = cur.string("a face's name, or fused, bestowed, morph, disguise")
    if word in KEYWORD_FORMS:
        return word
    names = form_names(spell.printed)
    if word not in names:
        cur.fail(f"{spell.id} ({spell.printed.name}) has no face named {word!r}; expected one of: "
                 + ", ".join(sorted(names) + list(KEYWORD_FORMS)))
    return names[word]


def instances(printed: Characteristics) -> set[str]:
    """The ids of every target instance the card may be cast with: its own text's, each
    face's, and a bestow card's "enchant" (702.103b, asp/cast/forms.lp)."""
    out = {t.id for t in spec_of(printed.casting, printed.mana_cost).all_targets()}
    for _, face in own_faces(printed):
        out |= {t.id for t in spec_of(face.casting, face.mana_cost).all_targets()}
    if any(a.name == "bestow" for a in printed.abilities if a.kind == "keyword"):
        out.add("enchant")
    return out


def _words(cur: Cursor, key: str, what: str) -> tuple[str, ...] | None:
    return tuple(sorted(w.lower() for w in cur.get(key).strings(what))) if cur.has(key) else None


def parse_expect(cur: Cursor, legal: bool) -> AsCastExpect:
    """The expectations of the spell as cast, on a cast expectation mapping."""
    unresolved = None
    if cur.has("if_targets_illegal"):
        u = cur.get("if_targets_illegal").mapping({"zone", "types"}, "{zone: Z, types: [...]}")
        unresolved = (u.req("zone").choice(ZONES, "a zone:"), _words(u, "types", "card types"))
    out = AsCastExpect(
        _words(cur, "types", "card types"),
        _words(cur, "colors", "colors"),
        tuple(sorted(cur.get("abilities").strings("ability names"))) if cur.has("abilities") else None,
        cur.get("power").integer("power") if cur.has("power") else None,
        cur.get("toughness").integer("toughness") if cur.has("toughness") else None,
        cur.get("resolves_to").choice(ZONES, "a zone:") if cur.has("resolves_to") else None,
        unresolved,
    )
    if not legal and not out.empty:
        cur.fail("types, colors, abilities, power, toughness, resolves_to and if_targets_illegal are "
                 "expected of a legal cast")
    return out


def compare(expect: AsCastExpect, a: AsCast | None) -> list[str]:
    """The differences between the expected and the actual spell as cast."""
    if expect.empty or a is None:
        return []
    pt = a.pt or (None, None)
    pairs: list[tuple[str, Any, Any]] = [
        ("types", expect.types, a.types), ("colors", expect.colors, a.colors),
        ("abilities", expect.abilities, a.abilities), ("power", expect.power, pt[0]),
        ("toughness", expect.toughness, pt[1]), ("resolves_to", expect.resolves_to, a.resolves_to)]
    if expect.unresolved is not None:
        pairs += [("if_targets_illegal.zone", expect.unresolved[0], a.unresolved_to),
                  ("if_targets_illegal.types", expect.unresolved[1], a.unresolved_types)]
    return [f"{key}: expected {_shown(want)}, got {_shown(got)}"
            for key, want, got in pairs if want is not None and want != got]


def _shown(x: Any) -> Any:
    return list(x) if isinstance(x, tuple) else x


def line(a: AsCast) -> str:
    """The spell as cast, in words."""
    called = f"{a.name} ({a.form})" if a.name else f"{a.form}, face down with no name"
    pt = f" {a.pt[0]}/{a.pt[1]}" if a.pt is not None else ""
    out = (f"  cast as {called}: {' '.join(a.colors) or 'colorless'}{pt} {' '.join(a.types) or 'typeless'} "
           f"spell" + (f" with {', '.join(a.abilities)}" if a.abilities else "")
           + f"; as it resolves, to the {a.resolves_to}")
    if a.unresolved_to:
        out += f"; if every target is illegal then, to the {a.unresolved_to}"
        out += f" as {' '.join(a.unresolved_types)}" if a.unresolved_types else ""
    return out


def to_json(a: AsCast) -> dict[str, Any]:
    """The spell as cast, for ``pyengine solve --json``."""
    out: dict[str, Any] = {"as": a.form, "name": a.name, "types": list(a.types), "colors": list(a.colors),
                           "abilities": list(a.abilities), "resolves_to": a.resolves_to}
    if a.pt is not None:
        out |= {"power": a.pt[0], "toughness": a.pt[1]}
    if a.unresolved_to is not None:
        out["if_targets_illegal"] = {"zone": a.unresolved_to, "types": list(a.unresolved_types)}
    return out
