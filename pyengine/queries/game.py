"""Query ``game``: play a script of actions from the scenario's state through the steps and
phases of turns (CR 500-514), priority and the stack (117, 405, 608), and check the state at
named checkpoints, or that an action is illegal and by which rule. Format:
scenarios/turns/README.md."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pyengine.budget import Budget
from pyengine.errors import UnsupportedQuery
from pyengine.game.run import GameAnswer, play
from pyengine.game.script import Checkpoint, read_script
from pyengine.lang.counters import counter_kind
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor, describe
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import GameState
from pyengine.queries.base import QueryKind, register
from pyengine.triggers.facts import refuse_text_only_triggers


@dataclass(frozen=True)
class GameQuery:
    script: tuple[Any, ...]
    checkpoints: tuple[str, ...]
    kind: str = "game"
    defined: tuple[Any, ...] = ()  # the tokens the script defines inline
    variants: Any = None  # a Planechase or Archenemy game's decks (pyengine.game.variants)


@dataclass(frozen=True)
class GameExpect:
    checkpoints: tuple[tuple[str, dict[str, Any]], ...]
    illegal: tuple[int, str] | None


def parse_query(cur: Cursor, state: GameState, ctx: Ctx) -> GameQuery:
    if len(state.players) != 2:  # said first: nothing else of a multiplayer game is read
        raise UnsupportedQuery(f"the game engine plays two-player games; this one has {len(state.players)} "
                               "players (multiplayer rules, CR 800-810, are not modelled)",
                               file=cur.file, line=cur.line, path="players")
    cur.mapping({"kind", "script", "planechase", "archenemy"},
                "a game query {kind: game, script: [...], planechase, archenemy}")
    refusal = refuse_text_only_triggers(state, "the game")
    if refusal:
        raise UnsupportedQuery(refusal, file=cur.file, line=cur.line, path="objects")
    from pyengine.game import variants

    game_variants = variants.read(cur, state)
    items, names, defined = read_script(cur.req("script"), state)
    return GameQuery(items, names, defined=defined, variants=game_variants)


OBJECT_FIELDS = {"zone", "tapped", "damage", "counters", "controller", "owner", "power", "toughness",
                 "types", "subtypes", "colors", "abilities", "name", "token", "monstrous", "face_down",
                 "transformed", "attached_to", "renowned"}
PLAYER_MAPS = ("life", "poison", "hand", "library")
CHECK_FIELDS = {"turn", "active", "step", "priority", "objects", "stack", "attacking", "blocked",
                "winner", "losers", "draw", "over", "ended_by", "mana", "absent", *PLAYER_MAPS,
                "planar_deck", "planes", "scheme_deck", "schemes",  # these four: 901, 904
                "commander_damage",  # 903.10a
                "day_night",  # 730.1: day, night or neither
                "graveyard"}  # 404.1-404.2: each player's graveyard, top first
# ``pyengine facts``: a game has no one program to hand over
NO_FACTS = ("a game calls the layer, state-based-action, trigger, combat, damage and replacement "
            "engines once per event, each on its own facts; `pyengine play SCENARIO --json` gives "
            "the event log")
_RULE = re.compile(r"\d{3}(\.\d+[a-z]?)?")


def parse_expect(cur: Cursor, query: GameQuery, state: GameState) -> GameExpect:
    cur.mapping({"checkpoints", "illegal"}, "a game expectation {checkpoints, illegal}")
    if not cur.has("checkpoints") and not cur.has("illegal"):
        cur.fail("expected 'checkpoints' (the state at named moments) and/or 'illegal'")
    cps = []
    if cur.has("checkpoints"):
        sub = cur.get("checkpoints").mapping(None, "a mapping checkpoint name -> expectations")
        for name, c in sub.items():
            if name not in query.checkpoints:
                c.fail(f"no script item is {{checkpoint: {name}}}; the script's checkpoints are: "
                       f"{', '.join(query.checkpoints) or 'none'}")
            cps.append((name, _checkpoint(c, state)))
    illegal = None
    if cur.has("illegal"):
        c = cur.get("illegal").mapping({"action", "rule"}, "{action: INDEX, rule: CR}")
        idx = c.req("action").integer("the index of the script's action (from 0)", 0)
        if idx >= len(query.script) or isinstance(query.script[idx], Checkpoint):
            c.get("action").fail(f"expected the index of an action of the script (0 to "
                                 f"{len(query.script) - 1}, not a checkpoint)")
        rule = c.req("rule").value
        if not isinstance(rule, str) or not _RULE.fullmatch(rule):
            c.get("rule").fail(f"expected a CR rule number such as \"508.1\" (quoted), got {describe(rule)}")
        later = (i.name for i in query.script[idx:] if isinstance(i, Checkpoint))
        after = [n for n in later if n in dict(cps)]
        if after:
            cur.get("checkpoints").get(after[0]).fail("this checkpoint comes after the illegal action, so "
                                                      "the game never reaches it")
        illegal = (idx, rule)
    return GameExpect(tuple(cps), illegal)


def _checkpoint(cur: Cursor, state: GameState) -> dict[str, Any]:
    cur.mapping(CHECK_FIELDS, "checkpoint expectations")
    pids = state.player_ids
    out: dict[str, Any] = {}
    for key, c in cur.items():
        if key == "turn":
            out[key] = c.integer("a turn number", 1)
        elif key in ("active", "winner"):
            out[key] = c.choice(pids, "a player id:")
        elif key == "priority":
            out[key] = None if c.value is None else c.choice(pids, "a player id or null:")
        elif key == "step":
            out[key] = c.choice(Step.words(), "a step:")
        elif key == "day_night":  # 730.1
            out[key] = c.choice(("day", "night", "neither"), "day, night or neither:")
        elif key in PLAYER_MAPS:
            c.mapping(set(pids), "a mapping player -> number")
            out[key] = {p: v.integer(f"a {key} number") for p, v in c.items()}
        elif key == "commander_damage":  # 903.10a: each commander's combat damage to the player
            c.mapping(set(pids), "a mapping player -> {COMMANDER ID: combat damage}")
            out[key] = {p: {str(k): n.integer("combat damage", 0)
                            for k, n in v.mapping(None, "a mapping commander id -> combat damage").items()}
                        for p, v in c.items()}
        elif key == "mana":  # a mana pool (106.4), in mana symbols
            from pyengine.game.pool import Pool

            c.mapping(set(pids), "a mapping player -> mana pool such as \"{R}{R}\" (\"\": empty)")
            out[key] = {p: _pool(v, Pool) for p, v in c.items()}
        elif key in ("planar_deck", "graveyard"):  # each player's, top first (variants; 404.1)
            c.mapping(set(pids), f"a mapping player -> {key.replace('_', ' ')} (card ids, top first)")
            out[key] = {p: list(v.strings("a list of card ids")) if v.value != [] else []
                        for p, v in c.items()}
        elif key in ("stack", "attacking", "blocked", "losers", "absent", "planes", "scheme_deck", "schemes"):
            out[key] = list(c.strings("a list of ids")) if c.value != [] else []
        elif key in ("draw", "over"):
            out[key] = c.boolean()
        elif key == "ended_by":  # the rule the game ended by (104.4a, 104.4b, 104.3a ...)
            if not isinstance(c.value, str) or not _RULE.fullmatch(c.value):
                c.fail(f"expected a CR rule number such as \"104.4b\" (quoted), got {describe(c.value)}")
            out[key] = c.value
        elif key == "objects":
            c.mapping(None, "a mapping object id -> expected fields")
            objs = {oid: _object(oc, pids) for oid, oc in c.items()}
            out[key] = objs
    return out


def _pool(cur: Cursor, pool: Any) -> str:
    if cur.value == "":
        return ""
    try:
        return str(pool.parse(cur.string("mana symbols such as {R}{R}")).render())
    except ValueError as exc:
        cur.fail(str(exc))


def _object(cur: Cursor, pids: tuple[str, ...]) -> dict[str, Any]:
    cur.mapping(OBJECT_FIELDS, "an object's expected fields")
    out: dict[str, Any] = {}
    for key, c in cur.items():
        if key == "zone":
            out[key] = c.choice(Zone.words(), "a zone:")
        elif key in ("tapped", "token", "monstrous", "face_down", "transformed", "renowned"):
            out[key] = c.boolean()
        elif key in ("damage",):
            out[key] = c.integer("an amount of damage", 0)
        elif key in ("power", "toughness"):
            out[key] = None if c.value is None else c.integer(f"a {key}")
        elif key in ("controller", "owner"):
            out[key] = c.choice(pids, "a player id:")
        elif key == "counters":
            c.mapping(None, "a mapping counter kind -> number")
            out[key] = {counter_kind(k, v): v.integer("a number of counters", 1) for k, v in c.items()}
        elif key == "name":
            out[key] = c.string("a name")
        elif key == "attached_to":  # an object id, or null: attached to nothing (301.5, 303.4)
            out[key] = None if c.value is None else c.string("an object id, or null")
        else:
            out[key] = sorted(c.strings("a list")) if c.value != [] else []
    return out


def solve(state: GameState, query: GameQuery, timeout: float | Budget) -> GameAnswer:
    return play(state, query.script, Budget.of(timeout, "the game"), query.defined, query.variants)


def _result_view(snap: dict[str, Any]) -> dict[str, Any]:
    r = snap["result"]
    return {"winner": r["winners"][0] if len(r["winners"]) == 1 else None, "losers": sorted(r["losers"]),
            "draw": r["draw"], "over": r["draw"] or bool(r["winners"]), "ended_by": r["reason"] or None}


def covers(rule: str, found: str) -> bool:
    """Whether ``found`` is ``rule`` or one of its subrules (508.1 covers 508.1d, not 508.10)."""
    return found == rule or (found.startswith(rule) and found[len(rule):len(rule) + 1].isalpha()
                             and "." in rule)


def compare(expect: GameExpect, answer: Any) -> list[str]:
    diffs: list[str] = []
    snaps = dict(answer.snapshots)
    for name, want in expect.checkpoints:
        got = snaps.get(name)
        if got is None:
            why = f" (action {answer.illegal.action} is illegal, CR {answer.illegal.rule}: " \
                  f"{answer.illegal.reason})" if answer.illegal else ""
            diffs.append(f"checkpoint {name}: not reached{why}")
            continue
        view = {**got, **_result_view(got)}
        for key, value in want.items():
            if key == "objects":
                for oid, fields in value.items():
                    have = got["objects"].get(oid)
                    if have is None:
                        diffs.append(f"{name}.objects.{oid}: expected an object, there is none")
                        continue
                    for f, v in fields.items():
                        if have.get(f) != v:
                            diffs.append(f"{name}.objects.{oid}.{f}: expected {v}, got {have.get(f)}")
            elif key in PLAYER_MAPS or key in ("mana", "planar_deck", "commander_damage", "graveyard"):
                for p, v in value.items():
                    if view[key].get(p) != v:
                        diffs.append(f"{name}.{key}.{p}: expected {v}, got {view[key].get(p)}")
            elif key == "absent":  # objects that no longer exist (a token, CR 111.7, 704.5d)
                diffs += [f"{name}.absent: {oid} still exists" for oid in value if oid in got["objects"]]
            elif key == "losers":
                if sorted(value) != view[key]:
                    diffs.append(f"{name}.losers: expected {sorted(value)}, got {view[key]}")
            elif view.get(key) != value:
                diffs.append(f"{name}.{key}: expected {value}, got {view.get(key)}")
    got_illegal = (answer.illegal.action, answer.illegal.rule) if answer.illegal else None
    if expect.illegal and got_illegal and expect.illegal[0] == got_illegal[0] \
            and covers(expect.illegal[1], got_illegal[1]):
        got_illegal = expect.illegal
    expected = expect.illegal
    if expected != got_illegal:
        if expected is None:
            diffs.append(f"action {answer.illegal.action} is illegal (CR {answer.illegal.rule}): "
                         f"{answer.illegal.reason}")
        elif answer.illegal is None:
            diffs.append(f"illegal: expected action {expected[0]} to be illegal "
                         f"(CR {expected[1]}), every action was legal")
        else:
            diffs.append(f"illegal: expected action {expected[0]} (CR {expected[1]}), got action "
                         f"{answer.illegal.action} (CR {answer.illegal.rule}): {answer.illegal.reason}")
    return diffs


register(QueryKind("game", parse_query, parse_expect, solve, compare))
