"""Damage and life sentences naming what the trigger event named (pyengine/oracle/effects_pronouns.py,
pyengine/game/that_much.py): real cards of the bundled data, compiled (no ability written by
hand), in games whose expected answers come from the rules: "it" the object the trigger event
was about (603.7c), "that player" the player it was about, "that creature's controller",
"that much" the event's amount (603.2c: the damage dealt at once), one sentence dealing damage
to two recipients (120.3, 608.2c). A reference the trigger doesn't bind stays text."""

from __future__ import annotations

import pytest

from tests.oracle import support

pytestmark = support.BUNDLED

MAIN = support.MAIN
BOB = "{active: bob, number: 3, step: precombat_main}"


def _run(objects: str, script: str, expect: str, turn: str = MAIN, hands: str = "") -> None:
    support.passes(support.game_text(objects, turn, script + "    - {checkpoint: done}\n",
                                     f"    done:\n{expect}", hands, cr=("603.7c",)))


def test_compiled_forms() -> None:
    from pyengine import oracle

    sting = support.full("Aether Sting").card["abilities"][0]
    assert sting["do"] == [{"kind": "damage", "source": "self", "target": "that_player", "amount": 1}]
    strain = support.full("Battle Strain").card["abilities"][0]
    assert strain["do"] == [{"kind": "damage", "source": "self", "target": "its_controller", "amount": 1}]
    maw = support.full("Defiant Thundermaw").card["abilities"][2]
    assert maw["do"] == [{"kind": "damage", "source": "it", "target": "target", "amount": 2}]
    devils = support.full("Pitchburn Devils").card["abilities"][0]
    assert devils["do"] == [{"kind": "damage", "source": "self", "target": "target", "amount": 3}]
    wall = [a for a in support.full("Wall of Hope").card["abilities"] if isinstance(a, dict)][0]
    assert wall["do"] == [{"kind": "gain_life", "player": "you", "amount": "that_much"}]
    brothers = support.full("Brothers of Fire").card["abilities"][0]["activated"]["do"]
    assert [ev["target"] for ev in brothers] == ["target", "you"]
    assert oracle.compiled("Brothers of Fire") is not None


@pytest.mark.parametrize("name, clause", [
    # "that player" after an event about no player (a creature dying): not bound, text (603.7c)
    ("Massacre Wurm", "that player loses 2 life"),
    # "its controller" of a creature that died: its controller as it last existed (608.2h), not kept
    ("Archfiend of the Dross", "its controller loses 2 life"),
    # "that player" after a land entering under an opponent's control: not read
    ("Polluted Bonds", "that player loses 2 life"),
])
def test_unbound_references_stay_text(name: str, clause: str) -> None:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None and got.status != "full"
    held = [c for c in got.clauses if c.template == "triggered (text)"]
    assert any(clause in c.text for c in held), got.clauses


def test_that_player_is_the_caster() -> None:
    """Aether Sting (603.2, 601.2i): bob casts a creature spell; the Sting deals 1 damage to that
    player, bob (603.7c), not to alice; alice's own creature spell doesn't trigger it."""
    _run("  - {id: sting, card: Aether Sting, controller: alice, timestamp: 1}\n"
         "  - {id: b2, card: Grizzly Bears, owner: bob, zone: hand}\n",
         "    - {stack: {object: b2, controller: bob}}\n    - resolve\n    - resolve\n",
         "      stack: []\n      life: {alice: 20, bob: 19}\n      objects: {b2: {zone: battlefield}}\n",
         turn=BOB)


@pytest.mark.parametrize("attacker, blocker, active, hurt", [("bears", "ogre", "alice", "bob"),
                                                            ("ogre", "bears", "bob", "alice")])
def test_that_creatures_controller_is_the_blockers(attacker: str, blocker: str, active: str,
                                                   hurt: str) -> None:
    """Battle Strain (509.1, 603.7c): a creature blocks; the Strain deals 1 damage to that
    creature's controller: bob when his Ogre blocks, alice when her Bears block (her own Strain)."""
    other = "alice" if hurt == "bob" else "bob"
    defender = "bob" if attacker == "bears" else "alice"
    _run("  - {id: strain, card: Battle Strain, controller: alice, timestamp: 1}\n"
         "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 3}\n",
         f"    - {{advance: declare_attackers}}\n    - {{attack: {{{attacker}: {defender}}}}}\n"
         f"    - {{advance: declare_blockers}}\n    - {{block: {{{blocker}: {attacker}}}}}\n    - resolve\n",
         f"      stack: []\n      life: {{{hurt}: 19, {other}: 20}}\n",
         turn=f"{{active: {active}, number: 3, step: precombat_main}}")


def test_it_is_the_attacking_dragon() -> None:
    """Defiant Thundermaw (508.1m, 603.7c): another Dragon alice controls attacks; it (the
    attacking Shivan Dragon, the source, 120.3) deals 2 damage to bob before combat damage."""
    _run("  - {id: maw, card: Defiant Thundermaw, controller: alice, timestamp: 1}\n"
         "  - {id: shivan, card: Shivan Dragon, controller: alice, timestamp: 2}\n",
         "    - {trigger_targets: {maw: [bob]}}\n    - {advance: declare_attackers}\n"
         "    - {attack: {shivan: bob}}\n    - resolve\n",
         "      stack: []\n      life: {bob: 18, alice: 20}\n")


def test_dies_it_deals_damage() -> None:
    """Pitchburn Devils (700.4, 603.10a): destroyed, it deals 3 damage to the target chosen as
    the ability is put on the stack (603.3d): bob."""
    _run("  - {id: devils, card: Pitchburn Devils, controller: alice, timestamp: 1}\n",
         "    - {trigger_targets: {devils: [bob]}}\n    - {events: [{kind: destroy, object: devils}]}\n"
         "    - resolve\n",
         "      stack: []\n      life: {bob: 17}\n      objects: {devils: {zone: graveyard}}\n")


@pytest.mark.parametrize("amount", [1, 3])
def test_that_much_is_the_damage_dealt(amount: int) -> None:
    """Wall of Hope (120.3, 603.2c, 603.7c): dealt N damage, alice gains N life."""
    _run("  - {id: wall, card: Wall of Hope, controller: alice, timestamp: 1}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n",
         f"    - {{deal: {{source: ogre, to: wall, amount: {amount}}}}}\n    - resolve\n",
         f"      stack: []\n      life: {{alice: {20 + amount}}}\n")


def test_that_much_of_life_gained() -> None:
    """Sanguine Bond (119.3, 603.7c): alice gains 3 life; the target opponent loses that much."""
    _run("  - {id: bond, card: Sanguine Bond, controller: alice, timestamp: 1}\n",
         "    - {trigger_targets: {bond: [bob]}}\n"
         "    - {events: [{kind: gain_life, player: alice, amount: 3}]}\n    - resolve\n",
         "      stack: []\n      life: {alice: 23, bob: 17}\n")


def test_damage_to_a_target_and_to_you() -> None:
    """Brothers of Fire (602.2, 608.2c): 1 damage to the target (bob) and 1 damage to its
    controller, alice."""
    _run("  - {id: bro, card: Brothers of Fire, controller: alice, timestamp: 1}\n",
         "    - {activate: {player: alice, source: bro, targets: [bob], payment: {pool: \"{R}{R}{R}\"}}}\n"
         "    - resolve\n",
         "      stack: []\n      life: {alice: 19, bob: 19}\n",
         hands='[{id: alice, library_size: 10, mana: "{R}{R}{R}"}, {id: bob, library_size: 10}]')


def test_that_much_is_the_damage_dealt_at_once() -> None:
    """El-Hajjâj (120.3, 603.2c): it deals 2 damage to bob and 1 to the Ogre at once: it triggers
    once, and alice gains that much, 3 life (the damage it dealt in that event)."""
    _run("  - {id: el, card: El-Hajjâj, controller: alice, timestamp: 1}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n",
         "    - {events: [{kind: damage, source: el, target: bob, amount: 2},"
         " {kind: damage, source: el, target: ogre, amount: 1}]}\n    - resolve\n",
         "      stack: []\n      life: {alice: 23, bob: 18}\n")


@pytest.mark.parametrize("blocker", ["wurm", "ogre"])
def test_destroy_the_creature_dealt_damage(blocker: str) -> None:
    """Voracious Cobra (2/2 first strike, 702.7b, 510.4): blocked, it deals its combat damage
    first; "that creature" is the creature it dealt damage to (603.7c). Craw Wurm (6/4) survives
    the 2 damage and is destroyed by the ability (701.8a) before the regular combat damage step,
    so the Cobra is dealt none. Gray Ogre (2/2) dies of the damage (704.5g) before the ability is
    put on the stack: the destroy has nothing to do (400.7), and the game goes on."""
    _run("  - {id: cobra, card: Voracious Cobra, controller: alice, timestamp: 1}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n"
         "  - {id: wurm, card: Craw Wurm, controller: bob, timestamp: 3}\n",
         "    - {advance: declare_attackers}\n    - {attack: {cobra: bob}}\n"
         f"    - {{advance: declare_blockers}}\n    - {{block: {{{blocker}: cobra}}}}\n"
         "    - {advance: first_strike_damage}\n    - {assign: default}\n    - resolve\n"
         "    - {advance: combat_damage}\n    - {assign: default}\n",
         f"      objects: {{{blocker}: {{zone: graveyard}}, cobra: {{zone: battlefield, damage: 0}}}}\n"
         "      life: {bob: 20}\n")


def test_destroy_the_blocker() -> None:
    """Sylvan Basilisk (509.1i, 603.7c): blocked by Gray Ogre, "that creature" is the blocker:
    destroyed; the Basilisk stays blocked (509.1h) and deals bob no damage."""
    _run("  - {id: bas, card: Sylvan Basilisk, controller: alice, timestamp: 1}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n",
         "    - {advance: declare_attackers}\n    - {attack: {bas: bob}}\n"
         "    - {advance: declare_blockers}\n    - {block: {ogre: bas}}\n    - resolve\n"
         "    - {advance: combat_damage}\n    - {assign: default}\n",
         "      objects: {ogre: {zone: graveyard}, bas: {zone: battlefield}}\n      life: {bob: 20}\n")


def test_not_bound_that_creature_stays_text() -> None:
    """"that creature" after "a creature deals combat damage to you" (Teysa: the source, not the
    event's object) and "It can't be regenerated" after the destroy (Dripping Dead): text."""
    from pyengine import oracle

    for name, clause in (("Teysa, Envoy of Ghosts", "destroy that creature"),
                         ("Dripping Dead", "It can't be regenerated")):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full"
        assert any(clause in c.text for c in got.clauses if c.template == "triggered (text)"), got.clauses


def test_it_deals_damage_equal_to_its_power() -> None:
    """Warstorm Surge (603.2, 603.7c, 608.2h): Craw Wurm (6/4) enters under alice's control; it
    deals damage equal to its power, read as the ability resolves, to the target: bob, 20 to 14."""
    _run("  - {id: surge, card: Warstorm Surge, controller: alice, timestamp: 1}\n"
         "  - {id: wurm, card: Craw Wurm, owner: alice, zone: hand}\n",
         "    - {trigger_targets: {surge: [bob]}}\n"
         "    - {events: [{kind: enter, object: wurm, from: hand}]}\n    - resolve\n",
         "      stack: []\n      life: {alice: 20, bob: 14}\n")


def test_that_creatures_controller_after_a_control_change() -> None:
    """Battle Strain with Mind Control (613.1b, 603.7c): alice controls bob's Gray Ogre; it
    blocks bob's attacking Bears: "that creature's controller" is alice, its controller now,
    not bob, its owner."""
    _run("  - {id: strain, card: Battle Strain, controller: bob, timestamp: 1}\n"
         "  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 3}\n"
         "  - {id: mc, card: Mind Control, controller: alice, attached_to: ogre, timestamp: 4}\n",
         "    - {advance: declare_attackers}\n    - {attack: {bears: alice}}\n"
         "    - {advance: declare_blockers}\n    - {block: {ogre: bears}}\n    - resolve\n",
         "      stack: []\n      life: {alice: 19, bob: 20}\n", turn=BOB)
