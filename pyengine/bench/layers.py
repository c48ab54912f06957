"""``pyengine bench layers``: the layer engine on random boards of growing size.

Each board has N permanents (creatures, lands, artifacts, enchantments, some with counters)
and E effects drawn from every layer (control changes, type changes incl. land types,
colors, ability grants and removals, P/T setting, anthems with color and type conditions,
switches), so that dependencies occur. Reports the median time per query, the ground
program size and the peak memory of a fresh process per size.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import platform
import random
import resource
import statistics
import time
from collections.abc import Iterator

from pyengine.lang.effects import Ctx, parse_ability
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import ResolvedEffect
from pyengine.model.objects import Characteristics, GameObject, GameState, Player, TurnContext

_STATICS: list[dict[str, object]] = [
    {"static": {"affects": {"types": ["Creature"], "controller": "you"},
                "modify_pt": {"power": 1, "toughness": 1}}},
    {"static": {"affects": {"types": ["Creature"], "colors": ["white"]},
                "modify_pt": {"power": 1, "toughness": 1}}},
    {"static": {"affects": {"types": ["Artifact"], "not_types": ["Creature"]}, "add_types": ["Creature"],
                "set_pt": {"power": {"mana_value_of": "it"}, "toughness": {"mana_value_of": "it"}}}},
    {"static": {"affects": {"types": ["Land"], "not_supertypes": ["Basic"]}, "set_subtypes": ["Mountain"]}},
    {"static": {"affects": {"types": ["Land"]}, "add_subtypes": ["Swamp"]}},
    {"static": {"affects": {"types": ["Creature"]}, "lose_all_abilities": True}},
    {"static": {"affects": {"types": ["Creature"], "abilities": ["flying"]},
                "modify_pt": {"power": 1, "toughness": 0}}},
    {"static": {"affects": {"types": ["Creature"], "controller": "opponent"}, "set_colors": ["white"]}},
    {"static": {"affects": {"types": ["Creature"], "power": {"lte": 2}}, "add_abilities": ["flying"]}},
    {"static": {"affects": {"types": ["Creature"], "subtypes": ["Elf"]},
                "modify_pt": {"power": {"count": {"subtypes": ["Elf"]}}, "toughness": 0}}},
]
_RESOLVED: list[dict[str, object]] = [
    {"modify_pt": {"power": 3, "toughness": 3}},
    {"set_pt": {"power": 0, "toughness": 1}},
    {"switch_pt": True},
    {"control": "alice"},
    {"set_colors": ["red"]},
    {"add_abilities": ["haste"]},
]


def board(permanents: int, effects: int, seed: int = 1) -> GameState:
    """A random board with ``permanents`` permanents and ``effects`` effects."""
    rng = random.Random(seed)
    ctx = Ctx(players=("alice", "bob"), key_prefix="bench")
    objects: list[GameObject] = []
    ts = 0
    statics_left = effects * 2 // 3
    for i in range(permanents):
        ts += 1
        kind = rng.choice(["creature", "creature", "creature", "land", "artifact"])
        owner = rng.choice(["alice", "bob"])
        if kind == "creature":
            p = Characteristics(name=f"C{i}", mana_value=rng.randint(1, 5),
                                colors=(rng.choice(["white", "green", "red"]),), types=("Creature",),
                                subtypes=(rng.choice(["Elf", "Bear", "Human"]),), power=rng.randint(1, 5),
                                toughness=rng.randint(1, 5),
                                abilities=tuple(parse_ability(Cursor(k, "", None, None), ctx)
                                                for k in rng.sample(["flying", "trample", "haste"],
                                                                    rng.randint(0, 2))))
        elif kind == "land":
            basic = rng.random() < 0.5
            p = Characteristics(name=f"L{i}", types=("Land",), supertypes=("Basic",) if basic else (),
                                subtypes=(rng.choice(["Forest", "Island"]),) if basic else ())
        else:
            p = Characteristics(name=f"A{i}", mana_value=rng.randint(0, 4), types=("Artifact",))
        counters = (("+1/+1", rng.randint(1, 2)),) if kind == "creature" and rng.random() < 0.2 else ()
        objects.append(GameObject(f"o{i}", p, owner, owner, timestamp=ts, counters=counters))
    for j in range(statics_left):
        ts += 1
        spec = _STATICS[j % len(_STATICS)] if j < len(_STATICS) else rng.choice(_STATICS)
        ab = parse_ability(Cursor(dict(spec, text=f"static {j}"), "", None, None), ctx)
        owner = rng.choice(["alice", "bob"])
        objects.append(GameObject(f"e{j}",
                                  Characteristics(name=f"E{j}", types=("Enchantment",), abilities=(ab,)),
                                  owner, owner, timestamp=ts))
    resolved = []
    from pyengine.lang.effects import parse_effect

    creatures = [o.id for o in objects if "Creature" in o.printed.types]
    for k in range(effects - statics_left):
        ts += 1
        spec = _RESOLVED[k % len(_RESOLVED)]
        d = parse_effect(Cursor(dict(spec), "", None, None), ctx, allow_no_affects=True)
        target = tuple(rng.sample(creatures, min(len(creatures), rng.randint(1, 3))))
        resolved.append(ResolvedEffect(f"r{k}", d, ts, rng.choice(["alice", "bob"]), locked=target))
    return GameState((Player("alice"), Player("bob")), TurnContext("alice"), tuple(objects), tuple(resolved))


def _measure(args: tuple[int, int, int]) -> dict[str, float]:
    from pyengine.layers import compute

    n, e, repeats = args
    state = board(n, e)
    times = []
    in_clingo = []
    ground = []
    stats: dict[str, float] = {}
    for _ in range(repeats):
        t0 = time.perf_counter()
        res = compute(state, timeout=600, measure=True)
        times.append(time.perf_counter() - t0)
        stats = res.stats
        in_clingo.append(stats.get("clingo_s", 0.0))
        ground.append(stats.get("ground_s", 0.0))
    return {"permanents": n, "effects": e, "median_s": statistics.median(times),
            "min_s": min(times), "atoms": stats.get("atoms", 0), "rules": stats.get("rules", 0),
            "calls": stats.get("calls", 0), "clingo_s": statistics.median(in_clingo),
            "ground_s": statistics.median(ground),
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


SIZES = [(10, 5), (50, 10), (100, 20), (200, 40), (400, 40), (800, 40), (1000, 40), (1000, 100)]


def run(sizes: list[tuple[int, int]], repeats: int = 5) -> Iterator[dict[str, float]]:
    """Measure each size in a fresh process (so peak memory is per size), yielding each row
    as soon as it is measured."""
    ctx = mp.get_context("spawn")
    for n, e in sizes:
        with ctx.Pool(1) as pool:
            yield pool.map(_measure, [(n, e, repeats)])[0]


def main(argv: list[str] | None = None) -> int:
    """CLI entry: print a table of figures."""
    from pyengine import bench as options
    from pyengine.cli import Parser

    ap = Parser(prog="pyengine bench layers", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=options.sizes("PERMANENTSxEFFECTS", 0),
                    default=",".join(f"{n}x{e}" for n, e in SIZES), metavar="PxE,...",
                    help="comma-separated PERMANENTSxEFFECTS (default: %(default)s)")
    ap.add_argument("--repeats", type=options.integer(1), default=5, metavar="N",
                    help="timed runs of each board; the median and the minimum are reported "
                         "(default: %(default)s)")
    args = ap.parse_args(argv)
    sizes = args.sizes
    print(f"machine: {platform.processor() or platform.machine()}, {mp.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    # in_clingo: inside clingo's own calls (creating, adding, grounding, solving); ground: from
    # each Control's creation to the end of its grounding (pyengine.solver.solve's stats)
    print(f"{'permanents':>10} {'effects':>7} {'median ms':>10} {'min ms':>8} {'in_clingo':>9} "
          f"{'ground':>7} {'calls':>5} {'atoms':>9} {'rules':>9} {'peak MB':>8}", flush=True)
    for row in run(sizes, args.repeats):  # type: ignore[arg-type]
        print(f"{row['permanents']:>10.0f} {row['effects']:>7.0f} {row['median_s'] * 1000:>10.1f} "
              f"{row['min_s'] * 1000:>8.1f} {row['clingo_s'] * 1000:>9.1f} {row['ground_s'] * 1000:>7.1f} "
              f"{row['calls']:>5.0f} {row['atoms']:>9.0f} {row['rules']:>9.0f} {row['peak_rss_mb']:>8.1f}",
              flush=True)
    return 0
