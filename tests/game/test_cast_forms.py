"""The forms a spell is cast as in a game (pyengine/game/cast_forms.py): the characteristics it
has on the stack (709.3b, 712.8f, 715.3b, 702.103b, 708.4), what it does (702.102d) and where
it goes (715.3d, 608.3b-c, 702.103e-f); a form the game doesn't follow is refused, never
resolved some other way."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyengine import catalog
from pyengine.cast.model import Payment, Proposal
from pyengine.game import new_game
from pyengine.game.casting import CastSpell
from pyengine.game.keyword_model import TurnFaceUp
from pyengine.game.model import IllegalAction
from pyengine.lang.characteristics import parse_characteristics
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import FaceDown, Zone
from pyengine.model.objects import GameObject
from pyengine.replacement.event import Event
from tests.game.helpers import card, state


def _in_hand(oid: str, name: str) -> GameObject:
    return replace(card(oid, name, "alice"), zone=Zone.HAND)


def _cast(spell: str, form: str | None, tap: tuple[str, ...], targets: dict[str, tuple[str, ...]],
          **kw: object) -> CastSpell:
    pr = Proposal(spell, "alice", alternative=(), kicked=False, targets=tuple(targets.items()),
                  sacrifice=(), payment=Payment(tap=tuple((t, None) for t in tap)), form=form)
    return CastSpell(replace(pr, **kw))  # type: ignore[arg-type]


def _lands(name: str, n: int, first: int = 1) -> list[GameObject]:
    return [card(f"{name[0].lower()}{i}", name, "alice", i) for i in range(first, first + n)]


def test_fused_halves_are_followed_left_first_with_their_own_targets() -> None:
    """702.102d: Wear's instruction (its target, the artifact), then Tear's (the enchantment)."""
    objs = [_in_hand("wt", "Wear // Tear"), card("crawl", "Crawlspace", "bob", 7),
            card("mantra", "Ajani's Mantra", "bob", 8), *_lands("Mountain", 2),
            card("p1", "Plains", "alice", 3)]
    game = new_game(state(*objs)).apply(
        _cast("wt", "fused", ("m1", "m2", "p1"), {"wear": ("o:crawl",), "tear": ("o:mantra",)}), 30)
    item = game.stack[-1]
    assert item.form.form == "fused" and item.text == "Wear // Tear"
    assert [e.get("object") for e in item.events] == [("o", "crawl"), ("o", "mantra")]


def test_a_half_that_says_no_does_is_refused_not_skipped() -> None:
    """Turn // Burn fused: Burn says what it does, Turn doesn't; the game refuses the cast
    rather than follow Burn alone."""
    objs = [_in_hand("tb", "Turn // Burn"), card("bears", "Grizzly Bears", "bob", 9),
            *_lands("Mountain", 2), *_lands("Island", 3, 3)]
    game = new_game(state(*objs))
    with pytest.raises(IllegalAction, match="Turn: say what it does") as info:
        game.apply(_cast("tb", "fused", ("m1", "m2", "i3", "i4", "i5"),
                         {"turn": ("o:bears",), "burn": ("p:bob",)}), 30)
    assert info.value.rule == "608.2c"
    burn = game.apply(_cast("tb", "face2", ("m1", "m2"), {"burn": ("p:bob",)}), 30)
    assert burn.stack[-1].text == "Burn" and [e.kind for e in burn.stack[-1].events] == ["damage"]


def test_a_face_down_spell_countered_is_face_up_in_the_graveyard() -> None:
    """708.4: face down on the stack; 708.9, 404.2: it is revealed as it leaves the stack for a
    zone other than the battlefield, and a graveyard is face up."""
    doc = {"name": "Exalted Angel", "mana_cost": "{4}{W}{W}", "types": ["Creature"], "power": 4,
           "toughness": 5, "abilities": ["flying", {"morph": "{2}{W}{W}"}]}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix="angel"))
    angel = GameObject("angel", chars, owner="alice", controller="alice", zone=Zone.HAND)
    game = new_game(state(angel, *_lands("Plains", 3)))
    game = game.apply(_cast("angel", "morph", ("p1", "p2", "p3"), {}), 30)
    obj = game.state.object("angel")
    assert obj.face_down and obj.face_down_kind == FaceDown.MORPH
    counter = Event("move", (("object", ("o", "angel")), ("count", 1), ("from", "stack"), ("to", "graveyard"),
                             ("cause", "counter"), ("position", None), ("control", None), ("as", None),
                             ("tapped", False), ("face", "front"), ("choice", None)))
    from pyengine.game.perform import perform

    after = perform(game.clone(stack=()), [counter], rule="701.6a", budget=30)
    gone = after.state.object("angel")
    assert gone.zone == Zone.GRAVEYARD and not gone.face_down


def test_turning_a_morph_face_up_needs_its_morph_cost() -> None:
    """702.37e: the morph cost {2}{W}{W}, not {3} nor its mana cost; a face-down permanent that
    would have no morph cost face up can't be turned face up this way."""
    doc = {"name": "Angel", "mana_cost": "{4}{W}{W}", "types": ["Creature"], "power": 4, "toughness": 5,
           "abilities": [{"morph": "{2}{W}{W}"}]}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix="a"))
    down = GameObject("a", chars, owner="alice", controller="alice", timestamp=1, face_down=True,
                      face_down_kind=FaceDown.MORPH)
    bears = card("bears", "Grizzly Bears", "alice", 2, face_down=True, face_down_kind=FaceDown.MORPH)
    game = new_game(state(down, bears, *_lands("Plains", 3, 3)))
    with pytest.raises(IllegalAction, match="702.37e") as info:
        game.apply(TurnFaceUp("alice", "a", Payment(tap=(("p3", None), ("p4", None), ("p5", None)))), 30)
    assert info.value.rule == "702.37e"
    with pytest.raises(IllegalAction, match="no morph cost") as info:
        game.apply(TurnFaceUp("alice", "bears"), 30)
    assert info.value.rule == "702.37e"


def test_overload_with_a_cards_does_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """702.96a: overloaded, the text's "target" is "each"; the game doesn't follow that text
    change, so a card whose does: names its target is refused, not resolved doing nothing."""
    bolt = catalog.lookup("Lightning Bolt")
    assert bolt is not None
    doc = {"name": "Overbolt", "mana_cost": "{R}", "types": ["Instant"],
           "abilities": [{"spell": "Overbolt deals 3 damage to target creature."}, {"overload": "{R}"}],
           "casting": {"targets": [{"id": "any", "what": {"types": ["Creature"]}}]}}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix="ob"))
    fake = replace(bolt, name="Overbolt", characteristics=chars)
    real = catalog.lookup
    monkeypatch.setattr(catalog, "lookup", lambda n: fake if n == "Overbolt" else real(n))
    ob = GameObject("ob", chars, owner="alice", controller="alice", zone=Zone.HAND, card="Overbolt")
    game = new_game(state(ob, card("bears", "Grizzly Bears", "bob", 9), *_lands("Mountain", 1)))
    with pytest.raises(IllegalAction, match="overload") as info:
        game.apply(_cast("ob", None, ("m1",), {}, alternative=("overload",)), 30)
    assert info.value.rule == "702.96a"


def test_without_as_the_card_is_cast_as_itself_and_a_split_card_needs_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """What the script leaves out is not done: Exalted Angel with three Plains and no ``as`` is
    not cast face down (its mana cost {4}{W}{W} is not paid: 601.2h); a split card has no form
    of its own (709.3): the script names the half."""
    import pyengine.api as pe

    base = """
id: game/forms-probe
title: probe
cr: ["601.2"]
rationale: probe
players: [{id: alice, library_size: 5}, bob]
turn: {active: alice, number: 3, step: precombat_main}
objects:
  - {id: angel, name: Angel, mana_cost: "{4}{W}{W}", types: [Creature], power: 4, toughness: 5,
     abilities: [{morph: "{2}{W}{W}"}], owner: alice, zone: hand}
  - {id: wt, card: Wear // Tear, owner: alice, zone: hand}
  - {id: p1, card: Plains, controller: alice, timestamp: 1}
  - {id: p2, card: Plains, controller: alice, timestamp: 2}
  - {id: p3, card: Plains, controller: alice, timestamp: 3}
query:
  kind: game
  script:
    - SCRIPT
expect:
  illegal: {action: 0, rule: "601.2h"}
"""
    angel = "cast: {spell: angel, payment: {tap: [p1, p2, p3]}}"
    res = pe.check(pe.loads(base.replace("SCRIPT", angel), "g.yaml"))
    assert res.status.value == "pass", res.diffs
    with pytest.raises(pe.ScenarioError, match="missing 'as'"):
        pe.check(pe.loads(base.replace("SCRIPT", "cast: {spell: wt, payment: {tap: [p1]}}"), "g.yaml"))
