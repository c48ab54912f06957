"""JSON Schemas and one-line docs of the replacement operations of the effect language
(registered by :mod:`pyengine.lang.ops_replacement`)."""

from __future__ import annotations

from typing import Any

from pyengine.replacement import spec as S


def schemas(pattern_kinds: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The JSON Schema of each operation's value."""
    word_or_list = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    target = {"description": "a player word, an object id or self, a selector, or "
                             "{players, objects, top_of}", "anyOf": [
        {"type": "string"}, {"$ref": "#/$defs/selector"},
        {"type": "object", "additionalProperties": False, "properties": {
            "players": word_or_list, "objects": {"$ref": "#/$defs/selector"}, "top_of": word_or_list}}]}
    rng = {"anyOf": [{"type": "integer"}, {"type": "object", "additionalProperties": False,
                                            "properties": {"gte": {}, "lte": {"type": "integer"}}}]}
    props: dict[str, Any] = {"kind": {"enum": list(pattern_kinds)}, "library": rng, "step": word_or_list}
    for f in sorted(set().union(*[set(v) for v in S.KIND_FIELDS.values()])):
        props[f] = (target if f in S.OBJECT_FIELDS | S.EITHER_FIELDS | S.PLAYER_FIELDS else
                    rng if f in S.INT_FIELDS else {"type": "boolean"} if f in S.BOOL_FIELDS
                    else word_or_list)
    pattern = {"type": "object", "additionalProperties": False, "properties": props,
               "description": "an event pattern (scenarios/replacement/README.md)"}
    event = {"type": "object", "required": ["kind"], "description": "a new event: kind and fields"}
    amount = {"type": "object", "additionalProperties": False, "properties": {
        "times": {"type": "integer"}, "plus": {"type": "integer"}, "half": {"const": True},
        "keep_life": {"type": "integer"}, "set": {"type": "integer", "minimum": 0}}}
    mod = {"amount": amount, "count": amount, "to": {"enum": list(S.ZONES)},
           "position": {"enum": list(S.WORD_FIELDS["position"])}, "face": {"enum": ["front", "back"]},
           "cause": {"type": "string"}, "tapped": {"type": "boolean"}, "control": {"type": "string"},
           "choice": word_or_list, "as": target, "redirect": {"type": "string"},
           "instead": {"type": "array", "items": event}, "also": {"type": "array", "items": event},
           "nothing": {"const": True}, "counters": {"type": "object"},
           "choose_objects": {"type": "object"}, "label": {"type": "string"}}
    common = {"event": pattern, "optional": {"type": "boolean"}, "uses": {"type": "integer", "minimum": 1},
              "self_replacement": {"type": "boolean"}, "zones": word_or_list, "text": {"type": "string"}}
    alt = {"type": "object", "additionalProperties": False, "properties": mod}
    return {
        "replace": {"type": "object", "required": ["event"], "additionalProperties": False,
                    "properties": {**common, **mod, "choose": {"type": "array", "items": alt}}},
        "prevent": {"type": "object", "additionalProperties": False, "properties": {
            **common, "amount": {"anyOf": [
                {"const": "all"}, {"type": "integer", "minimum": 1},
                {"type": "object", "additionalProperties": False, "required": ["all_but"],
                 "properties": {"all_but": {"type": "integer", "minimum": 0}}}]},
            "shield": {"type": "integer", "minimum": 1}, "each": {"type": "boolean"}}},
        "regenerate": {"type": "object", "required": ["object"], "additionalProperties": False,
                       "properties": {"object": target, "each_time": {"type": "boolean"},
                                      "text": {"type": "string"}}},
        "skip": {"type": "object", "required": ["event"], "additionalProperties": False,
                 "properties": {"event": pattern, "uses": {"type": "integer", "minimum": 1},
                                "text": {"type": "string"}}},
        "enters_tapped": {"anyOf": [{"const": True}, pattern]},
        "enters_with_counters": {"type": "object", "required": ["counter", "amount"],
                                 "properties": {"counter": {"type": "string"},
                                                "amount": {"type": "integer", "minimum": 1},
                                                "bloodthirst": {"type": "boolean"},
                                                "optional": {"type": "boolean"}}},
        "cant": pattern,
        "cant_be_regenerated": target,
        "unpreventable": {"anyOf": [{"const": True}, pattern]},
    }


DOCS = {
    "replace": "CR 614.1: if an event matching `event` would happen, it happens modified instead",
    "prevent": "CR 615: prevent all of the damage, N of each event (615.10) or the next N (615.7)",
    "regenerate": "CR 614.8, 701.19: the next time (or each time) it would be destroyed, instead "
                  "remove all damage from it and tap it",
    "skip": "CR 614.10: the step, phase or turn is replaced by nothing",
    "enters_tapped": "CR 614.1c-d: this permanent (or matching ones) enters tapped",
    "enters_with_counters": "CR 614.1c: this permanent enters with counters",
    "cant": "CR 614.17: events matching can't happen (not a replacement effect)",
    "cant_be_regenerated": "CR 701.19c: regeneration shields aren't applied to these objects",
    "unpreventable": "CR 615.12: matching damage can't be prevented",
}
