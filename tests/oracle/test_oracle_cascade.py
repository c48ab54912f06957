"""Cascade (CR 702.85a-c) and discover N (701.57a): exile cards from the top of a library until a
nonland card of a small enough mana value, cast it without paying its mana cost (an alternative
cost, 118.9; during the resolution, 608.2g) or not, the rest on the bottom
(pyengine/oracle/keyword_cascade.py, pyengine/game/cascade.py, the cast engine's free_window).
Real cards from the bundled data; the expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

from tests.oracle import support
from tests.oracle.support import full, game

pytestmark = support.BUNDLED

ELF = {"id": "elf", "card": "Bloodbraid Elf", "owner": "alice", "zone": "hand"}
ELF_CAST = {"cast": {"spell": "elf", "player": "alice", "payment": {"pool": "{2}{R}{G}"}}}
ELF_POOL = [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": "{2}{R}{G}"},
            {"id": "bob", "library_size": 10}]


def _lib(*cards: tuple[str, str]) -> list[dict[str, Any]]:
    return [{"id": oid, "card": name, "owner": "alice", "zone": "library"} for oid, name in cards]


def _passes(objects: list[Any], script: list[Any], checks: dict[str, Any], cr: str, **kw: Any) -> None:
    scenario, why = game(objects, script, {"checkpoints": checks}, cr=cr, **kw)
    assert scenario is not None and not why, why


def _fails(objects: list[Any], script: list[Any], cr: str, **kw: Any) -> str:
    scenario, why = game(objects, [*script, {"checkpoint": "after"}], {"checkpoints": {"after": {}}},
                         cr=cr, **kw)
    assert scenario is None, "expected the game to stop"
    return why


# --- compiling ---------------------------------------------------------------------------------

def test_cascade_is_a_cast_trigger_of_the_spell(bundled_cards: None) -> None:
    """702.85a: "When you cast this spell, ..." with the instruction cascade."""
    abilities = full("Bloodbraid Elf").card["abilities"]
    assert {"trigger": {"when": {"kind": "cast", "obj": "self", "player": "you"}},
            "do": [{"kind": "cascade"}], "text": "Cascade"} in abilities


def test_each_instance_of_cascade_is_its_own_ability(bundled_cards: None) -> None:
    """702.85c: "Cascade, cascade" triggers twice; Apex Devastator's four instances, four times."""
    def count(name: str) -> int:
        from pyengine.oracle.keyword_cascade import is_cascade

        return sum(1 for a in full(name).card["abilities"] if is_cascade(a))

    assert count("Maelstrom Wanderer") == 2
    assert count("Apex Devastator") == 4


def test_discover_n_is_an_instruction(bundled_cards: None) -> None:
    """701.57a: "discover 3" in a triggered ability (with the intervening "if you cast it", 603.4)
    and "Discover 4." in a sorcery."""
    abilities = full("Geological Appraiser").card["abilities"]
    trig = [a for a in abilities if isinstance(a, dict) and "trigger" in a]
    assert trig[0]["do"] == [{"kind": "discover", "count": 3}]
    assert {"kind": "discover", "count": 4} in full("Daring Discovery").card["does"]["do"]


def test_what_reads_the_discovered_card_stays_text(bundled_cards: None) -> None:
    """701.57c: "the discovered card" is not read; Hit the Mother Lode's paragraph stays text,
    as do the other "until you exile a nonland card" wordings (their own choices and riders)."""
    from pyengine import oracle
    from pyengine.oracle.templates import TEXT_ONLY

    for name, clause in (("Hit the Mother Lode", "discovered card"),
                         ("Jodah, the Unifier", "until you exile a legendary nonland card"),
                         ("Amped Raptor", "rather than paying its mana cost"),
                         # the other cards exiled stay in exile: no cascade, no discover
                         ("Wanda's Vision", "You may cast that card without paying its mana cost")):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full", name
        held = [c.text for c in got.clauses if c.template is None or c.template in TEXT_ONLY]
        assert any(clause in t for t in held), (name, held)


# --- the cast engine --------------------------------------------------------------------------

def _verdict(zone: str, free: tuple[str, int] | None, alternative: tuple[str, ...] = ("free",),
             card: str = "Gray Ogre", form: str | None = None) -> Any:
    from pyengine import api
    from pyengine.cast.model import Payment, Proposal
    from pyengine.cast.service import check_cast

    text = (f"id: cards/test\ntitle: t\ncr: [\"702.85a\"]\nrationale: t\nplayers: [alice, bob]\n"
            f"turn: {{active: alice, step: precombat_main}}\n"
            f"objects:\n  - {{id: c, card: {card}, owner: alice, zone: {zone}}}\n"
            "query: {kind: characteristics, objects: [c], fields: [name]}\nexpect: {c: {name: x}}\n")
    state = api.loads(text).state
    pr = Proposal("c", "alice", alternative=alternative, payment=Payment(), form=form)
    return check_cast(state, pr, free=free)


def _checks(verdict: Any) -> set[str]:
    return {v.check for v in verdict.violations}


def test_free_window_compares_the_resulting_spells_mana_value(bundled_cards: None) -> None:
    """702.85a: Gray Ogre (mana value 3) exiled by a cascade of a mana value 4 spell may be cast
    without paying (3 < 4), not by one of mana value 3 (not less); 701.57a: discover 3 allows
    it (3 <= 3), discover 2 doesn't. It is cast from exile only in that window (601.3), and only
    without paying its mana cost (118.9b)."""
    assert _verdict("exile", ("lt", 4)).legal
    assert "mana_value_not_less" in _checks(_verdict("exile", ("lt", 3)))
    assert _verdict("exile", ("lte", 3)).legal
    assert "mana_value_greater" in _checks(_verdict("exile", ("lte", 2)))
    assert "not_from_zone" in _checks(_verdict("exile", None))
    assert "free_cast_only" in _checks(_verdict("exile", ("lt", 4), alternative=()))


def test_a_split_cards_half_is_the_resulting_spell(bundled_cards: None) -> None:
    """709.3b, 702.85a: cast as Fire, the spell's mana value is Fire's (2), less than 3, though
    the card's is 4 (709.4); cast fused (702.102c: both halves, 4) it isn't."""
    assert _verdict("exile", ("lt", 3), card="Fire // Ice", form="face1").legal
    assert "mana_value_not_less" in _checks(_verdict("exile", ("lt", 3), card="Fire // Ice", form="fused"))


# --- games --------------------------------------------------------------------------------------

def test_bloodbraid_elf_cascades_past_lands_and_an_equal_mana_value(bundled_cards: None) -> None:
    """702.85a: Bloodbraid Elf (mana value 4) exiles a Forest (a land), Fire // Ice (709.4: a split
    card's mana value outside the stack is both halves', 4, not less than 4) and Gray Ogre (3);
    alice casts Gray Ogre without paying its mana cost (608.2g: on the stack above the Elf, which
    is still there). The Forest and Fire // Ice go to the bottom of her library (401.4)."""
    objs = [ELF, *_lib(("forest", "Forest"), ("fi", "Fire // Ice"), ("ogre1", "Gray Ogre"))]
    script = [{"cascade_choice": {"player": "alice", "cast": {"spell": "ogre1"}}}, ELF_CAST, "resolve",
              {"checkpoint": "cascaded"}, "resolve", "resolve", {"checkpoint": "done"}]
    checks = {"cascaded": {"objects": {"ogre1": {"zone": "stack"}, "elf": {"zone": "stack"},
                                       "forest": {"zone": "library"}, "fi": {"zone": "library"}},
                           "library": {"alice": 9}, "mana": {"alice": ""}},
              "done": {"stack": [], "objects": {"ogre1": {"zone": "battlefield"},
                                                 "elf": {"zone": "battlefield"}}}}
    _passes(objs, script, checks, "702.85a", players=ELF_POOL)


def test_cascade_declined_puts_the_card_on_the_bottom_too(bundled_cards: None) -> None:
    """702.85a: "all cards exiled this way that weren't cast" go to the bottom: the Gray Ogre
    not cast as well as the Forest; the library keeps its ten cards."""
    objs = [ELF, *_lib(("forest", "Forest"), ("ogre1", "Gray Ogre"))]
    script = [{"cascade_choice": {"player": "alice", "cast": False}}, ELF_CAST, "resolve",
              {"checkpoint": "cascaded"}]
    checks = {"cascaded": {"objects": {"ogre1": {"zone": "library"}, "forest": {"zone": "library"},
                                       "elf": {"zone": "stack"}}, "library": {"alice": 10}}}
    _passes(objs, script, checks, "702.85a", players=ELF_POOL)


def test_an_empty_library_ends_the_exiling(bundled_cards: None) -> None:
    """702.85a, 609.3: a library of two lands: both exiled, nothing found, nothing to choose,
    both back on the bottom."""
    players = [{**ELF_POOL[0], "library_size": 2}, ELF_POOL[1]]
    objs = [ELF, *_lib(("forest", "Forest"), ("forest2", "Forest"))]
    checks = {"cascaded": {"objects": {"forest": {"zone": "library"}, "forest2": {"zone": "library"}},
                           "library": {"alice": 2}}}
    _passes(objs, [ELF_CAST, "resolve", {"checkpoint": "cascaded"}], checks, "702.85a", players=players)


def test_the_choice_is_asked_for_and_names_the_card_found(bundled_cards: None) -> None:
    """608.2d: the game doesn't choose for alice; a choice casting another card than the one
    found is refused (702.85a: "that card")."""
    objs = [ELF, *_lib(("forest", "Forest"), ("ogre1", "Gray Ogre"), ("bears", "Grizzly Bears"))]
    why = _fails(objs, [ELF_CAST, "resolve"], "702.85a", players=ELF_POOL)
    assert "cascade_choice" in why and "ogre1" in why
    other = {"cascade_choice": {"player": "alice", "cast": {"spell": "bears"}}}
    why = _fails(objs, [other, ELF_CAST, "resolve"], "702.85a", players=ELF_POOL)
    assert "found ogre1" in why


def test_without_paying_its_mana_cost_only_when_an_effect_allows_it(bundled_cards: None) -> None:
    """118.9: "without paying its mana cost" is an alternative cost an effect offers; at
    priority, with no cascade or discover resolving, alice can't cast Bloodbraid Elf that way."""
    why = _fails([ELF], [{"cast": {"spell": "elf", "player": "alice", "alternative": "free"}}], "118.9")
    assert "118.9" in why and "without paying its mana cost" in why


def test_an_unnamed_library_card_stops_the_game(bundled_cards: None) -> None:
    """The library's unnamed cards have no known characteristics: the game refuses to guess
    whether the next one is a nonland card of lesser mana value."""
    why = _fails([ELF, *_lib(("forest", "Forest"))], [ELF_CAST, "resolve"], "702.85a", players=ELF_POOL)
    assert "unnamed" in why


def test_discover_puts_the_card_not_cast_into_the_hand(bundled_cards: None) -> None:
    """701.57a: Geological Appraiser cast from alice's hand enters; "if you cast it" holds (603.4)
    and discover 3 exiles a Forest and Shivan Dragon (mana value 6, more than 3) and finds Gray
    Ogre (3 or less). She doesn't cast it: it goes into her hand; the Forest and the Dragon to
    the bottom."""
    objs = [{"id": "app", "card": "Geological Appraiser", "owner": "alice", "zone": "hand"},
            *_lib(("forest", "Forest"), ("dragon", "Shivan Dragon"), ("ogre1", "Gray Ogre"))]
    players = [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": "{2}{R}{R}"},
               {"id": "bob", "library_size": 10}]
    script = [{"discover_choice": {"player": "alice", "cast": False}},
              {"cast": {"spell": "app", "player": "alice", "payment": {"pool": "{2}{R}{R}"}}},
              "resolve", "resolve", {"checkpoint": "done"}]
    checks = {"done": {"stack": [], "hand": {"alice": 1}, "library": {"alice": 9},
                       "objects": {"app": {"zone": "battlefield"}, "ogre1": {"zone": "hand"},
                                   "forest": {"zone": "library"}, "dragon": {"zone": "library"}}}}
    _passes(objs, script, checks, "701.57a", players=players)


def test_discover_cast_a_split_card_as_one_half(bundled_cards: None) -> None:
    """701.57a, 709.3b: discover 4 finds Fire // Ice (4, 4 or less); alice casts Fire at bob
    without paying (its mana value 2); it deals 2 damage split as she announces (601.2d)."""
    # Daring Discovery discovers 4 as it resolves; its "up to three" targets: none chosen
    objs = [{"id": "dd", "card": "Daring Discovery", "owner": "alice", "zone": "hand"},
            *_lib(("fi", "Fire // Ice"))]
    players = [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": "{4}{R}"},
               {"id": "bob", "library_size": 10}]
    fire = {"spell": "fi", "as": "Fire", "targets": {"fire": ["bob"]}, "divide": {"bob": 2},
            # the catalog's Fire // Ice says what a half does only in the cast (its halves' does:)
            "effect": [{"kind": "damage", "source": "fi", "target": "bob", "amount": 2}]}
    script = [{"discover_choice": {"player": "alice", "cast": fire}},
              {"cast": {"spell": "dd", "player": "alice", "payment": {"pool": "{4}{R}"}}},
              "resolve", {"checkpoint": "discovered"}, "resolve", {"checkpoint": "done"}]
    checks = {"discovered": {"objects": {"fi": {"zone": "stack"}, "dd": {"zone": "graveyard"}}},
              "done": {"stack": [], "life": {"bob": 18}, "objects": {"fi": {"zone": "graveyard"}}}}
    _passes(objs, script, checks, "701.57a", players=players)


def test_generated_games_run(bundled_cards: None) -> None:
    """The coverage's games: a permanent and an instant with cascade, a discover trigger."""
    from pyengine.oracle.execute import run_for

    for name, template in (("Bloodbraid Elf", "keywords"), ("Violent Outburst", "spell ability"),
                           ("Geological Appraiser", "triggered ability")):
        assert run_for(full(name), template) == (True, ""), name


def test_the_cascade_spells_x_counts_in_its_mana_value(bundled_cards: None) -> None:
    """202.3e, 702.85a: Let the Galaxy Burn ({X}{5}{R}) cast with X = 2 has mana value 8 on the
    stack: its cascade finds Shivan Dragon (6, less than 8); with X = 0 (mana value 6) the Dragon
    isn't less and Grizzly Bears (2) is found. (Its damage paragraph is text: the cast says
    what it does.)"""
    for x, found in ((2, "dragon"), (0, "bears")):
        objs = [{"id": "burn", "card": "Let the Galaxy Burn", "owner": "alice", "zone": "hand"},
                *_lib(("dragon", "Shivan Dragon"), ("bears", "Grizzly Bears"))]
        pool = "{C}" * (5 + x) + "{R}"
        players = [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": pool},
                   {"id": "bob", "library_size": 10}]
        cast = {"spell": "burn", "player": "alice", "x": x, "payment": {"pool": pool},
                "effect": [{"kind": "gain_life", "player": "alice", "amount": 1}]}
        choice = {"cascade_choice": {"player": "alice", "cast": {"spell": found}}}
        script = [choice, {"cast": cast}, "resolve", {"checkpoint": "cascaded"}]
        checks = {"cascaded": {"objects": {found: {"zone": "stack"}}}}
        _passes(objs, script, checks, "202.3e", players=players)
