"""Safe YAML loading that remembers line numbers, and a cursor for precise error messages."""

from __future__ import annotations

import difflib
import re
from typing import Any, Iterator, NoReturn

import yaml

from pyengine.errors import ScenarioError

# The largest integer a scenario may give (in size). clingo's integers have 32 bits and the
# encodings add, count and double them (P/T bonuses, damage doubled by several effects):
# a million leaves room for that, and no real game state comes near it.
MAX_INT = 1_000_000


class LDict(dict):  # type: ignore[type-arg]
    """A mapping that knows the (1-based) line of itself and of each key."""

    line: int | None = None
    key_lines: dict[str, int]


class LList(list):  # type: ignore[type-arg]
    """A sequence that knows the line of itself and of each item."""

    line: int | None = None
    item_lines: list[int]


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """SafeLoader whose mappings and sequences carry line numbers (libyaml's parser when
    PyYAML has it: about ten times faster than the pure-Python one)."""


_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_MAP_TAG = yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG
_SEQ_TAG = yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG


def _construct(loader: _Loader, node: yaml.Node) -> Any:
    """``loader.construct_object(node, deep=True)``; a plain string scalar is its text, and
    an integer, a mapping or a sequence goes to its constructor, without the constructor's
    bookkeeping (which remembers each node for aliases, refused before: _refuse_aliases)."""
    tag, kind = node.tag, node.__class__
    if kind is yaml.ScalarNode:
        if tag == _STR_TAG:
            return node.value
        if tag == _INT_TAG:
            return _construct_int(loader, node)
    elif kind is yaml.MappingNode:
        if tag == _MAP_TAG:
            return _construct_mapping(loader, node)
    elif kind is yaml.SequenceNode and tag == _SEQ_TAG:
        return _construct_sequence(loader, node)
    return loader.construct_object(node, deep=True)


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LDict:
    loader.flatten_mapping(node)
    out = LDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = _construct(loader, key_node)
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise ScenarioError("mapping keys must be plain words", line=key_node.start_mark.line + 1)
        key = str(key) if not isinstance(key, str) else key
        if key in out:
            raise ScenarioError(f"duplicate key {key!r}", line=key_node.start_mark.line + 1)
        try:
            out[key] = _construct(loader, value_node)
        except ScenarioError as exc:
            raise _within(exc, key) from None
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _within(exc: ScenarioError, part: str | int) -> ScenarioError:
    """``exc`` raised while reading a value, its field path now starting at ``part``."""
    head = f"[{part}]" if isinstance(part, int) else part
    exc.path = head + ("" if not exc.path or exc.path.startswith("[") else ".") + exc.path
    return exc


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LList:
    out = LList()
    for i, child in enumerate(node.value):
        try:
            out.append(_construct(loader, child))
        except ScenarioError as exc:
            raise _within(exc, i) from None
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


# YAML 1.1 reads some plain numbers in forms nobody means in a scenario: ``010`` is octal 8,
# ``1:30`` is sexagesimal 90, ``0x1F`` hexadecimal, ``0b11`` binary (and ``1:30.5`` a float).
# They are refused, as an unquoted ``702.10`` is (read as 702.1): write the decimal number, or
# quote the text.
_DECIMAL_INT = re.compile(r"[-+]?(0|[1-9][0-9_]*)")


def _construct_int(loader: _Loader, node: yaml.ScalarNode) -> int:
    text = str(node.value)
    if not _DECIMAL_INT.fullmatch(text):
        form = ("a sexagesimal (base 60)" if ":" in text else "a hexadecimal" if "x" in text.lower()
                else "a binary" if "b" in text.lower() else "an octal")
        raise ScenarioError(f"{text!r} is read by YAML 1.1 as {form} number: write a decimal "
                            f"integer, or quote it (\"{text}\") for text", line=node.start_mark.line + 1)
    if len(text) > 40:  # Python refuses to convert thousands of digits (a ValueError)
        raise ScenarioError(f"expected an integer at most {MAX_INT:,} in size, got a number of "
                            f"{len(text):,} characters", line=node.start_mark.line + 1)
    return int(text.replace("_", ""))  # a decimal: what construct_yaml_int gives, read directly


def _construct_float(loader: _Loader, node: yaml.ScalarNode) -> float:
    text = str(node.value)
    if ":" in text:
        raise ScenarioError(f"{text!r} is read by YAML 1.1 as a sexagesimal (base 60) number: "
                            f"quote it (\"{text}\") for text", line=node.start_mark.line + 1)
    return float(loader.construct_yaml_float(node))


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def _refuse_aliases(text: str) -> None:
    """Refuse YAML aliases (``*name``): the scenario language never needs them, and a few lines
    of nested aliases ("billion laughs") stand for a document of billions of nodes, which the
    parsers of the effect language would walk in full (a solve that never ended)."""
    if "*" not in text:  # no alias without one; only then the events are read (a second parse)
        return
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            message = f"YAML aliases (*{event.anchor}) are not supported: write the value out"
            if event.start_mark is None:
                raise ScenarioError(message)
            line = event.start_mark.line + 1
            raise ScenarioError(message, line=line, path=path_at(text, line))


def load_yaml(text: str, file: str) -> Any:
    """Parse YAML safely; a syntax error becomes a one-line :class:`ScenarioError`, and so does
    an alias (``*name``), which the scenario language doesn't use."""
    try:
        _refuse_aliases(text)
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    except ScenarioError as exc:
        raise exc.located(file) from None
    except yaml.MarkedYAMLError as exc:
        # the construct that is broken starts at the context mark (an unclosed {...} or [...]);
        # the parser notices at the problem mark, often on a later line
        mark = exc.context_mark or exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        problem = ", ".join(p for p in (exc.context, exc.problem) if p) or "invalid YAML"
        if exc.context_mark is not None and exc.problem_mark is not None \
                and exc.problem_mark.line != exc.context_mark.line:
            problem += f" (noticed at line {exc.problem_mark.line + 1})"
        path = path_at(text, line) if line is not None else ""
        raise ScenarioError(f"malformed YAML: {problem}", file=file, line=line, path=path) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(" ".join(f"malformed YAML: {exc}".split())[:300], file=file) from None
    except RecursionError:
        raise ScenarioError("malformed YAML: nested too deeply", file=file) from None
    except UnicodeError as exc:  # text given to the API with a lone surrogate (no file has one)
        line = text.count("\n", 0, getattr(exc, "start", 0)) + 1
        reason = getattr(exc, "reason", str(exc))
        raise ScenarioError(f"expected Unicode text: {reason} at character {getattr(exc, 'start', 0)}",
                            file=file, line=line) from None


_KEY = re.compile(r"([A-Za-z_][\w -]*?)\s*:(\s|$)")
_ITEM = re.compile(r"-( +|$)")


def _item_index(lines: list[str], at: int, indent: int) -> int:
    index = 0
    for raw in reversed(lines[:at]):
        body = raw.lstrip(" ")
        if not body or body.startswith("#"):
            continue
        ind = len(raw) - len(body)
        if ind < indent or (ind == indent and not _ITEM.match(body)):
            break
        if ind == indent:
            index += 1
    return index


def path_at(text: str, line: int) -> str:
    """Best-effort field path (``objects[1].timestamp``) of the block-style YAML keys and list
    items that enclose ``line`` (1-based); used for syntax errors, where no document exists."""
    lines = text.splitlines()
    parts: list[str] = []
    limit: int | None = None
    after_item = False
    for i in range(min(line, len(lines)) - 1, -1, -1):
        raw = lines[i]
        body = raw.lstrip(" ")
        if not body or body.startswith("#"):
            continue
        indent = len(raw) - len(body)
        item = _ITEM.match(body)
        if limit is not None and (indent > limit or (indent == limit and (item or not after_item))):
            continue
        first = limit is None
        limit = indent
        if item:
            key = _KEY.match(body[item.end():])
            if first and key:
                parts.append("." + key.group(1))
            parts.append(f"[{_item_index(lines, i, indent)}]")
            after_item = True
            continue
        key = _KEY.match(body)
        if key:
            parts.append("." + key.group(1))
        after_item = False
        if indent == 0:
            break
    return "".join(reversed(parts)).lstrip(".")



LISTED = 80  # names listed in full in an "expected one of" message; past it, the nearest few


def one_of(allowed: set[str] | frozenset[str], given: object) -> str:
    """``one of: a, b, c`` for a short list; for a long one (the ids of 2,000 objects), how many
    there are, the first few and the nearest to what was given, so the line stays readable."""
    names = sorted(allowed)
    if len(names) <= LISTED:
        return "one of: " + ", ".join(names)
    near = difflib.get_close_matches(str(given), names, n=5)
    hint = f"; nearest: {', '.join(near)}" if near else ""
    return f"one of {len(names):,} names ({', '.join(names[:10])}, ...){hint}"

class Cursor:
    """A value inside a document, with its field path and line, for precise errors."""

    def __init__(self, value: Any, path: str, line: int | None, file: str | None) -> None:
        self.value = value
        self.path = path
        self.line = line
        self.file = file

    @classmethod
    def root(cls, value: Any, file: str | None) -> "Cursor":
        """The cursor at the top of a document."""
        return cls(value, "", getattr(value, "line", None), file)

    def fail(self, message: str) -> NoReturn:
        """Raise a :class:`ScenarioError` at this cursor."""
        raise ScenarioError(message, file=self.file, line=self.line, path=self.path or "(top)")

    def _child_path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    # -- mappings --
    def mapping(self, allowed: set[str] | frozenset[str] | None = None, what: str = "a mapping") -> "Cursor":
        """Check this is a mapping whose keys are all in ``allowed``."""
        if not isinstance(self.value, dict):
            self.fail(f"expected {what}, got {describe(self.value)}")
        if allowed is not None:
            for key in self.value:
                if key not in allowed:
                    sub = self.get(key)
                    hint = ""
                    if isinstance(key, bool) or key in ("True", "False"):  # YAML 1.1: unquoted on/off/yes/no
                        hint = " (YAML reads an unquoted on, off, yes or no as true or false: quote the word)"
                    sub.fail(f"unknown field {key!r}; expected {one_of(allowed, key)}{hint}")
        return self

    def has(self, key: str) -> bool:
        """Whether the mapping has ``key`` (with any value, even null)."""
        return isinstance(self.value, dict) and key in self.value

    def get(self, key: str) -> "Cursor":
        """The child at ``key`` (value None if absent)."""
        value = self.value.get(key) if isinstance(self.value, dict) else None
        lines = getattr(self.value, "key_lines", {})
        line = lines.get(key, self.line)
        return Cursor(value, self._child_path(key), line, self.file)

    def req(self, key: str) -> "Cursor":
        """The child at ``key``, which must be present and not null."""
        if not self.has(key) or self.value[key] is None:
            self.fail(f"missing required field {key!r}")
        return self.get(key)

    def items(self) -> Iterator[tuple[str, "Cursor"]]:
        """(key, cursor) pairs of a mapping."""
        for key in self.value:
            yield key, self.get(key)

    # -- sequences --
    def seq(self, what: str = "a list") -> list["Cursor"]:
        """The items of a list (a missing value is an empty list)."""
        if self.value is None:
            return []
        if not isinstance(self.value, list):
            self.fail(f"expected {what}, got {describe(self.value)}")
        lines = getattr(self.value, "item_lines", [self.line] * len(self.value))
        return [Cursor(v, self._child_path(i), lines[i], self.file) for i, v in enumerate(self.value)]

    # -- scalars --
    def string(self, what: str = "a string") -> str:
        """A non-empty string."""
        if not isinstance(self.value, str) or not self.value.strip():
            self.fail(f"expected {what}, got {describe(self.value)}")
        return self.value

    def integer(self, what: str = "an integer", minimum: int | None = None) -> int:
        """An integer (booleans are not integers here), at most :data:`MAX_INT` in size."""
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            self.fail(f"expected {what}, got {describe(self.value)}")
        if minimum is not None and self.value < minimum:
            self.fail(f"expected {what} >= {minimum}, got {self.value}")
        if abs(self.value) > MAX_INT:
            low = -MAX_INT if minimum is None else minimum
            self.fail(f"expected {what} from {low} to {MAX_INT}, got {self.value}")
        return self.value

    def boolean(self) -> bool:
        """true or false."""
        if not isinstance(self.value, bool):
            self.fail(f"expected true or false, got {describe(self.value)}")
        return self.value

    def choice(self, options: list[str] | tuple[str, ...], what: str = "") -> str:
        """One of ``options`` (case-sensitive)."""
        if not isinstance(self.value, str) or self.value not in options:
            label = what or "one of"
            self.fail(f"expected {label} {', '.join(options)}; got {describe(self.value)}")
        return self.value

    def strings(self, what: str = "a list of strings") -> list[str]:
        """A list of strings; a single string is accepted as a one-item list."""
        if isinstance(self.value, str):
            return [self.string()]
        return [c.string() for c in self.seq(what)]


def describe(value: Any) -> str:
    """A short description of a YAML value for error messages."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"integer {value}"
    if isinstance(value, float):
        return f"number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"string {shown!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
