"""Searching a library (CR 701.23) and shuffling it (701.24) in a game: the cards found are the
script's choice (checked against the stated quality, 701.23a; none may be found, 701.23b), they
move through the replacement engine (onto the battlefield tapped, or into the hand), then the
library is shuffled (its order unknown); the compiler's "Search your library for a ... card, ...,
then shuffle." sentences, the wordings left as text, and the generated games of real cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyengine.game import IllegalAction, new_game
from pyengine.game.library import LookChoice
from pyengine.game.perform import perform
from pyengine.model.enums import Zone
from pyengine.model.objects import Player
from pyengine.oracle import effects as E
from pyengine.replacement.event import Event
from tests.game.helpers import card, state


def _game():  # type: ignore[no-untyped-def]
    """Alice's library of 6: Forest, Hill Giant, Island named on top, three unnamed cards."""
    lib = tuple(replace(card(i, n, "alice"), zone=Zone.LIBRARY)
                for i, n in (("forest", "Forest"), ("giant", "Hill Giant"), ("island", "Island")))
    players = (Player("alice", library_size=6), Player("bob", library_size=5))
    return new_game(state(*lib, players=players))


def _search(quality: str, to: str, *, tapped: bool = False, count: int = 1) -> Event:
    return Event("search", (("player", ("p", "alice")), ("for", quality), ("count", count), ("to", to),
                            ("tapped", tapped), ("reveal", False)))


def _obj(game, oid: str):  # type: ignore[no-untyped-def]
    return next((o for o in game.state.objects if o.id == oid), None)


def test_a_basic_land_found_enters_tapped_and_the_library_is_shuffled() -> None:
    game = _game().apply(LookChoice("alice", "search", ("island",), ()))
    game = perform(game, [_search("basic land", "battlefield", tapped=True)], rule="701.23a")
    island = _obj(game, "island")
    assert island.zone == Zone.BATTLEFIELD and island.tapped  # "put it onto the battlefield tapped"
    assert game.state.player("alice").library_size == 5  # one card left the library
    # 701.24a: after the shuffle no library card is known to be anywhere: the named ones are unnamed
    assert _obj(game, "forest") is None and _obj(game, "giant") is None
    assert [e.kind for e in game.log if e.kind in ("search", "shuffle")] == ["search", "shuffle"]
    drawn = perform(game, [Event("draw", (("player", ("p", "alice")), ("count", 1)))], rule="121.1")
    assert drawn.log[-1].obj is None  # the top card is an unknown one now


def test_a_card_found_for_the_hand_goes_to_the_hand() -> None:
    game = _game().apply(LookChoice("alice", "search", ("forest",), ()))
    game = perform(game, [_search("Forest", "hand")], rule="701.23a")
    assert _obj(game, "forest").zone == Zone.HAND and game.state.player("alice").hand_size == 1


def test_a_card_of_one_of_the_alternatives_may_be_found() -> None:
    game = _game().apply(LookChoice("alice", "search", ("island",), ()))
    game = perform(game, [_search("Plains or Island", "battlefield")], rule="701.23a")
    assert _obj(game, "island").zone == Zone.BATTLEFIELD and not _obj(game, "island").tapped
    refused = _game().apply(LookChoice("alice", "search", ("forest",), ()))
    with pytest.raises(IllegalAction, match="not a Plains or Island card"):
        perform(refused, [_search("Plains or Island", "battlefield")], rule="701.23a")


def test_a_player_may_find_nothing_for_a_stated_quality() -> None:
    game = _game().apply(LookChoice("alice", "search", (), ()))
    game = perform(game, [_search("basic land", "battlefield", tapped=True)], rule="701.23b")
    assert game.state.player("alice").library_size == 6  # 701.23b: nothing found, still shuffled
    assert game.log[-1].kind == "shuffle"


@pytest.mark.parametrize("choice,why", [
    (None, "give {search_choice"),
    (LookChoice("alice", "search", ("giant",), ()), "not a basic land card"),  # 701.23a: the description
    (LookChoice("alice", "search", ("forest", "island"), ()), "up to 1"),
    (LookChoice("alice", "scry", ("forest",), ()), "scry's"),
    (LookChoice("bob", "search", (), ()), "give {search_choice"),  # another player's choice
])
def test_a_search_without_a_fitting_choice_is_refused(choice: LookChoice | None, why: str) -> None:
    game = _game()
    if choice is not None:
        game = game.apply(choice)
    with pytest.raises(IllegalAction) as err:
        perform(game, [_search("basic land", "battlefield")], rule="701.23a")
    assert err.value.rule == "701.23a" and why in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("text,ev", [
    ("Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.",
     {"kind": "search", "for": "basic land", "to": "battlefield", "tapped": True}),
    ("Search your library for a basic land card, reveal it, put it into your hand, then shuffle.",
     {"kind": "search", "for": "basic land", "to": "hand", "reveal": True}),
    ("Search your library for up to two basic land cards, put them onto the battlefield tapped, "
     "then shuffle.",
     {"kind": "search", "for": "basic land", "count": 2, "to": "battlefield", "tapped": True}),
    ("Search your library for a Forest card, put that card onto the battlefield, then shuffle.",
     {"kind": "search", "for": "Forest", "to": "battlefield"}),
    ("Search your library for a creature card, reveal it, put it into your hand, then shuffle.",
     {"kind": "search", "for": "creature", "to": "hand", "reveal": True}),
    ("Search your library for a Plains, Island, Swamp, or Mountain card, put it onto the battlefield tapped, "
     "then shuffle.",  # Farseek: any one of the four types (701.23a)
     {"kind": "search", "for": "Plains or Island or Swamp or Mountain", "to": "battlefield", "tapped": True}),
    ("Search your library for a basic Forest, Plains, or Island card, reveal that card, "
     "put it into your hand, then shuffle.",
     {"kind": "search", "for": "basic Forest or basic Plains or basic Island", "to": "hand", "reveal": True}),
])
def test_search_sentences_compile(text: str, ev: dict) -> None:
    got = E.effect(text, spell=True)
    assert got is not None and got.do == [ev]


@pytest.mark.parametrize("text", [
    "Search your library for a card, put that card into your hand, then shuffle.",  # 701.23d: must find
    "Search your library for a creature or land card, reveal it, put it into your hand, then shuffle.",
    "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield "
    "tapped and the other into your hand, then shuffle.",
    "Search your library for an instant card, put it onto the battlefield, then shuffle.",
    "Search your library for a planeswalker card, put it onto the battlefield, then shuffle.",
    "Search your library for a basic land card, reveal it, then shuffle and put that card on top.",
    "Search your library for a card with mana value 3, reveal it, put it into your hand, then shuffle.",
])
def test_search_wordings_not_followed_stay_text(text: str) -> None:
    assert E.effect(text, spell=True) is None


@pytest.mark.parametrize("name", ["Rampant Growth", "Evolving Wilds", "Sylvan Ranger", "Wood Elves",
                                  "Farseek"])
def test_real_search_cards_run_in_their_generated_games(name: str) -> None:
    data = pytest.importorskip("pyengine.oracle.data")
    if not data.available():
        pytest.skip("no card data")
    from pyengine.oracle.compile import compile_card
    from pyengine.oracle.execute import run_for

    compiled = compile_card(data.load().get(name.lower()))
    assert compiled.status == "full"
    template = next(c.template for c in compiled.clauses
                    if c.template in ("triggered ability", "spell ability", "activated ability"))
    ok, why = run_for(compiled, template)
    assert ok, why


def test_generated_games_find_a_card_of_each_quality_read() -> None:
    """Every quality the compiler reads has a catalog card of that quality for the generated
    game to find (else the generated game would not run)."""
    from pyengine.oracle.execute_library import with_searches

    for quality in ("basic land", "land", "Forest", "basic Island", "creature", "artifact", "enchantment",
                    "instant", "sorcery"):
        doc = {"objects": [], "query": {"script": []}, "expect": {"checkpoints": {"done": {}}}}
        got = with_searches(doc, [{"kind": "search", "for": quality, "to": "hand"}])
        assert got is not None and got["objects"][0]["zone"] == "library", quality
        assert got["expect"]["checkpoints"]["done"]["objects"] == {"found-1": {"zone": "hand"}}
