"""Looking at (or revealing) the top cards of a library and putting them away
(pyengine/oracle/effects_look.py, pyengine/game/look.py, pyengine/oracle/execute_look.py):
"Look at the top four cards of your library. Put one of them into your hand and the rest on the
bottom of your library in any order." (CR 701.20e look, 701.20a reveal, 701.20b the cards stay in
the library while looked at, 401.4 cards put on the bottom together in the order chosen, 609.3
as much as possible, 608.2c the instructions in order)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.oracle import effects as E
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


IMPULSE = ("Look at the top four cards of your library. Put one of them into your hand and the rest on the "
           "bottom of your library in any order.")
CARDS = [
    _face("Impulse", "{1}{U}", ["Instant"], IMPULSE),
    _face("Mulch", "{1}{G}", ["Sorcery"], "Reveal the top four cards of your library. Put all land cards "
          "revealed this way into your hand and the rest into your graveyard."),
    _face("Commune with Nature", "{G}", ["Sorcery"], "Look at the top five cards of your library. You may "
          "reveal a creature card from among them and put it into your hand. Put the rest on the bottom of "
          "your library in any order."),
    _face("Ancestral Memories", "{2}{U}{U}{U}", ["Sorcery"], "Look at the top seven cards of your library. "
          "Put two of them into your hand and the rest into your graveyard."),
    _face("Elvish Rejuvenator", "{2}{G}", ["Creature"], "When this creature enters, look at the top five "
          "cards of your library. You may put a land card from among them onto the battlefield tapped. Put "
          "the rest on the bottom of your library in a random order.", subtypes=["Elf", "Druid"],
          power="1", toughness="1"),
    _face("Aven Fateshaper", "{6}{U}", ["Creature"], "Flying\nWhen this creature enters, look at the top "
          "four cards of your library, then put them back in any order.", subtypes=["Bird", "Wizard"],
          power="4", toughness="5"),
    # not read: a permanent card (no type word), a card put away without "you may", what happens
    # when none was taken, another player's library
    _face("Adventure Awaits", "{1}{G}", ["Sorcery"], "Look at the top five cards of your library. You may "
          "reveal a creature card from among them and put it into your hand. Put the rest on the bottom of "
          "your library in a random order. If you didn't put a card into your hand this way, draw a card."),
    _face("Board the Weatherlight", "{1}{W}", ["Sorcery"], "Look at the top five cards of your library. You "
          "may reveal a historic card from among them and put it into your hand. Put the rest on the bottom "
          "of your library in a random order. (Artifacts, legendaries, and Sagas are historic.)"),
    _face("Call of the Wild", "{2}{G}{G}", ["Enchantment"], "{2}{G}{G}: Reveal the top card of your library. "
          "If it's a creature card, put it onto the battlefield. Otherwise, put it into your graveyard."),
    _face("Skyclave Invader", "{1}{U}", ["Creature"], "When this creature enters, look at the top card of "
          "your library. If it's a land card, you may put it onto the battlefield. If you don't put the card "
          "onto the battlefield, put it into your hand.", subtypes=["Merfolk"], power="1", toughness="1"),
    _face("Fecund Greenshell", "{3}{G}{G}", ["Creature"], "Whenever a land you control enters, look at the "
          "top card of your library. If it's a land card, you may put it onto the battlefield tapped. "
          "Otherwise, put it into your hand.", subtypes=["Elemental", "Turtle"], power="4", toughness="6"),
    _face("Architects of Will", "{2}{U}{B}", ["Artifact", "Creature"], "When this creature enters, look "
          "at the top four cards of target player's library, then put them back in any order.",
          subtypes=["Human", "Wizard"], power="3", toughness="3"),
]


@pytest.fixture
def look_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None, name
    return got


def test_the_sentences_are_one_look() -> None:
    """One instruction from the sentences that say it (608.2c): how many are looked at, how many
    taken (K, up to K with "you may", all that match), where they go, where the rest go and in
    whose order (401.4)."""
    assert E.effect(IMPULSE, spell=True).do == [
        {"kind": "look", "count": 4, "take": 1, "to": "hand", "rest": "bottom", "order": "any"}]
    got = E.effect("Look at the top two cards of your library. Put one of them into your hand and the other "
                   "into your graveyard.", spell=True)
    assert got.do == [{"kind": "look", "count": 2, "take": 1, "to": "hand", "rest": "graveyard"}]
    got = E.effect("Reveal the top three cards of your library. Put all land cards revealed this way into "
                   "your hand and the rest into your graveyard.", spell=True)
    assert got.do == [{"kind": "look", "count": 3, "reveal": True, "take": "all", "for": "land", "to": "hand",
                       "rest": "graveyard"}]
    got = E.effect("Look at the top four cards of your library. You may reveal an Elf, Warrior, or Tyvar "
                   "card from among them and put it into your hand. Put the rest on the bottom of your "
                   "library in a random order.")
    assert got.do == [{"kind": "look", "count": 4, "take": 1, "up_to": True, "for": "Elf or Warrior or Tyvar",
                       "to": "hand", "rest": "bottom", "order": "random"}]
    got = E.effect("Look at the top two cards of your library. Put one of them into your graveyard.")
    assert got.do == [{"kind": "look", "count": 2, "take": 1, "to": "graveyard"}]  # the other stays on top
    two_left = "Look at the top three cards of your library. Put one of them into your graveyard."
    assert E.effect(two_left) is None  # the order of the two left on top: not said
    got = E.effect("Look at the top three cards of your library, then put them back in any order.")
    assert got.do == [{"kind": "look", "count": 3, "rest": "top", "order": "any"}]
    got = E.effect("Look at the top four cards of your library. You may reveal a permanent card from "
                   "among them and put it into your hand. Put the rest on the bottom of your library in any "
                   "order.")
    permanent = "artifact or battle or creature or enchantment or land or planeswalker"  # 110.4a
    assert got.do[0]["for"] == permanent
    got = E.effect(IMPULSE + " You lose 2 life.", spell=True)  # the next sentence read on its own
    assert [ev["kind"] for ev in got.do] == ["look", "lose_life"]


@pytest.mark.parametrize("text", [
    "Look at the top four cards of your library.",  # where they go: not said
    "Look at the top card of your library. You may put that card into your graveyard.",
    "Look at the top four cards of your library. You may reveal a creature card from among them and put it "
    "into your hand.",  # the rest: not said
    "Look at the top three cards of your library. Put one of them into your hand and the other into your "
    "graveyard.",  # "the other" is one card: two are left
    "Look at the top three cards of your library. Put all land cards revealed this way into your hand and "
    "the rest into your graveyard.",  # none was revealed
    "Look at the top four cards of your library. You may reveal a historic card from among them and put it "
    "into your hand. Put the rest on the bottom of your library in a random order.",
    # "you may" then "otherwise": declining a land card is no "otherwise" (it isn't said where it goes)
    "Look at the top card of your library. If it's a land card, you may put it onto the battlefield tapped. "
    "Otherwise, put it into your hand.",
    "Look at the top card of your library. If it's a land card, you may reveal it and put it into your hand. "
    "If you don't put the card into your hand, you may put it into your graveyard.",
    "Reveal the top card of your library.",
    # inside "may"
    "You may look at the top two cards of your library. Put one of them into your graveyard.",
    "Look at the top four cards of your library. You may reveal a noncreature, nonland card from among them "
    "and put it into your hand. Put the rest on the bottom of your library in a random order.",
    "Look at the top four cards of your library. You may put an instant card from among them onto the "
    "battlefield. Put the rest on the bottom of your library in a random order.",  # 110.4a
    "Reveal the top three cards of your library. Put a creature card from among them into your hand and the "
    "rest on the bottom of your library in a random order.",  # no "you may": not read
    "Look at the top three cards of target player's library, then put them back in any order.",
])
def test_wordings_not_read(text: str) -> None:
    assert E.effect(text, spell=True) is None
    assert E.effect(text) is None


def test_wordings_not_read_stay_text_naming_the_clause(look_data: None) -> None:
    for name, clause in (("Adventure Awaits", "If you didn't put a card"),
                         ("Board the Weatherlight", "historic"),
                         ("Fecund Greenshell", "Otherwise"),
                         ("Architects of Will", "target player's library")):
        got = _compiled(name)
        assert got.status != "full", name
        assert any(clause in c.text and "(text)" in (c.template or "(text)") for c in got.clauses), \
            (name, got.clauses)


def test_the_top_card_taken_if_it_has_the_quality() -> None:
    """One card: "If it's a creature card, put it onto the battlefield" takes it when it is one
    (all of one card), "you may" up to one; "Otherwise" and "If you don't put the card ..." say
    where it goes when it isn't taken; "Look at the top card of your library." alone moves nothing."""
    got = E.effect("Reveal the top card of your library. If it's a creature card, put it onto the "
                   "battlefield. Otherwise, put it into your graveyard.")
    assert got.do == [{"kind": "look", "count": 1, "reveal": True, "take": "all", "for": "creature",
                       "to": "battlefield", "rest": "graveyard"}]
    got = E.effect("Look at the top card of your library. If it's a land card, you may put it onto the "
                   "battlefield. If you don't put the card onto the battlefield, put it into your hand.")
    assert got.do == [{"kind": "look", "count": 1, "take": 1, "for": "land", "to": "battlefield",
                       "up_to": True, "rest": "hand"}]
    got = E.effect("Look at the top card of your library. If it's a land card, you may put it onto the "
                   "battlefield tapped.")
    assert got.do == [{"kind": "look", "count": 1, "take": 1, "for": "land", "to": "battlefield",
                       "up_to": True, "tapped": True}]
    assert E.effect("Look at the top card of your library.").do == [{"kind": "look", "count": 1}]


def _game(objects: str, script: str, expect: str, library: int = 6) -> str:
    return (f"id: cards/look-smoke\ntitle: smoke\ncr: [\"701.20e\"]\nrationale: smoke\n"
            f"players: [{{id: alice, library_size: {library}}}, {{id: bob, library_size: 5}}]\n"
            f"turn: {{active: alice, number: 3, step: precombat_main}}\nobjects:\n{objects}"
            f"query:\n  kind: game\n  script:\n{script}expect:\n"
            + (expect if expect.startswith("  illegal") else f"  checkpoints:\n{expect}"))


TOP = ("  - {id: forest, card: Forest, owner: alice, zone: library}\n"
       "  - {id: giant, card: Hill Giant, owner: alice, zone: library}\n"
       "  - {id: island, card: Island, owner: alice, zone: library}\n")


def _look(choice: str, **fields: Any) -> str:
    ev = ", ".join(f"{k}: {v}" for k, v in {"kind": "look", "player": "alice", **fields}.items())
    return (f"    - look_choice: {{player: alice, {choice}}}\n    - events: [{{{ev}}}]\n"
            "    - checkpoint: done\n")


def _run(text: str) -> Any:
    out = runner.run_scenario(api.loads(text))
    assert out.passed, (out.message, out.diffs)


def test_the_rest_go_on_the_bottom_in_the_order_chosen() -> None:
    """401.4: Island, Forest, then the unknown card looked at, the last the bottom-most; the
    cards below the four looked at are drawn first (121.1)."""
    script = _look("take: [giant], rest: [island, forest, alice-card-1]", count=4, take=1, rest="bottom") + \
        "    - draw: alice\n    - draw: alice\n    - draw: alice\n    - checkpoint: drawn\n"
    _run(_game(TOP, script, "    done: {library: {alice: 5}, hand: {alice: 1}, "
                            "objects: {giant: {zone: hand}}}\n"
                            "    drawn: {library: {alice: 2}, objects: {island: {zone: hand}, "
                            "forest: {zone: library}}}\n"))


def test_put_back_in_any_order_keeps_every_card_on_top_in_that_order() -> None:
    """"Then put them back in any order": Island first; the next draw takes it (121.1)."""
    script = _look("rest: [island, forest, giant]", count=3, rest="top") + "    - draw: alice\n" \
        "    - checkpoint: drawn\n"
    _run(_game(TOP, script, "    done: {library: {alice: 6}}\n"
                            "    drawn: {objects: {island: {zone: hand}, forest: {zone: library}, "
                            "giant: {zone: library}}}\n"))


@pytest.mark.parametrize("choice,fields,rule", [
    ("take: [forest], rest: [giant, island]", {"count": 3, "take": 1, "up_to": "true", "for": "creature"},
     "701.20e"),  # Forest is no creature card
    ("take: [], rest: [forest, giant, island]", {"count": 3, "take": 1}, "609.3"),  # one must be taken
    ("take: [forest, giant], rest: [island]", {"count": 3, "take": 1}, "701.20e"),  # one, not two
    ("take: [giant], rest: [forest]", {"count": 3, "take": 1}, "701.20e"),  # Island put nowhere
    ("take: [forest], rest: [giant, island]", {"count": 3, "take": "all", "for": "land", "reveal": "true"},
     "701.20e"),  # Island is a land card too
])
def test_a_choice_that_does_not_follow_the_instruction_is_refused(choice: str, fields: dict[str, Any],
                                                                  rule: str) -> None:
    _run(_game(TOP, _look(choice, **fields, rest="graveyard"), f'  illegal: {{action: 1, rule: "{rule}"}}\n'))


def test_a_card_whose_face_is_unknown_cannot_be_taken_for_a_quality() -> None:
    """Four looked at: the fourth is an unknown card; whether it is a land card is unknown, so
    "all land cards" can't be followed without naming it, and it can't be taken for a creature."""
    _run(_game(TOP, _look("take: [forest, island], rest: [giant, alice-card-1]", count=4, take="all",
                          **{"for": "land"}, rest="graveyard"), '  illegal: {action: 1, rule: "701.20e"}\n'))
    _run(_game(TOP, _look("take: [alice-card-1], rest: [forest, giant, island]", count=4, take=1,
                          up_to="true", **{"for": "creature"}, rest="bottom"),
               '  illegal: {action: 1, rule: "701.20e"}\n'))


def test_the_top_card_not_taken_goes_where_otherwise_says() -> None:
    """Hill Giant is no land card: it can't be taken, and goes into the hand (the rest)."""
    giant = "  - {id: giant, card: Hill Giant, owner: alice, zone: library}\n"
    land = {"count": 1, "take": "all", "for": "land", "to": "battlefield", "rest": "hand"}
    _run(_game(giant, _look("take: [], rest: [giant]", **land),
               "    done: {hand: {alice: 1}, objects: {giant: {zone: hand}}}\n"))
    _run(_game(giant, _look("take: [giant], rest: []", **land), '  illegal: {action: 1, rule: "701.20e"}\n'))


def test_a_choice_is_needed() -> None:
    script = "    - events: [{kind: look, player: alice, count: 2, take: 1}]\n"
    _run(_game(TOP, script, '  illegal: {action: 0, rule: "701.20e"}\n'))


def test_generated_games_run(look_data: None) -> None:
    """Coverage by execution (pyengine.oracle.execute_look): alice's top cards are named."""
    from pyengine.oracle.execute_triggers import run_game

    for name in ("Impulse", "Mulch", "Commune with Nature", "Ancestral Memories", "Elvish Rejuvenator",
                 "Aven Fateshaper", "Call of the Wild", "Skyclave Invader"):
        card = _compiled(name)
        assert card.status == "full", name
        assert run_game(card) == (True, ""), name
