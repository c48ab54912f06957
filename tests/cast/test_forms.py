"""Casting a card with another set of characteristics (asp/cast/forms.lp): a split card's half
or both fused (CR 709.3, 702.102), an Adventure (715.3) and the exile permission after it
(715.3d), a modal double-faced card's back face (712.11b), bestowed (702.103), face down by
morph or disguise (702.37, 702.168, 708.2); card faces in the catalog (709.4, 712.8a, 715.4);
bad input (a face the card doesn't have) is one located line, exit 2."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.cast.model import Payment, Proposal
from pyengine.cast.service import check_cast
from pyengine.catalog import lookup, parse_card
from pyengine.cli import main
from pyengine.errors import ScenarioError
from pyengine.scenario.loader import load_text

BOARD = """\
id: casting/forms
title: forms
cr: ["601.2a"]
rationale: forms (601.2a)
players: [alice, bob]
turn: {active: ACTIVE}
objects:
  - {id: card, card: CARD, owner: alice, zone: ZONE}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 1}
LANDS
query: {kind: cast, spell: card}
expect: {legal: true}
"""


def _state(card: str, lands: dict[str, int], active: str = "alice", zone: str = "hand", extra: str = ""):
    rows = [f"  - {{id: {kind[0].lower()}{i}, card: {kind}, controller: alice, timestamp: {10 + 10 * n + i}}}"
            for n, (kind, count) in enumerate(lands.items()) for i in range(count)]
    text = (BOARD.replace("CARD", f'"{card}"').replace("ACTIVE", active).replace("ZONE", zone)
            .replace("LANDS", "\n".join(rows + ([extra] if extra else []))))
    return load_text(text, "forms.yaml").state


def test_a_split_card_is_cast_as_one_half() -> None:
    state = _state("Fire // Ice", {"Mountain": 2})
    fire = check_cast(state, Proposal("card", "alice", targets=(("fire", ("o:bears",)),), form="face1"))
    assert fire.legal and fire.mana_value == 2 and fire.total is not None
    assert fire.total.symbols() == "{1}{R}"
    assert fire.as_cast is not None and fire.as_cast.name == "Fire" and fire.as_cast.colors == ("red",)
    # 709.3b: Ice's target is no target of Fire
    both = check_cast(state, Proposal("card", "alice", targets=(("fire", ("o:bears",)), ("ice", ("o:m0",))),
                                      form="face1"))
    assert not both.legal and both.first is not None and both.first.check == "not_required"
    # Ice can't be paid with Mountains; the whole card can't be cast at all (709.3)
    ice = check_cast(state, Proposal("card", "alice", form="face2"))
    assert not ice.legal and ice.first is not None and ice.first.step == "601.2h"
    whole = check_cast(state, Proposal("card", "alice", form="whole"))
    assert whole.first is not None and (whole.first.step, whole.first.rule) == ("601.2a", "709.3")
    # left free, the half that can be cast is chosen
    free = check_cast(state, Proposal("card", "alice"))
    assert free.legal and free.as_cast is not None and free.as_cast.form == "face1"


def test_fused_split_spell_pays_both_costs() -> None:
    state = _state("Turn // Burn", {"Island": 2, "Mountain": 3})
    fused = check_cast(state, Proposal("card", "alice", form="fused",
                                       targets=(("turn", ("o:bears",)), ("burn", ("p:bob",)))))
    assert fused.legal and fused.total is not None and fused.total.symbols() == "{3}{U}{R}"
    assert fused.mana_value == 5 and fused.as_cast is not None
    assert fused.as_cast.colors == ("blue", "red")
    # 702.102a: only from the hand (the graveyard: no permission to cast it there, either)
    gy = _state("Turn // Burn", {"Island": 2, "Mountain": 3}, zone="graveyard")
    verdict = check_cast(gy, Proposal("card", "alice", form="fused"))
    assert {v.rule for v in verdict.violations} >= {"601.3", "702.102a"}


def test_adventure_then_the_creature_from_exile() -> None:
    stomp = check_cast(_state("Bonecrusher Giant // Stomp", {"Mountain": 2}, active="bob"),
                       Proposal("card", "alice", form="face2", targets=(("stomp", ("p:bob",)),)))
    assert stomp.legal and stomp.mana_value == 2
    assert stomp.as_cast is not None and stomp.as_cast.resolves_to == "exile"
    assert stomp.as_cast.unresolved_to == "graveyard"
    exiled = _state("Bonecrusher Giant // Stomp", {"Mountain": 3}, zone="exile").clone()
    card = exiled.object("card")
    from dataclasses import replace

    on_adventure = exiled.clone(objects=tuple(replace(o, on_adventure="alice") if o is card else o
                                              for o in exiled.objects))
    assert check_cast(on_adventure, Proposal("card", "alice", form="whole")).legal
    again = check_cast(on_adventure,
                       Proposal("card", "alice", form="face2", targets=(("stomp", ("p:bob",)),)))
    assert again.first is not None and again.first.rule in ("601.3", "715.3d")
    assert "715.3d" in {v.rule for v in again.violations}
    assert not check_cast(exiled, Proposal("card", "alice", form="whole")).legal


def test_modal_double_faced_card_back_face() -> None:
    state = _state("Halvar, God of Battle // Sword of the Realms", {"Plains": 2})
    sword = check_cast(state, Proposal("card", "alice", form="face2"))
    assert sword.legal and sword.mana_value == 2 and sword.as_cast is not None
    assert sword.as_cast.name == "Sword of the Realms" and sword.as_cast.types == ("artifact",)
    assert not check_cast(state, Proposal("card", "alice", form="whole")).legal


def test_bestowed_is_an_aura_spell_with_the_bestow_cost() -> None:
    thalia = "  - {id: thalia, card: 'Thalia, Guardian of Thraben', controller: bob, timestamp: 99}"
    state = _state("Boon Satyr", {"Forest": 6}, active="bob", extra=thalia)
    bestowed = check_cast(state,
                          Proposal("card", "alice", form="bestowed", targets=(("enchant", ("o:bears",)),)))
    # 702.103b: a noncreature spell, so Thalia taxes it (118.9d); the mana value stays 3 (118.9c)
    assert bestowed.legal and bestowed.total is not None and bestowed.total.symbols() == "{4}{G}{G}"
    assert bestowed.mana_value == 3 and bestowed.as_cast is not None
    assert bestowed.as_cast.unresolved_to == "battlefield"
    assert bestowed.as_cast.unresolved_types == ("creature", "enchantment")
    creature = check_cast(state, Proposal("card", "alice", form="whole"))
    assert creature.legal and creature.total is not None and creature.total.symbols() == "{1}{G}{G}"
    two = check_cast(state, Proposal("card", "alice", form="bestowed", alternative=("free",)))
    assert two.first is not None and two.first.rule == "118.9a"


@pytest.mark.parametrize("card", ["Exalted Angel", "Aurelia's Vindicator"])
def test_face_down_for_three(card: str) -> None:
    form = "morph" if card == "Exalted Angel" else "disguise"
    state = _state(card, {"Mountain": 3})
    down = check_cast(state, Proposal("card", "alice", form=form,
                                      payment=Payment(tap=tuple((f"m{i}", None) for i in range(3)))))
    assert down.legal and down.mana_value == 0 and down.total is not None and down.total.symbols() == "{3}"
    assert down.as_cast is not None and down.as_cast.colors == () and down.as_cast.types == ("creature",)
    # 708.2a, 702.168b: a 2/2 with no abilities but disguise's ward {2}
    assert down.as_cast.pt == (2, 2)
    assert down.as_cast.abilities == (("ward {2}",) if form == "disguise" else ())
    other = "disguise" if form == "morph" else "morph"
    wrong = check_cast(state, Proposal("card", "alice", form=other))
    assert wrong.first is not None and wrong.first.step == "601.2a"


def test_face_down_spell_has_no_kicker() -> None:
    """708.2a: cast face down, the spell has no text: the card's kicker can't be paid."""
    text = BOARD.replace("card: CARD", "name: Kicked Morph, mana_cost: '{2}{G}', types: [Creature], "
                         "power: 3, toughness: 3, abilities: [{kicker: '{1}'}, {morph: '{G}'}]")
    text = text.replace("ACTIVE", "alice").replace("ZONE", "hand").replace("LANDS", "\n".join(
        f"  - {{id: f{i}, card: Forest, controller: alice, timestamp: {10 + i}}}" for i in range(4)))
    state = load_text(text, "forms.yaml").state
    assert check_cast(state, Proposal("card", "alice", form="morph", kicked=False)).legal
    kicked = check_cast(state, Proposal("card", "alice", form="morph", kicked=True))
    assert kicked.first is not None and (kicked.first.step, kicked.first.rule) == ("601.2b", "708.2a")
    assert check_cast(state, Proposal("card", "alice", form="whole", kicked=True)).legal


def test_catalog_faces_combine_off_the_stack() -> None:
    fire_ice = lookup("Fire // Ice")
    assert fire_ice is not None
    ch = fire_ice.characteristics
    assert (ch.mana_value, ch.colors, ch.types) == (4, ("blue", "red"), ("Instant",))  # 709.4b-c
    assert [f.name for f in ch.faces] == ["Fire", "Ice"] and ch.layout == "split"
    halvar = lookup("Halvar, God of Battle // Sword of the Realms")
    assert halvar is not None and halvar.characteristics.name == "Halvar, God of Battle"  # 712.8a
    assert halvar.characteristics.mana_value == 4


def test_bad_faces_in_a_card_file() -> None:
    face = "{name: A, mana_cost: '{R}', types: [Instant], oracle: ''}"
    with pytest.raises(ScenarioError, match="two faces"):
        parse_card(f"name: A // B\nlayout: split\nfaces: [{face}]\n", "ab.yaml")
    with pytest.raises(ScenarioError, match="in a face"):
        parse_card(f"name: A // B\nlayout: split\nmana_cost: '{{R}}'\nfaces: [{face}, {face}]\n", "ab.yaml")
    with pytest.raises(ScenarioError, match="a card layout"):
        parse_card(f"name: A // B\nlayout: flip\nfaces: [{face}, {face}]\n", "ab.yaml")


def _run(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", str(path)], stdout=out, stderr=err)
    return code, (err.getvalue() + out.getvalue()).strip()


SCENARIO = BOARD.replace("CARD", "Fire // Ice").replace("ACTIVE", "alice").replace("ZONE", "hand").replace(
    "LANDS\n", "")


@pytest.mark.parametrize(("old", "new", "line", "field", "words"), [
    ("spell: card}", "spell: card, as: Frost}", 10, "query.as", "has no face named 'Frost'"),
    ("zone: hand}", "zone: hand, on_adventure: alice}", 8, "objects[0].on_adventure",
     "adventurer card in exile"),
])
def test_bad_form_is_one_located_line(tmp_path: Path, old: str, new: str, line: int, field: str,
                                      words: str) -> None:
    assert old in SCENARIO
    code, text = _run(tmp_path, SCENARIO.replace(old, new, 1))
    assert code == 2, text
    first = [x for x in text.splitlines() if "bad.yaml" in x][0]
    assert f"bad.yaml:{line}:" in first and field in first and words in first, first
    assert "Traceback" not in text


def test_form_scenarios_pass() -> None:
    folder = Path(__file__).resolve().parents[2] / "scenarios" / "casting"
    files = sorted(folder.glob("form-*.yaml"))
    assert len(files) >= 15
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", *map(str, files)], stdout=out, stderr=err)
    assert code == 0, out.getvalue() + err.getvalue()
    assert f"{len(files)} passed, 0 failed" in out.getvalue() + err.getvalue()
