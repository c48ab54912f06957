"""Alternative costs with riders (pyengine/oracle/keyword_alt.py, pyengine/game/alt_costs.py):
evoke (CR 702.74a) and dash (702.109a) read by the cast engine as alternative costs (118.9,
601.2b, 601.2f), the permanent remembering which was paid; evoke's sacrifice trigger, dash's
haste and its return at the next end step (608.3g). Real cards from the bundled data; the
expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

from tests.oracle import support
from tests.oracle.support import full, game

pytestmark = support.BUNDLED


def _players(pool: str, hand: int = 1) -> list[dict[str, Any]]:
    return [
        {"id": "alice", "hand_size": hand, "library_size": 10, "mana": pool},
        {"id": "bob", "library_size": 10},
    ]


def _passes(
    objects: list[dict[str, Any]],
    script: list[Any],
    expect: dict[str, Any],
    cr: str,
    pool: str,
    hand: int = 1,
) -> None:
    scenario, why = game(objects, script, {"checkpoints": expect}, cr=cr, players=_players(pool, hand))
    assert scenario is not None and not why, why


def _illegal(objects: list[dict[str, Any]], script: list[Any], cr: str, pool: str) -> str:
    """The message of the first illegal action (the game must refuse one)."""
    scenario, why = game(
        objects,
        [*script, {"checkpoint": "after"}],
        {"checkpoints": {"after": {}}},
        cr=cr,
        players=_players(pool),
    )
    assert scenario is None and "illegal" in why, why
    return why


DRIFTER = [{"id": "drifter", "card": "Mulldrifter", "owner": "alice", "zone": "hand"}]


def test_evoke_compiles_into_the_cost_and_its_sacrifice_trigger(bundled_cards: None) -> None:
    """702.74a: "Evoke [cost]" is the alternative cost and "When this permanent enters, if its
    evoke cost was paid, its controller sacrifices it" (an intervening "if", 603.4)."""
    drifter = full("Mulldrifter")
    abilities = drifter.card["abilities"]
    assert {"evoke": "{2}{U}"} in abilities
    sac = [a for a in abilities if isinstance(a, dict) and a.get("text") == "Evoke {2}{U}" and "trigger" in a]
    assert sac == [
        {
            "trigger": {
                "when": {"kind": "enters", "obj": "self"},
                "if": {"exists": {"self": True, "zone": "any", "evoked": True}},
            },
            "do": [{"kind": "sacrifice", "object": "self"}],
            "text": "Evoke {2}{U}",
        }
    ]


def test_evoked_both_enter_abilities_trigger_and_alice_orders_them(bundled_cards: None) -> None:
    """702.74a, 603.3b: cast for {2}{U}, Mulldrifter's draw and evoke's sacrifice both trigger as
    it enters; without an order the game asks for one; with the sacrifice put on the stack
    first, alice draws two (hand 0 -> 2), then Mulldrifter is sacrificed (701.21a)."""
    cast = {"cast": {"spell": "drifter", "alternative": "evoke", "payment": {"pool": "{U}{C}{C}"}}}
    why = _illegal(DRIFTER, [cast, "resolve"], "603.3b", "{U}{C}{C}")
    assert "603.3b" in why and "drifter:1@4" in why and "drifter:3@4" in why
    _passes(
        DRIFTER,
        [
            cast,
            {"order_triggers": {"alice": ["drifter:3@4", "drifter:1@4"]}},
            "resolve",
            "resolve",
            {"checkpoint": "drew"},
            "resolve",
            {"checkpoint": "done"},
        ],
        {
            "drew": {"hand": {"alice": 2}, "objects": {"drifter": {"zone": "battlefield"}}},
            "done": {"stack": [], "hand": {"alice": 2}, "objects": {"drifter": {"zone": "graveyard"}}},
        },
        "702.74a",
        "{U}{C}{C}",
    )


def test_cast_for_its_mana_cost_evoke_does_not_trigger(bundled_cards: None) -> None:
    """603.4: its evoke cost wasn't paid, so only the draw triggers (one resolve empties the
    stack) and Mulldrifter stays."""
    _passes(
        DRIFTER,
        [
            {"cast": {"spell": "drifter", "payment": {"pool": "{U}{C}{C}{C}{C}"}}},
            "resolve",
            "resolve",
            {"checkpoint": "done"},
        ],
        {"done": {"stack": [], "hand": {"alice": 2}, "objects": {"drifter": {"zone": "battlefield"}}}},
        "603.4",
        "{U}{C}{C}{C}{C}",
    )


def test_only_one_alternative_cost_and_only_one_the_card_has(bundled_cards: None) -> None:
    """118.9a: evoke and "without paying its mana cost" together is illegal; 118.9: a card without
    dash can't be cast for a dash cost; the evoke cost must be paid in full (601.2h)."""
    why = _illegal(
        DRIFTER,
        [{"cast": {"spell": "drifter", "alternative": ["evoke", "free"], "payment": {"pool": "{U}{C}{C}"}}}],
        "118.9a",
        "{U}{C}{C}",
    )
    assert "118.9a" in why
    why = _illegal(
        DRIFTER,
        [{"cast": {"spell": "drifter", "alternative": "dash", "payment": {"pool": "{U}{C}{C}"}}}],
        "118.9",
        "{U}{C}{C}",
    )
    assert "no_such_cost" in why
    why = _illegal(
        DRIFTER,
        [{"cast": {"spell": "drifter", "alternative": "evoke", "payment": {"pool": "{U}{C}"}}}],
        "601.2h",
        "{U}{C}",
    )
    assert "601.2" in why


VANGUARD = [{"id": "vanguard", "card": "Alesha's Vanguard", "owner": "alice", "zone": "hand"}]


def test_dashed_it_has_haste_and_returns_at_the_next_end_step(bundled_cards: None) -> None:
    """702.109a: dashed, it has haste, so it attacks the turn it entered (302.6); the delayed
    ability created as it entered (608.3g) returns it to alice's hand at her end step."""
    assert {"dash": "{2}{B}"} in full("Alesha's Vanguard").card["abilities"]
    _passes(
        VANGUARD,
        [
            {"cast": {"spell": "vanguard", "alternative": "dash", "payment": {"pool": "{B}{C}{C}"}}},
            "resolve",
            {"advance": "declare_attackers"},
            {"attack": {"vanguard": "bob"}},
            {"advance": "end"},
            {"checkpoint": "end"},
            "resolve",
            {"checkpoint": "done"},
        ],
        {
            "end": {"step": "end", "life": {"bob": 17}, "objects": {"vanguard": {"zone": "battlefield"}}},
            "done": {"stack": [], "hand": {"alice": 1}, "objects": {"vanguard": {"zone": "hand"}}},
        },
        "702.109a",
        "{B}{C}{C}",
    )


def test_cast_for_its_mana_cost_it_has_no_haste_and_stays(bundled_cards: None) -> None:
    """302.6: not dashed, it can't attack the turn it entered; and nothing returns it at the
    end step (no delayed ability was created: the stack stays empty)."""
    cast = {"cast": {"spell": "vanguard", "payment": {"pool": "{B}{C}{C}{C}"}}}
    why = _illegal(
        VANGUARD,
        [cast, "resolve", {"advance": "declare_attackers"}, {"attack": {"vanguard": "bob"}}],
        "302.6",
        "{B}{C}{C}{C}",
    )
    assert "302.6" in why
    _passes(
        VANGUARD,
        [cast, "resolve", {"advance": "end"}, {"checkpoint": "done"}],
        {"done": {"step": "end", "stack": [], "objects": {"vanguard": {"zone": "battlefield"}}}},
        "702.109a",
        "{B}{C}{C}{C}",
    )


def test_a_dashed_creature_that_left_is_not_returned(bundled_cards: None) -> None:
    """603.7c, 400.7: destroyed before the end step, the card in the graveyard is a new object:
    the delayed ability triggers and leaves it there."""
    objects = [
        {"id": "heel", "card": "Goblin Heelcutter", "owner": "alice", "zone": "hand"},
        {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"},
    ]
    _passes(
        objects,
        [
            {"cast": {"spell": "heel", "alternative": "dash", "payment": {"pool": "{R}{C}{C}"}}},
            "resolve",
            {"cast": {"spell": "bolt", "targets": {"any": ["heel"]}, "payment": {"pool": "{R}"}}},
            "resolve",
            {"advance": "end"},
            {"checkpoint": "end"},
            "resolve",
            {"checkpoint": "done"},
        ],
        {
            "end": {"stack": ["delayed1@15"], "objects": {"heel": {"zone": "graveyard"}}},
            "done": {"stack": [], "objects": {"heel": {"zone": "graveyard"}}},
        },
        "603.7c",
        "{R}{R}{C}{C}",
        hand=2,
    )


def test_generated_games_cast_for_the_alternative_cost(bundled_cards: None) -> None:
    """The generated execution casts an evoke card evoked (its triggers ordered, the card
    sacrificed) and a dash card dashed (it attacks, then returns): both run."""
    from pyengine.oracle.execute_alt import dash_game, evoke_game, run_alt

    assert evoke_game(full("Mulldrifter")) is not None
    assert dash_game(full("Alesha's Vanguard")) is not None
    for name in ("Mulldrifter", "Walker of the Grove", "Alesha's Vanguard"):
        assert run_alt(full(name)) == (True, ""), name


def test_costs_and_riders_not_read_stay_text(bundled_cards: None) -> None:
    """Not read: evoke with a cost that isn't mana (Solitude: "Evoke—Exile a white card from
    your hand.") and a dash cost reduction (Warbringer): their paragraphs stay text-only, the
    keyword named (madness, 702.35, is read now: tests/oracle/test_oracle_madness.py); a blitz cost with life
    in it (Tenacious Underdog: "Blitz—{2}{B}{B}, Pay 2 life.") is not compiled either."""
    from pyengine import oracle

    for name, word in (("Solitude", "evoke"), ("Warbringer", "dash costs")):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full", name
        assert any(c.template == "keywords (text)" and word in c.why for c in got.clauses), (
            name,
            got.clauses,
        )
    underdog = oracle.compiled("Tenacious Underdog")
    assert underdog is not None and underdog.status != "full"
    assert [c.template for c in underdog.clauses if c.text.startswith("Blitz")] in (
        [None],
        ["keywords (text)"],
    )


DECOY = [{"id": "decoy", "card": "Riveteers Decoy", "owner": "alice", "zone": "hand"}]


def test_blitzed_it_attacks_then_is_sacrificed_and_draws(bundled_cards: None) -> None:
    """702.152a: cast for {3}{G}, Riveteers Decoy has haste (it attacks, 302.6) and "When this
    permanent is put into a graveyard from the battlefield, draw a card"; at the end step the
    delayed ability (608.3g) sacrifices it (701.21a); the granted ability looks back in time
    (603.10a) and triggers: alice draws (hand 0 -> 1, library 10 -> 9). Unblocked, the 3/1 dealt
    bob 3 (510.1)."""
    assert {"blitz": "{3}{G}"} in full("Riveteers Decoy").card["abilities"]
    _passes(
        DECOY,
        [
            {"cast": {"spell": "decoy", "alternative": "blitz", "payment": {"pool": "{G}{C}{C}{C}"}}},
            "resolve",
            {"advance": "declare_attackers"},
            {"attack": {"decoy": "bob"}},
            {"advance": "end"},
            "resolve",
            {"checkpoint": "sacrificed"},
            "resolve",
            {"checkpoint": "done"},
        ],
        {
            "sacrificed": {"hand": {"alice": 0}, "objects": {"decoy": {"zone": "graveyard"}}},
            "done": {"stack": [], "hand": {"alice": 1}, "library": {"alice": 9}, "life": {"bob": 17}},
        },
        "702.152a",
        "{G}{C}{C}{C}",
    )


def test_not_blitzed_it_draws_nothing_when_it_dies(bundled_cards: None) -> None:
    """702.152a: cast for its mana cost, it has neither haste nor the draw ability: destroyed by
    Lightning Bolt (a 3/1 dealt 3), nothing triggers and alice's hand stays empty."""
    objects = [*DECOY, {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}]
    _passes(
        objects,
        [
            {"cast": {"spell": "decoy", "payment": {"pool": "{G}{C}"}}},
            "resolve",
            {"cast": {"spell": "bolt", "targets": {"any": ["decoy"]}, "payment": {"pool": "{R}"}}},
            "resolve",
            {"checkpoint": "done"},
        ],
        {
            "done": {
                "stack": [],
                "hand": {"alice": 0},
                "library": {"alice": 10},
                "objects": {"decoy": {"zone": "graveyard"}},
            }
        },
        "702.152a",
        "{G}{C}{R}",
        hand=2,
    )


BARBED = [
    {"id": "barbed", "card": "Barbed Lightning", "owner": "alice", "zone": "hand"},
    {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 5},
]
BOTH = {"creature": ["ogre"], "player": ["bob"]}


def test_entwined_both_modes_for_the_extra_cost(bundled_cards: None) -> None:
    """702.42a: Barbed Lightning ({2}{R}, "Choose one —", "Entwine {2}") cast with its entwine
    cost paid ({2}{R} plus {2}, 601.2f) has both modes: 3 damage to the Gray Ogre (a 2/2: it
    dies, 704.5g) and 3 to bob (20 -> 17)."""
    assert {"entwine": "{2}"} in full("Barbed Lightning").card["abilities"]
    _passes(
        BARBED,
        [
            {
                "cast": {
                    "spell": "barbed",
                    "entwined": True,
                    "modes": [1, 2],
                    "targets": BOTH,
                    "payment": {"pool": "{R}{C}{C}{C}{C}"},
                }
            },
            "resolve",
            {"checkpoint": "done"},
        ],
        {
            "done": {
                "stack": [],
                "mana": {"alice": ""},
                "life": {"bob": 17},
                "objects": {"ogre": {"zone": "graveyard"}, "barbed": {"zone": "graveyard"}},
            }
        },
        "702.42a",
        "{R}{C}{C}{C}{C}",
    )


def test_entwine_is_needed_for_both_modes_and_chooses_them_all(bundled_cards: None) -> None:
    """700.2: without entwine only one mode; 702.42a: entwined, every mode; 601.2h: the entwine
    cost is part of the total cost, so {2}{R} alone doesn't pay for an entwined cast."""
    pool = "{R}{C}{C}{C}{C}"
    why = _illegal(
        BARBED,
        [{"cast": {"spell": "barbed", "modes": [1, 2], "targets": BOTH, "payment": {"pool": "{R}{C}{C}"}}}],
        "700.2",
        pool,
    )
    assert "mode_count" in why
    why = _illegal(
        BARBED,
        [
            {
                "cast": {
                    "spell": "barbed",
                    "entwined": True,
                    "modes": [1],
                    "targets": {"creature": ["ogre"]},
                    "payment": {"pool": pool},
                }
            }
        ],
        "702.42a",
        pool,
    )
    assert "entwine_all_modes" in why
    why = _illegal(
        BARBED,
        [
            {
                "cast": {
                    "spell": "barbed",
                    "entwined": True,
                    "modes": [1, 2],
                    "targets": BOTH,
                    "payment": {"pool": "{R}{C}{C}"},
                }
            }
        ],
        "601.2h",
        pool,
    )
    assert "601.2" in why


def test_generated_entwined_game_runs(bundled_cards: None) -> None:
    """The generated execution casts Barbed Lightning and One Dozen Eyes entwined."""
    from pyengine.oracle.execute_alt import entwine_game, run_alt

    assert entwine_game(full("Barbed Lightning")) is not None
    for name in ("Barbed Lightning", "One Dozen Eyes"):
        assert run_alt(full(name)) == (True, ""), name


SKEWER = [
    {"id": "skewer", "card": "Skewer the Critics", "owner": "alice", "zone": "hand"},
    {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"},
]
BOLT_BOB = {"cast": {"spell": "bolt", "targets": {"any": ["bob"]}, "payment": {"pool": "{R}"}}}


def test_spectacle_after_an_opponent_lost_life(bundled_cards: None) -> None:
    """702.137a: after Lightning Bolt made bob lose 3 life (120.3a), Skewer the Critics ({2}{R},
    "Spectacle {R}") may be cast for {R}: bob 20 -> 17 -> 14."""
    assert {"spectacle": "{R}"} in full("Skewer the Critics").card["abilities"]
    _passes(
        SKEWER,
        [
            BOLT_BOB,
            "resolve",
            {
                "cast": {
                    "spell": "skewer",
                    "alternative": "spectacle",
                    "targets": {"any": ["bob"]},
                    "payment": {"pool": "{R}"},
                }
            },
            "resolve",
            {"checkpoint": "done"},
        ],
        {"done": {"stack": [], "mana": {"alice": ""}, "life": {"bob": 14}}},
        "702.137a",
        "{R}{R}",
        hand=2,
    )


def test_spectacle_and_surge_need_what_happened_this_turn(bundled_cards: None) -> None:
    """702.137a: no opponent has lost life this turn, so the spectacle cost can't be paid;
    702.117a: alice has cast no other spell this turn, so Boulder Salvo's surge cost can't be."""
    why = _illegal(
        SKEWER,
        [
            {
                "cast": {
                    "spell": "skewer",
                    "alternative": "spectacle",
                    "targets": {"any": ["bob"]},
                    "payment": {"pool": "{R}"},
                }
            }
        ],
        "702.137a",
        "{R}",
    )
    assert "no_opponent_lost_life" in why
    salvo = [
        {"id": "salvo", "card": "Boulder Salvo", "owner": "alice", "zone": "hand"},
        {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 5},
    ]
    why = _illegal(
        salvo,
        [
            {
                "cast": {
                    "spell": "salvo",
                    "alternative": "surge",
                    "targets": {"creature": ["ogre"]},
                    "payment": {"pool": "{R}{C}"},
                }
            }
        ],
        "702.117a",
        "{R}{C}",
    )
    assert "no_other_spell_this_turn" in why


def test_surge_after_another_spell_this_turn(bundled_cards: None) -> None:
    """702.117a: alice cast Lightning Bolt this turn, so Boulder Salvo ({4}{R}, "Surge {1}{R}")
    may be cast for {1}{R}: 4 damage to the Gray Ogre, which dies (704.5g)."""
    objects = [
        {"id": "salvo", "card": "Boulder Salvo", "owner": "alice", "zone": "hand"},
        {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"},
        {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 5},
    ]
    _passes(
        objects,
        [
            BOLT_BOB,
            "resolve",
            {
                "cast": {
                    "spell": "salvo",
                    "alternative": "surge",
                    "targets": {"creature": ["ogre"]},
                    "payment": {"pool": "{R}{C}"},
                }
            },
            "resolve",
            {"checkpoint": "done"},
        ],
        {"done": {"stack": [], "mana": {"alice": ""}, "objects": {"ogre": {"zone": "graveyard"}}}},
        "702.117a",
        "{R}{R}{C}",
        hand=2,
    )
