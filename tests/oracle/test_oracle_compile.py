"""Card data and the template compiler, on the fixture (no extra needed)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pyengine import api, catalog, oracle
from pyengine.cli import main
from pyengine.errors import ScenarioError
from pyengine.oracle import data
from pyengine.scenario import runner


def test_atomic_cards_are_read_with_faces_colors_and_source(fixture_data: Path) -> None:
    store = data.load()
    assert "fixture-1" in store.source and "2026-01-01" in store.source
    arbor = store.get("dryad arbor")
    assert arbor is not None and arbor.colors == ("green",)  # CR 204: color indicator
    back = store.get("test sunset")
    assert back is not None and back.faces == ("Test Sunrise", "Test Sunset")
    assert store.get("test sunrise // test sunset").name == "Test Sunrise"  # type: ignore[union-attr]
    assert any(fixture_data.glob("cards-*.sqlite"))  # cached: a later run doesn't re-parse


def test_the_cache_is_read_without_the_json(fixture_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data.load()
    oracle.reset()
    monkeypatch.setattr(data.json, "loads", lambda *a: pytest.fail("the JSON was parsed again"))
    assert data.load().get("serra angel") is not None


def test_corpus_format_derives_colors(tmp_path: Path) -> None:
    recs = [{"name": "Pact Thing", "manaCost": "{0}", "types": ["Sorcery"], "colorIdentity": ["G"],
             "text": "x", "layout": "normal", "type": "Sorcery", "subtypes": [], "supertypes": []},
            {"name": "Sword Thing", "manaCost": "{3}", "types": ["Artifact"], "colorIdentity": ["R", "U"],
             "text": "x", "layout": "normal", "type": "Artifact", "subtypes": [], "supertypes": []},
            {"name": "Hybrid Thing", "manaCost": "{R/G}{W}", "types": ["Creature"], "colorIdentity": [],
             "text": "", "layout": "normal", "type": "Creature", "subtypes": [], "supertypes": []}]
    got = data.parse_data(recs, "corpus")
    assert got.cards["pact thing"].colors == ("green",)  # color indicator, approximated
    assert got.cards["sword thing"].colors == ()  # CR 202.2: colors come from the mana cost
    assert got.cards["hybrid thing"].colors == ("white", "red", "green")


def test_templates_compile_into_the_effect_language(fixture_data: Path) -> None:
    got = oracle.compiled("Test Drillmaster")
    assert got is not None and got.status == "full"
    lord, cond = got.card["abilities"]
    assert lord["static"] == {"affects": {"other": True, "types": ["Creature"], "subtypes": ["Soldier"],
                                          "controller": "you"},
                              "modify_pt": {"power": 1, "toughness": 1}, "add_abilities": ["vigilance"]}
    assert cond["static"] == {"affects": "self", "condition": {"exists": {"types": ["Artifact"],
                                                                          "controller": "you"}},
                              "add_abilities": ["first strike"]}
    back = oracle.compiled("Test Sunset")
    assert back is not None and back.card["abilities"] == ["flying", "can block only creatures with flying"]


def test_a_clause_not_understood_makes_the_card_partial(fixture_data: Path) -> None:
    got = oracle.compiled("Test Gatekeeper")
    assert got is not None and got.status == "partial"
    assert got.unrecognised == ("The number of the beast is revealed at dawn.",)
    assert got.card["abilities"][1] == "can't block"


BOARD = """id: cards/t
title: t
cr: ["613.4c"]
rationale: t
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: a, card: Test Drillmaster, controller: alice, timestamp: 1}
  - {id: r, card: Test Recruit, controller: alice, timestamp: 2}
  - {id: g, card: Test Gatekeeper, controller: alice, timestamp: 3%s}
query: {kind: characteristics, objects: [r], fields: [power, toughness, abilities]}
expect:
  r: {power: 2, toughness: 2, abilities: [vigilance]}
"""


def test_a_scenario_with_a_partial_card_is_refused_naming_the_clause(fixture_data: Path) -> None:
    with pytest.raises(ScenarioError, match="The number of the beast"):
        api.loads(BOARD % "")


def test_a_partial_card_with_its_abilities_written_by_hand_runs(fixture_data: Path) -> None:
    scenario = api.loads(BOARD % ", abilities: [\"can't block\"]")
    assert runner.run_scenario(scenario).passed


def test_without_card_data_a_real_card_scenario_is_skipped(no_data: None, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(BOARD % "")
    out = runner.run_file(path)
    assert out.status == runner.Status.SKIP and "pyengine[cards]" in out.message
    assert out.ok


def test_catalog_cards_come_first(fixture_data: Path) -> None:
    assert catalog.lookup("Glorious Anthem").file.startswith("pyengine/catalog/")  # type: ignore[union-attr]
    assert catalog.lookup("Test Recruit").file.startswith("card data")  # type: ignore[union-attr]


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_shows_a_card_and_what_was_not_understood(fixture_data: Path) -> None:
    code, out, _ = _cli("cards", "test gatekeeper")
    assert code == 0
    assert "[NOT UNDERSTOOD] The number of the beast" in out
    assert "[template: static P/T and ability grants] This creature can't block." in out
    code, _, err = _cli("cards", "Test Drilmaster")
    assert code != 0 and "did you mean: Test Drillmaster" in err


def test_cli_coverage(fixture_data: Path) -> None:
    code, out, _ = _cli("cards", "--coverage")
    assert code == 0
    assert "fixture-1" in out
    assert "The number of the beast is revealed at dawn." in out
    status = {ln.split()[0]: int(ln.split()[1]) for ln in out.splitlines()
              if ln.strip().split()[:1] in (["full"], ["text-only"], ["partial"], ["none"])}
    # the fixture's faces: Gatekeeper partial; the others full (Dryad Arbor has only reminder
    # text; the 17 test spells and triggered abilities, and Test Walker's loyalty abilities, compile
    # into what the game performs)
    assert status == {"full": 31, "text-only": 0, "partial": 1, "none": 0}


def test_fixture_is_mtgjson_format() -> None:
    raw = json.loads(Path(__file__).with_name("atomic-cards-fixture.json").read_text("utf-8"))
    assert set(raw) == {"meta", "data"} and all(isinstance(v, list) for v in raw["data"].values())


def test_global_cards_option_names_the_data_for_check(no_data: None, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYENGINE_CARDS_CACHE", str(tmp_path / "cache"))
    # the option sets PYENGINE_CARDS for the workers; monkeypatch restores it afterwards
    monkeypatch.setenv("PYENGINE_CARDS", str(tmp_path / "absent.json"))
    path = tmp_path / "scenarios" / "cards" / "t.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(BOARD % ", abilities: [\"can't block\"]")
    fixture = Path(__file__).with_name("atomic-cards-fixture.json")
    code, out, _ = _cli("--cards", str(fixture), "check", "-j", "1", str(path))
    assert code == 0 and "1 passed, 0 failed" in out


def test_named_card_data_that_is_missing_is_bad_input_not_a_skip(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from pyengine import oracle

    monkeypatch.setenv("PYENGINE_CARDS", str(tmp_path / "absent.json"))
    oracle.reset()
    path = tmp_path / "s.yaml"
    path.write_text(BOARD % "")
    out = runner.run_file(path)
    oracle.reset()
    assert out.status == runner.Status.ERROR and "no such card data file" in out.message


def test_a_compiled_card_is_kept_until_reset(fixture_data: Path) -> None:
    # a game looks its objects' cards up for every batch of events: one Card per name, the
    # very card its compiled data gives, until the data is reset
    first = catalog.lookup("Test Spark")  # in the card data, not in the hand-written catalog
    assert first is not None and catalog.lookup("Test Spark") is first
    got = oracle.compiled("Test Spark")
    assert got is not None and first == catalog.card_from_mapping(got.card, f"card data ({got.name})",
                                                                  got.unrecognised)
    oracle.reset()
    again = catalog.lookup("Test Spark")
    assert again is not first and again == first
