"""The playground in a real browser: Playwright (Python) drives Chromium against a running
`pyengine serve`. Load a bundled scenario, edit it and see the verdict change; a bad scenario
shows its one-line error at its line; the dependency graph renders and a click on a node shows
its effect; a timeout shows as a timeout; the bundled scenarios are checked from their page.
Screenshots of each page go to reports/web/ (CI keeps them).

Skipped, saying why, without Playwright, without a Chromium (PYENGINE_CHROMIUM, default
/usr/bin/chromium; Playwright never downloads one here) or without the extra 'web'. `.ci/web`
installs them all and runs these tests."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("PYENGINE_CHROMIUM", "/usr/bin/chromium")
pytest.importorskip("starlette", reason="the optional extra 'web' is not installed (pip install -e '.[web]')")
pytest.importorskip("uvicorn", reason="the optional extra 'web' is not installed (pip install -e '.[web]')")
pytest.importorskip("playwright", reason="Playwright is not installed (extra 'web-test'; .ci/web)")
if not (os.access(CHROMIUM, os.X_OK) or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set PYENGINE_CHROMIUM; .ci/web)",
                allow_module_level=True)

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "reports" / "web"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MOON = "layers/dependency/blood-moon-urborg-moon-first.yaml"
FLUNKIES = "combat/attack/cant-attack-alone-single-is-illegal.yaml"
FIVE = "replacement/archive-leyline-of-hope-tainted-remedy-five-outcomes.yaml"
DONE = re.compile(r"^(answered|timeout|error|memory)$")  # the status line's class once answered
WAIT = 150_000  # ms: a query on a busy machine (the server gives each 90 s)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = _free_port()
    env = os.environ | {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "pyengine", "serve", "--port", str(port),
                             "--timeout", "90", "--max-timeout", "120"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail("pyengine serve ended: " + proc.stderr.read().decode()[-500:])
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def browser_context() -> Iterator[object]:
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1400, "height": 950})
        yield context
        context.close()


@pytest.fixture()
def page(browser_context: object) -> Iterator[Page]:
    page = browser_context.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    page.close()
    assert errors == [], errors  # no script error on any page


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def solve(page: Page) -> None:
    expect(page.locator("#timeout")).to_have_attribute("max", "120")  # the server's limits came
    page.click("#solve")
    expect(page.locator("#status")).to_have_class(DONE, timeout=WAIT)


def test_edit_a_bundled_scenario_and_the_verdict_changes(server: str, page: Page) -> None:
    page.goto(server + "#path=" + FLUNKIES)
    expect(page.locator("#validation")).to_have_class("good", timeout=WAIT)
    solve(page)
    expect(page.locator("#explanation")).to_contain_text("Proposed: flunkies1 -> bob: ILLEGAL")
    expect(page.locator("#check")).to_have_text("PASS: the answer is the scenario's expected one")
    expect(page.locator("#picture svg")).to_be_visible()
    shot(page, "combat-illegal")
    text = page.input_value("#editor")
    page.fill("#editor", text.replace("{attackers: {flunkies1: bob}}",
                                      "{attackers: {flunkies1: bob, flunkies2: bob}}"))
    solve(page)
    # together neither Mogg Flunkies attacks alone (CR 506.5, 508.1c): legal, so the
    # scenario's expectation (illegal) no longer holds
    expect(page.locator("#explanation")).to_contain_text(
        "Proposed: flunkies1 -> bob, flunkies2 -> bob: LEGAL")
    expect(page.locator("#check")).to_contain_text("FAIL: the answer differs")
    shot(page, "combat-edited-legal")


def test_a_bad_scenario_shows_its_error_at_its_line(server: str, page: Page) -> None:
    page.goto(server)
    text = (ROOT / "tests" / "pyengine" / "fixtures" / "invalid" / "unknown-card.yaml").read_text()
    page.fill("#editor", text)
    box = page.locator("#validation")
    expect(box).to_have_class("bad", timeout=WAIT)
    expect(box).to_have_text("scenario.yaml:13: objects[0].card: unknown card 'Grizzly Bear'; "
                             "did you mean: Grizzly Bears")
    expect(page.locator("#gutter span.bad")).to_have_count(1)
    expect(page.locator("#gutter span.bad")).to_have_text("13")
    shot(page, "editor-error")


def test_the_dependency_graph_renders_and_a_node_shows_its_effect(server: str, page: Page) -> None:
    page.goto(server + "#path=" + MOON)
    expect(page.locator("#validation")).to_have_class("good", timeout=WAIT)
    solve(page)
    expect(page.locator("#check")).to_contain_text("PASS")
    nodes = page.locator("#picture svg g.node")
    expect(nodes).to_have_count(2)
    nodes.filter(has_text="Nonbasic lands are Mountains").first.click()
    detail = page.locator("#node-detail")
    expect(detail).to_contain_text("moon: Nonbasic lands are Mountains. (layer 4")
    expect(detail).to_contain_text("why: timestamp order (CR 613.7)")
    expect(page.locator("#table tbody tr")).to_have_count(4)
    shot(page, "characteristics-graph")


def test_a_timeout_shows_as_a_timeout(server: str, page: Page) -> None:
    page.goto(server + "#path=" + FIVE)
    expect(page.locator("#validation")).to_have_class("good", timeout=WAIT)
    expect(page.locator("#timeout")).to_have_value("90")  # the server's default, until changed
    page.fill("#timeout", "0.001")
    solve(page)
    expect(page.locator("#status")).to_have_class("timeout")
    # the query's budget ran out (a timeout naming the query), or its process was stopped
    # past the grace period: a timeout either way, never an answer
    expect(page.locator("#status")).to_contain_text("TIMEOUT: the ")
    expect(page.locator("#status")).to_contain_text("did not finish within 0.001 s")
    expect(page.locator("#picture svg")).to_have_count(0)
    shot(page, "timeout")


def test_the_replacement_tree_and_the_permalink(server: str, page: Page) -> None:
    page.goto(server + "#path=" + FIVE)
    expect(page.locator("#validation")).to_have_class("good", timeout=WAIT)
    solve(page)
    expect(page.locator("#picture svg g.node").filter(has_text="outcome [")).to_have_count(5)
    page.click("#permalink")
    link = page.input_value("#link")
    assert "#text=" in link
    other = page.context.new_page()
    other.goto(link)
    expect(other.locator("#validation")).to_have_class("good", timeout=WAIT)
    assert other.input_value("#editor") == page.input_value("#editor")
    other.close()
    shot(page, "replacement-tree")


def test_the_bundled_scenarios_are_checked_from_their_page(server: str, page: Page) -> None:
    page.goto(server)
    page.click("#tab-scenarios")
    page.fill("#filter", "blood-moon-urborg")
    rows = page.locator("#scenario-list tbody tr")
    expect(rows).to_have_count(2, timeout=WAIT)
    page.click("#check-shown")
    expect(page.locator("#summary")).to_have_text("2 passed, 0 failed (of 2)", timeout=WAIT)
    expect(page.locator("#scenario-list td.pass")).to_have_count(2)
    shot(page, "scenarios")
    rows.first.click()
    expect(page.locator("#page-editor")).to_be_visible()
    expect(page.locator("#check")).to_contain_text("PASS", timeout=WAIT)


def test_the_card_picker_inserts_a_catalog_card(server: str, page: Page) -> None:
    page.goto(server + "#path=" + MOON)
    expect(page.locator("#validation")).to_have_class("good", timeout=WAIT)
    editor = page.locator("#editor")
    text = editor.input_value()
    at = text.index("query:")
    editor.evaluate(f"e => {{ e.focus(); e.setSelectionRange({at}, {at}); }}")
    page.fill("#card-input", "Grizzly Bears")
    page.click("#insert-card")
    assert "  - {id: grizzly-bears, card: Grizzly Bears, controller: alice, timestamp: 5}\nquery:" \
        in editor.input_value()
    expect(page.locator("#validation")).to_have_class("good", timeout=WAIT)
