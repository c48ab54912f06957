"""DOT pictures of the combat and replacement engines' answers (the layer engine's dependency
graph is pyengine.depgraph's).

- Combat (CR 508.1, 509.1): the declaring player's creatures on one side, what they may attack
  or block on the other; the witness's pairs as solid arrows ("attacks", "blocks"), a proposed
  declaration's as dashed ones (green when legal, red when not), each requirement a note tied
  to its creature, green when the witness obeys it and red when it does not, and each rule a
  proposal breaks a red note.
- Replacement (CR 616.1): the outcome tree, one node per choice of which effect applies next
  and one leaf per outcome, with the verdict on a proposed sequence.
"""

from __future__ import annotations

from typing import Any

from pyengine.combat.model import Board, Kind, Verdict

GREEN, RED, GREY = "#1a7f37", "#c62828", "#6e7781"


def _q(text: str) -> str:
    """A DOT string: quotes and backslashes escaped, line breaks as DOT's ``\\n``."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _header(name: str, title: str) -> list[str]:
    lines = [f"digraph {name} {{", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica"];',
             '  edge [fontname="Helvetica"];']
    if title:
        lines += [f"  label={_q(title)};", "  labelloc=t;"]
    return lines


# --- Combat --------------------------------------------------------------------------------

def combat_dot(v: Verdict, board: Board | None = None, title: str = "") -> str:
    """The combat witness (and the proposal, if any) as DOT. ``board`` adds the creatures that
    could attack or block but are in no pair."""
    attack = v.kind == Kind.ATTACK
    verb = "attacks" if attack else "blocks"
    declarers: list[str] = []
    others: list[str] = []

    def add(bucket: list[str], oid: str) -> None:
        if oid not in declarers and oid not in others:
            bucket.append(oid)

    if board is not None:
        who = board.declaring_player
        for perm in board.permanents:
            if perm.is_creature and perm.controller == who:
                add(declarers, perm.id)
        if attack:
            for p in board.defending:
                add(others, p)
            for perm in board.permanents:  # what else may be attacked (CR 508.1b)
                if ({"Planeswalker", "Battle"} & perm.types
                        and (perm.controller in board.defending or perm.protector in board.defending)):
                    add(others, perm.id)
        else:
            for a, _target in board.attacks:
                add(others, a)
    decls = [d for d in (v.witness, v.proposed) if d is not None]
    for d in decls:
        for a, b in d.pairs:
            add(declarers, a)
            add(others, b)
    lines = _header("combat", title)
    left = "may attack" if attack else "may block"
    right = "defending: players, planeswalkers, battles" if attack else "attacking creatures"
    if board is not None:
        left = f"{board.declaring_player}'s creatures ({left})"
    for i, (label, ids) in enumerate(((left, declarers), (right, others))):
        lines += [f"  subgraph cluster_{i} {{", f"    label={_q(label)};", "    style=rounded;"]
        lines += [f"    {_q('o:' + o)} [label={_q(o)}];" for o in ids]
        lines.append("  }")
    for a, b in v.witness.pairs:
        lines.append(f"  {_q('o:' + a)} -> {_q('o:' + b)} [label={_q('witness: ' + verb)}, penwidth=2];")
    if v.proposed is not None:
        color = GREEN if v.legal else RED
        what = "proposed (legal)" if v.legal else "proposed (illegal)"
        for a, b in v.proposed.pairs:
            lines.append(f"  {_q('o:' + a)} -> {_q('o:' + b)} [label={_q(what + ': ' + verb)}, "
                         f'style=dashed, color="{color}", fontcolor="{color}"];')
    for i, r in enumerate(v.requirements):
        color = GREEN if r.witness else RED
        mark = "obeyed" if r.witness else "broken"
        lines.append(f"  req{i} [label={_q(f'{mark} by the witness: {r.text} (CR {r.rule})')}, "
                     f'shape=note, color="{color}", fontcolor="{color}"];')
        for s in r.subjects[:1]:
            if s in declarers or s in others:
                lines.append(f'  req{i} -> {_q("o:" + s)} [style=dotted, arrowhead=none, color="{color}"];')
    for i, x in enumerate(v.violations):
        lines.append(f"  bad{i} [label={_q('the proposal breaks: ' + x.text)}, shape=note, "
                     f'color="{RED}", fontcolor="{RED}"];')
        for o in x.objects[:1]:
            if o in declarers or o in others:
                lines.append(f'  bad{i} -> {_q("o:" + o)} [style=dotted, arrowhead=none, color="{RED}"];')
    if not v.witness.pairs:
        none = "no attackers" if attack else "no blockers"
        lines.append(f"  witness [label={_q(f'witness: {none} (obeys {v.maximum} requirements)')}, "
                     "shape=plaintext];")
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- Replacement ---------------------------------------------------------------------------

def replacement_dot(answer: Any, title: str = "") -> str:
    """The outcome tree of a ReplacementAnswer as DOT: the event at the root, each branch a
    choice (who applies which effect to what, under which 616.1 tier), each leaf an outcome;
    the verdict on a proposed sequence as a note."""
    lines = _header("outcomes", title)
    lines.append(f"  root [label={_q('event: ' + '; '.join(e.render() for e in answer.events))}, "
                 "shape=box, style=bold];")
    ids: dict[tuple[Any, ...], str] = {(): "root"}
    for i, o in enumerate(answer.outcomes, start=1):
        path: tuple[Any, ...] = ()
        for step in o.witness:
            parent = ids[path]
            path = path + (step,)
            if path not in ids:
                ids[path] = f"c{len(ids)}"
                lines.append(f"  {ids[path]} [label={_q(step.render())}, shape=box, style=rounded];")
                lines.append(f"  {parent} -> {ids[path]};")
        leaf = f"out{i}"
        tail = "" if o.witness else "\n(no effect applies)"
        lines.append(f"  {leaf} [label={_q(f'outcome [{i}]: {o.summary()}{tail}')}, shape=ellipse, "
                     f'color="{GREEN}", fontcolor="{GREEN}", peripheries=2];')
        lines.append(f"  {ids[path]} -> {leaf};")
    if answer.verdict is not None:
        v = answer.verdict
        color = GREEN if v.legal else RED
        text = "proposed sequence: " + ("legal" if v.legal else "illegal")
        text += "".join("\n" + x.render() for x in v.violations)
        if v.outcome is not None:
            text += "\nleads to: " + v.outcome.summary()
        lines.append(f'  proposal [label={_q(text)}, shape=note, color="{color}", fontcolor="{color}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"
