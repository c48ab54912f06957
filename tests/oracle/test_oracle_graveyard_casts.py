"""Retrace (CR 702.81a) and jump-start (702.133a): a card cast from its owner's graveyard by
discarding a land card (retrace) or a card (jump-start) as an additional cost (601.2b,
601.2f-h; asp/cast/graveyard_casts.lp, the cast's ``discard``); a jump-started spell is exiled
whenever it would leave the stack (pyengine/game/graveyard_casts.py). Real cards from the
bundled data; the expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

from tests.oracle import support
from tests.oracle.support import full

pytestmark = support.BUNDLED

JAB = {"id": "jab", "card": "Flame Jab", "owner": "alice", "zone": "graveyard"}
IDEA = {"id": "idea", "card": "Radical Idea", "owner": "alice", "zone": "graveyard"}
MOUNTAIN = {"id": "mountain", "card": "Mountain", "owner": "alice", "zone": "hand"}
BEARS = {"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"}


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], pool: str = "{R}",
         hand: int = 2, bob_pool: str = "") -> tuple[Any, str]:
    import yaml

    from pyengine.oracle.execute import run_generated

    alice: dict[str, Any] = {"id": "alice", "hand_size": hand, "library_size": 10}
    bob: dict[str, Any] = {"id": "bob", "library_size": 10}
    if pool:
        alice["mana"] = pool
    if bob_pool:
        bob["mana"] = bob_pool
        bob["hand_size"] = 1
    doc = {"id": "cards/test", "title": "t", "cr": ["702.81a"], "rationale": "test",
           "players": [alice, bob], "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": objects, "query": {"kind": "game", "script": script},
           "expect": {"checkpoints": expect}}
    return run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)


def _passes(*args: Any, **kw: Any) -> None:
    scenario, why = _run(*args, **kw)
    assert scenario is not None and not why, why


def _illegal(objects: list[dict[str, Any]], cast: dict[str, Any], pool: str = "{R}") -> str:
    scenario, why = _run(objects, [{"cast": cast}, {"checkpoint": "after"}], {"after": {}}, pool)
    assert scenario is None and "illegal" in why, why
    return why


def _jab(discard: list[str] | None, pool: str = "{R}") -> dict[str, Any]:
    cast: dict[str, Any] = {"player": "alice", "spell": "jab", "targets": {"any": ["bob"]}}
    if pool:
        cast["payment"] = {"pool": pool}
    if discard is not None:
        cast["discard"] = discard
    return cast


def test_the_keywords_are_read(bundled_cards: None) -> None:
    """702.81a, 702.133a: "Retrace" and "Jump-start" are held by name and read by the cast
    engine: Flame Jab and Radical Idea compile fully."""
    assert {"text": "Retrace"} in full("Flame Jab").card["abilities"]
    assert {"text": "Jump-start"} in full("Radical Idea").card["abilities"]


def test_retrace_cast_from_the_graveyard_discarding_a_land_and_again(bundled_cards: None) -> None:
    """702.81a: alice casts Flame Jab from her graveyard paying {R} and discarding a Mountain
    (601.2f-h, 701.9a): bob 20 -> 19, Flame Jab back in her graveyard (608.2n) and the Mountain
    there too (hand 2 -> 1). Retrace works from the graveyard each time: she casts it again
    discarding her second Mountain (bob 19 -> 18, hand 0)."""
    second = {**MOUNTAIN, "id": "mountain2"}
    _passes(
        [JAB, MOUNTAIN, second],
        [{"cast": _jab(["mountain"])}, {"checkpoint": "cast"}, "resolve", {"checkpoint": "once"},
         {"cast": _jab(["mountain2"])}, "resolve", {"checkpoint": "twice"}],
        {"cast": {"hand": {"alice": 1},
                  "objects": {"jab": {"zone": "stack"}, "mountain": {"zone": "graveyard"}}},
         "once": {"life": {"bob": 19}, "objects": {"jab": {"zone": "graveyard"}}},
         "twice": {"life": {"bob": 18}, "hand": {"alice": 0}, "stack": [],
                   "objects": {"jab": {"zone": "graveyard"}, "mountain2": {"zone": "graveyard"}}}},
        pool="{R}{R}",
    )


def test_retrace_discards_a_land_card(bundled_cards: None) -> None:
    """702.81a "discarding a land card": Grizzly Bears is no land card (601.2h)."""
    why = _illegal([JAB, MOUNTAIN, BEARS], _jab(["bears"]))
    assert "702.81a" in why and "discard_land" in why


def test_retrace_needs_the_discard(bundled_cards: None) -> None:
    """702.81a, 601.3: without the additional cost Flame Jab can't be cast from the graveyard."""
    why = _illegal([JAB, MOUNTAIN], _jab(None))
    assert "702.81a" in why or "601.3" in why


def test_retrace_pays_the_mana_cost_too(bundled_cards: None) -> None:
    """702.81a "in addition to paying its other costs": with an empty pool the cast fails at
    601.2h (its mana cost {R} unpaid)."""
    why = _illegal([JAB, MOUNTAIN], _jab(["mountain"], pool=""), pool="")
    assert "601.2h" in why


def test_only_from_its_owners_graveyard(bundled_cards: None) -> None:
    """702.81a "from your graveyard": bob's Flame Jab in his graveyard can't be cast by alice
    (601.3), even discarding a land."""
    why = _illegal([{**JAB, "owner": "bob"}, MOUNTAIN], _jab(["mountain"]))
    assert "601.3" in why or "118.8" in why


def test_a_card_in_hand_doesnt_discard(bundled_cards: None) -> None:
    """118.8: cast from the hand, Flame Jab has no discard to pay: a discard given is refused."""
    hand = {**JAB, "zone": "hand"}
    why = _illegal([hand, MOUNTAIN], _jab(["mountain"]))
    assert "118.8" in why or "601.2b" in why


def test_jump_start_discards_any_card_and_is_exiled(bundled_cards: None) -> None:
    """702.133a: Radical Idea ({1}{U} instant, "Draw a card.") cast from alice's graveyard
    discarding Grizzly Bears (any card): she draws (hand 2 -> 1 -> 2, library 10 -> 9), and
    the card is exiled instead of put into her graveyard; the Bears are in her graveyard."""
    _passes(
        [IDEA, BEARS, MOUNTAIN],
        [{"cast": {"spell": "idea", "discard": ["bears"], "payment": {"pool": "{1}{U}"}}}, "resolve",
         {"checkpoint": "done"}],
        {"done": {"hand": {"alice": 2}, "library": {"alice": 9}, "stack": [],
                  "objects": {"idea": {"zone": "exile"}, "bears": {"zone": "graveyard"}}}},
        pool="{1}{U}",
    )


def test_jump_started_and_countered_it_is_exiled(bundled_cards: None) -> None:
    """702.133a "any time it would leave the stack": Direct Current jump-started at bob, bob
    counters it with Counterspell (701.6a): it is exiled, not put into alice's graveyard; bob
    stays at 20."""
    current = {"id": "current", "card": "Direct Current", "owner": "alice", "zone": "graveyard"}
    counter = {"id": "counter", "card": "Counterspell", "owner": "bob", "zone": "hand"}
    cast = {"cast": {"spell": "current", "targets": {"any": ["bob"]}, "discard": ["bears"],
                     "payment": {"pool": "{1}{R}{R}"}}}
    answer = {"cast": {"player": "bob", "spell": "counter", "targets": {"spell": ["current"]},
                       "payment": {"pool": "{U}{U}"}}}
    _passes(
        [current, BEARS, counter],
        [cast, {"pass": "alice"}, answer, "resolve", {"checkpoint": "countered"}],
        {"countered": {"life": {"bob": 20}, "stack": [],
                       "objects": {"current": {"zone": "exile"}, "counter": {"zone": "graveyard"}}}},
        pool="{1}{R}{R}", hand=1, bob_pool="{U}{U}",
    )


def test_generated_graveyard_cast_games_run(bundled_cards: None) -> None:
    """The generated games (pyengine.oracle.execute_gy_cast) of a retrace and a jump-start card."""
    from pyengine.oracle.execute_gy_cast import gy_cast_game, run_gy_cast

    for name in ("Flame Jab", "Radical Idea", "Raven's Crime"):
        card = full(name)
        assert gy_cast_game(card) is not None, name
        assert run_gy_cast(card) == (True, ""), name
