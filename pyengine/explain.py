"""``pyengine explain SCENARIO``: layer by layer, which effects applied in which order, why,
and what each changed, with CR numbers."""

from __future__ import annotations

from pyengine import hardlimit
from pyengine.cli import Parser, seconds
from pyengine.layers import compute
from pyengine.layers.result import LayerResult
from pyengine.model.enums import Layer
from pyengine.scenario.loader import load_file

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


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    ap = Parser(prog="pyengine explain", description=__doc__)
    ap.add_argument("scenario")
    ap.add_argument("--timeout", type=seconds, default=60.0)
    args = ap.parse_args(argv)
    scenario = load_file(args.scenario)
    print(f"{scenario.id}: {scenario.title}")
    with hardlimit.guard(args.timeout, f"the layer engine on {scenario.id}"):
        result = compute(scenario.state, timeout=args.timeout)
    print(render(result))
    return 0
