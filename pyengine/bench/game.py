"""``pyengine bench game``: random two-player turns on boards of growing size.

Each board has N vanilla creatures of random power and toughness, split between the two
players. Each turn the active player attacks with a random half of their untapped creatures,
the other player blocks some attackers one to one, combat damage is assigned by a random legal
assignment, and the game moves on to the next turn (everything through pyengine.game, so every
rules decision is an engine's: layers, combat, damage, replacement). Reports the actions applied
per second, the share of the time spent inside clingo's calls (pyengine.solver.solve), the
calls, and how many of them were answered from the answers the gateway keeps (kept).
One untimed turn on a small board comes first, so that the figures are those of a warm engine
(modules imported, encodings parsed) and every module's solver calls are counted.

The players start with a high life total (--life, default 1,000) so that the game lasts all
the turns asked for on every board: at 20 life a 100-creature board ended within two turns, and
the figure rested on a handful of actions. The table's actions column says how many there
were; a game that ends before its last turn is marked.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

SIZES = (10, 20, 30, 100)  # 20: the board of the turns' speed target
LIFE = 1000  # each player's starting life: the game outlasts the turns played
TURNS = 8


def _board(n: int, seed: int, life: int = LIFE) -> Any:
    from pyengine.lang.characteristics import parse_characteristics
    from pyengine.lang.effects import Ctx
    from pyengine.lang.yamlread import Cursor
    from pyengine.model.enums import Step
    from pyengine.model.objects import GameObject, GameState, Player, TurnContext

    rng = random.Random(seed)
    objs = []
    for i in range(n):
        doc = {"name": f"C{i}", "types": ["Creature"], "power": rng.randint(0, 4),
               "toughness": rng.randint(1, 4)}
        chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix=f"c{i}"))
        owner = "alice" if i % 2 == 0 else "bob"
        objs.append(GameObject(f"c{i}", chars, owner=owner, controller=owner, timestamp=i + 1))
    players = (Player("alice", life=life, library_size=50), Player("bob", life=life, library_size=50))
    return GameState(players=players, turn=TurnContext("alice", 2, Step.UPKEEP), objects=tuple(objs))


class _Clock:
    """Time spent inside pyengine.solver.solve, wherever a module imported it from."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self.kept = 0  # calls answered from the answers kept (no clingo call)

    def __enter__(self) -> "_Clock":
        from pyengine import solver

        original = solver.solve
        self.patched: list[Any] = []

        def timed(*a: Any, **k: Any) -> Any:
            t = time.perf_counter()
            try:
                result = original(*a, **k)
                self.kept += bool(result.stats.get("cached"))
                return result
            finally:
                self.seconds += time.perf_counter() - t
                self.calls += 1

        for mod in list(sys.modules.values()):
            if getattr(mod, "solve", None) is original and mod.__name__.startswith("pyengine"):
                self.patched.append(mod)
                mod.solve = timed  # type: ignore[attr-defined]
        self.original = original
        return self

    def __exit__(self, *_: object) -> None:
        for mod in self.patched:
            mod.solve = self.original


def play_turns(n: int, turns: int, seed: int, life: int = LIFE) -> dict[str, float]:
    """Play ``turns`` random turns on a board of ``n`` creatures; figures (``played``: the
    turns played before the game ended, if it did)."""

    with _Clock() as clock:
        started = time.perf_counter()
        actions, played = _turns(n, turns, seed, life)
        wall = time.perf_counter() - started
    return {"permanents": n, "actions": actions, "seconds": wall, "per_s": actions / wall,
            "clingo_share": clock.seconds / wall, "calls": clock.calls, "kept": clock.kept, "played": played}


def _turns(n: int, turns: int, seed: int, life: int = LIFE) -> tuple[int, int]:
    from pyengine.damage.service import legal_assignments
    from pyengine.game import Advance, AssignDamage, DeclareAttackers, DeclareBlockers, new_game
    from pyengine.game.combat import damage_step
    from pyengine.model.enums import Step, Zone

    rng = random.Random(seed)
    game = new_game(_board(n, seed, life))
    actions = 1
    played = 0
    for _ in range(turns):
        if game.outcome.over:
            break
        played += 1
        game = game.apply(Advance(Step.DECLARE_ATTACKERS))
        me = game.active
        mine = [o.id for o in game.state.objects if o.zone == Zone.BATTLEFIELD and o.controller == me
                and not o.tapped]
        attackers = rng.sample(mine, len(mine) // 2)
        other = next(p for p in game.state.player_ids if p != me)
        game = game.apply(DeclareAttackers(tuple((a, other) for a in attackers)))
        actions += 2
        if attackers:
            game = game.apply(Advance(Step.DECLARE_BLOCKERS))
            theirs = [o.id for o in game.state.objects
                      if o.zone == Zone.BATTLEFIELD and o.controller == other and not o.tapped]
            blocks = tuple(zip(rng.sample(theirs, min(len(theirs), len(attackers))),
                               rng.sample(attackers, min(len(theirs), len(attackers))), strict=True))
            game = game.apply(DeclareBlockers(blocks[: rng.randint(0, len(blocks))]))
            game = game.apply(Advance(Step.COMBAT_DAMAGE))
            listing = legal_assignments(damage_step(game), limit=50)
            pick = listing.assignments[rng.randrange(len(listing.assignments))] if listing.listed else None
            game = game.apply(AssignDamage(pick))
            actions += 4
        game = game.apply(Advance(Step.UPKEEP))
        actions += 1
    return actions, played


def main(argv: list[str] | None = None) -> int:
    """CLI entry: print a table of figures."""
    from pyengine import bench as options
    from pyengine.cli import Parser

    ap = Parser(prog="pyengine bench game", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=options.integers(1), default=",".join(str(n) for n in SIZES),
                    metavar="N,...",
                    help="comma-separated numbers of permanents (default: %(default)s)")
    ap.add_argument("--turns", type=options.integer(1), default=TURNS, metavar="T",
                    help="random turns played on each board (default: %(default)s)")
    ap.add_argument("--life", type=options.integer(1), default=LIFE, metavar="L",
                    help="each player's starting life, high so that the game lasts the turns "
                         "(default: %(default)s)")
    ap.add_argument("--seed", type=options.integer(0), default=1, metavar="S",
                    help="seed of the random boards, attacks, blocks and damage assignments; the same "
                         "seed plays the same games (default: %(default)s)")
    args = ap.parse_args(argv)
    sizes = args.sizes
    _turns(4, 1, args.seed)  # warm-up, untimed: imports and parsed encodings
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    print(f"{'permanents':>10} {'turns':>5} {'actions':>7} {'seconds':>8} {'actions/s':>9} "
          f"{'in clingo':>9} {'calls':>6} {'kept':>5}", flush=True)
    for n in sizes:
        row = play_turns(n, args.turns, args.seed, args.life)
        ended = "" if row["played"] == args.turns else f"  (the game ended in turn {row['played']:.0f})"
        print(f"{n:>10} {row['played']:>5.0f} {row['actions']:>7.0f} {row['seconds']:>8.2f} "
              f"{row['per_s']:>9.2f} {row['clingo_share'] * 100:>8.0f}% {row['calls']:>6.0f} "
              f"{row['kept']:>5.0f}{ended}", flush=True)
    return 0
