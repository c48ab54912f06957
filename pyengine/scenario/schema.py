"""The JSON Schema of scenario format v1, built from the registries (``pyengine schema``).

The schema checks the *shape* of a scenario file: the fields, their types and closed
vocabularies, the effect language (selectors, expressions, conditions, abilities, operations)
and, per query kind, the query and expectation mappings. It cannot check what needs the whole
file or the catalog (dangling or duplicate ids, timestamp clashes, unknown cards); the loader
checks those. Editors that read ``# yaml-language-server: $schema=...`` use it to complete
and check scenarios as people type.

Operations and query kinds bring their own schemas (``OPS[name].schema``,
``QueryKind.query_schema`` / ``expect_schema``). They may refer to the shared definitions
below with ``{"$ref": "#/$defs/NAME"}``, NAME one of: ``selector``, ``expr``, ``condition``,
``ability``, ``abilities``, ``effect``, ``player_ref``, ``object_ref``, ``object_ids``,
``card_types``, ``supertypes``, ``subtypes``, ``colors``, ``ability_names``, ``pt``,
``true``, ``cr_rule``.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.lang import effects as lang
from pyengine.lang.characteristics import CHAR_FIELDS
from pyengine.model import subtypes as subtype_table
from pyengine.model.enums import CardType, Color, Duration, FaceDown, Step, Supertype, Zone
from pyengine.queries import base as queries
from pyengine.scenario import loader

SCHEMA_ID = "urn:pyengine:scenario:v1"
Schema = dict[str, Any]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _ci_pattern(words: list[str]) -> str:
    """A portable (ECMA-262 and Python) regex matching any of ``words`` in any letter case."""
    def one(word: str) -> str:
        return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c) for c in word)

    return "^(?:" + "|".join(one(w) for w in words) + ")$"


def _word(words: list[str], what: str) -> Schema:
    """One word of a closed vocabulary that the loader reads case-insensitively."""
    return {"description": what, "anyOf": [{"enum": list(words)},
                                          {"type": "string", "pattern": _ci_pattern(words)}]}


def _one_or_list(item: Schema, what: str) -> Schema:
    """The loader's "a word or a list of words" (a missing or null value is an empty list)."""
    return {"description": what, "anyOf": [item, {"type": "array", "items": item}, {"type": "null"}]}


def _one_key(options: dict[str, Schema], what: str) -> Schema:
    """A mapping with exactly one of ``options`` as its key."""
    return {"description": what, "oneOf": [
        {"type": "object", "required": [k], "additionalProperties": False, "properties": {k: v}}
        for k, v in options.items()]}


def _nonempty() -> Schema:
    return {"type": "string", "pattern": r"\S"}


# --- Shared definitions (the effect language, docs/effect-language.md) --------------------

_CHOSEN: Schema = {"const": "chosen",
                   "description": "the value chosen as the effect's source entered (CR 607.2d)"}


def _selector_properties() -> dict[str, Schema]:
    boolean = {"type": "boolean"}
    known: dict[str, Schema] = {
        "self": boolean, "other": boolean, "colorless": boolean, "multicolored": boolean,
        "tapped": boolean, "token": boolean,
        "kicked": {"type": "boolean", "description": "a spell cast with its kicker paid, or the permanent it "
                                                    "became (CR 702.33d)"},
        "was_cast": {"type": "boolean", "description": "a spell that was cast, or the permanent it became "
                                                      "(CR 601.2a: \"if you cast it\")"},
        "cast_from_hand": {"type": "boolean", "description": "a spell cast from its owner's hand, or the "
                                                            "permanent it became (CR 601.2a)"},
        **{flag: {"type": "boolean", "description": f"a spell cast for its {cost} cost, or the permanent it "
                                                    "became (CR 118.9)"}
           for flag, cost in (("evoked", "evoke"), ("dashed", "dash"), ("blitzed", "blitz"))},
        "combat": {"description": "an attacking or blocking creature in the game's combat, one of the "
                             "states listed (CR 506.4); read in abilities' targets and resolved "
                             "effects' groups",
                   "anyOf": [{"enum": ["attacking", "blocking"]},
                             {"type": "array", "items": {"enum": ["attacking", "blocking"]}}]},
        "enchanted": {"const": True, "description": "the source is attached to the object"},
        "top_of_graveyard": {"type": "boolean", "description": "the top card of its owner's graveyard "
                                                              "(CR 404.1-404.2; with zone: graveyard)"},
        "ids": _ref("object_ids"),
        "types": _ref("sel_card_types"), "any_types": _ref("sel_card_types"),
        "not_types": _ref("sel_card_types"),
        "subtypes": _ref("sel_subtypes"), "any_subtypes": _ref("sel_subtypes"),
        "not_subtypes": _ref("sel_subtypes"),
        "supertypes": _ref("supertypes"), "not_supertypes": _ref("supertypes"),
        "colors": _ref("sel_colors"), "any_colors": _ref("sel_colors"), "not_colors": _ref("sel_colors"),
        "abilities": _ref("ability_names"), "not_abilities": _ref("ability_names"),
        "name": _nonempty(), "not_name": _nonempty(),
        "controller": _ref("player_ref"), "not_controller": _ref("player_ref"),
        "owner": _ref("player_ref"),
        "zone": {"enum": Zone.words() + ["any"]},
        "attached_to": _ref("object_ref"),
        "power": _ref("compare"), "toughness": _ref("compare"), "mana_value": _ref("compare"),
        "any_of": {"type": "array", "minItems": 1, "items": _ref("selector")},
        "not": _ref("selector"),
    }
    # a selector key added to the language without a schema here is still accepted (any value)
    return {key: known.get(key, {}) for key in sorted(lang.SELECTOR_KEYS)}


def _keyword_schema() -> Schema:
    words = sorted(lang.KEYWORDS)
    return {"type": "string",
            "description": "a keyword ability, <land type>walk, protection from <quality> or "
                           "ward <cost>",
            "anyOf": [{"enum": words}, {"pattern": _ci_pattern(words)},
                      {"pattern": "[wW][aA][lL][kK]$"}, {"pattern": "^[pP]rotection from ."},
                      {"pattern": "^[wW]ard[ \u2014]\\s*\\S"}]}


# what a mana ability says besides its cost and product (pyengine/cast/mana.py)
_MANA_EXTRAS: Schema = {"damage": {"type": "integer", "minimum": 1}, "doesnt_untap": {"const": True},
                        "if_you_control": {"type": "array", "minItems": 1, "maxItems": 2,
                                           "items": {"type": "string"}}}


def _ability_schema() -> Schema:
    text = {"type": "string"}
    sym = "\\{[WUBRGC]\\}"
    kinds: dict[str, Schema] = {
        "static": {"anyOf": [_ref("effect"), {"type": "array", "minItems": 1, "items": _ref("effect")}]},
        "cda": _ref("effect"),
        # CR 605.1a: "{T}: Add ..." - a letter, mana symbols ({C}{C}, {R}{G}), a choice of
        # symbols ("{R} or {G}"), "any" (one mana of any color), "N mana of any one color"
        "mana": {"anyOf": [{"enum": list(lang.MANA_PRODUCED)},
                           {"type": "string", "pattern": "^(\\{[WUBRGC]\\})+$"},
                           {"type": "string", "pattern": f"^{sym}(, {sym})*,? or {sym}$"},
                           {"enum": ["any", "one mana of any color"]},
                           {"type": "string", "pattern": "^(two|three|four|five) mana of any one color$"}]},
        # CR 113.3a: an instant's or sorcery's spell ability, its text
        "spell": _nonempty(),
        "keyword": _keyword_schema(),
    }
    for key, what in lang.PARAM_KEYWORDS.items():
        kinds[key] = {"type": "string", "description": what}
    zone = {"enum": [z.value for z in Zone]}
    zones = {"description": "the zones a static ability functions in (CR 113.6b, 113.6p)",
             "anyOf": [zone, {"type": "array", "minItems": 1, "items": zone}]}
    branches: list[Schema] = [{"type": "object", "required": [kind], "additionalProperties": False,
                               "properties": {kind: sch, "id": text,
                                              **({"text": text} if kind != "spell" else {}),
                                              **({"zones": zones} if kind == "static" else {}),
                                              # the mana ability's cost parts: {T}, Sacrifice SELF, Pay N life
                                              **({"cost": _nonempty()} if kind == "mana" else {}),
                                              # its other instructions (605.3b, 502.3), restriction (602.5)
                                              **(_MANA_EXTRAS if kind == "mana" else {})}}
                              for kind, sch in kinds.items()
                              if kind in lang.ABILITY_KEYS or kind in lang.PARAM_KEYWORDS]
    branches.append({"type": "object", "required": ["text"], "additionalProperties": False,
                     "properties": {"text": _nonempty(), "id": text}})
    branches.append(_triggered_schema())
    branches.append(_activated_schema(branches[-1]))
    return {"description": "an ability (docs/effect-language.md, Abilities)",
            "oneOf": [_keyword_schema(), *branches]}


def _triggered_schema() -> Schema:
    """A triggered ability (docs/effect-language.md, "Triggered abilities"; CR 603)."""
    from pyengine.lang import triggers as tl

    obj = {"anyOf": [_ref("selector"), {"type": "string"}]}
    player = {"enum": list(tl.PATTERN_PLAYERS)}
    zone = {"enum": [z.value for z in Zone]}
    when = {"type": "object", "required": ["kind"], "additionalProperties": False,
            "properties": {"kind": {"enum": list(tl.WHEN_KINDS)}, "obj": obj, "from": zone,
                           "to": {"anyOf": [zone, {"const": "player"}, {"const": "self"}, _ref("selector"),
                                            {"type": "object", "required": ["player"],
                                             "properties": {"player": player}}]},
                           "source": obj, "player": player, "combat": {"type": "boolean"},
                           "one_or_more": {"type": "boolean"}, "alone": {"type": "boolean"},
                           "at_least": {"type": "integer", "minimum": 1},
                           "with_others": {"type": "integer", "minimum": 1},
                           "nth": {"type": "integer", "minimum": 1},
                           "turn": {"enum": ["you", "opponent"]},
                           "once_each_turn": {"type": "boolean"}}}
    at = {"type": "object", "required": ["step"], "additionalProperties": False,
          "properties": {"step": {"enum": Step.words()}, "player": player}}
    trigger = {"type": "object", "additionalProperties": False,
               "properties": {"when": when, "at": at, "if": _ref("condition"),
                              "state": _ref("condition")}}  # a state trigger (603.8)
    target = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
              "properties": {"obj": _ref("selector"), "player": {"enum": ["any", "opponent", "you"]},
                             "any": {"const": True}}}
    event = {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}}
    return {"type": "object", "required": ["trigger", "do", "text"], "additionalProperties": False,
            "properties": {"trigger": trigger, "do": {"type": "array", "minItems": 1, "items": event},
                           "targets": {"type": "array", "items": target}, "text": _nonempty(),
                           "id": {"type": "string"}}}


def _activated_schema(triggered: Schema) -> Schema:
    """An activated ability (docs/effect-language.md, "Activated abilities"; CR 602): its
    ``do`` and ``targets`` are a triggered ability's."""
    from pyengine.model.activated import LIMITS, TIMINGS

    props = triggered["properties"]
    body = {"type": "object", "required": ["cost"], "additionalProperties": False,
            "properties": {"cost": _nonempty(), "do": props["do"], "targets": props["targets"],
                           "timing": {"enum": list(TIMINGS)}, "limit": {"enum": list(LIMITS)},
                           "resolves": _ref("effect"), "duration": {"enum": Duration.words()},
                           "zone": {"enum": ["battlefield", "hand", "graveyard"]}}}
    return {"type": "object", "required": ["activated", "text"], "additionalProperties": False,
            "properties": {"activated": body, "text": _nonempty(), "id": {"type": "string"}}}


def _expr_schema() -> Schema:
    options: dict[str, Schema] = {
        "count": _ref("selector"),
        "card_types_among": _ref("selector"),
        "power_of": _ref("object_ref"),
        "toughness_of": _ref("object_ref"),
        "mana_value_of": _ref("object_ref"),
        "sum": {"type": "array", "minItems": 2, "items": _ref("expr")},
        "negate": _ref("expr"),
        "times": {"type": "array", "minItems": 2, "maxItems": 2,
                  "prefixItems": [{"type": "integer"}, _ref("expr")]},
        "blockers_of": {"type": "object", "required": ["object"], "additionalProperties": False,
                        "description": "the creatures blocking the object beyond the first `beyond` "
                                       "(702.23a): a resolving ability's amount, read on the game's combat",
                        "properties": {"object": _ref("object_ref"), "beyond": {"type": "integer", "minimum": 0}}},
        "this_turn": {"type": "object", "required": ["what", "player"], "additionalProperties": False,
                      "properties": {"what": {"enum": list(lang.THIS_TURN)},
                                     "player": {"enum": ["you", "opponent"]}}},
        "last_turn": {"type": "object", "required": ["what", "player"], "additionalProperties": False,
                      "properties": {"what": {"enum": list(lang.LAST_TURN)},
                                     "player": {"enum": ["you", "opponent", "any"]}}},
        "x": {"const": True, "description": "the X announced for an activation cost's {X} (107.3a)"},
    }
    keyed = _one_key({k: options.get(k, {}) for k in lang.EXPR_KEYS}, "an expression mapping")
    return {"description": "an integer expression", "oneOf": [{"type": "integer"}, *keyed["oneOf"]]}


def _condition_schema() -> Schema:
    ops = sorted(set(lang.CMP_OPS) | set(lang.CMP_WORDS))
    options: dict[str, Schema] = {
        "exists": _ref("selector"),
        "not_exists": _ref("selector"),
        "compare": {"type": "array", "minItems": 3, "maxItems": 3,
                    "prefixItems": [_ref("expr"), {"enum": ops}, _ref("expr")]},
        "all": {"type": "array", "items": _ref("condition")},
        "any": {"type": "array", "items": _ref("condition")},
        "not": _ref("condition"),
        "has_counters": {"type": "string", "description": "the source has one or more counters of "
                                                          "this kind on it (CR 122.1)"},
        "turn": {"type": "string",
                 "description": "whose turn it is: you, opponent, active, nonactive or a player id"},
    }
    return _one_key({k: options.get(k, {}) for k in lang.COND_KEYS}, "a condition")


# Schemas of the layer operations, used only while OPS[name].schema is None (see the module
# docstring: an operation should carry its own schema in its OpSpec).
# copy exceptions (lang.COPY_EXCEPTIONS): the schema of each attribute's values
_EXCEPT_VALUES: dict[str, Schema] = {
    "type": _ref("card_types"), "subtype": _ref("subtypes"), "supertype": _ref("supertypes"),
    "color": _ref("colors"),
    "ability": {"anyOf": [_ref("ability"), {"type": "array", "items": _ref("ability")}]},
    "pt": {"type": "object", "additionalProperties": False, "minProperties": 1,
           "properties": {"power": {"type": "integer"}, "toughness": {"type": "integer"}}},
    "name": {"type": "string", "minLength": 1, "pattern": "\\S"},
    "mana_value": {"const": True},
}
_COPY_EXCEPT: dict[str, Schema] = {key: _EXCEPT_VALUES[attr]
                                   for key, (attr, _how) in lang.COPY_EXCEPTIONS.items()}
_FALLBACK_OPS: dict[str, Schema] = {
    "copy": {"anyOf": [_ref("object_ref"), {
        "type": "object", "required": ["of"], "additionalProperties": False,
        "properties": {"of": _ref("object_ref"),
                       "except": {"type": "object", "additionalProperties": False,
                                  "properties": _COPY_EXCEPT,
                                  "description": "exceptions to the copy (CR 707.9b, 707.9d)"}}}]},
    "control": _ref("player_ref"),
    "text_change": {"type": "object", "required": ["from", "to"], "additionalProperties": False,
                    "properties": {"from": _nonempty(), "to": _nonempty()}},
    **{f"{verb}_types": _ref("card_types") for verb in ("set", "add", "remove")},
    **{f"{verb}_subtypes": _ref("subtypes") for verb in ("set", "remove")},
    "add_subtypes": _ref("sel_subtypes"),
    **{f"{verb}_supertypes": _ref("supertypes") for verb in ("set", "add", "remove")},
    "add_all_creature_types": _ref("true"),
    "remove_all_creature_types": _ref("true"),
    "set_colors": _ref("colors"),
    "add_colors": _ref("sel_colors"),
    "add_abilities": {"anyOf": [_ref("ability"), {"type": "array", "items": _ref("ability")}]},
    "add_activated_abilities_of": _ref("selector"),
    "remove_abilities": _ref("ability_names"),
    "cant_have": _ref("ability_names"),
    "lose_all_abilities": _ref("true"),
    "set_pt": _ref("pt"),
    "modify_pt": _ref("pt"),
    "switch_pt": _ref("true"),
}


def op_schema(name: str) -> Schema:
    """The schema of operation ``name``'s value: its registry entry's, else the fallback."""
    spec = lang.OPS[name]
    if spec.schema is not None:
        return spec.schema
    return _FALLBACK_OPS.get(name, {})


def _effect_properties() -> dict[str, Schema]:
    props: dict[str, Schema] = {"text": {"type": "string"}, "affects": _ref("selector"),
                                "condition": _ref("condition"), "dealt_damage": _ref("selector")}
    for name in sorted(lang.OPS):
        props[name] = op_schema(name)
    return props


def _effect_schema() -> Schema:
    props = _effect_properties()
    return {"description": "an effect: affects, condition, text and one or more operations",
            "type": "object", "additionalProperties": False, "properties": props,
            "anyOf": [{"required": [name]} for name in sorted(lang.OPS)]}


def _defs() -> dict[str, Schema]:
    subtypes = sorted(set().union(*subtype_table.table().values()))
    return {
        "cr_rule": {"description": "a Comprehensive Rules number such as \"613.4c\" (quote it: "
                                   "unquoted, 702.10 is the number 702.1)",
                    "anyOf": [{"type": "string", "pattern": r"^\d{3}(\.\d+[a-z]?)?$"},
                              {"type": "number", "minimum": 100, "exclusiveMaximum": 1000}]},
        "true": {"const": True},
        "player_ref": {"type": "string", "pattern": r"\S",
                       "description": "you, opponent, owner, active, nonactive, defending or a player id",
                       "examples": list(lang.PLAYER_REFS)},
        "object_ref": {"type": "string", "pattern": r"\S",
                       "description": "self, it, attached or an object id",
                       "examples": list(lang.OBJ_REFS)},
        "object_ids": _one_or_list(_nonempty(), "an object id or a list of object ids"),
        "card_types": _one_or_list(_word(CardType.words(), "a card type (CR 205.2a)"), "card types"),
        "supertypes": _one_or_list(_word(Supertype.words(), "a supertype (CR 205.4a)"), "supertypes"),
        "colors": _one_or_list(_word(Color.words(), "a color (CR 105.1)"), "colors"),
        "subtypes": _one_or_list({"enum": subtypes, "description": "a subtype (CR 205.3)"}, "subtypes"),
        # a selector's words may be `chosen`: the value chosen as the source entered (CR 607.2d)
        "sel_card_types": _one_or_list({"anyOf": [_word(CardType.words(), "a card type (CR 205.2a)"),
                                                  _CHOSEN]}, "card types"),
        "sel_colors": _one_or_list({"anyOf": [_word(Color.words(), "a color (CR 105.1)"), _CHOSEN]},
                                   "colors"),
        "sel_subtypes": _one_or_list({"anyOf": [{"enum": subtypes, "description": "a subtype (CR 205.3)"},
                                                _CHOSEN]}, "subtypes"),
        "ability_names": _one_or_list(_nonempty(), "ability display names"),
        "compare": _one_key({w: _ref("expr") for w in lang.CMP_WORDS}, "a comparison such as {lte: 2}"),
        "pt": {"type": "object", "minProperties": 1, "additionalProperties": False,
               "properties": {"power": _ref("expr"), "toughness": _ref("expr")}},
        "selector": {"description": "a selector (all entries must hold) or a shortcut",
                     "anyOf": [{"enum": sorted(lang.SELECTOR_SHORTCUTS)},
                               {"type": "object", "additionalProperties": False,
                                "properties": _selector_properties()}]},
        "expr": _expr_schema(),
        "condition": _condition_schema(),
        "ability": _ability_schema(),
        "abilities": {"anyOf": [{"type": "array", "items": _ref("ability")}, {"type": "null"}]},
        "effect": _effect_schema(),
    }


# --- Scenario structure -------------------------------------------------------------------

def _player() -> Schema:
    count = {"type": "integer", "minimum": 0}
    return {"anyOf": [
        {"type": "string", "pattern": r"\S", "description": "a player id"},
        {"type": "object", "required": ["id"], "additionalProperties": False, "properties": {
            "id": _nonempty(), "life": {"type": "integer"}, "poison": count,
            "commander_damage": {"type": "object", "additionalProperties": count,
                                 "description": "combat damage dealt by each commander (id) over "
                                                "the game (CR 903.10a)"},
            "mana": {"type": "string", "description": "mana available, e.g. {2}{W}"},
            "dealt_damage": {"type": "boolean", "description": "the player was dealt damage this "
                             "turn (CR 702.54a, bloodthirst)"},
            "hand_size": count, "library_size": count}},
    ]}


def _object() -> Schema:
    integer_or_null = {"type": ["integer", "null"]}
    chars: dict[str, Schema] = {
        "name": _nonempty(), "mana_cost": {"type": ["string", "null"]},
        "mana_value": {"type": "integer", "minimum": 0},
        "colors": _ref("colors"), "color_indicator": _ref("colors"),
        "supertypes": _ref("supertypes"), "types": _ref("card_types"), "subtypes": _ref("subtypes"),
        "power": integer_or_null, "toughness": integer_or_null, "loyalty": integer_or_null,
        "defense": integer_or_null, "abilities": _ref("abilities"), "keywords": _ref("abilities"),
    }
    state: dict[str, Schema] = {
        "id": _nonempty(), "card": {"type": "string", "pattern": r"\S",
                                    "description": "a catalog card name (`pyengine cards`)"},
        "owner": _nonempty(), "controller": _nonempty(),
        "zone": {"enum": Zone.words()},
        "timestamp": {"type": "integer", "minimum": 0},
        "token": {"type": "boolean"}, "tapped": {"type": "boolean"},
        "renowned": {"type": "boolean", "description": "the renowned designation (CR 702.112b): a "
                     "permanent only"},
        "controlled_since_turn_start": {"type": "boolean"},
        "chosen": {"description": "choices made as it entered (CR 614.12a, 607.2d), which 'the "
                   "chosen ...' (a selector's `chosen`) reads",
                   "type": "object", "additionalProperties": False,
                   "properties": {"color": {"type": "string"}, "subtype": {"type": "string"},
                                  "card_type": {"type": "string"}}},
        "face_down": {"description": "face down (CR 708.2): true, or what turned it face down",
                      "anyOf": [{"type": "boolean"},
                                _word([k.value for k in FaceDown if k != FaceDown.PLAIN],
                                      "morph, manifest, disguise or cloak")]},
        "counters": {"type": ["object", "null"], "additionalProperties": {"oneOf": [
            {"type": "integer", "minimum": 1},
            {"type": "object", "required": ["count"], "additionalProperties": False,
             "properties": {"count": {"type": "integer", "minimum": 1},
                            "timestamp": {"type": "integer", "minimum": 0}}}]}},
        "damage": {"type": "integer", "minimum": 0},
        "attached_to": _nonempty(), "oracle": {"type": "string"},
        "on_adventure": {"type": "string", "pattern": r"\S",
                         "description": "the player who may cast this exiled adventurer card (CR 715.3d)"},
        "top_of_library": {"type": "boolean",
                           "description": "the top card of its owner's library (CR 401.2)"},
        "commander": {"type": "boolean", "description": "its owner's commander in a Commander game "
                                                        "(CR 903.3): cast from the command zone (903.8), "
                                                        "its combat damage counted (903.10a), the command "
                                                        "zone instead of other zones (903.9)"},
        "commander_casts": {"type": "integer", "minimum": 0,
                            "description": "how many times this commander has been cast from the command "
                                           "zone this game (CR 903.8: {2} more for each)"},
        "copy": {"enum": ["spell", "card"], "description": "a copy of a spell or of a card, not a card "
                                                           "(CR 707.10, 707.12)"},
        "back_face": {"type": "object", "required": ["name"], "additionalProperties": False,
                      "properties": chars, "description": "a transforming double-faced card's back face "
                                                          "(CR 712): its characteristics"},
    }
    props = {k: state.get(k, chars.get(k, {})) for k in sorted(loader.STATE_FIELDS | CHAR_FIELDS)}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id"],
            "allOf": [{"anyOf": [{"required": ["card"]}, {"required": ["name"]}]},
                      {"anyOf": [{"required": ["controller"]}, {"required": ["owner"]}]}]}


def _resolved_effect() -> Schema:
    props: dict[str, Schema] = {
        "id": _nonempty(), "card": {"type": "string", "pattern": r"\S"},
        "source": _nonempty(), "controller": _nonempty(),
        "timestamp": {"type": "integer", "minimum": 0},
        "duration": {"enum": Duration.words()},
        "affected": _ref("object_ids"),
    }
    effect = _effect_properties()
    for key in sorted(loader.EFFECT_FIELDS | set(lang.EFFECT_META) | set(lang.OPS)):
        props.setdefault(key, effect.get(key, {}))
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "controller", "timestamp"]}


def _characteristics_schemas() -> tuple[Schema, Schema]:
    """Query and expectation of ``characteristics`` (fallback while its QueryKind has none)."""
    from pyengine.queries import characteristics as ch

    fields = list(ch.FIELDS)
    query = {"type": "object", "additionalProperties": False, "properties": {
        "kind": {"const": "characteristics"},
        "objects": _ref("object_ids"),
        "fields": {"type": "array", "items": {"enum": fields}},
        "players": {"type": "array", "items": _nonempty(),
                    "description": "player ids whose values after the effects on players to report "
                                   "(CR 613.10, 613.11)"},
        "player_fields": {"type": "array", "items": {"enum": list(ch.PLAYER_FIELDS)}}}}
    value: dict[str, Schema] = {}
    for field in fields:
        if field in ch.LIST_FIELDS:
            value[field] = _one_or_list({"type": "string"}, field)
        elif field in ch.INT_FIELDS:
            value[field] = {"type": ["integer", "null"]}
        elif field == "name":
            value[field] = {"description": "the name, or null for no name (CR 708.2a)",
                            "anyOf": [_nonempty(), {"type": "null"}]}
        else:
            value[field] = _nonempty()
    chars = {"type": "object", "additionalProperties": False, "properties": value}
    player = {"type": "object", "additionalProperties": False, "properties": {
        "abilities": {"type": "array", "items": {"type": "string"}},
        "max_hand_size": {"description": "an integer, or none: no maximum hand size (CR 402.2)",
                          "anyOf": [{"type": "integer"}, {"const": "none"}]},
        "land_plays": {"description": "an integer, or any: any number of lands (CR 305.2)",
                       "anyOf": [{"type": "integer", "minimum": 0}, {"const": "any"}]}}}
    players = {"type": "object", "description": "player id -> its values (when the query has players)",
               "additionalProperties": player}
    expect = {"type": "object", "description": "object id -> its characteristics; players -> "
                                               "player id -> its values",
              "properties": {ch.PLAYERS_KEY: {"anyOf": [players, chars]}},
              "additionalProperties": chars}
    return query, expect


_FALLBACK_QUERIES = {"characteristics": _characteristics_schemas}


def _query_kinds() -> tuple[list[Schema], list[Schema]]:
    """Per implemented query kind: the query branch and the if/then for its expectation."""
    branches: list[Schema] = []
    conditionals: list[Schema] = []
    for name, kind in sorted(queries.load_all().items()):
        if kind.solve is None:
            continue  # planned kinds: the loader rejects them (UnsupportedQuery)
        query_schema, expect_schema = kind.query_schema, kind.expect_schema
        if name in _FALLBACK_QUERIES and (query_schema is None or expect_schema is None):
            fq, fe = _FALLBACK_QUERIES[name]()
            query_schema, expect_schema = query_schema or fq, expect_schema or fe
        query = dict(query_schema or {"type": "object"})
        props = dict(query.get("properties", {}))
        props["kind"] = {"const": name}
        query["properties"] = props
        query["required"] = sorted(set(query.get("required", [])) | {"kind"})
        branches.append(query)
        if expect_schema is not None:
            conditionals.append({
                "if": {"properties": {"query": {"properties": {"kind": {"const": name}},
                                                "required": ["kind"]}},
                       "required": ["query"]},
                "then": {"properties": {
                    "expect": expect_schema,
                    "disputed": {"items": {"properties": {"expect": expect_schema}}}}}})
    return branches, conditionals


def build() -> Schema:
    """The JSON Schema (draft 2020-12) of a scenario file, from the current registries."""
    query_branches, expect_rules = _query_kinds()
    planned = sorted(n for n, k in queries.load_all().items() if k.solve is None)
    top: dict[str, Schema] = {
        "id": {"type": "string", "pattern": r"\S", "description": "the scenario id, e.g. layers/gray-ogre"},
        "title": _nonempty(),
        "cr": {"type": "array", "minItems": 1, "items": _ref("cr_rule")},
        "tags": _one_or_list(_nonempty(), "tags"),
        "rationale": _nonempty(),
        "disputed": {"type": "array", "minItems": 1,
                     "description": "the acceptable readings where the rules can be read more "
                                    "than one way (instead of expect): the answer must match one",
                     "items": {"type": "object", "required": ["reason", "cr", "expect"],
                               "additionalProperties": False,
                               "properties": {"reason": _nonempty(),
                                              "cr": {"type": "array", "minItems": 1,
                                                     "items": _ref("cr_rule")},
                                              "expect": {"description": "the answer this reading "
                                                                        "gives"}}}},
        "players": {"type": "array", "minItems": 1, "items": _player()},
        "turn": {"type": "object", "required": ["active"], "additionalProperties": False,
                 "properties": {"active": _nonempty(), "number": {"type": "integer", "minimum": 1},
                                "step": {"enum": Step.words()}}},
        "objects": {"type": ["array", "null"], "items": _object()},
        "effects": {"type": ["array", "null"], "items": _resolved_effect()},
        "day_night": {"enum": ["day", "night"],
                      "description": "the game's day/night designation (CR 730.1; absent: neither)"},
        "query": {"description": "the question; kinds not supported yet: " + ", ".join(planned),
                  "oneOf": query_branches},
        "expect": {"description": "the rules-derived answer; its form depends on query.kind"},
    }
    unknown = loader.TOP_FIELDS - set(top)
    for key in unknown:  # a top-level field added to the loader without a schema here
        top[key] = {}
    schema: Schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "pyengine scenario (format v1)",
        "description": "One Magic: The Gathering rules scenario: a game state, a query and the "
                       "answer the Comprehensive Rules give. See scenarios/README.md.",
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "title", "cr", "rationale", "players", "turn", "query"],
        "properties": top,
        "$defs": _defs(),
    }
    # either one expectation or the readings of a disputed scenario, never both
    schema["allOf"] = [{"oneOf": [{"required": ["expect"], "not": {"required": ["disputed"]}},
                                  {"required": ["disputed"], "not": {"required": ["expect"]}}]},
                       *expect_rules]
    return schema
