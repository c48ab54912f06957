"""Rename terse internal predicates of asp/ to names a reader understands (mechanical).

    python tools/rename_predicates.py [--check] [ROOT]

Each rename is by name and arity, in the encodings of one area (layers or replacement). The
occurrences are found with clingo's parser, so only *atoms* are renamed: a function term of
the same name (``ev(1)`` an event term, ``val(3)`` a value, ``m(O, M, S)`` ...) is left
alone. Renamed are: atoms in rules, conditions and aggregates, ``#show``/``#defined``/
``#project`` signatures and ``#show`` terms; in comments of the area's files (and
asp/README.md), ``name(`` with the same number of arguments and ``name/arity``. Also the
keys of pyengine/layers/worlds.py's ``WORLD_ARG`` (``("m", 5)``), and in the tests listed
in :data:`PYTHON_ASP` the ASP rules written as strings (found the same way) and the split
names (``"m_b"``).

It is idempotent (a second run changes nothing) and refuses a new name that already exists
in the area. ``--check``: change nothing; exit 1 if some old name is still there (for a
branch merged after the rename: run without ``--check`` to re-apply).

Predicates Python builds or reads (``cur/3``, ``def/2``, ``src/2``, ``ts/2``, ``dep/3``) keep
their names: they are documented in asp/schema/input.lp and pyengine/shown.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from clingo import ast

LAYERS: dict[tuple[str, int], str] = {
    ("aff", 3): "affects_at",          # aff(E, O, S): effect E affects object O at step S
    ("at", 5): "attr_value",           # at(O, A, V, S, W): O's attribute A has value V
    ("chg", 3): "would_change",        # chg(B, O, X): applying B would change X of O
    ("cmp", 4): "compares",            # cmp(V, Op, R, W): V Op R holds
    ("ev", 6): "expr_value",           # ev(X, E, It, S, W, V): expression X evaluates to V
    ("ex", 3): "effect_exists",        # ex(E, S, W): effect E exists at step S in world W
    ("had", 5): "had_ability",         # had(E, O, S, K, S2): O had ability K before E applied
    ("key", 2): "order_key",           # key(E, K): E's place in the order of application
    ("l4", 3): "type_op",              # l4(E, K, V): layer 4 operation K with value V
    ("l4k", 2): "type_op_kind",        # l4k(E, K): E has a layer 4 operation of kind K
    ("l5k", 2): "color_op_kind",       # l5k(E, K): E has a layer 5 operation of kind K
    ("l6", 3): "ability_op",           # l6(E, K, V): layer 6 operation K with value V
    ("l6k", 2): "ability_op_kind",     # l6k(E, K): E has a layer 6 operation of kind K
    ("m", 5): "selects",               # m(Sel, E, O, S, W): selector Sel of E selects O
    ("ns", 4): "subtype_kept",         # ns(E, O, V, S): after E, O keeps subtype V
    ("nt", 4): "type_after",           # nt(E, O, T, S): after E, O has card type T
    ("num", 5): "num_value",           # num(O, A, V, S, W): numeric attribute A of O is V
    ("pl", 6): "sel_player_value",     # pl(Sel, E, O, P, S, W): the player Sel's test names
    ("rd", 3): "reads_value",          # rd(E, A, V): E reads value V of attribute A
    ("rel", 5): "related_player",      # rel(O, Rel, P, S, W): P is O's controller/owner
    ("res", 5): "result",              # res(E, O, A, V, S): applying E gives O value V of A
    ("tc", 5): "text_change",          # tc(E, O, F, T, S): E changes word F to T in O's text
    ("val", 4): "fold_value",          # val(O, A, V, I): O's value of A before fold step I
}
REPLACEMENT: dict[tuple[str, int], str] = {
    ("alt", 3): "alternative",         # alt(X, E, A): E may apply to event X with alternative A
    ("due", 2): "transform_due",       # due(T, X): a rules transformation of X is due at T
    ("key", 5): "event_key",           # key(X, E, A, I, K): the modified event's field key
    ("mv", 3): "move_value",           # mv(X, F, V): a move's field F as its outcome shows it
    ("nf", 5): "new_field",            # nf(X, E, A, F, V): E with A gives X's field F value V
    ("nv", 3): "outcome_value",        # nv(X, F, V): field F of event X in the outcome
    ("ok", 3): "test_passes",          # ok(X, E, Test): event X passes E's test
    ("on", 3): "step_on_tree",         # on(T, R, P): step T is P's choice in the tree of R
    ("pos", 1): "possible_event",      # pos(X): X is an event choices can produce
    ("sig", 3): "signature",           # sig(X, K, S): event X's kind K and field values S
    ("why", 4): "refusal",             # why(T, E, Rule, Reason): proposal T of E is refused
}
AREAS: dict[str, tuple[dict[tuple[str, int], str], tuple[str, ...]]] = {
    # the renames, and the .lp files they apply to (globs under asp/)
    "layers": (LAYERS, ("layers/*.lp", "schema/*.lp", "show/final.lp", "show/layers.lp")),
    "replacement": (REPLACEMENT, ("replacement/*.lp", "check/replacement.lp", "show/replacement*.lp")),
}
# Python files that hold ASP text in strings, and the area of that text
PYTHON_ASP: dict[str, str] = {
    "tests/asp/test_worlds_split.py": "layers",
}
WORLDS = "pyengine/layers/worlds.py"

_SIGNATURE = (ast.ASTType.ShowSignature, ast.ASTType.Defined, ast.ASTType.ProjectSignature)


def _occurrences(text: str, renames: dict[tuple[str, int], str]) -> list[tuple[int, int, str, str]]:
    """(line, column, old, new) of every atom of ``text`` to rename (1-based positions)."""
    found: list[tuple[int, int, str, str]] = []
    lines = text.split("\n")

    def atom(term: ast.AST) -> None:
        if term.ast_type == ast.ASTType.Function and (term.name, len(term.arguments)) in renames:
            begin = term.location.begin
            found.append((begin.line, begin.column, term.name, renames[(term.name, len(term.arguments))]))

    def visit(node: object) -> None:
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.SymbolicAtom:
                atom(node.symbol)
            elif node.ast_type == ast.ASTType.ShowTerm:
                atom(node.term)
            elif node.ast_type in _SIGNATURE and (node.name, node.arity) in renames:
                begin = node.location.begin
                span = lines[begin.line - 1][begin.column - 1:]
                m = re.search(rf"\b{re.escape(node.name)}\s*/\s*{node.arity}\b", span)
                if m is None:
                    raise SystemExit(f"cannot find {node.name}/{node.arity} at line {begin.line}")
                new = renames[(node.name, node.arity)]
                found.append((begin.line, begin.column + m.start(), node.name, new))
            for key in node.child_keys:
                visit(getattr(node, key))
        elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
            for x in node:  # type: ignore[attr-defined]
                visit(x)

    # includes are not followed (each file is renamed on its own): blanked, positions kept
    blanked = re.sub(r"#include[^\n]*", lambda m: " " * len(m.group(0)), text)
    ast.parse_string(blanked, visit, logger=lambda _code, _msg: None)
    return found


def _apply(text: str, found: list[tuple[int, int, str, str]]) -> str:
    lines = text.split("\n")
    for line, col, old, new in sorted(set(found), reverse=True):
        s = lines[line - 1]
        start = col - 1
        if s[start:start + len(old)] != old:
            raise SystemExit(f"line {line}: expected {old!r} at column {col}, found {s[start:start + 20]!r}")
        lines[line - 1] = s[:start] + new + s[start + len(old):]
    return "\n".join(lines)


def _arity_at(s: str, open_paren: int) -> int | None:
    """The number of top-level arguments of the parenthesis opening at ``open_paren``."""
    depth, args, empty = 0, 1, True
    for ch in s[open_paren:]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return 0 if empty else args
        elif ch == "," and depth == 1:
            args += 1
        elif not ch.isspace() and depth >= 1:
            empty = False
    return None


def _in_comment(line: str, renames: dict[tuple[str, int], str]) -> str:
    """Rename ``old(args)`` (same arity) and ``old/arity`` in one comment's text."""
    out = line
    for (old, arity), new in renames.items():
        out = re.sub(rf"(?<![A-Za-z0-9_']){re.escape(old)}\s*/\s*{arity}(?![0-9])", f"{new}/{arity}", out)
        pos = 0
        pattern = re.compile(rf"(?<![A-Za-z0-9_'\"]){re.escape(old)}\(")
        while (m := pattern.search(out, pos)) is not None:
            if _arity_at(out, m.end() - 1) == arity:
                out = out[:m.start()] + new + out[m.start() + len(old):]
                pos = m.start() + len(new)
            else:
                pos = m.end()
    return out


def _comments(text: str, renames: dict[tuple[str, int], str]) -> str:
    """Rename in the comments of an .lp file (``% ...`` lines' comment parts, ``%* ... *%``)."""
    out = []
    block = False
    for line in text.split("\n"):
        if block:
            end = line.find("*%")
            if end < 0:
                out.append(_in_comment(line, renames))
                continue
            out.append(_in_comment(line[:end], renames) + line[end:])
            block = False
            continue
        start = _comment_start(line)
        if start < 0:
            out.append(line)
        elif line.startswith("%*", start) and "*%" not in line[start + 2:]:
            block = True
            out.append(line[:start] + _in_comment(line[start:], renames))
        else:
            out.append(line[:start] + _in_comment(line[start:], renames))
    return "\n".join(out)


def _comment_start(line: str) -> int:
    """Where a comment starts on a line (outside strings), or -1."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif ch == "%" and not quoted:
            return i
    return -1


def _files(root: Path, globs: tuple[str, ...]) -> list[Path]:
    return sorted({p for g in globs for p in (root / "asp").glob(g)})


def _check_new_names(root: Path) -> None:
    """Refuse a rename whose new name is already an atom of the area (with any arity) while
    the old name is still one: the two would merge."""
    for area, (renames, globs) in AREAS.items():
        texts = [p.read_text(encoding="utf-8") for p in _files(root, globs)]
        olds = {(o[2]) for t in texts for o in _occurrences(t, renames)}
        news = {name for t in texts for name in _atom_names(t)}
        for (old, arity), new in renames.items():
            if old in olds and new in news:
                raise SystemExit(f"{area}: {new} already exists; choose another name for {old}/{arity}")


def _atom_names(text: str) -> set[str]:
    """The names of every atom of an .lp text."""
    names: set[str] = set()

    def visit(node: object) -> None:
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.SymbolicAtom and node.symbol.ast_type == ast.ASTType.Function:
                names.add(node.symbol.name)
            for key in node.child_keys:
                visit(getattr(node, key))
        elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
            for x in node:  # type: ignore[attr-defined]
                visit(x)

    blanked = re.sub(r"#include[^\n]*", lambda m: " " * len(m.group(0)), text)
    ast.parse_string(blanked, visit, logger=lambda _code, _msg: None)
    return names


def rename(root: Path, check: bool = False) -> list[str]:
    """Rename under ``root``; the files changed (or, with ``check``, that would change)."""
    changed = []
    if not check:
        _check_new_names(root)
    for _area, (renames, globs) in AREAS.items():
        for path in _files(root, globs):
            text = path.read_text(encoding="utf-8")
            new = _comments(_apply(text, _occurrences(text, renames)), renames)
            if new != text:
                changed.append(str(path.relative_to(root)))
                if not check:
                    path.write_text(new, encoding="utf-8")
    readme = root / "asp" / "README.md"
    if readme.is_file():
        text = readme.read_text(encoding="utf-8")
        new = text
        for renames, _globs in AREAS.values():
            new = _in_comment(new, renames)
        if new != text:
            changed.append("asp/README.md")
            if not check:
                readme.write_text(new, encoding="utf-8")
    worlds = root / WORLDS
    text = worlds.read_text(encoding="utf-8")
    new = text
    for (old, arity), name in LAYERS.items():
        new = re.sub(rf'\("{re.escape(old)}", {arity}\)', f'("{name}", {arity})', new)
    end = new.find('"""', new.find('"""') + 3)  # and the module's docstring
    new = _in_comment(new[:end], LAYERS) + new[end:]
    if new != text:
        changed.append(WORLDS)
        if not check:
            worlds.write_text(new, encoding="utf-8")
    for rel, area in PYTHON_ASP.items():
        path = root / rel
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        renames = dict(AREAS[area][0])
        renames.update({(f"{old}_{w}", a): f"{name}_{w}" for (old, a), name in AREAS[area][0].items()
                        for w in ("b", "t")})  # the names worlds.py splits into
        new = _python_asp(text, renames)
        for (old, _arity), name in AREAS[area][0].items():  # split names: "m_b", "m_t"
            new = re.sub(rf'"{re.escape(old)}_([bt])"', rf'"{name}_\1"', new)
        if new != text:
            changed.append(rel)
            if not check:
                path.write_text(new, encoding="utf-8")
    return changed


def _python_asp(text: str, renames: dict[tuple[str, int], str]) -> str:
    """Rename atoms in the ASP text of Python string literals that parse as ASP rules."""
    def one(m: re.Match[str]) -> str:
        body = m.group(2)
        try:
            found = _occurrences(body, renames)
        except RuntimeError:
            return m.group(0)
        return m.group(1) + _apply(body, found) + m.group(3)

    return re.sub(r'(")((?:[^"\\\n]|\\.)*:-(?:[^"\\\n]|\\.)*)(")', one, text)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    rest = [a for a in argv if a != "--check"]
    root = Path(rest[0]) if rest else Path(__file__).resolve().parents[1]
    changed = rename(root, check)
    for path in changed:
        print(("would change " if check else "changed ") + path)
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
