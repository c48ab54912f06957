"""Static checks over asp/ (STYLE.md section 6): every file parses; entry files contain only
#include; logic files have no #show; every body predicate of the layer engine is defined in a
head or declared as input; every shown signature is derived somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import clingo
import clingo.ast as ast
import pytest

ASP = Path(__file__).resolve().parents[1] / "asp"
ALL = sorted(ASP.rglob("*.lp"))
ENTRIES = [ASP / "layers" / "layers.lp", ASP / "layers" / "final.lp", ASP / "layers" / "core.lp",
           ASP / "layers" / "batch.lp"]


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(ASP)))
def test_every_encoding_parses(path: Path) -> None:
    """clingo's parser accepts the file."""
    statements: list[ast.AST] = []
    ast.parse_files([str(path)], statements.append)
    assert statements


@pytest.mark.parametrize("path", ENTRIES, ids=lambda p: p.name)
def test_entry_files_only_include(path: Path) -> None:
    """Entry encodings are #include lines and comments only."""
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        assert not stripped or stripped.startswith("%") or stripped.startswith("#include"), line


@pytest.mark.parametrize("path", [p for p in ALL if "show" not in p.parts],
                         ids=lambda p: str(p.relative_to(ASP)))
def test_logic_files_have_no_show(path: Path) -> None:
    """#show lives only in show/*.lp."""
    code = "\n".join(line.split("%")[0] for line in path.read_text(encoding="utf-8").splitlines())
    assert "#show" not in code


def _signatures(paths: list[Path]) -> tuple[set[tuple[str, int]], set[tuple[str, int]], set[tuple[str, int]]]:
    heads: set[tuple[str, int]] = set()
    bodies: set[tuple[str, int]] = set()
    defined: set[tuple[str, int]] = set()

    def visit_literal_atoms(node: ast.AST, into: set[tuple[str, int]]) -> None:
        if node.ast_type == ast.ASTType.SymbolicAtom:
            sym = node.symbol
            options = sym.arguments if sym.ast_type == ast.ASTType.Pool else [sym]
            for opt in options:
                if opt.ast_type == ast.ASTType.Function:
                    into.add((opt.name, len(opt.arguments)))
            return
        for key in node.child_keys:
            child = getattr(node, key)
            if isinstance(child, ast.AST):
                visit_literal_atoms(child, into)
            elif isinstance(child, (list, ast.ASTSequence)):
                for c in child:
                    if isinstance(c, ast.AST):
                        visit_literal_atoms(c, into)

    def on(stm: ast.AST) -> None:
        if stm.ast_type == ast.ASTType.Rule:
            visit_literal_atoms(stm.head, heads)
            for lit in stm.body:
                visit_literal_atoms(lit, bodies)
        elif stm.ast_type == ast.ASTType.Defined:
            defined.add((stm.name, stm.arity))

    ast.parse_files([str(p) for p in paths], on)
    return heads, bodies, defined


def test_layer_engine_body_predicates_are_defined_or_input() -> None:
    """No predicate is read that nothing derives and the schema does not declare."""
    files = [p for p in (ASP / "layers").glob("*.lp")] + [ASP / "schema" / "input.lp"]
    heads, bodies, defined = _signatures(files)
    missing = sorted(sig for sig in bodies - heads - defined if not sig[0].startswith("#"))
    assert missing == []


@pytest.mark.parametrize("show", ["layers.lp", "final.lp"])
def test_shown_predicates_are_derived(show: str) -> None:
    """Every #show signature of the layer engine is some rule's head."""
    files = [p for p in (ASP / "layers").glob("*.lp")]
    heads, _, _ = _signatures(files)
    text = (ASP / "show" / show).read_text(encoding="utf-8")
    shown = {(n, int(a)) for n, a in re.findall(r"#show\s+([a-z_]+)/(\d+)\s*\.", text)}
    assert shown and shown <= heads


@pytest.mark.parametrize("layer", ["l1a", "l1b", "l2", "l3", "l4", "l5", "l6", "l7a", "l7b", "l7c", "l7d"])
def test_layer_entry_grounds_without_warnings(layer: str) -> None:
    """With no facts at all, the encoding grounds with no message except 'no atoms over
    signature' infos for shown predicates (input predicates are #defined)."""
    messages: list[str] = []
    ctl = clingo.Control([f"--const=layer={layer}"], logger=lambda c, m: messages.append(f"{c}: {m}"))
    ctl.load(str(ENTRIES[0]))
    ctl.ground([("base", [])])
    bad = [m for m in messages if "no atoms over signature" not in m]
    assert bad == []


@pytest.mark.parametrize("core", ["layers_core", "layers_batch"])
@pytest.mark.parametrize("layer", ["l1a", "l1b", "l2", "l3", "l4", "l5", "l6", "l7a", "l7b", "l7c", "l7d"])
def test_core_with_one_layer_grounds_without_warnings(layer: str, core: str) -> None:
    """What the engine loads (core.lp, or batch.lp for a layer's first round, and the running
    layer's file, see pyengine.encodings.LAYER_FILES) grounds with no message but 'no atoms
    over signature'."""
    from pyengine import encodings

    messages: list[str] = []
    ctl = clingo.Control([f"--const=layer={layer}"], logger=lambda c, m: messages.append(f"{c}: {m}"))
    ctl.load(str(encodings.path(core)))
    ctl.load(str(encodings.layer(layer)))
    ctl.ground([("base", [])])
    bad = [m for m in messages if "no atoms over signature" not in m]
    assert bad == []


def test_full_entry_is_the_core_with_every_layer_file() -> None:
    """layers.lp (for hand runs) is core.lp plus every layer's file."""
    from pyengine import encodings

    files = sorted({Path(f).name for f in encodings.LAYER_FILES.values()})
    text = (ASP / "layers" / "layers.lp").read_text(encoding="utf-8")
    assert sorted(re.findall(r'#include "([^"]+)"', text)) == sorted(["core.lp", *files])


def test_batch_entry_is_the_core_without_trial_application() -> None:
    """batch.lp is core.lp with no_dependency.lp (declarations only) in place of
    dependency.lp: the engine keeps its answer only where dependency.lp derives nothing."""
    core = re.findall(r'#include "([^"]+)"', (ASP / "layers" / "core.lp").read_text(encoding="utf-8"))
    batch = re.findall(r'#include "([^"]+)"', (ASP / "layers" / "batch.lp").read_text(encoding="utf-8"))
    assert batch == ["no_dependency.lp" if f == "dependency.lp" else f for f in core]
    statements: list[ast.AST] = []
    ast.parse_files([str(ASP / "layers" / "no_dependency.lp")], statements.append)
    assert {s.ast_type for s in statements} <= {ast.ASTType.Program, ast.ASTType.Defined, ast.ASTType.Comment}
