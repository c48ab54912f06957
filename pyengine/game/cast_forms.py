"""The form a spell is cast as, in a game (CR 601.2a): which characteristics it has on the
stack, what it does and where it goes as it resolves.

The cast engine (asp/cast/forms.lp) decides which forms are legal and says of the form chosen
(:class:`pyengine.cast.model.AsCast`) its card types and where the card goes as it resolves or
when every target is illegal (608.2b, 608.3b, 702.103e, 715.3d, 702.34a); this module gives the
spell object those characteristics and follows that answer:

- a split card's half (709.3b) or an adventurer card's Adventure (715.3b): only that face's
  characteristics on the stack; the card's own again as it leaves the stack (709.4, 715.4);
- fused (702.102b, 709.4d): both halves combined (the card's own), both halves' instructions,
  the left half's first (702.102d);
- a modal double-faced card's back face (712.11b, 712.8f): back face up on the stack and, as
  it resolves, on the battlefield (712.13);
- bestowed (702.103b): an Aura enchantment (no longer a creature, no creature types) with
  enchant creature, attached to its target as it resolves (608.3c), a creature again when it
  ceases to be bestowed (702.103e-f);
- face down (morph, disguise: 702.37c, 702.168b, 708.4): the layer engine gives a face-down
  object its characteristics (708.2a); the permanent it becomes is face down (708.4) and can be
  turned face up for its morph or disguise cost (702.37e, 702.168d).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.cast.model import AsCast
from pyengine.cast.spec import CastingSpec, TargetSpec, spec_of
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.model.effects import Ability
from pyengine.model.enums import FaceDown, Zone
from pyengine.model.objects import Characteristics, GameObject

FACES = {"face1": (1,), "face2": (2,), "fused": (1, 2)}
ENCHANT_CREATURE = "Enchant creature"


def faces_cast(printed: Characteristics, form: AsCast | str | None) -> tuple[int, ...]:
    """The faces (1 first) whose instructions the spell follows: a split card's half or both
    (702.102d, left first), an Adventure; () for the card's own (a modal double-faced card's
    back face is a face up, with its own text, not a half)."""
    word = form.form if isinstance(form, AsCast) else form
    if word is None or not printed.faces or printed.layout == "modal_dfc":
        return ()
    return FACES.get(word, ())


def stack_object(spell: GameObject, form: AsCast | None) -> GameObject:
    """``spell`` as it is put on the stack in ``form`` (601.2a)."""
    if form is None or form.form in ("whole", "fused"):  # 709.4d: fused, both halves combined
        return spell
    printed = spell.printed
    if form.form in FACES:
        face = printed.faces[FACES[form.form][0] - 1]
        if printed.layout == "modal_dfc":  # 712.11b, 712.8f: the face cast is up
            return replace(spell, printed=face, other_face=printed, transformed=True)
        return replace(spell, printed=face, as_cast=(form.form, printed))  # 709.3b, 715.3b
    if form.form == "bestowed":
        return replace(spell, printed=bestowed(printed, form.types), as_cast=("bestowed", printed))
    if form.form in ("morph", "disguise"):  # 702.37c, 702.168b, 708.4
        return replace(spell, face_down=True, face_down_kind=FaceDown(form.form))
    raise IllegalAction("601.2a", f"cast: {spell.id} can't be cast as {form.form} in a game yet")


def bestowed(printed: Characteristics, types: tuple[str, ...]) -> Characteristics:
    """702.103b: an Aura enchantment with enchant creature: its card types those the cast
    engine gives the bestowed spell (enchantment), its subtype Aura (205.1a: they replace the
    card's; no creature types, 205.3d) and, on the battlefield, no power or toughness (208.3)."""
    types = tuple(t.capitalize() for t in types)
    enchant = Ability("text", key=f"{printed.name}:bestow-enchant", name=ENCHANT_CREATURE,
                      text=ENCHANT_CREATURE)
    return replace(printed, types=types, subtypes=("Aura",), abilities=printed.abilities + (enchant,))


def ceases_bestowed(obj: GameObject) -> GameObject:
    """702.103e-f: the effect that made it an Aura ends: the card's own characteristics."""
    if obj.as_cast is None or obj.as_cast[0] != "bestowed":
        return obj
    return replace(obj, printed=obj.as_cast[1], as_cast=None, attached_to=None)


def is_bestowed(obj: GameObject) -> bool:
    return obj.as_cast is not None and obj.as_cast[0] == "bestowed"


def form_spec(printed: Characteristics, form: AsCast | str | None) -> CastingSpec:
    """The target instances of the spell as cast: a face's (a half, an Adventure, a modal
    double-faced card's face), both halves' (fused), or the card's own and, bestowed, the
    enchant creature target (702.103b, 303.4a)."""
    word = form.form if isinstance(form, AsCast) else form
    faces = faces_cast(printed, word)
    if not faces and word == "face2" and printed.faces:  # a modal double-faced card's back face
        faces = (2,)
    if faces:
        specs = [spec_of(printed.faces[n - 1].casting, printed.faces[n - 1].mana_cost) for n in faces]
        if len(specs) == 1:
            return specs[0]
        return CastingSpec(targets=tuple(t for s in specs for t in s.all_targets()))
    spec = spec_of(printed.casting, printed.mana_cost)
    if word == "bestowed":
        enchant = TargetSpec("enchant", 1, 1, (("types", ("creature",)),))
        return replace(spec, targets=spec.targets + (enchant,))
    return spec


def half_does(card: Any, printed: Characteristics, form: AsCast | None) -> list[tuple[Any, CastingSpec]]:
    """What each face cast does (its ``does``), with its own target instances, in the order
    the spell follows them (702.102d); an error naming a face that doesn't say."""
    out = []
    for n in faces_cast(printed, form):
        face = printed.faces[n - 1]
        does = card.face_does[n - 1] if card is not None and len(card.face_does) >= n else None
        if does is None:
            raise IllegalAction("608.2c", f"{face.name}: say what it does as it resolves (effect: "
                                          "[EVENTS]); its card says no does: for this face")
        out.append((does, spec_of(face.casting, face.mana_cost)))
    return out


def on_adventure(obj: GameObject, form: AsCast) -> bool:
    """715.3d: a spell cast as an Adventure is exiled as it resolves (the cast engine's
    ``resolves_to``)."""
    return obj.as_cast is not None and obj.as_cast[1].layout == "adventure" and form.resolves_to == "exile"


def unbestow(game: Game, item: StackItem) -> tuple[Game, StackItem]:
    """608.3b, 702.103e: a bestowed Aura spell whose target is illegal as it begins resolving
    ceases to be bestowed and continues resolving as a creature spell (with no target): it
    enters the battlefield as the cast engine's ``unresolved_to`` says."""
    obj = game.state.object(item.obj) if item.obj is not None else None
    if obj is None or not is_bestowed(obj) or item.form.unresolved_to != "battlefield":
        return game, item
    objs = tuple(ceases_bestowed(o) if o.id == obj.id else o for o in game.state.objects)
    game = game.with_state(objects=objs)
    return game, replace(item, targets=(), target_types=(), zones=())


def after_move(game: Game, item: StackItem, to: str, resolved: bool) -> Game:
    """After the card left the stack: an Adventure's card exiled is on an adventure for its
    controller (715.3d); an Aura spell that resolved is attached to its target (608.3c)."""
    obj = game.state.object(item.obj) if item.obj is not None else None
    if obj is None:
        return game
    new = obj
    adventure = item.form is not None and obj.printed.layout == "adventure" and item.form.form == "face2"
    if to == "exile" and obj.zone == Zone.EXILE and adventure:
        new = replace(obj, on_adventure=item.controller)
    targets = [t for t, is_player in item.targets if not is_player]
    if resolved and obj.zone == Zone.BATTLEFIELD and "Aura" in obj.printed.subtypes and targets:
        new = replace(obj, attached_to=targets[0])
    if new is obj:
        return game
    return game.with_state(objects=tuple(new if o.id == obj.id else o for o in game.state.objects))
