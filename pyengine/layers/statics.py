"""What the effect definitions alone tell the layer engine (pyengine/layers/engine.py), read
off the static facts before any call: which consecutive layers may be asked in one round
(:func:`groups`), and whether the last call (final.lp) can find anything (:func:`may_have_final`).
Both are safe guesses: a group's round is checked by quiet.lp and dropped where it is not a
batch, and any doubt about the last call makes it."""

from __future__ import annotations

import clingo

from pyengine.model.enums import Layer


def may_have_final(static: list[clingo.Symbol], values: list[clingo.Symbol]) -> bool:
    """Whether final.lp may find an instance of an effect outside the layers
    (final_effects.lp's inst/1: a resolved effect of such a definition, or an object that has
    an ability with one after the layers, a granted ability as the ability it grants,
    attributes.lp). Without one it reports no effect and every player has the values the
    rules give, which is what the engine reads of no model: the call is not made. Any
    doubt calls."""
    rules: set[clingo.Symbol] = set()
    resolved: list[clingo.Symbol] = []  # the definitions of resolved effects
    abilities: list[tuple[clingo.Symbol, clingo.Symbol]] = []  # (ability, definition)
    for f in static:
        name = f.name
        if name == "rules_def":
            rules.add(f.arguments[0])
        elif name == "resolved":
            resolved.append(f.arguments[1])
        elif name == "ability_effect":
            abilities.append((f.arguments[0], f.arguments[1]))
    if any(d in rules for d in resolved):
        return True
    keys = {k for k, d in abilities if d in rules}
    if not keys:
        return False
    for f in (*static, *values):
        if f.name != "cur":
            continue
        args = f.arguments
        if args[1] != _ABILITY:
            continue
        k = args[2]
        while k.type == clingo.SymbolType.Function and k.name == "gr" and len(k.arguments) == 2:
            k = k.arguments[0]  # the ability a granted one is (attributes.lp)
        if k in keys:
            return True
    return False


_ABILITY = clingo.Function("ability")


# Layers that may be asked in one round, in two runs: 2 to 6, and layer 7's sublayers. (A
# group across 7a's start would see the 0 power and toughness CR 208.5 gives there,
# _zero_pt, before its time; layers 1a, 1b and 3 fix copiable values and words others read.)
# What each changes (asp/layers/attributes.lp, changes/2).
RUNS = ((Layer.L2, Layer.L4, Layer.L5, Layer.L6), (Layer.L7A, Layer.L7B, Layer.L7C, Layer.L7D))
_CHANGES = {Layer.L2: {"controller"}, Layer.L4: {"type", "subtype", "latent_subtype", "supertype", "ability"},
            Layer.L5: {"color"}, Layer.L6: {"ability", "cant_have"},
            **{lay: {"power", "toughness"} for lay in RUNS[1]}}
# what an effect of a static ability reads on its source (its abilities, its controller:
# quiet.lp's rd_src/2), which the static test cannot tell apart from other objects'
_SOURCE_READS = frozenset({"ability", "controller"})


def groups(static: list[clingo.Symbol], used: set[str]) -> dict[Layer, tuple[Layer, ...]]:
    """The groups of consecutive layers with effects that may be asked in one round, by their
    first layer. A layer none of whose effect definitions reads what it changes itself joins
    the group before it where, by its effect definitions alone: none has parts in a layer of
    the group (it would be one instance in one chain); none
    reads (facts.py's def_reads/2: its selector, condition or amounts) an attribute a layer
    of the group changes; if the group changes abilities or control, none is a static
    ability's (which reads its source's abilities and controller); and it is not layer 6
    after a layer that changes abilities (layer 6's closed form starts from the abilities
    the round started with, l6_ability.lp). When in doubt, no group. The round itself checks
    the whole group as quiet.lp checks a layer, and its answer is used only where it is a
    batch (nothing any effect of the group reads can change), so a group never changes an
    answer."""
    if all(sum(lay.value in used for lay in run) < 2 for run in RUNS):
        return {}  # (reading the facts costs about 2.7 µs each: not where nothing can group)
    by_layer: dict[str, set[clingo.Symbol]] = {}
    reads: dict[clingo.Symbol, set[str]] = {}
    statics: set[clingo.Symbol] = set()
    for f in static:
        if f.name == "def_layer":
            by_layer.setdefault(f.arguments[1].name, set()).add(f.arguments[0])
        elif f.name == "def_reads":
            reads.setdefault(f.arguments[0], set()).add(f.arguments[1].name)
        elif f.name == "ability_effect":
            statics.add(f.arguments[1])
    out: dict[Layer, tuple[Layer, ...]] = {}
    for run in RUNS:
        group: list[Layer] = []
        seen: set[clingo.Symbol] = set()
        changed: set[str] = set()
        for lay in (lay for lay in run if lay.value in used):
            defs = by_layer.get(lay.asp, set())
            # a layer some of whose effects read what it changes itself may go one step at a
            # time (quiet.lp), and then so would its group's round: it is asked alone
            alone = any(reads.get(d, set()) & _CHANGES[lay] for d in defs)
            joins = (group and not alone and not defs & seen
                     and not any(reads.get(d, set()) & changed for d in defs)
                     and not (changed & _SOURCE_READS and defs & statics)
                     and not (lay == Layer.L6 and "ability" in changed))
            if not joins:
                if len(group) > 1:
                    out[group[0]] = tuple(group)
                group, seen, changed = [], set(), set()
                if alone:
                    continue
            group.append(lay)
            seen |= defs
            changed |= _CHANGES[lay]
        if len(group) > 1:
            out[group[0]] = tuple(group)
    return out
