"""JSON Schemas of the arguments of the effect language's combat operations (the schema
the ``schema`` command prints; :mod:`pyengine.lang.ops_combat` registers them)."""

from __future__ import annotations

from typing import Any


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


TARGETS_SCHEMA: dict[str, Any] = {
    "description": "a player, or {player, planeswalkers, battles, object}",
    "anyOf": [
        ref("player_ref"),
        {
            "type": "object",
            "additionalProperties": False,
            "minProperties": 1,
            "properties": {
                "player": ref("player_ref"),
                "planeswalkers": ref("player_ref"),
                "battles": ref("player_ref"),
                "object": ref("object_ref"),
            },
        },
    ],
}
MANA_SCHEMA: dict[str, Any] = {"type": "string", "pattern": r"^(\{([0-9]+|[WUBRGC])\})+$"}


def object_schema(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = required
    else:
        out["minProperties"] = 1
    return out


def true_or(props: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [ref("true"), object_schema(props)]}


def cost_schema(with_targets: bool) -> dict[str, Any]:
    props: dict[str, Any] = {"mana": MANA_SCHEMA, "generic": ref("expr")}
    if with_targets:
        props["targets"] = TARGETS_SCHEMA
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": props,
        "oneOf": [{"required": ["mana"]}, {"required": ["generic"]}],
    }


COUNT_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 0}
PER_SCHEMA: dict[str, Any] = {"enum": ["combat", "turn"]}  # a limit each combat (default) or each turn
POSITIVE_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 1}
NUMBER_SCHEMA: dict[str, Any] = {"anyOf": [POSITIVE_SCHEMA, ref("expr")]}
UNLESS_OTHERS_SCHEMA: dict[str, Any] = true_or({"n": POSITIVE_SCHEMA, "creatures": ref("selector")})
