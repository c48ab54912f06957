""""Up to N target ..." in an instant's or sorcery's text (CR 601.2c: any number of targets
from 0 to N; 115.3: one word "target", different objects; 608.2b: a spell with some illegal
targets resolves for the legal ones, one with all its targets illegal doesn't resolve, one cast
with no target chosen resolves). Expected answers from the rules."""

from __future__ import annotations

import pytest

from pyengine import oracle
from pyengine.oracle import effects as E
from pyengine.oracle.effects_upto import singular
from tests.oracle.support import BUNDLED, MAIN, full, game_text, passes

pytestmark = BUNDLED

BOARD = ("  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 1}\n"
         "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
         "  - {id: elf, card: Llanowar Elves, controller: bob, timestamp: 3}\n")
# the mana each card's cost takes (its generic part paid with {C})
COST = {"Djeru's Renunciation": "{W}{C}", "Waterwhirl": "{U}{U}{C}{C}{C}{C}",
        "Dauntless Onslaught": "{W}{C}{C}", "Decompose": "{B}{C}"}


def _cast(card: str, targets: str, then: str = "    - resolve\n") -> str:
    return (f"    - {{cast: {{spell: s, player: alice, targets: {{{targets}}}, payment: {{pool: "
            f"\"{COST[card]}\"}}}}}}\n{then}    - {{checkpoint: done}}\n")


def _text(card: str, targets: str, expect: str, extra: str = "", then: str = "    - resolve\n",
          cr: tuple[str, ...] = ("601.2c",)) -> str:
    objects = f"  - {{id: s, card: \"{card}\", owner: alice, zone: hand}}\n" + BOARD + extra
    pool = f'[{{id: alice, library_size: 10, mana: "{COST[card]}"}}, {{id: bob, library_size: 10}}]'
    return game_text(objects, MAIN, _cast(card, targets, then), f"    done: {expect}\n", hands=pool, cr=cr)


def test_the_one_target_form() -> None:
    """The sentence read as its one-target form: plural nouns and the subject's verb in the
    singular; "from a single graveyard" noted; "them"/"those" left: not read."""
    assert singular("tap up to two target creatures") == ("tap target creature", 2, False)
    assert singular("up to two target creatures each get +1/+1 until end of turn") == \
        ("target creature gets +1/+1 until end of turn", 2, False)
    assert singular("exile up to three target cards from a single graveyard") == \
        ("exile target card from a graveyard", 3, True)
    assert singular("return up to two target creatures to their owners' hands") == \
        ("return target creature to its owner's hand", 2, False)
    assert singular("put a +1/+1 counter on each of up to two target creatures") == \
        ("put a +1/+1 counter on target creature", 2, False)
    assert singular("tap up to X target creatures") is None
    assert singular("untap up to two lands") is None  # no target: chosen on resolution


def test_compiled_group() -> None:
    """601.2c, 115.3: "Tap up to two target creatures." is two entries of one group, each
    chosen or not, and the instruction done once for each."""
    eff = E.effect("Tap up to two target creatures.", spell=True)
    assert eff is not None
    assert eff.do == [{"kind": "tap", "object": "target"}, {"kind": "tap", "object": "target2"}]
    assert [(c["count"], c["group"]) for c in eff.casting] == [({"min": 0, "max": 1}, "g1")] * 2


def test_unsupported_wordings_stay_text() -> None:
    """A later sentence naming the group ("Those creatures ..."), "other target" and an activated
    ability's continuous effect on "up to one target" (with none chosen it would be its
    source's) are not read."""
    assert E.effect("Tap up to two target creatures. Those creatures don't untap during their "
                    "controllers' next untap steps.", spell=True) is None
    assert E.effect("Destroy target creature. Up to one other target creature gets +1/+1 until end "
                    "of turn.", spell=True) is None
    assert E.effect("Up to one target creature gets +2/+2 until end of turn.", spell=True,
                    ability=True) is None
    # a real card whose "up to" sentence names the targets again: its spell stays text
    got = oracle.compiled("Icy Blast")
    assert got is not None and got.status != "full"


@pytest.mark.parametrize(("targets", "expect"), [
    ("", "{stack: [], objects: {ogre: {tapped: false}, elf: {tapped: false}, s: {zone: graveyard}}}"),
    ("creature: [ogre]", "{stack: [], objects: {ogre: {tapped: true}, elf: {tapped: false}}}"),
    ("creature: [ogre], creature2: [elf]",
     "{stack: [], objects: {ogre: {tapped: true}, elf: {tapped: true}}}"),
])
def test_tap_zero_one_two(targets: str, expect: str) -> None:
    """601.2c: Djeru's Renunciation ("Tap up to two target creatures.") cast with 0, 1 or 2
    targets taps those chosen (701.26a); with none it still resolves (608.2b applies only to a
    spell with targets) and goes to the graveyard (608.2n)."""
    full("Djeru's Renunciation")
    passes(_text("Djeru's Renunciation", targets, expect))


def test_same_creature_twice_is_illegal() -> None:
    """115.3: one word "target" — the same creature can't be chosen twice."""
    full("Djeru's Renunciation")
    text = _text("Djeru's Renunciation", "creature: [ogre], creature2: [ogre]", "{stack: []}")
    text = text.replace("expect:\n  checkpoints:\n    done: {stack: []}\n",
                        'expect:\n  illegal: {action: 0, rule: "115.3"}\n')
    passes(text)


def test_partly_illegal_targets() -> None:
    """608.2b: Waterwhirl ("Return up to two target creatures to their owners' hands.") with
    one target gone when it resolves returns the other; with both gone it doesn't resolve."""
    full("Waterwhirl")
    kill = "    - {events: [{kind: destroy, object: ogre}]}\n    - resolve\n"
    passes(_text("Waterwhirl", "creature: [ogre], creature2: [elf]",
                 "{stack: [], objects: {ogre: {zone: graveyard}, elf: {zone: hand}, s: {zone: graveyard}}}",
                 then=kill, cr=("608.2b",)))


def test_pump_with_none_chosen() -> None:
    """611.2c, 608.2b: Dauntless Onslaught ("Up to two target creatures each get +2/+2 until end
    of turn.") with one target pumps it only; with none it resolves and pumps nothing."""
    full("Dauntless Onslaught")
    passes(_text("Dauntless Onslaught", "creature: [bears]",
                 "{stack: [], objects: {bears: {power: 4, toughness: 4}, ogre: {power: 2}}}"))
    passes(_text("Dauntless Onslaught", "",
                 "{stack: [], objects: {bears: {power: 2, toughness: 2}, s: {zone: graveyard}}}"))


def test_single_graveyard() -> None:
    """Decompose ("Exile up to three target cards from a single graveyard."): cards of two
    graveyards can't be chosen together (601.2c); cards of one graveyard are exiled."""
    full("Decompose")
    cards = ("  - {id: g1, card: Grizzly Bears, owner: alice, zone: graveyard}\n"
             "  - {id: g2, card: Gray Ogre, owner: bob, zone: graveyard}\n"
             "  - {id: g3, card: Llanowar Elves, owner: bob, zone: graveyard}\n")
    passes(_text("Decompose", "card: [g2], card2: [g3]",
                 "{stack: [], objects: {g2: {zone: exile}, g3: {zone: exile}, g1: {zone: graveyard}}}",
                 extra=cards))
    text = _text("Decompose", "card: [g1], card2: [g2]", "{stack: []}", extra=cards)
    text = text.replace("expect:\n  checkpoints:\n    done: {stack: []}\n",
                        'expect:\n  illegal: {action: 0, rule: "601.2c"}\n')
    passes(text)



def test_later_sentence_naming_the_group() -> None:
    """"Return it ... at the beginning of the next end step" after "Exile up to one target ...":
    a delayed instruction naming a target that may not have been chosen (603.7a) is not read;
    Explosive Getaway's spell stays text."""
    assert E.effect("Exile up to one target creature. Return it to the battlefield under its owner's "
                    "control at the beginning of the next end step.", spell=True) is None
    got = oracle.compiled("Explosive Getaway")
    assert got is not None and got.status != "full"


@pytest.mark.parametrize(("text", "n"), [
    ("Destroy up to one target creature.", 1),
    ("Return up to two target creature cards from your graveyard to your hand.", 2),
    ("Return up to two target creatures to their owners' hands.", 2),
    ("Exile up to two target cards from a single graveyard.", 2),
])
def test_spell_wordings_read(text: str, n: int) -> None:
    """601.2c: these wordings, once left text, are N optional entries of one group now."""
    got = E.effect(text, spell=True)
    assert got is not None and len(got.casting) == n and len(got.do) == n, text
    assert all(c["count"] == {"min": 0, "max": 1} for c in got.casting)


# --- triggered and activated abilities (603.3d, 602.2b: targets chosen as for a spell, 601.2c) --

PACKBEAST = ("  - {id: beast, card: Intrusive Packbeast, owner: alice, zone: hand}\n" + BOARD
             + "  - {id: skel, card: Drudge Skeletons, controller: bob, timestamp: 4}\n")


@pytest.mark.parametrize(("picks", "tapped"), [
    ("[none, none]", []), ("[ogre, none]", ["ogre"]), ("[ogre, elf]", ["ogre", "elf"]),
])
def test_triggered_zero_one_two(picks: str, tapped: list[str]) -> None:
    """603.3d, 601.2c: Intrusive Packbeast's "When this creature enters, tap up to two target
    creatures your opponents control." with zero, one or two targets: those chosen are tapped
    (701.26a); with none the ability still resolves (608.2b needs targets, all illegal)."""
    full("Intrusive Packbeast")
    script = (f"    - {{trigger_targets: {{beast: {picks}}}}}\n"
              "    - {stack: {object: beast, controller: alice}}\n    - resolve\n    - resolve\n"
              "    - {checkpoint: done}\n")
    state = ", ".join(f"{o}: {{tapped: {'true' if o in tapped else 'false'}}}"
                      for o in ("ogre", "elf", "skel"))
    passes(game_text(PACKBEAST, MAIN, script, f"    done: {{stack: [], objects: {{{state}}}}}\n",
                     cr=("603.3d", "601.2c")))


def test_triggered_same_target_twice_and_partial() -> None:
    """115.3: the same creature twice is illegal; 608.2b: with one of its two targets gone
    (Gray Ogre destroyed in response) the ability taps the other."""
    full("Intrusive Packbeast")
    twice = ("    - {trigger_targets: {beast: [ogre, ogre]}}\n"
             "    - {stack: {object: beast, controller: alice}}\n    - resolve\n    - {checkpoint: done}\n")
    text = game_text(PACKBEAST, MAIN, twice, "    done: {stack: []}\n", cr=("115.3",))
    passes(text.replace("expect:\n  checkpoints:\n    done: {stack: []}\n",
                        'expect:\n  illegal: {action: 2, rule: "115.3"}\n'))
    gone = ("    - {trigger_targets: {beast: [ogre, elf]}}\n"
            "    - {stack: {object: beast, controller: alice}}\n    - resolve\n"
            "    - {events: [{kind: destroy, object: ogre}]}\n    - resolve\n    - {checkpoint: done}\n")
    passes(game_text(PACKBEAST, MAIN, gone,
                     "    done: {stack: [], objects: {ogre: {zone: graveyard}, elf: {tapped: true}}}\n",
                     cr=("608.2b",)))


def test_activated_zero_and_two() -> None:
    """602.2b, 601.2c: Wave Elemental's "{U}, {T}, Sacrifice this creature: Tap up to three
    target creatures without flying." activated with no target taps nothing; with two, those."""
    full("Wave Elemental")
    for picks, tapped in (("[none, none, none]", ()), ("[ogre, elf, none]", ("ogre", "elf"))):
        objects = "  - {id: wave, card: Wave Elemental, controller: alice, timestamp: 9}\n" + BOARD
        script = (f"    - {{activate: {{player: alice, source: wave, targets: {picks}, "
                  "payment: {pool: \"{U}\"}}}\n    - resolve\n    - {checkpoint: done}\n")
        state = ", ".join(f"{o}: {{tapped: {'true' if o in tapped else 'false'}}}" for o in ("ogre", "elf"))
        hands = '[{id: alice, library_size: 10, mana: "{U}"}, {id: bob, library_size: 10}]'
        passes(game_text(objects, MAIN, script,
                         f"    done: {{stack: [], objects: {{wave: {{zone: graveyard}}, {state}}}}}\n",
                         hands=hands, cr=("602.2b", "601.2c")))


def test_triggered_single_graveyard() -> None:
    """Arashin Sunshield's "When this creature enters, exile up to two target cards from a single
    graveyard.": two cards of bob's graveyard are exiled (701.13a); a card of each player's
    graveyard can't be chosen together (601.2c, 404.1)."""
    full("Arashin Sunshield")
    cards = ("  - {id: sun, card: Arashin Sunshield, owner: alice, zone: hand}\n"
             "  - {id: g1, card: Grizzly Bears, owner: alice, zone: graveyard}\n"
             "  - {id: g2, card: Gray Ogre, owner: bob, zone: graveyard}\n"
             "  - {id: g3, card: Llanowar Elves, owner: bob, zone: graveyard}\n")

    def script(picks: str) -> str:
        return (f"    - {{trigger_targets: {{sun: {picks}}}}}\n"
                "    - {stack: {object: sun, controller: alice}}\n    - resolve\n    - resolve\n"
                "    - {checkpoint: done}\n")
    passes(game_text(cards, MAIN, script("[g2, g3]"),
                     "    done: {stack: [], objects: {g2: {zone: exile}, g3: {zone: exile},\n"
                     "                                g1: {zone: graveyard}}}\n",
                     cr=("603.3d",)))
    text = game_text(cards, MAIN, script("[g1, g2]"), "    done: {stack: []}\n", cr=("601.2c",))
    passes(text.replace("expect:\n  checkpoints:\n    done: {stack: []}\n",
                        'expect:\n  illegal: {action: 2, rule: "601.2c"}\n'))
