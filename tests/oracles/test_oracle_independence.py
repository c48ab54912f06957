"""The oracles share no rules logic with the engine.

A differential test compares two implementations; when the oracle imports the engine's layer
table, subtype lists or "is this ability activated", the two agree on whatever that shared code
gets wrong and the test cannot see it. So every oracle module (tests/oracles/*.py but the tests)
may import from pyengine only the names below: frozen dataclasses that hold a scenario as the
loader parsed it (the input format), with no function that decides a rule. It may not read the
rules decisions the loader stores in that data either: an operation's ``layer`` (the engine's
CR 613.1 table) and ``area`` (which engine reads it). The oracles' own tables are in
cr_tables.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).parent

# module -> names an oracle may import from it, each a plain container of parsed input
ALLOWED: dict[str, frozenset[str]] = {
    # the effect language parsed into frozen dataclasses (docs/effect-language.md): selectors,
    # expressions, conditions, operations (kind and arguments), effect definitions, abilities
    # and resolved effects; nothing here computes a rule (is_activated, ACTIVATED_KEYWORDS and
    # EffectDef.layers live in the same module and are not allowed)
    "pyengine.model.effects": frozenset(
        {"Ability", "Compare", "Condition", "EffectDef", "Expr", "ObjRef", "Op", "PlayerRef",
         "ResolvedEffect", "Selector"}
    ),
    # the game state as written in the scenario: players, turn, objects (printed values,
    # zone, counters, attachments) and resolved effects
    "pyengine.model.objects": frozenset({"GameObject", "GameState"}),
}
# attributes of the parsed data that carry the engine's own rules decisions
FORBIDDEN_ATTRIBUTES = frozenset({"layer", "layers", "area"})
# the oracles' own modules and the test-only helpers they may use
OWN_PACKAGES = ("tests.oracles",)


def oracle_modules(directory: Path = HERE) -> list[Path]:
    """Every oracle module: the package's Python files except tests and the package marker."""
    return sorted(
        p for p in directory.glob("*.py") if not p.name.startswith("test_") and p.name != "__init__.py"
    )


def violations(path: Path) -> list[str]:
    """What in module ``path`` shares rules logic with the engine (empty: nothing)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pyengine":
                    out.append(f"{where}: import {alias.name} (import names from an allowed module)")
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # a relative import stays inside tests/oracles
                continue
            module = node.module or ""
            if module.split(".")[0] == "tests" and not module.startswith(OWN_PACKAGES):
                out.append(f"{where}: from {module} (an oracle uses only its own package)")
            if module.split(".")[0] != "pyengine":
                continue
            allowed = ALLOWED.get(module, frozenset())
            for alias in node.names:
                if alias.name not in allowed:
                    out.append(f"{where}: from {module} import {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            out.append(f"{where}: reads .{node.attr}, a decision the engine stored in the parsed data")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("__import__", "getattr") and any(
                isinstance(a, ast.Constant) and a.value in FORBIDDEN_ATTRIBUTES | {"pyengine"}
                for a in node.args
            ):
                out.append(f"{where}: {node.func.id}(...) around the import rules")
        elif isinstance(node, ast.Name) and node.id == "importlib":
            out.append(f"{where}: importlib (imports are checked statically)")
    return out


def test_oracle_modules_exist() -> None:
    names = {p.name for p in oracle_modules()}
    assert {"layers_oracle.py", "combat_oracle.py", "cr_tables.py"} <= names


def test_oracles_import_no_rules_logic_from_the_engine() -> None:
    """Each oracle module imports from pyengine only the input-format dataclasses above."""
    found = [v for p in oracle_modules() for v in violations(p)]
    assert not found, "oracles share rules logic with the engine:\n" + "\n".join(found)


def test_the_check_sees_each_kind_of_sharing(tmp_path: Path) -> None:
    """The check itself: each way of sharing rules logic is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import pyengine.lang.effects\n"
        "from pyengine.model import subtypes\n"
        "from pyengine.model.effects import Op, is_activated\n"
        "from tests.properties import strategies_layers\n"
        "def f(op): return op.layer\n",
        encoding="utf-8",
    )
    found = violations(bad)
    assert len(found) == 5, found
    good = tmp_path / "good.py"
    good.write_text(
        "from pyengine.model.effects import Op\nfrom .cr_tables import LAYERS\n", encoding="utf-8"
    )
    assert violations(good) == []
