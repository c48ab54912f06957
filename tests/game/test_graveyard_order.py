"""The order of the cards in a graveyard (CR 404): a board lists a graveyard top first; a card
put into a graveyard goes on top (404.1); cards put into one graveyard at the same time are
their owner's to arrange (404.3), so "the top card" of that graveyard is not read until the
order is known; the selector ``top_of_graveyard`` reads the top card (404.2)."""

from __future__ import annotations

import pytest

from pyengine import api
from pyengine.errors import ScenarioError
from pyengine.game.graveyard import arrange
from pyengine.layers import compute
from pyengine.model.graveyard import UnorderedTop, graveyard, top_card, top_group
from pyengine.scenario import runner
from tests.oracle.support import MAIN, game_text

# a checker of the top card: an inline creature whose static ability says "As long as the top
# card of your graveyard is a creature card, this creature gets +1/+1" (the selector under test)
_WATCHER = """  - id: watcher
    name: Graveyard Watcher
    types: [Creature]
    power: 1
    toughness: 1
    controller: alice
    timestamp: 1
    abilities:
      - text: "As long as the top card of your graveyard is a creature card, this creature gets +1/+1."
        static: {affects: self, condition: {exists: {zone: graveyard, owner: you, top_of_graveyard: true,
                 types: [Creature]}}, modify_pt: {power: 1, toughness: 1}}
"""


def _run(text: str) -> runner.Outcome:
    return runner.run_scenario(api.loads(text))


def test_discarded_cards_go_on_top_one_after_another() -> None:
    # 404.1: each discarded card is put on top of its owner's graveyard; the board listed the
    # graveyard top first (bolt), so after discarding the Bears then the Growth the order is
    # growth, bears, bolt, and the watcher reads the top card each time (611.3a)
    objects = (_WATCHER + "  - {id: bolt, card: Lightning Bolt, owner: alice, zone: graveyard}\n"
               "  - {id: bears, card: Grizzly Bears, owner: alice, zone: hand}\n"
               "  - {id: growth, card: Giant Growth, owner: alice, zone: hand}\n")
    script = ("    - checkpoint: start\n    - discard: {player: alice, cards: [bears]}\n"
              "    - checkpoint: bears\n    - discard: {player: alice, cards: [growth]}\n"
              "    - checkpoint: growth\n")
    expect = ("    start: {graveyard: {alice: [bolt], bob: []}, objects: {watcher: {power: 1}}}\n"
              "    bears: {graveyard: {alice: [bears, bolt], bob: []}, objects: {watcher: {power: 2}}}\n"
              "    growth: {graveyard: {alice: [growth, bears, bolt], bob: []}, objects: {watcher: {power: 1}}}\n")
    hands = "[{id: alice, library_size: 10, hand_size: 2}, {id: bob, library_size: 10}]"
    out = _run(game_text(objects, MAIN, script, expect, hands, cr=("404.1",)))
    assert out.passed, (out.message, out.diffs)


def test_a_board_lists_a_graveyard_top_first() -> None:
    # 404.2: the graveyard's order as the board lists it: Bears on top makes the watcher 2/2,
    # Bolt on top leaves it 1/1 (the Bears under it doesn't count)
    for first, second, power in (("bears", "bolt", 2), ("bolt", "bears", 1)):
        cards = {"bears": "Grizzly Bears", "bolt": "Lightning Bolt"}
        text = ("id: layers/test\ntitle: t\ncr: [\"404.2\"]\nrationale: t\nplayers: [alice, bob]\n"
                "turn: {active: alice}\nobjects:\n" + _WATCHER
                + f"  - {{id: {first}, card: {cards[first]}, owner: alice, zone: graveyard}}\n"
                + f"  - {{id: {second}, card: {cards[second]}, owner: alice, zone: graveyard}}\n"
                + "query: {kind: characteristics, objects: [watcher], fields: [power]}\n"
                + f"expect: {{watcher: {{power: {power}}}}}\n")
        out = _run(text)
        assert out.passed, (first, out.message, out.diffs)


def _state(text_objects: str):  # type: ignore[no-untyped-def]
    text = ("id: layers/test\ntitle: t\ncr: [\"404.2\"]\nrationale: t\nplayers: [alice, bob]\n"
            "turn: {active: alice}\nobjects:\n" + text_objects
            + "query: {kind: characteristics, objects: [watcher], fields: [power]}\n"
            + "expect: {watcher: {power: 1}}\n")
    return api.loads(text).state


def test_cards_put_into_a_graveyard_at_once_are_an_unordered_group() -> None:
    # 404.1, 404.3: two cards of alice's arrive together on top of her graveyard (above the
    # Bolt); their order is hers to choose, so the top card is one of them, not known, and
    # reading it stops (no default order); a later single card is known to be the top again
    st = _state(_WATCHER + "  - {id: bolt, card: Lightning Bolt, owner: alice, zone: graveyard}\n"
                "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
                "  - {id: ogre, card: Gray Ogre, controller: alice, timestamp: 3}\n")
    from dataclasses import replace

    from pyengine.model.enums import Zone

    objs = {o.id: o for o in st.objects}
    for oid in ("bears", "ogre"):
        objs[oid] = replace(objs[oid], zone=Zone.GRAVEYARD)
    order = [o.id for o in st.objects]
    groups, _ = arrange(order, objs, ["bears", "ogre"], ())
    assert groups == (("alice", ("bears", "ogre")),)
    after = st.clone(objects=tuple(objs[i] for i in order), graveyard_unordered=groups)
    assert graveyard(after, "alice") == ("bears", "ogre", "bolt")
    assert top_group(after, "alice") == ("bears", "ogre")
    with pytest.raises(UnorderedTop, match="404.3"):
        top_card(after, "alice")
    with pytest.raises(UnorderedTop, match="404.3"):  # the layer engine reads the top card
        compute(after)
    # one card put on top later is the top card (404.1); the group stays below it
    objs["watcher"] = replace(objs["watcher"], zone=Zone.GRAVEYARD)
    groups, _ = arrange(order, objs, ["watcher"], groups)
    later = st.clone(objects=tuple(objs[i] for i in order), graveyard_unordered=groups)
    assert graveyard(later, "alice")[0] == "watcher" and top_card(later, "alice") == "watcher"


def test_a_game_stops_at_an_unordered_top_it_must_read() -> None:
    # 404.3 in a game: two creatures put into alice's graveyard by one event; the watcher reads
    # the top card, which is one of the two (their order is alice's choice, not given): the game
    # stops saying so rather than choose; one creature put there alone is read at once (404.1)
    objects = (_WATCHER + "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
               "  - {id: ogre, card: Gray Ogre, controller: alice, timestamp: 3}\n")
    both = ("    - events: [{kind: move, object: bears, from: battlefield, to: graveyard},"
            " {kind: move, object: ogre, from: battlefield, to: graveyard}]\n    - checkpoint: after\n")
    out = _run(game_text(objects, MAIN, both, "    after: {objects: {watcher: {power: 2}}}\n", cr=("404.3",)))
    assert not out.passed and "404.3" in (out.message or ""), (out.message, out.diffs)
    one = ("    - events: [{kind: move, object: bears, from: battlefield, to: graveyard}]\n"
           "    - checkpoint: after\n")
    expect = "    after: {graveyard: {alice: [bears], bob: []}, objects: {watcher: {power: 2}}}\n"
    out = _run(game_text(objects, MAIN, one, expect, cr=("404.1",)))
    assert out.passed, (out.message, out.diffs)


def test_the_owner_orders_cards_put_there_at_the_same_time() -> None:
    # 404.3: alice chose ahead the order of the two creatures going to her graveyard together;
    # the order chosen decides the top card the watcher reads: the Bears (a creature card) on
    # top makes it 2/2, the land on top leaves it 1/1
    objects = (_WATCHER + "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
               "  - {id: gate, card: Seat of the Synod, controller: alice, timestamp: 3}\n")
    both = ("    - events: [{kind: move, object: bears, from: battlefield, to: graveyard},"
            " {kind: move, object: gate, from: battlefield, to: graveyard}]\n    - checkpoint: after\n")
    for top, below, power in (("bears", "gate", 2), ("gate", "bears", 1)):
        script = f"    - graveyard_order: {{alice: [{top}, {below}]}}\n" + both
        expect = (f"    after: {{graveyard: {{alice: [{top}, {below}], bob: []}}, "
                  f"objects: {{watcher: {{power: {power}}}}}}}\n")
        out = _run(game_text(objects, MAIN, script, expect, cr=("404.3",)))
        assert out.passed, (top, out.message, out.diffs)


def test_top_of_graveyard_needs_the_graveyard_zone() -> None:
    from pyengine.lang.effects import Ctx, parse_selector
    from pyengine.lang.yamlread import Cursor

    with pytest.raises(ScenarioError, match="zone: graveyard"):
        parse_selector(Cursor({"top_of_graveyard": True}, "s", None, None), Ctx())
