"""The files the playground reads besides the text it is sent: the bundled scenarios (each
by its path under the scenarios folder, nothing outside it) and the card catalog."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from pyengine.errors import PyengineError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's, when PyYAML has it: 20 times faster
MAX_BYTES = 256 * 1024  # the largest scenario text the playground reads or takes


def default_folder() -> Path:
    """The scenarios folder of this checkout (beside the pyengine package), else ./scenarios."""
    here = Path(__file__).resolve().parents[2] / "scenarios"
    return here if here.is_dir() else Path("scenarios").resolve()


@lru_cache(maxsize=4)
def listing(folder: Path) -> list[dict[str, Any]]:
    """Every bundled scenario: its path under ``folder``, id, title and query kind (read from
    the YAML without validating it; a file that doesn't parse is listed with its path only)."""
    out = []
    for file in sorted(folder.rglob("*.yaml")):
        rel = file.relative_to(folder).as_posix()
        entry: dict[str, Any] = {"path": rel, "id": "", "title": "", "kind": ""}
        try:
            doc = yaml.load(file.read_text(encoding="utf-8"), Loader=_LOADER)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            doc = None
        if isinstance(doc, dict):
            query = doc.get("query")
            query = query if isinstance(query, dict) else {}
            entry |= {"id": str(doc.get("id", "")), "title": str(doc.get("title", "")),
                      "kind": str(query.get("kind", ""))}
        out.append(entry)
    return out


def read(folder: Path, rel: str) -> str:
    """The text of the bundled scenario at ``rel`` (a path that listing gave): only a .yaml
    file inside ``folder``, at most MAX_BYTES."""
    known = {e["path"] for e in listing(folder)}
    if rel not in known:
        raise PyengineError(f"no bundled scenario {rel!r}")
    file = (folder / rel).resolve()
    if folder.resolve() not in file.parents:
        raise PyengineError(f"no bundled scenario {rel!r}")
    if file.stat().st_size > MAX_BYTES:
        raise PyengineError(f"{rel}: larger than {MAX_BYTES // 1024} KB")
    return file.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def cards() -> list[dict[str, str]]:
    """The catalog for the card picker: name, mana cost, type line, P/T, rules text."""
    from pyengine import catalog

    out = []
    for _key, card in sorted(catalog.catalog().items()):
        ch = card.characteristics
        line = " ".join(ch.supertypes + ch.types) + (" — " + " ".join(ch.subtypes) if ch.subtypes else "")
        pt = f"{ch.power}/{ch.toughness}" if ch.power is not None and ch.toughness is not None else ""
        out.append({"name": card.name, "cost": ch.mana_cost or "", "type": line, "pt": pt,
                    "oracle": str(getattr(card, "oracle", "") or "")})
    return out
