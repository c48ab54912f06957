"""DOT pictures of the game, sba, triggers and cast queries' answers (``pyengine graph``).

- Game: the timeline, one cluster per step in order, its events in order each with its CR
  number; a spell or ability put on the stack is tied to the event that takes it off (it
  resolves, CR 608.2n), and each checkpoint is a note after the event it follows.
- Triggers (CR 603.2, 603.3b): events -> the abilities they triggered (dashed and marked when
  the ability looked back in time, 603.10) -> their places on the stack (a fixed order as a
  chain, else each player's group in APNAP order and the number of orders).
- Sba (CR 704.5): each object or player -> the action performed on it, with its rule and why.
- Cast (CR 601.2): the steps as a chain, the first failing one red; for a legal cast the
  payment: the sources -> the total cost's symbols (601.2g-h).
"""

from __future__ import annotations

from typing import Any

from pyengine.cast.model import STEPS
from pyengine.pictures import GREEN, GREY, RED, _header, _q

PAYING = ("tap", "pool", "convoke", "delve", "improvise")  # the witness's payment choices
STEP_TITLE = {"601.3": "may begin to cast", "601.2a": "to the stack", "601.2b": "modes and costs chosen",
              "601.2c": "targets", "601.2d": "division", "601.2e": "legality checked",
              "601.2f": "total cost", "601.2g": "mana abilities", "601.2h": "costs paid"}


def game_dot(answer: Any, title: str = "") -> str:
    from pyengine.game.log import sentence

    lines = _header("game", title)
    lines[1] = "  rankdir=TB;"
    cluster = -1
    prev = ""
    onstack: dict[str, str] = {}
    checkpoints = 0
    snaps = dict(answer.snapshots)
    marks: dict[int, list[str]] = {}
    for name, n in answer.marks:
        marks.setdefault(n, []).append(name)
    for e in answer.log:
        node = f"e{e.index}"
        if e.kind == "step_begins":
            if cluster >= 0:
                lines.append("  }")
            cluster += 1
            lines += [f"  subgraph cluster_{cluster} {{", f"    label={_q(f'{sentence(e)} (CR {e.rule})')};",
                      "    style=rounded;"]
            begins = f"{e.index}. step begins (CR {e.rule})"
            lines.append(f"    {node} [label={_q(begins)}, shape=plaintext];")
        else:
            if cluster < 0:
                cluster = 0
                lines += ["  subgraph cluster_0 {", '    label="before the first step";',
                          "    style=rounded;"]
            style = ""
            if e.kind == "zone_change" and e.from_zone == "stack":
                style = f', color="{GREEN}", fontcolor="{GREEN}"'
            lines.append(f"    {node} [label={_q(f'{e.index}. {sentence(e)} (CR {e.rule})')}{style}];")
        if prev:
            lines.append(f"    {prev} -> {node};")
        prev = node
        if e.kind == "zone_change" and e.to_zone == "stack" and e.obj:
            onstack[e.obj] = node
        elif e.kind == "zone_change" and e.from_zone == "stack" and e.obj in onstack:
            lines.append(f'    {onstack.pop(e.obj)} -> {node} [style=dashed, color="{GREEN}", '
                         f'fontcolor="{GREEN}", label="resolves (CR 608)", constraint=false];')
        for name in marks.get(e.index, []):
            checkpoints += 1
            stack = ", ".join(snaps.get(name, {}).get("stack") or []) or "empty"
            note = f"checkpoint {name}\nstack (top last): {stack}"
            lines.append(f"    cp{checkpoints} [label={_q(note)}, shape=note, "
                         f'color="{GREY}"];')
            lines.append(f'    {node} -> cp{checkpoints} [style=dotted, arrowhead=none];')
    if cluster >= 0:
        lines.append("  }")
    if answer.illegal is not None:
        ill = answer.illegal
        lines.append(f"  illegal [label={_q(f'illegal: {ill.action} (CR {ill.rule}): {ill.reason}')}, "
                     f'shape=note, color="{RED}", fontcolor="{RED}"];')
        if prev:
            lines.append(f'  {prev} -> illegal [color="{RED}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def triggers_dot(answer: Any, query: Any, title: str = "") -> str:
    from pyengine.explain_kinds import looks_back
    from pyengine.game.log import sentence

    lines = _header("triggers", title)
    known = {e.index for e in query.events}
    for e in query.events:
        rule = f" (CR {e.rule})" if e.rule else ""
        lines.append(f"  ev{e.index} [label={_q(f'event {e.index}: {sentence(e)}{rule}')}, style=bold];")
    for i, t in enumerate(answer.triggered):
        back = looks_back(t.rule)
        label = f"{t.id}\n{t.text}\ncontroller {t.controller} (CR {t.rule})"
        if back:
            label += "\nlooked back in time (CR 603.10)"
        lines.append(f"  t{i} [label={_q(label)}, shape=box, style=rounded];")
        if t.event_index not in known:
            lines.append(f"  ev{t.event_index} [label={_q(f'event {t.event_index}')}, style=bold];")
            known.add(t.event_index)
        lines.append(f"  ev{t.event_index} -> t{i} [label=\"triggers\"{', style=dashed' if back else ''}];")
    index = {t.id: i for i, t in enumerate(answer.triggered)}
    o = answer.orders
    if o.fixed is not None:
        prev = ""
        for n, tid in enumerate(o.fixed, start=1):
            lines.append(f"  s{n} [label={_q(f'stack {n} (CR 603.3b)' + (' - bottom' if n == 1 else ''))}, "
                         "shape=cds];")
            if tid in index:
                lines.append(f"  t{index[tid]} -> s{n} [style=dotted];")
            if prev:
                lines.append(f"  {prev} -> s{n} [label=\"then\"];")
            prev = f"s{n}"
    elif answer.triggered:
        for n, (player, ids) in enumerate(o.per_player, start=1):
            label = f"APNAP {n}: {player} puts these on the stack in any order (CR 603.3b)"
            lines.append(f"  ap{n} [label={_q(label)}, shape=cds];")
            lines += [f"  t{index[tid]} -> ap{n} [style=dotted];" for tid in ids if tid in index]
            if n > 1:
                lines.append(f'  ap{n - 1} -> ap{n} [label="then"];')
        many = str(o.count) if o.count_exact else f"more than {o.count:,}"
        lines.append(f"  count [label={_q(many + ' possible stack order(s)')}, shape=note];")
    if not answer.triggered:
        lines.append('  none [label="nothing triggered", shape=plaintext];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def sba_dot(answer: Any, title: str = "") -> str:
    lines = _header("sba", title)
    lines.append('  check [label="one check: every action at once (CR 704.3)", shape=plaintext];')
    subjects: list[str] = []
    for i, a in enumerate(answer.check.actions):
        what = a.obj if a.obj is not None else a.player or "the game"
        if what not in subjects:
            subjects.append(what)
            lines.append(f"  {_q('s:' + what)} [label={_q(what)}, shape=ellipse];")
        count = f" ({a.amount} {a.counter})" if a.counter else ""
        label = f"CR {a.rule}: {a.kind.replace('_', ' ')}{count}\n{a.reason}"
        lines.append(f'  a{i} [label={_q(label)}, color="{RED}", fontcolor="{RED}"];')
        lines.append(f"  {_q('s:' + what)} -> a{i};")
    for i, g in enumerate(answer.check.legend_groups):
        label = f"CR 704.5j: {g.controller} chooses which {g.name} to keep"
        lines.append(f"  g{i} [label={_q(label)}, shape=note];")
        for c in g.candidates:
            lines.append(f"  {_q('s:' + c)} [label={_q(c)}, shape=ellipse];")
            lines.append(f"  {_q('s:' + c)} -> g{i};")
    if not answer.check.actions and not answer.check.legend_groups:
        lines.append('  none [label="no state-based action applies (CR 704.5)", shape=plaintext];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def cast_dot(answer: Any, query: Any, title: str = "") -> str:
    v = answer.verdict
    first = v.first
    lines = _header("cast", title)
    prev = ""
    for step in (*STEPS, "601.2i"):
        broken = [x for x in v.violations if x.step == step]
        label = f"{step} {STEP_TITLE.get(step, 'the spell becomes cast')}"
        label += "".join(f"\nbreaks CR {x.rule}: {x.check}({', '.join(map(str, x.args))})" for x in broken)
        color = RED if broken else GREEN
        if step == "601.2i" and not v.legal:
            color = GREY
        bold = ", penwidth=3" if first is not None and step == first.step else ""
        node = "st" + step.replace(".", "_")
        lines.append(f'  {node} [label={_q(label)}, color="{color}", fontcolor="{color}"{bold}];')
        if prev:
            lines.append(f"  {prev} -> {node};")
        prev = node
    if first is not None:
        lines.append(f"  verdict [label={_q(f'illegal: first fails at {first.step} (CR {first.rule})')}, "
                     f'shape=note, color="{RED}", fontcolor="{RED}"];')
        lines.append(f'  verdict -> st{first.step.replace(".", "_")} [style=dotted, color="{RED}"];')
    if v.legal and v.total is not None:
        symbols = v.total.symbols() + (f" and {v.total.life} life" if v.total.life else "")
        label = f"total cost {symbols} (CR 601.2f)\nmana value {v.mana_value} (CR 202.3e)"
        lines.append(f"  cost [label={_q(label)}, shape=doubleoctagon];")
        lines.append('  st601_2f -> cost [style=dotted, label="locks in"];')
        sources = [c for c in v.witness if c.split(" ", 1)[0] in PAYING]
        for i, src in enumerate(sources):
            lines.append(f"  src{i} [label={_q(src)}, shape=ellipse];")
            lines.append(f'  src{i} -> cost [label="pays (CR 601.2g-h)", color="{GREEN}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def dot(kind: str, answer: Any, query: Any, title: str = "") -> str:
    """The picture of a game, sba, triggers or cast query's answer as DOT."""
    if kind == "game":
        return game_dot(answer, title)
    if kind == "sba":
        return sba_dot(answer, title)
    if kind == "triggers":
        return triggers_dot(answer, query, title)
    if kind == "damage":
        from pyengine.damage import explain

        return explain.dot(answer, title)
    return cast_dot(answer, query, title)
