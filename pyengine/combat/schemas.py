"""JSON Schemas of the ``attack`` and ``block`` queries and their expectations (the scenario
format of scenarios/combat/README.md), for ``pyengine schema``."""

from __future__ import annotations

from typing import Any

from pyengine.combat.service import MAX_LIST_LIMIT

Schema = dict[str, Any]

_ID: Schema = {"type": "string", "pattern": r"\S"}
_PAID: Schema = {
    "type": "array",
    "items": {
        "anyOf": [
            _ID,
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["creature", "source"],
                "properties": {"creature": _ID, "source": _ID},
            },
        ]
    },
}


def _declaration(pairs: str) -> Schema:
    if pairs == "attackers":
        value: Schema = {
            "type": "object",
            "additionalProperties": _ID,
            "description": "attacking creature -> the player, planeswalker or battle it attacks",
        }
    else:
        value = {
            "type": "object",
            "additionalProperties": {"anyOf": [_ID, {"type": "array", "items": _ID}]},
            "description": "blocking creature -> the attacker (or attackers) it blocks",
        }
    return {
        "anyOf": [
            {"type": "null"},
            {
                "type": "object",
                "additionalProperties": False,
                "properties": {pairs: {"anyOf": [value, {"type": "null"}]}, "paid": _PAID},
            },
        ]
    }


def query_schema(kind: str) -> Schema:
    """The query mapping of ``attack`` or ``block``."""
    pairs = "attackers" if kind == "attack" else "blockers"
    props: Schema = {
        "defending": {
            "anyOf": [_ID, {"type": "array", "items": _ID, "minItems": 1}],
            "description": "the defending player (or players: attack multiple players, CR 802)",
        },
        "protectors": {
            "type": "object",
            "additionalProperties": _ID,
            "description": "battle -> its protector (CR 310.8)",
        },
        "declaration": _declaration(pairs),
        "list_limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIST_LIMIT},
        ("attacked_this_turn" if kind == "attack" else "blocked_this_turn"): {
            "type": "array",
            "items": _ID,
            "description": "the creatures that " + ("attacked" if kind == "attack" else "blocked")
            + " in an earlier combat phase of this turn (CR 500.8), which an \"each turn\" limit "
            "counts, each once (ids in any zone)",
        },
    }
    if kind == "block":
        props["attackers"] = {
            "type": "object",
            "additionalProperties": _ID,
            "description": "attacking creature -> what it attacks",
        }
    return {"type": "object", "properties": props, "required": ["attackers"] if kind == "block" else []}


def expect_schema(kind: str) -> Schema:
    """The expectation mapping of ``attack`` or ``block``."""
    pairs = "attackers" if kind == "attack" else "blockers"
    decls: Schema = {"type": "array", "items": _declaration(pairs)}
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "legal": {"type": "boolean"},
            "violations": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["rule", "check"],
                    "properties": {
                        "rule": {"$ref": "#/$defs/cr_rule"},
                        "check": _ID,
                        "objects": {"anyOf": [_ID, {"type": "array", "items": _ID}]},
                        "source": _ID,
                    },
                },
            },
            "obeyed": {"type": "integer", "minimum": 0},
            "maximum": {"type": "integer", "minimum": 0},
            "witness": decls,
            "legal_declarations": decls,
            "count": {"type": "integer", "minimum": 0},
        },
    }
