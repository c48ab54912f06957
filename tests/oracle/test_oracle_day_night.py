"""Day and night (CR 730) and daybound / nightbound (702.145) with real cards compiled from
their Oracle text: the game's designation, the untap step's check of the previous turn (502.2,
730.2a-c), the transforms it makes at once (702.145c, 702.145f), entering transformed at night
(702.145b) and the transform restriction (702.145b, 702.145e)."""

from __future__ import annotations

from pyengine import oracle
from tests.oracle.support import BUNDLED, MAIN, full, game_text, passes

pytestmark = BUNDLED

LIBS = "[{id: alice, library_size: 10}, {id: bob, library_size: 10}]"


def _at(text: str, designation: str) -> str:
    """The scenario ``text`` beginning with the game's designation day or night (730.1)."""
    return text.replace("players:", f"day_night: {designation}\nplayers:", 1)


def _bolts(owner: str, n: int) -> str:
    return "".join(f"  - {{id: {owner[0]}b{i}, card: Lightning Bolt, owner: {owner}, zone: hand}}\n"
                   for i in range(n))


def _casts(owner: str, n: int, at: str) -> str:
    return "".join(f"    - stack: {{object: {owner[0]}b{i}, controller: {owner}, targets: [{at}]}}\n"
                   "    - resolve\n" for i in range(n))


def test_daybound_makes_it_day_then_no_spells_make_it_night() -> None:
    """Suspicious Stowaway (daybound) on alice's battlefield: a game starts with neither
    designation (730.1), and with a daybound permanent it becomes day at once (702.145d). Alice
    casts no spell in the rest of her turn 3, so as bob's untap step of turn 4 begins it becomes
    night (502.2, 730.2a), and the Stowaway transforms at once (702.145c) into Seafaring
    Werewolf, a 2/1 (712.8e)."""
    full("Suspicious Stowaway")
    passes(game_text(
        "  - {id: st, card: Suspicious Stowaway, controller: alice, timestamp: 1}\n", MAIN,
        "    - checkpoint: day\n    - advance: {step: upkeep, turn: 4}\n    - checkpoint: night\n",
        "    day: {day_night: day, objects: {st: {transformed: false, power: 1, toughness: 1}}}\n"
        "    night: {day_night: night, objects: {st: {transformed: true, name: Seafaring Werewolf, power: 2,"
        " toughness: 1}}}\n", cr=("702.145d", "730.2a", "702.145c")))


def test_a_spell_of_the_active_player_keeps_it_day_and_the_other_players_do_not() -> None:
    """730.2a reads only the previous turn's active player's spells. Alice casts a Lightning
    Bolt in her turn 3: at bob's untap step it stays day and the Stowaway stays as it is. In
    bob's turn 4 only alice casts a spell (bob passes priority to her in his main phase; a Bolt at
    bob, an instant in his turn) and bob none:
    as alice's untap step of turn 5 begins it becomes night (730.2a)."""
    passes(game_text(
        "  - {id: st, card: Suspicious Stowaway, controller: alice, timestamp: 1}\n"
        + _bolts("alice", 2), MAIN,
        "    - stack: {object: ab0, controller: alice, targets: [bob]}\n    - resolve\n"
        "    - advance: {step: upkeep, turn: 4}\n    - checkpoint: still_day\n"
        "    - advance: precombat_main\n    - pass\n"
        "    - stack: {object: ab1, controller: alice, targets: [bob]}\n    - resolve\n"
        "    - advance: {step: upkeep, turn: 5}\n    - checkpoint: night\n",
        "    still_day: {day_night: day, life: {bob: 17}, objects: {st: {transformed: false}}}\n"
        "    night: {day_night: night, life: {bob: 14}, objects: {st: {transformed: true}}}\n",
        hands="[{id: alice, hand_size: 2, library_size: 10}, {id: bob, library_size: 10}]",
        cr=("730.2a",)))


def test_two_spells_of_the_active_player_make_night_day() -> None:
    """At night, Seafaring Werewolf (the Stowaway transformed, 701.27g) on alice's battlefield;
    bob casts two Lightning Bolts at alice in his turn 2, so as alice's untap step of turn 3
    begins it becomes day (730.2b) and the Werewolf transforms at once (702.145f) back into
    Suspicious Stowaway. One spell would not do (730.2b: two or more): in alice's turn 3 she
    casts one Bolt, bob none, and it stays day (730.2a needs none)."""
    turn = "{active: bob, number: 2, step: precombat_main}"
    passes(_at(game_text(
        "  - {id: sw, card: Seafaring Werewolf, controller: alice, timestamp: 1}\n" + _bolts("bob", 2)
        + _bolts("alice", 1), turn,
        "    - checkpoint: night\n" + _casts("bob", 2, "alice")
        + "    - advance: {step: upkeep, turn: 3}\n    - checkpoint: day\n"
        "    - advance: precombat_main\n" + _casts("alice", 1, "bob")
        + "    - advance: {step: upkeep, turn: 4}\n    - checkpoint: still_day\n",
        "    night: {day_night: night, objects: {sw: {transformed: true, name: Seafaring Werewolf}}}\n"
        "    day: {day_night: day, life: {alice: 14}, objects: {sw: {transformed: false,"
        " name: Suspicious Stowaway}}}\n"
        "    still_day: {day_night: day, objects: {sw: {transformed: false}}}\n",
        hands="[{id: alice, hand_size: 1, library_size: 10}, {id: bob, hand_size: 2, library_size: 10}]",
        cr=("730.2b", "702.145f")), "night"))


def test_one_spell_keeps_it_night() -> None:
    """At night, bob casts one Lightning Bolt in his turn 2: 730.2b needs two or more, so it
    stays night at alice's untap step and Seafaring Werewolf stays transformed."""
    turn = "{active: bob, number: 2, step: precombat_main}"
    passes(_at(game_text(
        "  - {id: sw, card: Seafaring Werewolf, controller: alice, timestamp: 1}\n" + _bolts("bob", 1), turn,
        _casts("bob", 1, "alice") + "    - advance: {step: upkeep, turn: 3}\n    - checkpoint: night\n",
        "    night: {day_night: night, objects: {sw: {transformed: true, name: Seafaring Werewolf}}}\n",
        hands="[{id: alice, library_size: 10}, {id: bob, hand_size: 1, library_size: 10}]",
        cr=("730.2b",)), "night"))


def test_daybound_card_entering_at_night_enters_transformed() -> None:
    """At night, alice's Infestation Expert ("Whenever this creature enters or attacks, create a
    1/1 green Insect creature token.") resolves: it enters transformed (702.145b), as Infested
    Werewolf, whose own ability ("create two 1/1 green Insect creature tokens") is the one that
    sees it enter: two Insects, not one. It didn't transform (no "transform" event)."""
    full("Infestation Expert")
    passes(_at(game_text(
        "  - {id: ie, card: Infestation Expert, owner: alice, zone: hand}\n", MAIN,
        "    - stack: {object: ie, controller: alice}\n    - resolve\n    - checkpoint: entered\n"
        "    - resolve\n    - checkpoint: done\n",
        "    entered: {day_night: night, objects: {ie: {zone: battlefield, transformed: true,"
        " name: Infested Werewolf, power: 4, toughness: 5}}}\n"
        "    done: {stack: [], objects: {ie: {transformed: true}}}\n",
        hands="[{id: alice, hand_size: 1, library_size: 10}, {id: bob, library_size: 10}]",
        cr=("702.145b", "712.14a")), "night"))
    # the tokens: the back face's ability made two (counted from the game's final state)
    from pyengine import api
    from pyengine.scenario import runner

    text = _at(game_text(
        "  - {id: ie, card: Infestation Expert, owner: alice, zone: hand}\n", MAIN,
        "    - stack: {object: ie, controller: alice}\n    - resolve\n    - resolve\n"
        "    - checkpoint: done\n",
        "    done: {stack: []}\n",
        hands="[{id: alice, hand_size: 1, library_size: 10}, {id: bob, library_size: 10}]"), "night")
    scenario = api.loads(text)
    assert runner.run_scenario(scenario).passed
    answer = api.solve(scenario, scenario.query)
    final = answer.final["objects"]
    insects = [o for o in final.values() if o.get("token") and "Insect" in o.get("subtypes", [])]
    assert len(insects) == 2
    assert not any(e.kind == "transform" for e in answer.log)  # it entered so; it didn't transform


def test_daybound_permanent_transforms_only_due_to_daybound() -> None:
    """702.145b: "This permanent can't transform except due to its daybound ability." An
    instruction to transform Suspicious Stowaway (the script's transform, 701.27a) does nothing:
    it stays front face up, and it stays day."""
    passes(game_text(
        "  - {id: st, card: Suspicious Stowaway, controller: alice, timestamp: 1}\n", MAIN,
        "    - transform: st\n    - checkpoint: done\n",
        "    done: {day_night: day, objects: {st: {transformed: false, name: Suspicious Stowaway}}}\n",
        cr=("702.145b",)))


def test_neither_stays_neither_and_nightbound_alone_makes_night() -> None:
    """Without a daybound or nightbound permanent the game stays neither day nor night across
    turns (730.1, 730.2c). A nightbound permanent alone (Seafaring Werewolf named by its back
    face, 701.27g) with neither makes it night (702.145g)."""
    passes(game_text(
        "  - {id: gb, card: Grizzly Bears, controller: alice, timestamp: 1}\n", MAIN,
        "    - advance: {step: upkeep, turn: 4}\n    - checkpoint: done\n",
        "    done: {day_night: neither}\n", cr=("730.2c",)))
    passes(game_text(
        "  - {id: sw, card: Seafaring Werewolf, controller: alice, timestamp: 1}\n", MAIN,
        "    - checkpoint: done\n",
        "    done: {day_night: night, objects: {sw: {transformed: true}}}\n", cr=("702.145g",)))


def test_wordings_left_unrecognised() -> None:
    """A daybound face whose other face has a triggered ability held only as text keeps its
    Daybound/Nightbound paragraph unrecognised: a game turning it over couldn't tell when that
    ability triggers (603.1). Outland Liberator's other face, Frenzied Trapbreaker, has
    "Whenever this creature attacks, destroy target artifact or enchantment defending player
    controls." as text. And "it becomes day" / "if it's night" wordings of other cards are not
    read."""
    freed = oracle.compiled("Outland Liberator")
    assert freed is not None and freed.status == "partial"
    assert [c.text for c in freed.clauses if c.template is None] == ["Daybound"]
    assert "603.1" in next(c.why for c in freed.clauses if c.template is None)
    for name, part in (("Brimstone Vandal", "neither day nor night"),):
        got = oracle.compiled(name)
        assert got is not None and any(part in c.text for c in got.clauses if c.template is None), name


def test_generated_day_night_games_run() -> None:
    """The generated games the coverage runs (pyengine.oracle.execute_day_night): a daybound front
    face becomes night and transforms after alice's turn without spells (730.2a, 702.145c); a
    nightbound back face becomes day after bob's two spells (730.2b, 702.145f); Wildsong Howler's
    "Whenever this creature enters or transforms into Wildsong Howler" runs in the game where
    Howlpack Piper transforms at night (702.145b: no other transform would)."""
    from pyengine.oracle.execute import run_for
    from pyengine.oracle.execute_day_night import day_night_doc, run_day_night

    for name in ("Tovolar's Huntmaster", "Tovolar's Packleader", "Fearful Villager", "Fearsome Werewolf"):
        card = oracle.compiled(name)
        assert card is not None and card.status in ("full", "text-only"), name
        doc = day_night_doc(card)
        assert doc is not None
        assert run_day_night(card) == (True, ""), name
    night = day_night_doc(full("Fearful Villager"))
    assert night is not None and night["expect"]["checkpoints"]["night"]["objects"]["card"] == {
        "transformed": True, "name": "Fearsome Werewolf"}
    assert run_for(full("Wildsong Howler"), "triggered ability") == (True, "")


def test_bad_day_night_names_the_field() -> None:
    """A scenario's day_night is day or night (730.1); anything else is refused, naming it."""
    import pytest

    from pyengine import api
    from pyengine.errors import ScenarioError

    text = _at(game_text("  - {id: gb, card: Grizzly Bears, controller: alice, timestamp: 1}\n", MAIN,
                         "    - checkpoint: done\n", "    done: {day_night: neither}\n"), "dusk")
    with pytest.raises(ScenarioError, match="day_night"):
        api.loads(text)
