"""``pyengine explain SCENARIO``: layer by layer, which effects applied in which order, why,
and what each changed, with CR numbers; for a combat query, the proposed declaration and a
witness with the requirements each obeys and breaks; for a replacement query, the outcome
tree (each choice, each outcome, with a sequence reaching it); for a game, its log step by step
and its checkpoints; for sba, each action with its rule and why (CR 704.5); for triggers, each
event, what it triggered and the stack order (CR 603.3b, 603.10); for cast, each step of
601.2 with its verdict, the total cost and the mana value (pyengine.explain_kinds)."""

from __future__ import annotations

from typing import Any

from pyengine import hardlimit
from pyengine.cli import Parser, seconds
from pyengine.errors import ScenarioError
from pyengine.layers import compute
from pyengine.layers.result import LayerResult
from pyengine.model.enums import Layer
from pyengine.printable import escape, escape_lines
from pyengine.scenario.loader import load_file
from pyengine.scenario.model import Scenario

LAYER_TITLE = {
    "1a": "copy effects", "1b": "face-down", "2": "control", "3": "text", "4": "type",
    "5": "color", "6": "abilities", "7a": "characteristic-defining P/T", "7b": "P/T setting",
    "7c": "P/T modifying and counters", "7d": "P/T switching",
}


def render(result: LayerResult) -> str:
    """The explanation of a layer result as text."""
    lines: list[str] = []
    for layer in Layer:
        apps = [a for a in result.applications if a.layer == layer.value]
        if not apps:
            continue
        lines.append(f"Layer {layer.value} ({LAYER_TITLE[layer.value]}, CR {layer.rule})")
        if layer.value in result.batched:
            lines.append("  no effect here can change what another reads: none depends on another"
                         " (CR 613.8a), all apply in timestamp order (CR 613.7)")
        deps = [(a, b) for lay, a, b in result.dependencies if lay == layer.value]
        for a, b in deps:
            lines.append(f"  dependency: {a} depends on {b} (CR 613.8a)")
        for app in sorted(apps, key=lambda a: (a.order == 0, a.order)):
            ts = ".".join(map(str, app.timestamp))
            head = f"  {app.order}." if app.order else "  -"
            lines.append(f"{head} {app.effect}  [timestamp {ts}]")
            lines.append(f"       why: {app.reason}")
            if app.affected:
                lines.append(f"       applies to: {', '.join(app.affected)}")
            for change in app.changes:
                lines.append(f"       changed: {change}")
        for lay, changes in result.summed:
            if lay == layer.value:
                lines.append("  together: what they add is summed for each object, in any order "
                             "(CR 613.4c)")
                lines += [f"       changed: {change}" for change in changes]
    if result.player_applications:
        lines.append("Players (CR 613.10, 613.11): after every object's characteristics, in timestamp "
                     "order (CR 613.7); none depends on another (CR 613.8a)")
        for papp in result.player_applications:
            ts = ".".join(map(str, papp.timestamp))
            lines.append(f"  {papp.player} {papp.order}. {papp.effect}  [timestamp {ts}]")
            for does in papp.does:
                lines.append(f"       {does}")
    if not lines:
        lines.append("No continuous effect applies: every object has its printed characteristics (CR 613.1).")
    lines.append("")
    lines.append("Result:")
    for oid, oc in result.objects.items():
        pt = f" {oc.power}/{oc.toughness}" if oc.power is not None else ""
        lines.append(f"  {oid}: {oc.name or '(no name)'}{pt} — {' '.join(oc.supertypes + oc.types)}"
                     f"{' — ' + ' '.join(oc.subtypes) if oc.subtypes else ''}; colors "
                     f"{', '.join(oc.colors) or 'none'}; abilities {', '.join(oc.abilities) or 'none'};"
                     f" controller {oc.controller}")
    for pid, pc in result.players.items():
        if pid in {a.player for a in result.player_applications}:
            lines.append(f"  player {pid}: abilities {', '.join(pc.abilities) or 'none'}; maximum hand size "
                         f"{'none' if pc.max_hand_size is None else pc.max_hand_size}; land plays "
                         f"{'any number' if pc.land_plays is None else pc.land_plays} a turn")
    return "\n".join(lines)


_PAIR_RULES = {"attack": ("attackers", "508.1", "508.1c", "508.1d"),
               "block": ("blockers", "509.1", "509.1b", "509.1c")}


def combat(v: Any, kind: str, board: Any = None) -> str:
    """A combat verdict explained: who may declare what (given the board), the proposed
    declaration (the rules it breaks), then the witness, a legal declaration obeying the most
    requirements, and which requirements each obeys and breaks, with CR numbers."""
    from pyengine.combat.explain import show_declaration

    what, rule, restrictions, requirements = _PAIR_RULES[kind]
    lines = [f"Declaring {what} (CR {rule}): a declaration breaks no restriction (CR {restrictions}) "
             f"and obeys as many requirements as it can without breaking one (CR {requirements})."]
    if board is not None:
        mine = [p.id for p in board.permanents if p.is_creature and p.controller == board.declaring_player]
        lines.append(f"{board.declaring_player}'s creatures: {', '.join(mine) or 'none'}")
        if kind == "attack":
            lines.append(f"defending: {', '.join(board.defending)}")
        else:
            lines.append("attacking: " + (", ".join(f"{a} -> {t.id}" for a, t in board.attacks) or "none"))
    if v.proposed is not None:
        lines.append(f"Proposed: {show_declaration(v.kind, v.proposed)}: {'LEGAL' if v.legal else 'ILLEGAL'}")
        lines += [f"  breaks: {x.text}" for x in v.violations]
        lines.append(f"  obeys {v.obeyed} requirement(s); a legal declaration obeys at most {v.maximum}")
        lines += [f"  {'obeys' if r.given else 'does not obey'}: {r.text} (CR {r.rule})"
                  for r in v.requirements if r.given is not None]
    lines.append(f"Witness (a legal declaration obeying {v.maximum}, the most any obeys): "
                 f"{show_declaration(v.kind, v.witness)}")
    lines += [f"  {'obeys' if r.witness else 'does not obey'}: {r.text} (CR {r.rule})"
              for r in v.requirements]
    if not v.requirements:
        lines.append("  no requirement applies")
    elif len(v.requirements) < v.requirements_total:
        lines.append(f"  ({v.requirements_total} requirements in all; those above are the ones a "
                     "declaration can obey)")
    if v.legal_declarations is not None:
        exact = "" if v.count_exact else "at least "
        lines.append(f"Legal declarations: {exact}{v.count}")
    return "\n".join(lines)


def explanation(scenario: Scenario, timeout: float) -> str:
    """Why the scenario's answer is what it is: the layers (CR 613); for a combat or
    replacement query, the layers when an effect applies, then the query's own account."""
    if scenario.kind == "characteristics":
        return render(compute(scenario.state, timeout=timeout))
    from pyengine.analysis import analyse

    return analyse(scenario, timeout).text()


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    ap = Parser(prog="pyengine explain", description=__doc__)
    ap.add_argument("scenario", help="a scenario file (any query kind)")
    ap.add_argument("--timeout", type=seconds, default=60.0, metavar="S",
                    help="seconds the engines may take (default: %(default)g)")
    args = ap.parse_args(argv)
    scenario = load_file(args.scenario)
    print(escape(f"{scenario.id}: {scenario.title}"))
    with hardlimit.guard(args.timeout, f"the {scenario.kind} engine on {scenario.id}"):
        try:
            text = explanation(scenario, args.timeout)
        except ScenarioError as exc:
            raise exc.located(scenario.file) from None
    print(escape_lines(text))
    return 0
