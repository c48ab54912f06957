"""Brute-force oracle for casting (CR 601.2f-h): the total cost of a spell and every legal
payment of it, from a plain description of a small board. It shares no code with pyengine.

A board (dict):
  cost: list of mana symbols of the spell's mana cost ("2", "W", "W/U", "2/G", "B/P", "X")
  x: the value of X (0 when the cost has none)
  keywords: subset of {"convoke", "delve", "improvise"}
  effects: list of {"kind": "more"|"less"|"minimum", "mana": {"generic": N, "W": N, ...} or N}
           (already filtered to those that apply to this spell and caster)
  sources: list of {"id", "mana": [letters] or [], "creature": bool, "artifact": bool,
                    "colors": [letters], "tapped": bool, "sick": bool}; a source whose mana
           ability adds one of several things has "options": [[letters], ...] (one mana of
           any color: five one-letter options; "{R} or {G}": two; "three mana of any one
           color": five three-letter options) instead of "mana"; its ability's cost may
           leave out {T} ("tap": False), sacrifice the source ("sacrifice": True) or cost
           life ("life": N)
  graveyard: list of card ids
  pool: {letter: N} (C is colorless)
  life: the caster's life total

Rules implemented (independently of asp/cast/):
  107.4e hybrid: {A/B} paid with A or B; {2/A} with A or two generic.
  107.4f Phyrexian: {A/P} paid with A or 2 life.
  601.2f: the chosen symbols, plus increases, minus reductions (generic never below 0; a
          colored reduction reduces its color, the rest the generic part), then minimums.
  601.2h, 702.51a, 702.66a, 702.126a: a payment covers the total cost exactly; each pool
          mana spent, convoking creature, delved card and improvising artifact pays one
          symbol it can; a tapped land pays at least one symbol (else it is no part of the
          payment); 119.4 life only up to the life total.
  605.1a, 106.1a, 107.5, 602.5a, 701.21a: a mana ability adds one of its options, chosen as it
          resolves; one with {T} needs an untapped permanent, not a summoning-sick creature,
          one without {T} neither; a source sacrificed by its own ability is used once and is
          gone when the cost is paid (so it can't convoke or improvise); the life its ability
          costs and the total cost's life are paid from one life total.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import Any

COLORS = ("W", "U", "B", "R", "G", "C")


def symbol_options(sym: str) -> list[tuple[str, str]]:
    """How one symbol can be paid: (label, kind) with kind a color letter, "g1", "g2", "life"."""
    if sym.isdigit():
        return [("", f"n{sym}")]
    parts = sym.split("/")
    if len(parts) == 1:
        return [("", sym)]
    if parts[1] == "P":
        return [(f"{{{parts[0]}}}", parts[0]), ("life", "life")]
    if parts[0].isdigit():
        return [(f"{{{parts[1]}}}", parts[1]), ("{2}", "n2")]
    return [(f"{{{parts[0]}}}", parts[0]), (f"{{{parts[1]}}}", parts[1])]


def total_cost(board: dict[str, Any], choice: tuple[str, ...]) -> tuple[dict[str, int], int]:
    """The total cost for one resolution of the hybrid/Phyrexian symbols (``choice``: one kind
    per symbol): ({"generic": N, color: N}, life)."""
    generic = 0
    colored = dict.fromkeys(COLORS, 0)
    life = 0
    for sym, kind in zip(board["cost"], choice, strict=True):
        if sym == "X":
            generic += board.get("x", 0)
        elif kind.startswith("n"):
            generic += int(kind[1:])
        elif kind == "life":
            life += 2
        else:
            colored[kind] += 1
    for e in board.get("effects", []):
        if e["kind"] == "more":
            generic += e["mana"].get("generic", 0)
            for c in COLORS:
                colored[c] += e["mana"].get(c, 0)
    spill = 0
    reduce_generic = 0
    for e in board.get("effects", []):
        if e["kind"] == "less":
            reduce_generic += e["mana"].get("generic", 0)
            for c in COLORS:
                r = e["mana"].get(c, 0)
                used = min(r, colored[c])
                colored[c] -= used
                spill += r - used
    generic = max(0, generic - reduce_generic - spill)
    minimum = max([e["mana"] for e in board.get("effects", []) if e["kind"] == "minimum"], default=0)
    total = generic + sum(colored.values())
    if total < minimum:
        generic += minimum - total
    need = {"generic": generic, **{c: n for c, n in colored.items() if n}}
    return need, life


def choices(board: dict[str, Any]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every resolution of the cost's symbols: (kinds, words naming the choices made)."""
    per = [symbol_options(s) if s != "X" else [("", "x")] for s in board["cost"]]
    out = []
    for combo in product(*per):
        kinds = tuple(k for _, k in combo)
        words = tuple(f"choice mana#{i}: {label}" for i, (label, _) in enumerate(combo) if len(per[i]) > 1)
        out.append((kinds, words))
    return out


def _feasible(need: dict[str, int], items: list[tuple[str, Any]]) -> bool:
    """Can ``items`` pay ``need`` exactly? Items: ("mana", options) adds one option's mana (a
    tuple of letters), of which one or more pay (each its color or generic), the rest unspent;
    ("pool", (color, n)) pays all n (each its color or generic); ("convoke", colors);
    ("generic", None)."""
    colors = tuple(c for c in COLORS)
    start = (need.get("generic", 0), *(need.get(c, 0) for c in colors))

    @lru_cache(maxsize=None)
    def go(i: int, rem: tuple[int, ...]) -> bool:
        if any(r < 0 for r in rem):
            return False
        if i == len(items):
            return not any(rem)
        kind, data = items[i]
        if kind == "mana":
            for option in data:
                # each unit of the option: unspent (-1), generic (0) or its color (its index)
                for ways in product(*[(-1, 0, colors.index(c) + 1) for c in option]):
                    if all(w == -1 for w in ways):
                        continue
                    nxt = list(rem)
                    for w in ways:
                        if w >= 0:
                            nxt[w] -= 1
                    if go(i + 1, tuple(nxt)):
                        return True
            return False
        if kind == "pool":
            color, n = data
            for a in range(0, n + 1):  # a of them pay the color, the rest generic
                nxt = list(rem)
                nxt[colors.index(color) + 1] -= a
                nxt[0] -= n - a
                if go(i + 1, tuple(nxt)):
                    return True
            return False
        if kind == "convoke":
            options = [0] + [colors.index(c) + 1 for c in data]
        else:
            options = [0]
        for k in options:
            nxt = list(rem)
            nxt[k] -= 1
            if go(i + 1, tuple(nxt)):
                return True
        return False

    return go(0, start)


def _options(s: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    """The options of a source's mana ability (one: its fixed mana)."""
    if "options" in s:
        return tuple(tuple(o) for o in s["options"])
    return (tuple(s["mana"]),) if s["mana"] else ()


def _can_activate(s: dict[str, Any]) -> bool:
    """602.5a, 107.5: {T} in the cost needs an untapped permanent, not a summoning-sick creature."""
    if not _options(s):
        return False
    if not s.get("tap", True):
        return True
    return not s.get("tapped") and not (s.get("creature") and s.get("sick"))


def payments(board: dict[str, Any]) -> set[tuple[str, ...]]:
    """Every legal payment, as sorted words (the engine's listing format)."""
    kw = set(board.get("keywords", ()))
    lands = [s for s in board["sources"] if _can_activate(s)]
    convokers = [s for s in board["sources"] if "convoke" in kw and s.get("creature") and not s.get("tapped")]
    improvisers = [
        s for s in board["sources"] if "improvise" in kw and s.get("artifact") and not s.get("tapped")
    ]
    delvable = list(board.get("graveyard", ())) if "delve" in kw else []
    pool = board.get("pool", {})
    out: set[tuple[str, ...]] = set()
    for kinds, words in choices(board):
        need, life = total_cost(board, kinds)
        if life > board.get("life", 20):
            continue
        total = sum(need.values())
        for uses in _uses(lands, convokers, improvisers):
            mana_life = sum(s.get("life", 0) for how, s in uses if how == "tap")
            if mana_life + life > board.get("life", 20):
                continue
            for spent in product(*[range(0, pool[c] + 1) for c in sorted(pool)]):
                for d in range(0, min(len(delvable), need.get("generic", 0)) + 1):
                    for delved in combinations(delvable, d):
                        items: list[tuple[str, Any]] = []
                        parts = list(words) + ([f"life {life}"] if life else [])
                        for how, s in uses:
                            if how == "tap":
                                items.append(("mana", _options(s)))
                            elif how == "convoke":
                                items.append(("convoke", tuple(s["colors"])))
                            else:
                                items.append(("generic", None))
                            parts.append(f"{how} {s['id']}")
                        for c, n in zip(sorted(pool), spent, strict=True):
                            if n:
                                items.append(("pool", (c, n)))
                                parts.append(f"pool {{{c}}}x{n}" if n > 1 else f"pool {{{c}}}")
                        items += [("generic", None)] * len(delved)
                        parts += [f"delve {g}" for g in delved]
                        if len(items) > total:
                            continue
                        if _feasible(need, items):
                            out.add(tuple(sorted(parts)))
    return out


def _uses(
    lands: list[dict[str, Any]], convokers: list[dict[str, Any]], improvisers: list[dict[str, Any]]
) -> list[list[tuple[str, dict[str, Any]]]]:
    """Every way to use each permanent at most once: tap for mana, convoke, improvise, or not."""
    perms: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for how, group in (("tap", lands), ("convoke", convokers), ("improvise", improvisers)):
        for s in group:
            perms.setdefault(s["id"], []).append((how, s))
    out = []
    for combo in product(*[[None, *opts] for opts in perms.values()]):
        out.append([c for c in combo if c is not None])
    return out
