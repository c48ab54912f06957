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


def dense(bears: int, anthems: int) -> GameState:
    """``bears`` Grizzly Bears (2/2 green creatures) and ``anthems`` Glorious Anthems
    ("Creatures you control get +1/+1"), all alice's: every anthem applies to every bear."""
    ctx = Ctx(players=("alice", "bob"), key_prefix="bench")
    objects = [GameObject(f"b{i}", Characteristics(name="Grizzly Bears", mana_value=2, colors=("green",),
                                                   types=("Creature",), subtypes=("Bear",),
                                                   power=2, toughness=2), "alice", "alice",
                          timestamp=i + 1) for i in range(bears)]
    for j in range(anthems):
        ab = parse_ability(Cursor(dict(_STATICS[0], text="Creatures you control get +1/+1"), "", None, None),
                           ctx)
        objects.append(GameObject(f"a{j}", Characteristics(name="Glorious Anthem", mana_value=3,
                                                           types=("Enchantment",), abilities=(ab,)),
                                  "alice", "alice", timestamp=bears + j + 1))
    return GameState((Player("alice"), Player("bob")), TurnContext("alice"), tuple(objects), ())


def _reference(state: GameState, limit: float) -> float | None:
    """Seconds the plain-Python reference (tests/oracles/layers_oracle.py, in a source checkout)
    takes on ``state``; None when it is not available or takes more than ``limit`` seconds.

    The reference runs in a forked child that times itself and is killed at the limit. (An
    alarm raising in this process was not enough: Python runs a signal handler wherever the
    interpreter is, and an exception raised inside a garbage-collector callback, a finalizer or
    an unraisable-exception hook is dropped or breaks that hook.)"""
    import os
    import select
    import signal

    try:
        from tests.oracles.layers_oracle import compute as reference
    except ImportError:
        return None
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: time the reference, report, and leave without any cleanup
        try:
            os.close(read)
            t0 = time.perf_counter()
            reference(state)
            os.write(write, repr(time.perf_counter() - t0).encode())
        finally:
            os._exit(0)
    os.close(write)
    took: float | None = None
    try:
        ready, _, _ = select.select([read], [], [], limit)
        data = os.read(read, 64) if ready else b""
        took = float(data) if data else None
    finally:
        os.close(read)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    return took if took is not None and took <= limit else None


def _measure(args: tuple[int, int, int, bool, float]) -> dict[str, float]:
    """The engine and the reference on the same board, interleaved (engine, reference, engine,
    ...), so a busy machine slows both alike; the reference is left out once it exceeds
    ``limit`` seconds."""
    from pyengine import solver
    from pyengine.layers import compute

    n, e, repeats, is_dense, limit = args
    state = dense(n, e) if is_dense else board(n, e)
    times = []
    refs: list[float] = []
    in_clingo = []
    ground = []
    stats: dict[str, float] = {}
    reference_ok = limit > 0
    for _ in range(repeats):
        solver.forget()  # each repeat computes: nothing answered from memory
        t0 = time.perf_counter()
        res = compute(state, timeout=600, measure=True)
        times.append(time.perf_counter() - t0)
        stats = res.stats
        in_clingo.append(stats.get("clingo_s", 0.0))
        ground.append(stats.get("ground_s", 0.0))
        if reference_ok:
            took = _reference(state, limit)
            reference_ok = took is not None
            if took is not None:
                refs.append(took)
            else:
                refs = []
    median = statistics.median(times)
    ref = statistics.median(refs) if refs else float("nan")
    return {"permanents": n, "effects": e, "median_s": median,
            "min_s": min(times), "atoms": stats.get("atoms", 0), "rules": stats.get("rules", 0),
            "calls": stats.get("calls", 0), "clingo_s": statistics.median(in_clingo),
            "ground_s": statistics.median(ground), "reference_s": ref,
            "ratio": median / ref if refs else float("nan"),
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


SIZES = [(10, 5), (50, 10), (100, 20), (200, 40), (400, 40), (800, 40), (1000, 40), (1000, 100)]
DENSE_SIZES = [(100, 10), (300, 30), (1000, 100)]


def run(sizes: list[tuple[int, int]], repeats: int = 5, *, is_dense: bool = False,
        reference_limit: float = 10.0) -> Iterator[dict[str, float]]:
    """Measure each size in a fresh process (so peak memory is per size), yielding each row
    as soon as it is measured."""
    ctx = mp.get_context("spawn")
    for n, e in sizes:
        with ctx.Pool(1) as pool:
            yield pool.map(_measure, [(n, e, repeats, is_dense, reference_limit)])[0]


def main(argv: list[str] | None = None) -> int:
    """CLI entry: print a table of figures."""
    from pyengine import bench as options
    from pyengine.cli import Parser

    ap = Parser(prog="pyengine bench layers", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=options.sizes("PERMANENTSxEFFECTS", 0), default=None, metavar="PxE,...",
                    help="comma-separated PERMANENTSxEFFECTS (default: "
                         + ",".join(f"{n}x{e}" for n, e in SIZES) + "; with --dense, BEARSxANTHEMS: "
                         + ",".join(f"{n}x{e}" for n, e in DENSE_SIZES) + ")")
    ap.add_argument("--dense", action="store_true",
                    help="boards of N Grizzly Bears and M Glorious Anthems (--sizes NxM) instead of "
                         "random boards")
    ap.add_argument("--repeats", type=options.integer(1), default=5, metavar="N",
                    help="timed runs of each board; the median and the minimum are reported "
                         "(default: %(default)s)")
    ap.add_argument("--reference-limit", type=options.integer(0), default=10, metavar="S",
                    help="seconds the Python reference (tests/oracles, in a source checkout) may take "
                         "on a board before it is left out; 0: never run it (default: %(default)s)")
    args = ap.parse_args(argv)
    sizes = args.sizes or (DENSE_SIZES if args.dense else SIZES)
    print(f"machine: {platform.processor() or platform.machine()}, {mp.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    # in_clingo: inside clingo's own calls (creating, adding, grounding, solving); ground: from
    # each Control's creation to the end of its grounding (pyengine.solver.solve's stats);
    # ref ms: the Python reference on the same board, timed between the engine's runs; ratio:
    # engine / reference (medians)
    print(f"{'permanents':>10} {'effects':>7} {'median ms':>10} {'min ms':>8} {'ref ms':>8} {'ratio':>6} "
          f"{'in_clingo':>9} {'ground':>7} {'calls':>5} {'atoms':>9} {'rules':>9} {'peak MB':>8}", flush=True)
    for row in run(sizes, args.repeats, is_dense=args.dense,  # type: ignore[arg-type]
                   reference_limit=float(args.reference_limit)):
        ref = "-" if row["reference_s"] != row["reference_s"] else f"{row['reference_s'] * 1000:.1f}"
        ratio = "-" if row["ratio"] != row["ratio"] else f"{row['ratio']:.2f}"
        print(f"{row['permanents']:>10.0f} {row['effects']:>7.0f} {row['median_s'] * 1000:>10.1f} "
              f"{row['min_s'] * 1000:>8.1f} {ref:>8} {ratio:>6} {row['clingo_s'] * 1000:>9.1f} "
              f"{row['ground_s'] * 1000:>7.1f} {row['calls']:>5.0f} {row['atoms']:>9.0f} "
              f"{row['rules']:>9.0f} {row['peak_rss_mb']:>8.1f}", flush=True)
    return 0
