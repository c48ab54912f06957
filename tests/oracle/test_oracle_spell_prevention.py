"""Prevention effects a spell creates as it resolves, on real cards (CR 615.1a, 611.2a, 514.2;
the pyengine[cards] extra, skipped without it): "Prevent all combat damage that would be dealt
this turn." (Holy Day), "Prevent all damage that would be dealt to creatures this turn."
(Forfend), "... to target creature this turn." (Indestructible Aura). Each compiles as its rule
says, games with them answer as the rules say (combat damage prevented, noncombat damage not,
nothing prevented the next turn), and wordings not followed stay text."""

from __future__ import annotations

from typing import Any

from pyengine import oracle
from pyengine.oracle import execute
from tests.oracle import support

pytestmark = support.BUNDLED

BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1}
OGRE = {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 2}


def _cast(card: str, oid: str, who: str = "alice", targets: tuple[str, ...] = ()) -> dict[str, Any]:
    more = {"targets": list(targets)} if targets else {}
    return {"stack": {"card": card, "id": oid, "controller": who, **more}}


def _attack(before: list[Any], fog: bool) -> list[Any]:
    """alice attacks bob with her Bears, no block; bob casts Holy Day in the declare blockers
    step (alice, the active player, receives priority first and passes: 117.3a) when ``fog``;
    combat damage."""
    cast = [{"pass": "alice"}, _cast("Holy Day", "day", "bob"), "resolve"]
    return [*before, {"advance": "declare_attackers"}, {"attack": {"bears": "bob"}},
            {"advance": "declare_blockers"}, {"block": {}}, *(cast if fog else []),
            {"advance": "combat_damage"}, {"assign": "default"}, {"checkpoint": "dealt"}]


# --- compiled forms --------------------------------------------------------------------------

def test_fog_is_a_prevention_of_every_combat_damage_event() -> None:
    # 615.1a: no target, no source or recipient named; "this turn" (514.2) is its duration
    for name in ("Holy Day", "Angelsong"):
        card = support.full(name).card
        assert card["resolves"] == {"prevent": {"event": {"kind": "damage", "combat": True}, "amount": "all"}}
        assert "casting" not in card


def test_group_and_target_recipients() -> None:
    forfend = support.full("Forfend").card
    assert forfend["resolves"]["prevent"]["event"] == {
        "kind": "damage", "target": {"objects": {"types": ["Creature"], "zone": "battlefield"}}}
    aura = support.full("Indestructible Aura").card
    on_target = {"kind": "damage", "target": "affected"}
    assert aura["resolves"] == {"prevent": {"event": on_target, "amount": "all"}}
    assert aura["casting"]["targets"][0]["what"] == {"types": ["Creature"]}


def test_wordings_not_followed_stay_text() -> None:
    # "dealt by target creature" (Subdue), a chosen source (615.7), "nongreen creatures"
    for name, words in (("Subdue", "dealt by target creature"),
                        ("Hunter's Ambush", "nongreen creatures")):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full"
        assert any(words in c.text and c.template == "spell ability (text)" for c in got.clauses), name


# --- games -----------------------------------------------------------------------------------

def test_fog_in_the_declare_blockers_step_prevents_the_combat_damage() -> None:
    # 510.2, 615.1a: the Bears' 2 combat damage to bob is prevented; without it bob is dealt 2
    ok, why = support.game([BEARS, OGRE], _attack([], fog=True),
                           {"checkpoints": {"dealt": {"life": {"bob": 20, "alice": 20},
                                                      "objects": {"day": {"zone": "graveyard"}}}}},
                           cr="615.1a")
    assert ok, why
    ok, why = support.game([BEARS, OGRE], _attack([], fog=False),
                           {"checkpoints": {"dealt": {"life": {"bob": 18}}}}, cr="510.2")
    assert ok, why


def test_noncombat_damage_is_not_prevented_by_combat_prevention() -> None:
    # 615.1a: the effect names combat damage only; Shock's 2 damage (120.3) is dealt
    script = [_cast("Holy Day", "day", "alice"), "resolve",
              _cast("Shock", "shock", "alice", ("bob",)), "resolve",
              {"checkpoint": "shocked"}]
    expect = {"checkpoints": {"shocked": {"life": {"bob": 18}}}}
    ok, why = support.game([BEARS, OGRE], script, expect, cr="615.1a")
    assert ok, why


def test_the_prevention_ends_with_the_turn() -> None:
    # 611.2a, 514.2: cast in alice's main phase, it prevents her Bears' combat damage that turn;
    # on bob's turn 4 his Ogre's combat damage to alice is dealt
    script = [_cast("Holy Day", "day", "alice"), "resolve",
              {"advance": "declare_attackers"}, {"attack": {"bears": "bob"}}, {"advance": "declare_blockers"},
              {"block": {}}, {"advance": "combat_damage"}, {"assign": "default"}, {"checkpoint": "turn3"},
              {"advance": {"step": "declare_attackers", "turn": 4}}, {"attack": {"ogre": "alice"}},
              {"advance": "declare_blockers"}, {"block": {}}, {"advance": "combat_damage"},
              {"assign": "default"}, {"checkpoint": "turn4"}]
    ok, why = support.game([BEARS, OGRE], script, {"checkpoints": {"turn3": {"life": {"bob": 20}},
                                                                   "turn4": {"life": {"alice": 18}}}},
                           cr="514.2")
    assert ok, why


def test_forfend_prevents_damage_to_creatures_not_to_players() -> None:
    # 615.1a: Shock to the Ogre is prevented (it survives, no damage: 704.5g not met); to bob it is dealt
    script = [_cast("Forfend", "ff", "alice"), "resolve",
              _cast("Shock", "s1", "alice", ("ogre",)), "resolve",
              _cast("Shock", "s2", "alice", ("bob",)), "resolve",
              {"checkpoint": "after"}]
    ok, why = support.game([BEARS, OGRE], script, {"checkpoints": {"after": {
        "life": {"bob": 18}, "objects": {"ogre": {"zone": "battlefield", "damage": 0}}}}}, cr="615.1a")
    assert ok, why


def test_indestructible_aura_protects_only_its_target() -> None:
    # 611.2c, 615.1a: the Bears are dealt no damage; the Ogre is dealt 2 and dies (704.5g)
    script = [_cast("Indestructible Aura", "ia", "alice", ("bears",)),
              "resolve",
              _cast("Shock", "s1", "alice", ("bears",)), "resolve",
              _cast("Shock", "s2", "alice", ("ogre",)), "resolve",
              {"checkpoint": "after"}]
    ok, why = support.game([BEARS, OGRE], script, {"checkpoints": {"after": {"objects": {
        "bears": {"zone": "battlefield", "damage": 0}, "ogre": {"zone": "graveyard"}}}}}, cr="615.1a")
    assert ok, why


def test_generated_fog_game_is_cast_in_an_attack() -> None:
    from pyengine.oracle.execute_game import game_text

    text = game_text(support.full("Holy Day"))
    assert text is not None and "declare_blockers" in text and "combat" in text
    assert execute.run_for(support.full("Holy Day"), "spell ability") == (True, "")


def test_an_activated_ability_prevents_every_combat_damage_too() -> None:
    # 602.2, 611.2a, 615.1a: Spore Flower's "Remove three spore counters from this creature:
    # Prevent all combat damage that would be dealt this turn." activated by bob in the declare
    # blockers step: alice's Bears deal bob no combat damage; the counters are the cost (602.2b)
    ab = support.full("Spore Flower").card["abilities"][1]["activated"]
    assert ab["resolves"] == {"prevent": {"event": {"kind": "damage", "combat": True}, "amount": "all"}}
    assert ab["duration"] == "end_of_turn"
    flower = {"id": "sf", "card": "Spore Flower", "controller": "bob", "timestamp": 2,
              "counters": {"spore": 3}}
    script = [{"advance": "declare_attackers"}, {"attack": {"bears": "bob"}}, {"advance": "declare_blockers"},
              {"block": {}}, {"pass": "alice"}, {"activate": {"player": "bob", "source": "sf"}}, "resolve",
              {"advance": "combat_damage"}, {"assign": "default"}, {"checkpoint": "dealt"}]
    ok, why = support.game([BEARS, flower], script, {"checkpoints": {"dealt": {
        "life": {"bob": 20}, "objects": {"sf": {"counters": {}}}}}}, cr="615.1a")
    assert ok, why
