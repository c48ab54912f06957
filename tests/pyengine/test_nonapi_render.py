"""Pictures after ``pip install`` alone: every kind of picture (the layers' dependency graph,
the combat witness, the replacement outcome tree, a game's timeline, the state-based actions,
the triggered abilities' stack order, the steps of a cast) drawn as SVG and PNG by each renderer
installed here (Graphviz's dot, graphviz-pure), and `--log info` naming the one that drew."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine import render
from pyengine.cli import main

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
KINDS = {  # query kind -> (a scenario, a text its picture must show)
    "characteristics": (SCENARIOS / "layers" / "dependency" / "blood-moon-urborg-moon-first.yaml",
                        "layer 4"),
    "block": (SCENARIOS / "combat" / "block" / "battle-protector-must-block-lured.yaml",
              "witness: blocks"),
    "attack": (SCENARIOS / "combat" / "attack" / "cant-attack-alone-single-is-illegal.yaml",
               "proposed (illegal): attacks"),
    "replacement": (SCENARIOS / "replacement" / "archive-leyline-of-hope-tainted-remedy-five-outcomes.yaml",
                    "outcome [5]"),
    # the game's timeline, a state-based action with its rule, a trigger's APNAP place, a
    # cast's first failing step (CR 501-514, 704.5, 603.3b, 601.2h)
    "game": (SCENARIOS / "turns" / "enters-trigger-goes-on-stack-before-priority.yaml",
             "4. wall moves from stack to battlefield (effect) (CR 608.3)"),
    "sba": (SCENARIOS / "sba" / "legend-rule-several-groups.yaml", "CR 704.5j: put into graveyard"),
    "triggers": (SCENARIOS / "triggers" / "apnap-both-players-upkeep.yaml",
                 "APNAP 2: bob puts these on the stack in any order (CR 603.3b)"),
    "cast": (SCENARIOS / "casting" / "thalia-taxes-bolt.yaml", "breaks CR 601.2h: unpaid(generic, 1)"),
    # a combat damage assignment's broken rule (CR 702.19b)
    "damage": (SCENARIOS / "damage" / "trample-short-of-lethal-cant-reach-player.yaml",
               "illegal: CR 702.19b lethal_first"),
}
RENDERERS = render.available()
needs_one = pytest.mark.skipif(not RENDERERS, reason="neither Graphviz's dot nor graphviz-pure is "
                               "installed (pip install graphviz-pure)")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def pictures() -> dict[str, str]:
    """The DOT text of each kind's picture, computed once (what `pyengine graph` draws)."""
    from pyengine.analysis import analyse
    from pyengine.scenario.loader import load_file

    return {kind: analyse(load_file(path), 60).dot() for kind, (path, _) in KINDS.items()}


@needs_one
@pytest.mark.parametrize("renderer", RENDERERS, ids=lambda r: r.name)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_of_picture_is_drawn(kind: str, renderer: render.Renderer,
                                        pictures: dict[str, str]) -> None:
    shown = KINDS[kind][1]
    text = render.draw(pictures[kind], "svg", renderer=renderer).decode("utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    # the picture's words are in the drawing (SVG escapes & < > only)
    assert shown.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in text
    png = render.draw(pictures[kind], "png", renderer=renderer)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_its_own_picture_as_dot(kind: str, tmp_path: Path) -> None:
    # `pyengine graph -o FILE.dot` writes the query's own picture, not an empty layer graph
    out = tmp_path / "g.dot"
    assert run("graph", str(KINDS[kind][0]), "-o", str(out)) == (0, "", "")
    assert KINDS[kind][1] in out.read_text()


@needs_one
@pytest.mark.parametrize("ext", ["svg", "png"])
def test_graph_writes_svg_and_png(ext: str, tmp_path: Path) -> None:
    out = tmp_path / f"g.{ext}"
    assert run("graph", str(KINDS["characteristics"][0]), "-o", str(out)) == (0, "", "")
    assert out.read_bytes()[:5] in (b"<?xml", b"\x89PNG\r")


@needs_one
def test_log_info_names_the_renderer_in_one_line(tmp_path: Path) -> None:
    scenario = KINDS["characteristics"][0]
    code, _, err = run("--log", "info", "graph", str(scenario), "-o", str(tmp_path / "g.svg"))
    lines = [line for line in err.splitlines() if "picture drawn by" in line]
    assert code == 0 and len(lines) == 1
    assert RENDERERS[0].name.split("-")[0] in lines[0].lower().replace("graphviz's dot", "dot")


def test_the_system_dot_is_preferred_and_graphviz_pure_found_without_path(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    pure = scripts / "graphviz-pure"
    pure.write_text("#!/bin/sh\n")
    pure.chmod(0o755)
    system = tmp_path / "bin"
    system.mkdir()
    dot = system / "dot"
    dot.write_text("#!/bin/sh\n")
    dot.chmod(0o755)
    monkeypatch.setattr(render.sysconfig, "get_path", lambda name: str(scripts))
    monkeypatch.setenv("PATH", str(system))
    assert [r.name for r in render.available()] == ["dot", "graphviz-pure"]
    assert render.choose().name == "dot"
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))  # no system dot: graphviz-pure draws
    monkeypatch.setattr(render.sys, "executable", str(tmp_path / "python"))
    assert render.choose() == render.Renderer("graphviz-pure", str(pure))


def test_no_renderer_is_one_line_exit_2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(render, "available", lambda: [])
    code, out, err = run("graph", str(KINDS["characteristics"][0]), "-o", str(tmp_path / "g.svg"))
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert "pip install graphviz-pure" in err and not (tmp_path / "g.svg").exists()


@needs_one
def test_a_drawing_past_its_time_limit_is_a_timeout() -> None:
    from pyengine.errors import SolverTimeout

    big = "digraph g {" + " ".join(f"n{i} -> n{(i * 7 + 3) % 4000};" for i in range(4000)) + "}"
    with pytest.raises(SolverTimeout, match="timeout: drawing the picture"):
        render.draw(big, "svg", timeout=0.01)
