"""The playground's HTTP application (pyengine.web.app) through Starlette's TestClient: the
page and its headers, the bundled files and nothing else, validation with the error's line,
answers with their picture, the size limit, the time limit and the Host check. Needs the
optional extra 'web' (and httpx, the TestClient's client); skipped without it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the optional extra 'web' is not installed (pip install -e '.[web]')")
pytest.importorskip("httpx", reason="httpx (Starlette's TestClient) is not installed (extra 'web-test')")

import warnings  # noqa: E402

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx; either works
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient  # noqa: E402

from pyengine import render  # noqa: E402
from pyengine.web.app import Settings, create_app  # noqa: E402
from pyengine.web.bundled import MAX_BYTES  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
MOON = "layers/dependency/blood-moon-urborg-moon-first.yaml"
FLUNKIES = "combat/attack/cant-attack-alone-single-is-illegal.yaml"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(SCENARIOS, timeout=30, max_timeout=60, jobs=1)),
                      base_url="http://127.0.0.1")


def test_the_page_and_its_headers(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'id="editor"' in page.text and "/static/app.js" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/app.js").status_code == 200


def test_a_host_header_of_another_site_is_refused(client: TestClient) -> None:
    # a page elsewhere can't reach the playground through a name that points at 127.0.0.1
    assert client.get("/api/scenarios", headers={"host": "attacker.example"}).status_code == 400


def test_a_post_from_a_page_of_another_site_is_refused(client: TestClient) -> None:
    text = (SCENARIOS / MOON).read_text()
    for url in ("/api/solve", "/api/validate", f"/api/check?path={MOON}"):
        got = client.post(url, content=text, headers={"origin": "https://attacker.example"})
        assert got.status_code == 403 and "another site" in got.json()["message"], url
    same = client.post("/api/validate", content=text, headers={"origin": "http://127.0.0.1"})
    assert same.json()["status"] == "valid"


def test_bundled_scenarios_and_nothing_outside_them(client: TestClient) -> None:
    listing = client.get("/api/scenarios").json()
    found = {e["path"]: e for e in listing}
    assert len(listing) == len(list(SCENARIOS.rglob("*.yaml")))
    assert found[MOON]["kind"] == "characteristics" and found[MOON]["id"] == MOON[:-5]
    assert client.get("/api/scenario", params={"path": MOON}).json()["text"] == (SCENARIOS / MOON).read_text()
    for bad in ("../pyproject.toml", "/etc/passwd", "layers/../../README.md", "README.md"):
        assert client.get("/api/scenario", params={"path": bad}).status_code == 404, bad


def test_limits(client: TestClient) -> None:
    assert client.get("/api/limits").json() == {"timeout": 30, "max_timeout": 60, "max_bytes": MAX_BYTES}


def test_cards_and_schema(client: TestClient) -> None:
    cards = {c["name"]: c for c in client.get("/api/cards").json()}
    assert cards["Grizzly Bears"]["pt"] == "2/2" and cards["Blood Moon"]["oracle"]
    assert "objects" in client.get("/api/schema").json()["properties"]


def test_validation_names_the_line(client: TestClient) -> None:
    text = (ROOT / "tests" / "pyengine" / "fixtures" / "invalid" / "unknown-card.yaml").read_text()
    got = client.post("/api/validate", content=text).json()
    assert got["status"] == "error" and got["line"] == 13
    assert got["message"].startswith("scenario.yaml:13: objects[0].card: unknown card 'Grizzly Bear'")
    ok = client.post("/api/validate", content=(SCENARIOS / MOON).read_text()).json()
    assert ok == {"status": "valid", "id": MOON[:-5], "kind": "characteristics",
                  "title": ok["title"]} and ok["title"].startswith("Blood Moon")


def test_solve_answers_with_the_check_the_table_and_the_picture(client: TestClient) -> None:
    got = client.post("/api/solve", content=(SCENARIOS / MOON).read_text()).json()
    assert got["status"] == "answered" and got["check"]["status"] == "pass"
    assert {r["id"]: r["subtypes"] for r in got["table"]}["urborg"] == "Mountain"
    assert "Layer 4 (type, CR 613.1d)" in got["explanation"]
    effect = next(k for k in got["details"] if k.startswith("4:moon"))
    assert "why: timestamp order (CR 613.7)" in got["details"][effect]
    if render.available():
        assert got["svg"].lstrip().startswith("<?xml") and "<title>4:moon" in got["svg"]


def test_an_edited_combat_scenario_changes_its_verdict(client: TestClient) -> None:
    text = (SCENARIOS / FLUNKIES).read_text()
    before = client.post("/api/solve", content=text).json()
    both = text.replace("{attackers: {flunkies1: bob}}", "{attackers: {flunkies1: bob, flunkies2: bob}}")
    after = client.post("/api/solve", content=both).json()
    assert "Proposed: flunkies1 -> bob: ILLEGAL" in before["explanation"]
    assert before["check"]["status"] == "pass"
    # two Mogg Flunkies attack together: neither attacks alone (CR 506.5, 508.1c)
    assert "Proposed: flunkies1 -> bob, flunkies2 -> bob: LEGAL" in after["explanation"]
    assert after["check"]["status"] == "fail"


@pytest.mark.parametrize("path,explained,drawn", [
    # a game's log and checkpoints, a state-based action's rule, the triggers' APNAP order, a
    # cast's first failing step: the account and the picture, as explain and graph give them
    ("turns/enters-trigger-goes-on-stack-before-priority.yaml", "checkpoint entered (after event 4)",
     "4. wall moves from stack to battlefield (effect) (CR 608.3)"),
    ("sba/legend-rule-several-groups.yaml", "why: legend rule: Azusa", "CR 704.5j: put into graveyard"),
    ("triggers/apnap-both-players-upkeep.yaml", "APNAP order (CR 603.3b, 101.4)",
     "APNAP 2: bob puts these on the stack in any order (CR 603.3b)"),
    ("casting/thalia-taxes-bolt.yaml", "Illegal: the first failing step is 601.2h, CR 601.2h",
     "breaks CR 601.2h: unpaid(generic, 1)"),
])
def test_the_new_kinds_are_explained_and_drawn(client: TestClient, path: str, explained: str,
                                               drawn: str) -> None:
    got = client.post("/api/solve", content=(SCENARIOS / path).read_text()).json()
    assert got["status"] == "answered" and got["check"]["status"] == "pass"
    assert explained in got["explanation"]
    if render.available():
        assert got["svg"].lstrip().startswith("<?xml") and drawn in got["svg"]


def test_a_timeout_is_reported_as_a_timeout(client: TestClient) -> None:
    text = (SCENARIOS / MOON).read_text()
    got = client.post("/api/solve", params={"timeout": "0.001"}, content=text).json()
    assert got["status"] == "timeout" and "did not finish within 0.001 s" in got["message"]
    assert "answer" not in got and "check" not in got


def test_the_size_limit(client: TestClient) -> None:
    big = "# " + "x" * MAX_BYTES
    got = client.post("/api/solve", content=big)
    assert got.status_code == 413 and "256 KB" in got.json()["message"]


def test_a_query_killed_past_its_grace_is_a_timeout() -> None:
    # clingo can't interrupt grounding: the child process is killed, the answer a timeout
    import time

    from pyengine.web import work

    began = time.monotonic()
    got = work.run_limited(time.sleep, (30,), 0.2)
    assert got["status"] == "timeout" and time.monotonic() - began < 5

