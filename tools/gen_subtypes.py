"""Regenerate pyengine/data/subtypes.json from the Comprehensive Rules (CR 205.3g-m).

Usage: python tools/gen_subtypes.py ../shared/reference/comprehensive-rules-2026-01-16.txt
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

RULES = {
    "205.3g": "artifact",
    "205.3h": "enchantment",
    "205.3i": "land",
    "205.3j": "planeswalker",
    "205.3k": "spell",
    "205.3m": "creature",
    "205.3q": "battle",
}


def extract(text: str) -> dict[str, list[str]]:
    """Return {category: [subtype, ...]} read from the CR's subtype lists."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        m = re.match(r"^(205\.3[a-z]) (.*)$", line)
        if not m or m.group(1) not in RULES:
            continue
        body = m.group(2)
        lm = re.search(r"(?:The [a-z]+ types are|type is) (.*?)(?:\.\s|\.$)", body)
        if "Time Lord" in body:  # 205.3m: "One creature type is two words long: Time Lord. All other ..."
            lm = re.search(r"one word long: (.*?)\.(?:\s|$)", body)
            names = ["Time Lord"]
        else:
            names = []
        if not lm:
            continue
        chunk = lm.group(1).replace(" and ", ", ")
        for part in chunk.split(","):
            name = re.sub(r"\(see rule [^)]*\)", "", part).strip()
            if name and name[0].isupper():
                names.append(name)
        out[RULES[m.group(1)]] = sorted(set(names))
    return out


def main() -> None:
    """Write the JSON file next to the package data."""
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    data = extract(text)
    target = Path(__file__).resolve().parent.parent / "pyengine" / "data" / "subtypes.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print({k: len(v) for k, v in data.items()})


if __name__ == "__main__":
    main()
