"""pyengine/lang/yamlread.py: safe YAML with line numbers, and the Cursor's one-line errors."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.lang.yamlread import Cursor, describe, load_yaml

DOC = """\
id: x
objects:
  - id: a
    power: 2
  - {id: b, power: three}
flags: [true, 1]
"""


def test_lines_of_keys_and_items() -> None:
    doc = load_yaml(DOC, "f.yaml")
    assert doc.line == 1
    assert doc.key_lines == {"id": 1, "objects": 2, "flags": 6}
    assert doc["objects"].item_lines == [3, 5]
    assert doc["objects"][0].key_lines == {"id": 3, "power": 4}


def test_cursor_paths_and_lines() -> None:
    cur = Cursor.root(load_yaml(DOC, "f.yaml"), "f.yaml")
    b = cur.get("objects").seq()[1]
    assert (b.path, b.line) == ("objects[1]", 5)
    with pytest.raises(ScenarioError) as info:
        b.get("power").integer("a power")
    assert str(info.value) == "f.yaml:5: objects[1].power: expected a power, got string 'three'"


def test_unknown_key_names_the_allowed_ones() -> None:
    cur = Cursor.root(load_yaml(DOC, "f.yaml"), "f.yaml")
    expected = r"^f.yaml:6: flags: unknown field 'flags'; expected one of: id, objects$"
    with pytest.raises(ScenarioError, match=expected):
        cur.mapping({"id", "objects"})


def test_missing_required_field() -> None:
    cur = Cursor.root(load_yaml(DOC, "f.yaml"), "f.yaml")
    with pytest.raises(ScenarioError, match=r"^f.yaml:1: \(top\): missing required field 'title'$"):
        cur.req("title")


def test_duplicate_keys_are_errors_not_last_wins() -> None:
    with pytest.raises(ScenarioError, match=r"^f.yaml:2: duplicate key 'id'$"):
        load_yaml("id: a\nid: b\n", "f.yaml")


def test_unsafe_tags_are_refused() -> None:
    with pytest.raises(ScenarioError, match="malformed YAML"):
        load_yaml("x: !!python/object/apply:os.system ['true']\n", "f.yaml")


def test_malformed_yaml_is_one_line_with_a_line_number() -> None:
    with pytest.raises(ScenarioError) as info:
        load_yaml("a: 1\nb: [1, 2\nc: 3\n", "f.yaml")
    err = info.value
    assert err.file == "f.yaml" and err.line is not None and 2 <= err.line <= 3
    assert "\n" not in str(err) and "malformed YAML" in str(err)


def test_booleans_are_not_integers() -> None:
    cur = Cursor.root(load_yaml(DOC, "f.yaml"), "f.yaml")
    with pytest.raises(ScenarioError, match="expected an integer, got boolean true"):
        cur.get("flags").seq()[0].integer()
    assert cur.get("flags").seq()[1].integer() == 1


def test_strings_accepts_one_word_or_a_list() -> None:
    cur = Cursor({"a": "one", "b": ["x", "y"]}, "", 1, "f")
    assert cur.get("a").strings() == ["one"]
    assert cur.get("b").strings() == ["x", "y"]


@pytest.mark.parametrize("value,text", [
    (None, "nothing (null)"), (True, "boolean true"), (3, "integer 3"), (1.5, "number 1.5"),
    ("x" * 50, "string '" + "x" * 37 + "...'"), ([1], "a list"), ({"a": 1}, "a mapping"),
])
def test_describe(value: object, text: str) -> None:
    assert describe(value) == text


def test_an_unknown_field_among_many_names_gives_a_short_line() -> None:
    """The expectations of a 2,000-object scenario name every object; an unknown key there must
    not list all 2,000 ids in its line: the count, the first few and the nearest."""
    doc = "objects:\n" + "".join(f"  o{i}: 1\n" for i in range(2000)) + "  o1x: 2\n"
    cur = Cursor.root(load_yaml(doc, "f.yaml"), "f.yaml")
    with pytest.raises(ScenarioError) as err:
        cur.get("objects").mapping({f"o{i}" for i in range(2000)})
    line = str(err.value)
    assert "2,000 names" in line and "nearest: o1" in line
    assert len(line) < 400
    with pytest.raises(ScenarioError) as few:
        cur.get("objects").mapping({"o1", "o2"})
    assert "expected one of: o1, o2" in str(few.value)
