"""Events no effect can apply to are answered from the facts (pyengine/replacement/quiet.py,
CR 614.1, 616.1: such an event just happens) with exactly the outcome the encodings give:
random events of every kind (0 damage, empty libraries, results of damage by sources with
infect, wither and lifelink, tokens, set life totals, moves), with and without effects that
watch kinds of event that cannot arise, compared with both of the encodings' methods
(asp/replacement/replacement.lp and outcomes.lp); and the cases it must leave to them."""

from __future__ import annotations

import random

import clingo
import pytest

from pyengine.budget import Budget
from pyengine.replacement import quiet, service
from pyengine.replacement.facts import kind_facts
from tests.replacement.helpers import BASE, damage, effect, facts

WORLD = BASE + """
rep_obj_owner(o("pw"), p("b")). rep_obj_controller(o("pw"), p("b")). rep_obj_type(o("pw"), planeswalker).
rep_obj_owner(o("bt"), p("a")). rep_obj_controller(o("bt"), p("a")). rep_obj_type(o("bt"), battle).
rep_obj_owner(o("cp"), p("a")). rep_obj_controller(o("cp"), p("a")).
rep_obj_type(o("cp"), creature). rep_obj_type(o("cp"), planeswalker).
rep_obj_owner(o("gy"), p("b")).
"""
SOURCES = ["s", "inf", "wit", "ll", "all", "gy"]
TARGETS = ['p("a")', 'p("b")', 'o("c1")', 'o("c2")', 'o("pw")', 'o("bt")', 'o("cp")', 'o("gy")']
KEYWORDS = {"inf": ["infect"], "wit": ["wither"], "ll": ["lifelink"], "all": ["infect", "wither", "lifelink"],
            "gy": ["lifelink"]}
KINDS = ["damage", "draw", "create_tokens", "set_life", "move", "gain_life", "lose_life", "pay_life",
         "counters", "remove_counters", "begin", "lose_game", "other", "regenerate"]
DRAWN = KINDS + ["draw", "draw", "draw", "damage", "damage"]  # the kinds with most to get wrong, more often


def _world(rng: random.Random) -> str:
    out = WORLD
    for pid in ("a", "b"):
        out = out.replace(f'rep_life(p("{pid}"), 20).', f'rep_life(p("{pid}"), {rng.randint(0, 5)}).')
        out = out.replace(f'rep_library(p("{pid}"), 10).', f'rep_library(p("{pid}"), {rng.randint(0, 3)}).')
    for src in SOURCES[1:]:
        if src != "gy":
            out += f'rep_obj_owner(o("{src}"), p("b")). rep_obj_controller(o("{src}"), p("b")). '
        out += " ".join(f'rep_keyword(o("{src}"), {k}).' for k in KEYWORDS[src])
    return out


def _event(rng: random.Random, i: int, kind: str, moved: list[str]) -> str:
    x = f"ev({i})"

    def fields(**kv: object) -> str:
        return f"rep_part({x}). rep_field({x}, kind, {kind}). " + " ".join(
            f"rep_field({x}, {k}, {v})." for k, v in kv.items())

    player = rng.choice(['p("a")', 'p("b")'])
    n = rng.randint(0, 3)
    if kind == "damage":
        return damage(rng.choice(TARGETS), n, i, f'o("{rng.choice(SOURCES)}")', rng.choice(["true", "false"]))
    if kind == "draw":
        return fields(player=player, count=rng.randint(0, 4))
    if kind == "create_tokens":
        return fields(control=player, **{"as": 'tokdef("t")'}, count=n, tapped=rng.choice(["true", "false"]))
    if kind == "set_life":
        return fields(player=player, amount=rng.randint(0, 6))
    if kind == "move":
        obj = rng.choice(["c1", "c2", "pw", "gy", "bt"])
        moved.append(obj)
        to = rng.choice(["graveyard", "battlefield", "library", "exile", "hand"])
        return fields(object=f'o("{obj}")', count=rng.randint(0, 1),
                      **{"from": rng.choice(["battlefield", "hand"])}, to=to,
                      cause=rng.choice(["destroy", "rule"]), position=rng.choice(["top", "bottom", "none"]),
                      control=rng.choice([player, "none"]), **{"as": "none"},
                      tapped=rng.choice(["true", "false"]),
                      face="front", choice="none")
    if kind in ("gain_life", "lose_life", "pay_life"):
        extra = {"gain_life": {"cause": "effect"}, "lose_life": {"damage": "false"}, "pay_life": {}}[kind]
        return fields(player=player, amount=n, **extra)
    if kind == "counters":
        return fields(target='o("c1")', counter='"+1/+1"', amount=n, by=player, cause="effect")
    if kind == "remove_counters":
        return fields(target='o("pw")', counter='"loyalty"', amount=n)
    if kind == "begin":
        return fields(player=player, what="step", which="draw")
    if kind == "other":
        return fields(player=player, text='"something"')
    if kind == "regenerate":
        return fields(object='o("c1")')
    return fields(player=player)


def _case(seed: int) -> list[clingo.Symbol]:
    rng = random.Random(seed)
    moved: list[str] = []
    count = rng.randint(1, 3)
    text = _world(rng) + " ".join(_event(rng, i, rng.choice(DRAWN), moved) for i in range(1, count + 1))
    if rng.random() < 0.3:  # an effect watching a kind of event that may or may not arise
        watch = rng.choice(["win_game", "regenerate", "begin", "draw"])
        text += effect("e1", 1, watch, mods=("mul(amount, 2)",))
    return facts(text) + kind_facts()


def _encodings(fs: list[clingo.Symbol], method: str) -> tuple[object, ...]:
    outs, _ = service._enumerate(fs, 8, {}, Budget.of(60.0, "the test"), method)
    return outs


@pytest.mark.parametrize("seed", range(60))
def test_quiet_outcome_is_the_encodings_outcome(seed: int) -> None:
    fs = _case(seed)
    got = quiet.outcome(fs)
    if got is None:  # a case it leaves to the encodings (an object moving twice, an effect that watches)
        assert quiet.outcome(fs) is None
        return
    assert (service._plain(got),) == _encodings(fs, "steps") == _encodings(fs, "trees")


def test_most_random_cases_are_answered() -> None:
    """The comparison above is not vacuous: most cases are answered without the encodings."""
    assert sum(quiet.outcome(_case(s)) is not None for s in range(60)) >= 40


def _simple(extra: str) -> list[clingo.Symbol]:
    return facts(BASE + damage('p("b")', 3) + extra) + kind_facts()


def test_an_effect_watching_a_kind_that_arises_is_left_to_the_encodings() -> None:
    # CR 120.3a: the damage's result is a loss of life, which this effect watches
    assert quiet.outcome(_simple(effect("e1", 1, "lose_life", mods=("mul(amount, 2)",)))) is None
    assert quiet.outcome(_simple(effect("e1", 1, "damage", mods=("mul(amount, 2)",)))) is None
    assert quiet.outcome(_simple(effect("e1", 1, "draw", mods=("mul(amount, 2)",)))) is not None


@pytest.mark.parametrize("extra", ['rep_cant("c"). rep_watch("c", draw).', 'rep_uses("e1", 1).',
                                   'rep_shield("e1", 2).', 'rep_unpreventable("u").'])
def test_inputs_it_does_not_judge_are_left_to_the_encodings(extra: str) -> None:
    # CR 614.17 ("can't"), 614.3 and 615.7 (used up), 615.12 (can't be prevented)
    assert quiet.outcome(_simple(extra)) is None


def test_a_fact_of_a_rule_it_does_not_follow_is_left_to_the_encodings() -> None:
    # CR 702.164c: combat damage to a player by a creature with toxic also gives poison
    # counters (rules.lp reads rep_toxic/2); any fact this module wasn't written for goes to
    # the encodings, whose outcome has the counters
    fs = facts(BASE + damage('p("b")', 2, 1, 'o("s")', "true") + 'rep_toxic(o("s"), 2).') + kind_facts()
    assert quiet.outcome(fs) is None
    got = _encodings(fs, "trees")
    assert any("poison" in str(x) for x in got), got


def test_an_object_moving_twice_is_left_to_the_encodings() -> None:
    # CR 614.13b: the encodings find no outcome; their answer stands
    move = ('rep_part(ev({i})). rep_field(ev({i}), kind, move). rep_field(ev({i}), object, o("c1")). '
            'rep_field(ev({i}), count, 1). rep_field(ev({i}), from, battlefield). '
            'rep_field(ev({i}), to, {to}). rep_field(ev({i}), cause, rule). '
            'rep_field(ev({i}), position, none). rep_field(ev({i}), control, none). '
            'rep_field(ev({i}), as, none). rep_field(ev({i}), tapped, false). '
            'rep_field(ev({i}), face, front). '
            'rep_field(ev({i}), choice, none).')
    fs = facts(BASE + move.format(i=1, to="graveyard") + move.format(i=2, to="exile")) + kind_facts()
    assert quiet.outcome(fs) is None


def test_a_missing_field_is_left_to_the_encodings() -> None:
    text = 'rep_part(ev(1)). rep_field(ev(1), kind, draw). rep_field(ev(1), count, 2).'  # no player
    fs = facts(BASE + text) + kind_facts()
    assert quiet.outcome(fs) is None
