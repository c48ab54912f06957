"""Mutations of the bundled scenarios, and the contract every one must keep (test_api_fuzz.py).

A case is a bundled scenario (the smallest few of each query kind, so that a case is quick)
with one to three mutations: wrong types, integers at and past every limit, deleted, renamed
and duplicated fields, odd YAML forms (octal, sexagesimal, tags, aliases, tabs...), huge and
duplicated lists, control characters, many large pumps. Each must end in a verdict (pass,
fail, timeout, out of memory) or in bad input reported on one line; never a traceback, an
internal error, or an integer in the answer past the bound the loader certified.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from pyengine.lang import bounds
from pyengine.lang.yamlread import MAX_INT

REPO = Path(__file__).resolve().parents[2]
KINDS = ("characteristics", "attack", "block", "replacement", "sba", "triggers", "cast", "game")
BASES_PER_KIND = 12

LIMIT_INTS = (0, 1, -1, 2, MAX_INT, MAX_INT + 1, -MAX_INT, -MAX_INT - 1, 33_554_432, 33_554_433,
              2**30, 2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32, 2**63, 10**30,
              bounds.MAX_OBJECTS, bounds.MAX_OBJECTS + 1)
WRONG_VALUES: tuple[Any, ...] = (None, True, False, "x", "", " ", 3.5, -0.0, [], {}, [1, 2], {"a": 1},
                                 [None], {"": None}, "\x00", "null", "~", "-", "{}", "[", "é",
                                 "\u202e", "a" * 5000)
ODD_FORMS = ("010", "0o17", "1:30", "1:30.5", "0x1F", "0b11", "1_000", "+5", "-0", ".inf", "-.inf",
             ".nan", "~", "1e3", "1.0", "yes", "no", "on", "off", "2001-12-14", "12:00:00",
             "!!str 5", "!!int '5'", "!!float 5", "!!binary aGVsbG8=", "!!python/object:os.system x",
             "&a 5", "*a", "[]", "{}", "''", '""', "|\n  text", ">-\n  text", "!!set {a, b}",
             "!!omap [a: 1]", "? a", "<<: {a: 1}", "'unterminated", '"\\x00"', '"\\uFFFF"')
CONTROL = ("\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\u2028",
           "\u2029", "\ufeff", "\ufffe", "\ud800", "\t", "\r", "\u202e")


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's: ten times faster


@functools.lru_cache(maxsize=1)
def bases() -> tuple[tuple[str, str, str], ...]:
    """(kind, file, text) of the smallest bundled scenarios of each query kind."""
    found: dict[str, list[tuple[int, str, str]]] = {k: [] for k in KINDS}
    for path in sorted((REPO / "scenarios").rglob("*.yaml")):
        if path.name.upper().startswith("README"):
            continue
        text = path.read_text(encoding="utf-8")
        doc = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
        kind = doc.get("query", {}).get("kind") if isinstance(doc, dict) else None
        if kind in found:
            found[kind].append((len(text), str(path.relative_to(REPO)), text))
    out = []
    for kind in KINDS:
        for _, name, text in sorted(found[kind])[:BASES_PER_KIND]:
            out.append((kind, name, text))
    return tuple(out)


# --- The document as a tree ---------------------------------------------------------------

def _nodes(doc: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """Every (path, value) in ``doc``, the root included."""
    out = [(path, doc)]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _nodes(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _nodes(v, path + (i,))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = value
    return doc


def _parent(doc: Any, path: tuple) -> Any:
    for p in path[:-1]:
        doc = doc[p]
    return doc


def m_delete_key(rng: random.Random, doc: Any) -> tuple[Any, str]:
    maps = [(p, v) for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if not maps:
        return doc, "delete-key(none)"
    path, node = rng.choice(maps)
    key = rng.choice(list(node))
    del node[key]
    return doc, "delete-key"


def m_rename_key(rng: random.Random, doc: Any) -> tuple[Any, str]:
    maps = [(p, v) for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if not maps:
        return doc, "rename-key(none)"
    _, node = rng.choice(maps)
    key = rng.choice(list(node))
    new = rng.choice([str(key)[:-1] or "x", str(key) + "s", str(key).upper(), "", " ", "\x07",
                      str(key) + "\u200b"])
    if new not in node:
        node[new] = node.pop(key)
    return doc, "rename-key"


def m_wrong_type(rng: random.Random, doc: Any) -> tuple[Any, str]:
    path, _ = rng.choice(_nodes(doc)[1:] or _nodes(doc))
    return _set(doc, path, rng.choice(WRONG_VALUES)), "wrong-type"


def m_limit_int(rng: random.Random, doc: Any) -> tuple[Any, str]:
    nodes = [(p, v) for p, v in _nodes(doc) if isinstance(v, int) and not isinstance(v, bool)]
    if not nodes or rng.random() < 0.2:
        nodes = _nodes(doc)[1:]
    path, _ = rng.choice(nodes)
    return _set(doc, path, rng.choice(LIMIT_INTS)), "limit-int"


def _objects(doc: Any) -> list[dict]:
    objs = doc.get("objects") if isinstance(doc, dict) else None
    return [o for o in objs if isinstance(o, dict)] if isinstance(objs, list) else []


def m_counters(rng: random.Random, doc: Any) -> tuple[Any, str]:
    objs = _objects(doc)
    if not objs:
        return doc, "counters(none)"
    big = (1, 2, 1000, MAX_INT, MAX_INT + 1, 99_999_999_999, 2**31)
    kind = f"{rng.choice('+-')}{rng.choice(big)}/{rng.choice('+-')}{rng.choice(big)}"
    rng.choice(objs)["counters"] = {kind: rng.choice(big)}
    return doc, "counters"


def m_pumps(rng: random.Random, doc: Any) -> tuple[Any, str]:
    """Many resolved effects pumping one object by large amounts (they wrapped past 2^31)."""
    objs = [o for o in _objects(doc) if isinstance(o.get("id"), str)]
    if not objs or not isinstance(doc.get("players"), list) or not doc["players"]:
        return doc, "pumps(none)"
    player = doc["players"][0]
    player = player.get("id") if isinstance(player, dict) else player
    target = rng.choice(objs)["id"]
    count = rng.choice((2, 30, 70, 200))
    amount: Any = rng.choice((1, MAX_INT, {"times": [MAX_INT, 33]}, {"times": [1000, {"count": {}}]},
                              {"times": [2, {"power_of": target}]}))
    effects = doc.get("effects") if isinstance(doc.get("effects"), list) else []
    start = 10_000
    for i in range(count):
        effects.append({"id": f"pump{i}", "controller": player, "timestamp": start + i,
                        "affected": [target], "modify_pt": {"power": amount, "toughness": 0}})
    doc["effects"] = effects
    return doc, "pumps"


def m_huge_list(rng: random.Random, doc: Any) -> tuple[Any, str]:
    lists = [(p, v) for p, v in _nodes(doc) if isinstance(v, list) and v]
    if not lists:
        return doc, "huge-list(none)"
    path, node = rng.choice(lists)
    size = bounds.MAX_OBJECTS + 1 if path in (("objects",), ("effects",)) else rng.choice((100, 1000))
    item = rng.choice(node)
    node.extend([item] * (size - len(node)))
    return doc, "huge-list"


def m_duplicate_item(rng: random.Random, doc: Any) -> tuple[Any, str]:
    lists = [v for _, v in _nodes(doc) if isinstance(v, list) and v]
    if not lists:
        return doc, "duplicate-item(none)"
    node = rng.choice(lists)
    node.insert(rng.randrange(len(node) + 1), rng.choice(node))
    return doc, "duplicate-item"


def m_control_string(rng: random.Random, doc: Any) -> tuple[Any, str]:
    strings = [(p, v) for p, v in _nodes(doc) if isinstance(v, str)]
    if not strings:
        return doc, "control(none)"
    path, value = rng.choice(strings)
    at = rng.randrange(len(value) + 1)
    bad = rng.choice(CONTROL) * rng.choice((1, 3))
    return _set(doc, path, value[:at] + bad + value[at:]), "control-string"


TREE: tuple[Callable[[random.Random, Any], tuple[Any, str]], ...] = (
    m_delete_key, m_rename_key, m_wrong_type, m_limit_int, m_limit_int, m_counters, m_pumps,
    m_huge_list, m_duplicate_item, m_control_string)


# --- The text -----------------------------------------------------------------------------

_NUMBER = re.compile(r"(?<=[:\[,\-] )-?\d+(?=[,\]}\s])")


def t_odd_form(rng: random.Random, text: str) -> tuple[str, str]:
    spots = list(_NUMBER.finditer(text))
    if not spots:
        return text, "odd-form(none)"
    m = rng.choice(spots)
    return text[:m.start()] + rng.choice(ODD_FORMS) + text[m.end():], "odd-yaml-form"


def t_duplicate_line(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines), "duplicate-line"


def t_delete_line(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines), "delete-line"


def t_control(rng: random.Random, text: str) -> tuple[str, str]:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(CONTROL) + text[at:], "control-char"


def t_truncate(rng: random.Random, text: str) -> tuple[str, str]:
    return text[:rng.randrange(len(text) + 1)], "truncate"


def t_special(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    indent = len(lines[i]) - len(lines[i].lstrip(" "))
    extra = rng.choice(("anchor: &x [1, 2]", "alias: *x", "<<: {id: merged}", "? [a, b]\n: 1",
                        "tag: !!python/object/apply:os.system [echo]", "---", "...", "%YAML 1.1",
                        "\tindented: 1", "deep: " + "[" * 200 + "]" * 200,
                        "deep2: " + "[" * 3000 + "]" * 3000, "bin: !!binary aGVsbG8=",
                        "when: 2001-12-14", "big: " + "9" * 5000, "str: '" + "a" * 100_000 + "'"))
    lines.insert(i, " " * indent + extra.replace("\n", "\n" + " " * indent))
    return "\n".join(lines), "yaml-special"


TEXT: tuple[Callable[[random.Random, str], tuple[str, str]], ...] = (
    t_odd_form, t_odd_form, t_duplicate_line, t_delete_line, t_control, t_truncate, t_special)


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Writes a repeated value out each time (the loader refuses aliases: a huge list of
    aliases would test only that)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


@dataclass
class Case:
    """One mutated scenario."""

    base: str
    kind: str
    mutations: list[str] = field(default_factory=list)
    text: str = ""


def make_case(rng: random.Random, kind: str, base: str, text: str) -> Case:
    """One to three mutations of ``text`` (a bundled scenario of query kind ``kind``)."""
    case = Case(base, kind)
    doc = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    steps = rng.choice((1, 1, 2, 3))
    tree_steps = [rng.choice(TREE) for _ in range(steps)] if rng.random() < 0.7 else []
    if tree_steps.count(m_huge_list) > 1:  # a huge list inside a huge list: millions of nodes
        tree_steps = [m for m in tree_steps if m is not m_huge_list] + [m_huge_list]
    for mutate in tree_steps:
        doc, name = mutate(rng, doc)
        case.mutations.append(name)
    if tree_steps:
        text = yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)
    else:
        for _ in range(steps):
            text, name = rng.choice(TEXT)(rng, text)
            case.mutations.append(name)
    case.text = text
    return case
