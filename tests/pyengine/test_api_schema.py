"""The JSON Schema of the scenario format (``pyengine schema``): a valid draft 2020-12 schema,
built from the registries, that accepts every bundled scenario and rejects malformed ones."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import pyengine.api as pe
from pyengine.lang.effects import OPS, SELECTOR_KEYS
from pyengine.queries import base as queries
from pyengine.scenario import loader

REPO = Path(__file__).resolve().parents[2]
SCENARIO_FILES = sorted(p for p in (REPO / "scenarios").rglob("*.yaml")
                        if not p.name.upper().startswith("README"))
VALID = sorted((REPO / "tests" / "pyengine" / "fixtures" / "valid").glob("*.yaml"))


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = pe.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _doc(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _errors(validator: jsonschema.Draft202012Validator, doc: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator.iter_errors(doc)]


@pytest.mark.parametrize("path", SCENARIO_FILES + VALID, ids=lambda p: str(p.relative_to(REPO)))
def test_every_bundled_scenario_is_valid(validator: jsonschema.Draft202012Validator, path: Path) -> None:
    assert _errors(validator, _doc(path)) == []


def _base() -> dict[str, Any]:
    return _doc(REPO / "tests" / "pyengine" / "fixtures" / "valid" / "anthem-bears.yaml")  # type: ignore[no-any-return]


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


_DELETE = object()

INVALID = {
    "unknown top-level field": (("titel",), "x"),
    "missing rationale": (("rationale",), _DELETE),
    "empty cr": (("cr",), []),
    "cr not a rule number": (("cr",), ["six-one-three"]),
    "cr number out of range": (("cr",), [61.3]),
    "no players": (("players",), []),
    "turn without active": (("turn",), {"number": 2}),
    "bad step": (("turn",), {"active": "alice", "step": "combat"}),
    "unknown object field": (("objects", 0, "tapd"), True),
    "timestamp is a word": (("objects", 0, "timestamp"), "two"),
    "negative damage": (("objects", 0, "damage"), -1),
    "bad zone": (("objects", 0, "zone"), "sideboard"),
    "object without card or name": (("objects", 0, "card"), _DELETE),
    "counters not a mapping": (("objects", 0, "counters"), ["+1/+1"]),
    "bad color": (("objects", 1), {"id": "x", "name": "X", "colors": ["teal"], "controller": "alice",
                                   "timestamp": 5}),
    "unknown subtype": (("objects", 1), {"id": "x", "name": "X", "subtypes": ["Bears"], "controller": "alice",
                                         "timestamp": 5}),
    "unknown keyword": (("objects", 1), {"id": "x", "name": "X", "abilities": ["flyng"],
                                         "controller": "alice", "timestamp": 5}),
    "generic mana from a mana ability": (("objects", 1), {"id": "x", "name": "X", "controller": "alice",
                                                          "timestamp": 5, "abilities": [{"mana": "{2}"}]}),
    "empty spell ability": (("objects", 1), {"id": "x", "name": "X", "abilities": [{"spell": ""}],
                                             "controller": "alice", "timestamp": 5}),
    "spell ability with text": (("objects", 1), {"id": "x", "name": "X", "controller": "alice",
                                                 "timestamp": 5,
                                                 "abilities": [{"spell": "Draw a card.", "text": "Draw"}]}),
    "unknown operation": (("effects",), [{"id": "e", "controller": "alice", "timestamp": 3,
                                          "affected": ["bears"], "pump": 1}]),
    "effect without timestamp": (("effects",), [{"id": "e", "controller": "alice", "affected": ["bears"],
                                                 "modify_pt": {"power": 1}}]),
    "bad selector key": (("effects",), [{"id": "e", "controller": "alice", "timestamp": 3,
                                         "affects": {"colour": "red"}, "set_colors": []}]),
    "expression with two keys": (("effects",), [{"id": "e", "controller": "alice", "timestamp": 3,
                                                 "affected": ["bears"],
                                                 "modify_pt": {"power": {"count": "all", "negate": 1}}}]),
    "unknown query kind": (("query", "kind"), "poker"),
    "unknown query field": (("query", "objets"), ["bears"]),
    "unknown characteristic in expect": (("expect", "bears", "powr"), 3),
    "power as a word in expect": (("expect", "bears", "power"), "three"),
}


def test_mana_abilities_of_several_symbols_and_spell_abilities_are_valid(
        validator: jsonschema.Draft202012Validator) -> None:
    """CR 605.1a ("{T}: Add {C}{C}"), 113.3a (an instant's spell ability)."""
    obj = {"id": "x", "name": "X", "controller": "alice", "timestamp": 5,
           "abilities": [{"mana": "{C}{C}"}, {"mana": "{R}{G}"}, {"mana": "G"}, {"spell": "Draw a card."}]}
    assert _errors(validator, _set(_base(), ("objects", 1), obj)) == []


def test_base_document_is_valid(validator: jsonschema.Draft202012Validator) -> None:
    assert _errors(validator, _base()) == []


@pytest.mark.parametrize("case", sorted(INVALID))
def test_invalid_documents_are_rejected(validator: jsonschema.Draft202012Validator, case: str) -> None:
    path, value = INVALID[case]
    assert _errors(validator, _set(_base(), path, value)) != []


def test_schema_covers_every_registered_operation_and_selector_key() -> None:
    schema = pe.schema()
    effect = schema["$defs"]["effect"]["properties"]
    assert set(OPS) <= set(effect)
    for name in OPS:
        assert effect[name] != {}, f"operation {name} has no schema"
    selector = schema["$defs"]["selector"]["anyOf"][1]["properties"]
    assert set(selector) == set(SELECTOR_KEYS)
    assert all(selector[k] != {} for k in SELECTOR_KEYS)


def test_schema_has_a_branch_for_every_supported_query_kind_only() -> None:
    branches = pe.schema()["properties"]["query"]["oneOf"]
    kinds = {b["properties"]["kind"]["const"] for b in branches}
    assert kinds == {name for name, k in queries.load_all().items() if k.solve is not None}


def test_schema_fields_match_the_loader() -> None:
    schema = pe.schema()
    assert set(schema["properties"]) == set(loader.TOP_FIELDS)
    obj = schema["properties"]["objects"]["items"]["properties"]
    assert set(loader.STATE_FIELDS) <= set(obj)


def test_an_operation_registered_with_a_schema_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyengine.lang.effects import OpSpec

    spec = OpSpec(None, "test", lambda cur, ctx: (), True, {"const": "exactly-this"}, "a test operation")
    monkeypatch.setitem(OPS, "test_only_op", spec)
    schema = pe.schema()
    assert schema["$defs"]["effect"]["properties"]["test_only_op"] == {"const": "exactly-this"}
    v = jsonschema.Draft202012Validator(schema)
    effect = {"id": "e", "controller": "alice", "timestamp": 3, "affected": ["bears"]}
    good = _set(_base(), ("effects",), [{**effect, "test_only_op": "exactly-this"}])
    bad = _set(_base(), ("effects",), [{**effect, "test_only_op": "other"}])
    assert _errors(v, good) == [] and _errors(v, bad) != []
