"""Coverage by execution: a compiled card counts as covered only when a scenario using it runs
through the layer engine.

For a card, the generated board is the card on the battlefield under alice's control with a
vanilla creature and a nonbasic land for each player (Grizzly Bears, Seat of the Synod from the
catalog); an Aura or Equipment is attached to alice's creature. The characteristics query
asks every object's types, subtypes, colors, power, toughness and abilities; the run must end
with an answer (no error, no timeout) that gives the card its own name.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import yaml

from pyengine.oracle import data
from pyengine.oracle.compile import Compiled, compile_card
from pyengine.oracle.effects_quoted import GRANT_TEXT

FIELDS = ["name", "types", "subtypes", "colors", "power", "toughness", "abilities"]


def scenario_text(card: Compiled) -> str | None:
    """The generated scenario for a card that can be a permanent, or None."""
    types = set(card.card.get("types", ()))
    if not types & {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}:
        return None
    if types & {"Instant", "Sorcery"}:  # an "Artifact Instant" can't be a permanent (CR 304.4)
        return None
    subtypes = set(card.card.get("subtypes", ()))
    me: dict[str, object] = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 5}
    from pyengine.oracle.execute_return import entered_counters

    if entered_counters(card):  # as it entered (modular, 702.43a; 614.1c)
        me["counters"] = entered_counters(card)
    if subtypes & {"Aura", "Equipment"}:
        me["attached_to"] = "bears"
    chosen = _chosen(card)
    if chosen:  # what was chosen as it entered (CR 614.12a): the Bears' type, their color
        me["chosen"] = chosen
    objects = [
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1},
        {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 2},
        {"id": "seat", "card": "Seat of the Synod", "controller": "alice", "timestamp": 3},
        {"id": "seat2", "card": "Seat of the Synod", "controller": "bob", "timestamp": 4},
        me,
    ]
    from pyengine.oracle.full_text import board_top

    objects += board_top(card, me)  # "the full text of the top card of your graveyard" (612.6)
    doc = {"id": "cards/generated", "title": f"{card.name} on a board", "cr": ["613.1"],
           "rationale": "generated: the layer engine must answer", "players": ["alice", "bob"],
           "turn": {"active": "alice"}, "objects": objects,
           "query": {"kind": "characteristics", "objects": [o["id"] for o in objects],
                     "fields": ["name"]},
           # no copy effect is on the board, so each keeps its name (CR 707.2, 201.1): the
           # expectation only makes the run a complete one; what counts is that it answers
           "expect": {o["id"]: {"name": o.get("name_now", o["card"])} for o in objects}}
    for o in objects:
        o.pop("name_now", None)
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


# a value of each kind of choice "As this enters, choose ..." makes, fitting alice's Bears
CHOICE_VALUES = {"subtype": "Bear", "color": "green", "card_type": "Creature"}


def _chosen(card: Compiled) -> dict[str, str]:
    from pyengine.oracle.static_templates import choices_of

    kinds = [k for c in card.clauses if c.template == "choice as it enters" for k in choices_of(c.text)]
    return {k: CHOICE_VALUES[k] for k in kinds}


def run_generated(text: str, label: str, timeout: float) -> tuple[Any, str]:
    """Load a generated scenario and run it: (the scenario, "") when it passes, else (None,
    what went wrong)."""
    from pyengine.errors import PyengineError
    from pyengine.scenario import runner
    from pyengine.scenario.loader import load_text

    try:
        scenario = load_text(text, label)
    except PyengineError as exc:
        return None, str(exc)
    out = runner.run_scenario(scenario, timeout)
    if out.status != runner.Status.PASS:
        return None, out.message or "; ".join(out.diffs)
    return scenario, ""


def run(card: Compiled, timeout: float = 30.0) -> tuple[bool, str]:
    """Whether the generated scenario ran through the engine, and what went wrong if not."""
    text = scenario_text(card)
    if text is None:
        return False, "not a permanent card"
    scenario, why = run_generated(text, f"<generated: {card.name}>", timeout)
    if scenario is None:
        return False, why
    # then every characteristic of every object (the expectation above held only names)
    from dataclasses import replace

    from pyengine import api

    try:
        answer = api.solve(scenario, replace(scenario.query, fields=tuple(FIELDS)), timeout=timeout)
    except Exception as exc:  # an engine failure on a real card is what this measures
        return False, f"{type(exc).__name__}: {exc}"
    return (True, "") if answer is not None else (False, "no answer")


@dataclass
class Executed:
    """Per template: cards sampled, and how many of them ran through the engine."""

    tried: Counter[str] = field(default_factory=Counter)
    ran: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)


# templates whose abilities do something the game performs: run in a generated game too
GAME_TEMPLATES = frozenset({"triggered ability", "spell ability", "activated ability", "modal spell"})
TEXT_TRIGGER = "triggered (text)"  # a triggered ability seen as present or absent only
# and the templates that may give an object one (a granted quoted ability seen as text, 113.1)
TEXT_TRIGGERS = frozenset({TEXT_TRIGGER, GRANT_TEXT})


def text_triggers(card: Compiled) -> bool:
    """Whether the card has a triggered ability a game refuses (CR 603.1): one seen only as
    text, or a CR 702 triggered keyword held by name ("Mentor" whose definition doesn't compile)."""
    from pyengine.model.effects import TRIGGERED_KEYWORDS
    from pyengine.oracle.templates import KEYWORDS_TEXT

    for c in card.clauses:
        if c.template in TEXT_TRIGGERS:
            return True
        if c.template == KEYWORDS_TEXT:
            named = c.why.split(": ", 1)[-1].split(", ")
            if any(k.split(":")[0].strip() in TRIGGERED_KEYWORDS or
                   k.split(":")[0].strip().split(" ")[0] in TRIGGERED_KEYWORDS for k in named):
                return True
    return False


def run_for(card: Compiled, template: str) -> tuple[bool, str]:
    """Run a card sampled for ``template``: its game (for a triggered ability or a spell
    ability the compiler made), and its board through the layer engine (a permanent card)."""
    from pyengine.oracle.execute_triggers import run_game

    # a card whose spell or triggered ability was compiled runs in a game whichever of its
    # templates sampled it (an instant's static "can't be countered" with its compiled spell)
    game = template in GAME_TEMPLATES or bool(
        {c.template for c in card.clauses} & GAME_TEMPLATES and not text_triggers(card))
    if game:
        ok, why = run_game(card, template=template if template in GAME_TEMPLATES else None)
        if not ok:
            return ok, why
    if not text_triggers(card):  # the keywords' own games (a game refuses text triggers, 603.1)
        for made in _keyword_games(card):
            if made is not None and not made[0]:
                return made
    if scenario_text(card) is None:
        return (True, "") if game else (False, "not a permanent card")
    from pyengine.oracle import execute_combat_limits

    limited = execute_combat_limits.run(card)  # its attack / block limits (508.1c, 509.1b)
    if limited is not None and not limited[0]:
        return limited
    return run(card)


def _keyword_games(card: Compiled) -> Any:
    """The games of the card's keywords that have their own (each None when it has none):
    cast for its evoke / dash / blitz cost (118.9), from alice's graveyard (unearth, scavenge,
    dredge: 113.6m), across a turn (daybound, nightbound: 702.145, 730.2), discarded and cast
    for its madness cost or not (702.35a)."""
    from pyengine.oracle import execute_graveyard
    from pyengine.oracle.execute_alt import run_alt
    from pyengine.oracle.execute_day_night import run_day_night
    from pyengine.oracle.execute_madness import run_madness

    yield run_alt(card)
    yield execute_graveyard.run(card)
    yield run_day_night(card)
    yield run_madness(card)
    from pyengine.oracle.execute_cascade import run_cascade

    yield run_cascade(card)  # cast, cascading into a card of lesser mana value (702.85a)
    from pyengine.oracle.execute_rebound import run_rebound

    yield run_rebound(card)  # cast from the hand, exiled, cast again at her next upkeep (702.88a)
    from pyengine.oracle.execute_gy_cast import run_gy_cast

    yield run_gy_cast(card)  # cast from her graveyard discarding a Mountain (702.81a, 702.133a)
    from pyengine.oracle.execute_emerge import run_emerge

    yield run_emerge(card)  # cast for its emerge cost sacrificing a Grizzly Bears (702.119a)


def execute_sample(per_template: int, seed: int = 0) -> Executed:
    """Run up to ``per_template`` fully compiled cards of each template: permanent cards
    through the layer engine, and every card whose triggered or spell ability was compiled
    in a generated game (pyengine.oracle.execute_game)."""
    by_template: dict[str, list[Compiled]] = {}
    for face in data.load().faces():
        got = compile_card(face)
        if got.unrecognised:
            continue
        used = {c.template for c in got.clauses if c.template}
        refused = text_triggers(got)
        if scenario_text(got) is None and (not used & GAME_TEMPLATES or refused):
            continue  # nothing of it can run: no board, and no game (CR 603.1 refuses the text)
        for t in used:
            if t in GAME_TEMPLATES and refused:
                continue  # a game refuses a triggered ability held only as text (CR 603.1)
            by_template.setdefault(t, []).append(got)
    rng = random.Random(seed)
    result = Executed()
    for template, cards in sorted(by_template.items()):
        for card in rng.sample(cards, min(per_template, len(cards))):
            result.tried[template] += 1
            ok, why = run_for(card, template)
            if ok:
                result.ran[template] += 1
            else:
                result.failures.append((card.name, why))
    return result


def render(result: Executed) -> str:
    lines = ["coverage by execution (fully compiled cards sampled per template; ran = the "
             "generated board got an answer from the layer engine and, for a compiled triggered "
             "or spell ability, the generated game resolved it):"]
    for t in sorted(result.tried):
        lines.append(f"  {t:<34} ran {result.ran[t]:>4} of {result.tried[t]:>4}")
    for name, why in result.failures[:20]:
        lines.append(f"  FAILED {name}: {why[:150]}")
    return "\n".join(lines) + "\n"
