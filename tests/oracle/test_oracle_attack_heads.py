"""Battalion (an ability word, CR 207.2c): "Whenever this creature and at least two other
creatures attack, ..." on real cards (the pyengine[cards] extra, skipped without it). The
attackers are declared at once (508.1), so the ability triggers when the creature is declared
as an attacker with two or more others (508.3a, 603.2), not with fewer; compiled as
``{kind: attacks, obj: self, with_others: 2}``. Also the selectors' "X or Y" (a Samurai or
Warrior you control), which such heads name, and additional combat phases (500.8: Seize the
Day)."""

from __future__ import annotations

from typing import Any

from pyengine.oracle import execute_game
from tests.oracle import support

pytestmark = support.BUNDLED

BOB = [{"id": "alice", "library_size": 10}, {"id": "bob", "library_size": 10}]


def _objects(n_others: int) -> list[dict[str, Any]]:
    corps = {"id": "corps", "card": "Boros Elite", "controller": "alice", "timestamp": 1}
    others = [{"id": f"bear{i}", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2 + i}
              for i in range(n_others)]
    return [corps, *others]


def _attack(n_others: int) -> list[Any]:
    return [{"advance": "declare_attackers"},
            {"attack": {"corps": "bob", **{f"bear{i}": "bob" for i in range(n_others)}}},
            {"checkpoint": "declared"}]


def test_battalion_compiles_to_an_attack_with_others() -> None:
    card = support.full("Boros Elite").card
    trig = next(a for a in card["abilities"] if isinstance(a, dict) and "trigger" in a)
    assert trig["trigger"]["when"] == {"kind": "attacks", "obj": "self", "with_others": 2}


def test_it_triggers_with_two_other_attackers() -> None:
    # 508.3a, 603.3: the ability triggers as attackers are declared and goes on the stack
    ok, why = support.game(_objects(2), [*_attack(2), "resolve", {"checkpoint": "done"}],
                           {"checkpoints": {"declared": {"stack": ["corps:0@9"]},
                                            "done": {"stack": [], "objects": {"corps": {"power": 3,
                                                                                         "toughness": 3}}}}},
                           cr="508.3a", players=BOB)
    assert ok, why


def test_it_doesnt_trigger_with_one_other_attacker_or_alone() -> None:
    for n in (0, 1):  # "at least two other creatures" (508.1: declared together)
        ok, why = support.game(_objects(n), _attack(n), {"checkpoints": {"declared": {"stack": []}}},
                               cr="508.1", players=BOB)
        assert ok, (n, why)


def test_the_generated_game_attacks_with_two_more() -> None:
    text = execute_game.game_text(support.full("Bomber Corps"))
    assert text is not None and "attacker1" in text and "attacker2" in text
    ok, why = execute_game.run_game(support.full("Bomber Corps"))
    assert ok, why


def test_an_or_of_subtypes_or_of_types_is_any_of_them() -> None:
    """205.3, 205.2: "a Samurai or Warrior you control" is a permanent with either subtype;
    "artifact or enchantment" either type; an "or" of colors or of a type and a subtype isn't
    read (left unread rather than read as all of them)."""
    from pyengine.oracle import phrases as P

    assert P.selector("Samurai or Warrior you control") == {"any_subtypes": ["Samurai", "Warrior"],
                                                             "controller": "you"}
    assert P.selector("artifact or enchantment") == {"any_types": ["Artifact", "Enchantment"]}
    assert P.selector("Elf or Warrior creatures") == {"types": ["Creature"], "any_subtypes": ["Elf", "Warrior"]}
    assert P.selector("white or black creatures") is None
    assert P.selector("creature or Vehicle you control") is None
    # Akki Ronin: "Whenever a Samurai or Warrior you control attacks alone" (506.5)
    card = support.full("Akki Ronin").card
    trig = next(a for a in card["abilities"] if isinstance(a, dict) and "trigger" in a)
    assert trig["trigger"]["when"]["obj"] == {"any_subtypes": ["Samurai", "Warrior"], "controller": "you"}


def test_seize_the_day_gives_an_additional_combat_after_the_second_main_phase() -> None:
    """CR 500.8, 505.1a: alice's Grizzly Bears attack (bob 18); in her postcombat main phase
    Seize the Day untaps them; after that main phase there is an additional combat phase, in
    which they attack again (bob 16), followed by an additional main phase, then her end step."""
    card = support.full("Seize the Day").card
    assert card["does"]["do"][1] == {"kind": "additional_phases", "phases": ["combat", "main"],
                                     "after": "main_phase"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1}
    def attack() -> list[Any]:
        return [{"advance": "declare_attackers"}, {"attack": {"bears": "bob"}}, {"advance": "combat_damage"},
                {"assign": "default"}]
    cast = {"stack": {"card": "Seize the Day", "id": "seize", "controller": "alice", "targets": ["bears"]}}
    script = [*attack(), {"advance": "postcombat_main"}, cast, "resolve", {"checkpoint": "resolved"},
              *attack(), {"checkpoint": "again"}, {"advance": "postcombat_main"}, {"checkpoint": "main3"},
              {"advance": "end"}, {"checkpoint": "end"}]
    ok, why = support.game([bears], script, {"checkpoints": {
        "resolved": {"life": {"bob": 18}, "objects": {"bears": {"tapped": False}}},
        "again": {"life": {"bob": 16}, "step": "combat_damage"},
        "main3": {"step": "postcombat_main", "turn": 3}, "end": {"step": "end", "turn": 3}}},
        cr="500.8", players=BOB)
    assert ok, why


def test_aggravated_assault_untaps_the_group_and_adds_a_combat() -> None:
    """701.26b, 608.2c: "Untap all creatures you control." untaps each of alice's creatures as
    the ability resolves (bob's tapped Gray Ogre stays tapped); 500.8: the additional combat
    phase after her postcombat main phase, in which the Bears attack again."""
    from pyengine.oracle import effects as E

    card = support.full("Aggravated Assault").card
    act = next(a for a in card["abilities"] if isinstance(a, dict) and "activated" in a)["activated"]
    assert act["do"][0] == {"kind": "each", "affects": {"types": ["Creature"], "controller": "you"},
                            "do": [{"kind": "untap", "object": "each"}]}
    got = E.effect("Untap all attacking creatures.")
    assert got is not None and got.do[0]["affects"] == {"types": ["Creature"], "combat": ["attacking"]}
    assert E.effect("Untap all creatures that attacked this turn.") is None  # no such selector
    objs = [{"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1},
            {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 2, "tapped": True},
            {"id": "assault", "card": "Aggravated Assault", "controller": "alice", "timestamp": 3},
            *({"id": f"m{i}", "card": "Mountain", "controller": "alice", "timestamp": 10 + i} for i in range(5))]

    def attack() -> list[Any]:
        return [{"advance": "declare_attackers"}, {"attack": {"bears": "bob"}}, {"advance": "combat_damage"},
                {"assign": "default"}]
    script = [*attack(), {"advance": "postcombat_main"},
              {"mana": {"player": "alice", "tap": [f"m{i}" for i in range(5)]}},  # 106.4: in this step
              {"activate": {"player": "alice", "source": "assault"}}, "resolve", {"checkpoint": "untapped"},
              *attack(), {"checkpoint": "again"}]
    ok, why = support.game(objs, script, {"checkpoints": {
        "untapped": {"life": {"bob": 18}, "objects": {"bears": {"tapped": False}, "ogre": {"tapped": True}}},
        "again": {"life": {"bob": 16}}}}, cr="701.26b", players=BOB)
    assert ok, why
