"""More trigger conditions of triggered abilities (CR 603.2), in the trigger engine's event
language (docs/effect-language.md, "Triggered abilities"): "one or more" batches (603.2c),
"whenever you attack" (508.3d), "attacks alone" (506.5), spells cast by a player with a
quality (601.2i; historic, 700.6), damage dealt by or to the object and combat damage dealt to
you (120.3), the object becoming untapped (603.2e), more steps (505.1a, 511.2) and
the intervening "if" clause (603.4). Events the engines decide but no generated game can make
happen yet (turned face up, becomes monstrous, transforms, another player's draw or life
change) are left to the text template: a compiled ability must run in a generated game.

Each gives ``(trigger, about_self)`` as pyengine.oracle.abilities reads it, or None.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import NUMBERS
from pyengine.oracle.common import fullmatch as _fm

Found = tuple[dict[str, Any], bool]

# "one or more creatures you control die" -> the event kind (CR 603.2c: once per batch)
_PLURAL_VERBS = {"enter": "enters", "die": "dies", "attack": "attacks",
                 "leave the battlefield": "leaves"}
_WHO = {"you": "you", "an opponent": "opponent", "a player": "any"}


# qualities of a spell that name alternatives (an object with any of them fits)
_SPELL_KINDS: dict[str, dict[str, Any]] = {
    "historic spell": {"any_of": [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]},
                                  {"subtypes": ["Saga"]}]},  # CR 700.6
    "Spirit or Arcane spell": {"any_of": [{"subtypes": ["Spirit"]}, {"subtypes": ["Arcane"]}]},
}


def _count(word: str) -> int | None:
    return NUMBERS.get(word) or (int(word) if word.isdigit() else None)


def _no_chosen(sel: dict[str, Any] | None) -> dict[str, Any] | None:
    """The trigger engine refuses "the chosen ..." (docs/effect-language.md, Selectors)."""
    return None if sel is None or "chosen" in repr(sel) else sel


def spell_selector(phrase: str) -> dict[str, Any] | None:
    """"spell", "multicolored spell", "red spell", "creature spell with mana value 4 or
    greater", "noncreature spell", "instant or sorcery spell": a selector of the spell cast."""
    sel: dict[str, Any] = {}
    m = _fm(r"(.+?) with mana value (\w+) or (greater|less)", phrase)
    if m:
        n = _count(m.group(2))
        if n is None:
            return None
        sel["mana_value"] = {"gte" if m.group(3) == "greater" else "lte": n}
        phrase = m.group(1)
    if phrase == "spell":
        return sel
    if phrase in _SPELL_KINDS:  # 700.6 historic; Arcane is a spell type (205.3k)
        return {**_SPELL_KINDS[phrase], **sel}
    m = _fm(r"(\w+) or (\w+) spell", phrase)
    if m and all(w in P.CARD_TYPES or w in ("instant", "sorcery") for w in m.group(1, 2)):
        return {"any_types": [w.capitalize() for w in m.group(1, 2)], **sel}
    m = _fm(r"(.+) spell", phrase)
    if not m:
        return None
    words = m.group(1).split()
    if words == ["multicolored"]:
        return {"multicolored": True, **sel}
    if "Adventure" in words or "Arcane" in words:  # a spell subtype, or a card with an Adventure
        return None
    if words == ["colorless"]:
        return {"colorless": True, **sel}
    if len(words) == 1 and words[0] in ("instant", "sorcery"):
        return {"types": [words[0].capitalize()], **sel}
    got = _no_chosen(P.selector(m.group(1) + " permanent"))
    if got is None or set(got) - {"types", "not_types", "colors", "not_colors", "subtypes", "supertypes"}:
        return None
    return {**got, **sel}


def when(head: str, card: dict[str, Any]) -> Found | None:
    """The trigger event of a head pyengine.oracle.abilities doesn't read itself."""
    from pyengine.oracle import trigger_cycle, trigger_history, trigger_target

    got = trigger_history.when(head)  # "your second spell each turn" (603.2)
    if got is not None:
        return got
    got = trigger_target.when(head, card) or trigger_cycle.when(head, card)  # 115.1, 702.29c, 701.9a
    if got is not None:
        return got
    m = _fm(r"Whenever one or more (other )?(.+?) (enter|die|attack|leave the battlefield|"
            r"deal combat damage to a player)", head)
    if m:
        sel = _no_chosen(P.selector(m.group(2)))
        if sel is None or "other" in sel:
            return None
        if m.group(1):
            sel = {"other": True, **sel}
        if m.group(3) == "deal combat damage to a player":
            return {"when": {"kind": "damage", "source": sel, "to": "player", "combat": True,
                             "one_or_more": True}}, False
        return {"when": {"kind": _PLURAL_VERBS[m.group(3)], "obj": sel, "one_or_more": True}}, False
    m = _fm(r"Whenever (.+?) attacks alone", head)
    if m:  # CR 506.5: the only creature declared as an attacker
        from pyengine.oracle.abilities import _object

        obj = _object(m.group(1), card)
        if obj is None or obj != "self" and obj.get("controller") != "you":
            return None
        return {"when": {"kind": "attacks", "obj": obj, "alone": True}}, obj == "self"
    m = _fm(r"Whenever SELF and at least (\w+) other creatures attack", head)
    if m and m.group(1) in ("one", "two", "three", "four"):  # battalion (207.2c; 508.1)
        n = {"one": 1, "two": 2, "three": 3, "four": 4}[m.group(1)]
        return {"when": {"kind": "attacks", "obj": "self", "with_others": n}}, True
    if head == "Whenever you attack":  # CR 508.3d: one or more creatures you control attack
        return {"when": {"kind": "attacks", "obj": {"types": ["Creature"], "controller": "you"},
                         "one_or_more": True}}, False
    m = _fm(r"(?:When|Whenever) (you|an opponent|a player) casts? an? (.+)", head)
    if m:
        sel = spell_selector(m.group(2))
        if sel is None:
            return None
        w: dict[str, Any] = {"kind": "cast", "player": _WHO[m.group(1)]}
        if sel:
            w["obj"] = sel
        return {"when": w}, False
    if head == "When you cast SELF":  # CR 603.2f, as "When you cast this spell"
        return {"when": {"kind": "cast", "obj": "self", "player": "you"}}, False
    m = _fm(r"When you control no (.+)", head)
    if m:  # a state trigger (CR 603.8): it triggers whenever the state matches
        sel = _no_chosen(P.selector(m.group(1)))
        if sel is None or "controller" in sel:
            return None
        return {"state": {"not_exists": {**sel, "controller": "you"}}}, False
    if head == "Whenever SELF becomes untapped":  # CR 603.2e
        return {"when": {"kind": "untap", "obj": "self"}}, True
    m = _fm(r"Whenever SELF deals (combat )?damage to (a player|an opponent)", head)
    if m:
        to: Any = "player" if m.group(2) == "a player" else {"player": "opponent"}
        w = {"kind": "damage", "source": "self", "to": to}
        if m.group(1):
            w["combat"] = True
        return {"when": w}, True
    got = _damage(head)
    if got is not None:
        return got
    m = _fm(r"Whenever a player (draws a card|gains life)", head)
    if m:
        return {"when": {"kind": "draw" if "draw" in m.group(1) else "life_gain", "player": "any"}}, False
    return None


def _damage(head: str) -> Found | None:
    """Damage events (CR 120.3): "SELF is dealt damage" and "SELF deals [combat] damage" are
    one event however many objects deal or are dealt it at once (each simultaneous batch
    triggers once, 603.2c, as the rulings of Boros Reckoner and Armadillo Cloak say); "a
    source deals damage to SELF", "SELF deals damage to a creature" and "a creature deals
    damage to you" trigger for each source or each creature dealt damage."""
    if head == "Whenever SELF is dealt damage":
        return {"when": {"kind": "damage", "to": "self", "one_or_more": True}}, True
    if head == "Whenever a source deals damage to SELF":
        return {"when": {"kind": "damage", "to": "self"}}, True
    m = _fm(r"Whenever SELF deals (combat )?damage( to a creature)?", head)
    if m:
        w: dict[str, Any] = {"kind": "damage", "source": "self"}
        if m.group(2):
            w["to"] = {"types": ["Creature"]}
        else:
            w["one_or_more"] = True
        if m.group(1):
            w["combat"] = True
        return {"when": w}, True
    m = _fm(r"Whenever a creature deals (combat )?damage to you", head)
    if m:
        w = {"kind": "damage", "source": {"types": ["Creature"]}, "to": {"player": "you"}}
        if m.group(1):
            w["combat"] = True
        return {"when": w}, False
    return None


def at(head: str) -> dict[str, Any] | None:
    """"At the beginning of each combat" (507.1), "At end of combat" (511.2), "At the
    beginning of your first main phase" / "precombat main phase" (505.1a: only the first
    main phase is precombat), "postcombat main phase"."""
    m = _fm(r"At the beginning of (each|your|each opponent's) (combat|precombat main phase|first main "
            r"phase|postcombat main phase)", head)
    if m:
        step = {"combat": "beginning_of_combat", "postcombat main phase": "postcombat_main"}.get(
            m.group(2), "precombat_main")
        return {"at": {"step": step, "player": {"each": "any", "your": "you",
                                                "each opponent's": "opponent"}[m.group(1)]}}
    if head == "At end of combat":
        return {"at": {"step": "end_of_combat", "player": "any"}}
    return None


def condition(text: str) -> dict[str, Any] | None:
    """An intervening "if" clause's condition (CR 603.4) that the trigger engine reads: the
    static abilities' conditions ("you control an artifact", "you control three or more
    creatures", "there are seven or more cards in your graveyard") and "you control no X",
    "no creatures are on the battlefield", "you have no cards in hand"."""
    from pyengine.oracle import trigger_history
    from pyengine.oracle.kicker import condition as kicked
    from pyengine.oracle.templates import condition as static_condition

    from pyengine.oracle.trigger_faces import last_turn

    got = last_turn(text) or trigger_history.condition(text)  # "... last turn", "... this turn"
    if got is not None:
        return got
    if kicked(text) is not None:  # "if it was kicked" (702.33d)
        return kicked(text)
    if text in CAST_CONDITIONS:  # "if you cast it [from your hand]" (601.2a)
        return dict(CAST_CONDITIONS[text])
    from pyengine.oracle.effects_return import condition as had

    if had(text) is not None:  # "if it had no +1/+1 counters on it" (603.10a)
        return had(text)
    from pyengine.oracle.effects_renown import condition as renowned

    if renowned(text) is not None:  # renown's "if it isn't renowned" (702.112a)
        return renowned(text)
    from pyengine.oracle.conditions_pt import condition as greater

    if greater(text) is not None:  # evolve's "if that creature's power is greater than ..." (702.100a)
        return greater(text)
    m = _fm(r"you control no (.+)", text)
    if m:
        sel = _no_chosen(P.selector(m.group(1)))
        if sel is None or "controller" in sel:
            return None
        return {"not_exists": {**sel, "controller": "you"}}
    m = _fm(r"no (.+?) (?:are|is) on the battlefield", text)
    if m:
        sel = _no_chosen(P.selector(m.group(1)))
        return None if sel is None else {"not_exists": sel}
    if text == "you have no cards in hand":
        return {"compare": [{"count": {"zone": "hand", "owner": "you"}}, "==", 0]}
    got = static_condition(text)
    return None if got is None or "chosen" in repr(got) else got


# "if you cast it" / "if you cast it from your hand": the permanent was a spell its controller
# cast (from their hand) and became (601.2a, 608.3); on the ability's own object in any zone
CAST_CONDITIONS: dict[str, dict[str, Any]] = {
    "you cast it": {"exists": {"self": True, "zone": "any", "was_cast": True}},
    "you cast it from your hand": {"exists": {"self": True, "zone": "any", "cast_from_hand": True}},
}


def kicker_castable(cond: dict[str, Any], trigger: dict[str, Any], card: dict[str, Any]) -> bool:
    """Whether "if it was kicked" is read here: of an ability that triggers as the card enters
    (the generated game casts it kicked), not of an Aura (the cast engine doesn't choose an Aura
    spell's target, 303.4a) nor "when you cast this spell" (no game generated for it yet)."""
    from pyengine.oracle.kicker import is_kicked

    when = trigger.get("when", {})
    cast = cond in CAST_CONDITIONS.values()  # read of an ability that triggers as it enters only
    return not (is_kicked(cond) or cast) or when.get("kind") == "enters" and when.get("obj") == "self" \
        and "Aura" not in card.get("subtypes", ())


def refused(ability: dict[str, Any], card: dict[str, Any]) -> bool:
    """Whether the effect-language parser refuses a compiled triggered ability (a condition
    naming what the trigger engine doesn't read, such as the enchanted creature)."""
    from pyengine.errors import ScenarioError
    from pyengine.lang.effects import Ctx, parse_ability
    from pyengine.lang.yamlread import Cursor

    try:
        parse_ability(Cursor(ability, "ability", None, None), Ctx(key_prefix=str(card.get("name", ""))))
    except ScenarioError:
        return True
    return False
