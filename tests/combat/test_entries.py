"""The combat entry encodings: each resolves, contains only #include (and comments), grounds
without grounder warnings, and every combat .lp file is reached from an entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyengine import encodings
from pyengine.combat import service
from tests.combat.helpers import attack_board, block_board, creature, run

ENTRIES = sorted(k for k in encodings.ENTRY_POINTS if k.startswith("combat_"))
INCLUDE = re.compile(r'#include\s+"([^"]+)"\s*\.')


def test_entries_registered() -> None:
    """Four questions for each of attack and block: maximum, enumeration, check, verify."""
    assert service is not None
    assert len(ENTRIES) == 8


@pytest.mark.parametrize("name", ENTRIES)
def test_entry_is_include_only(name: str) -> None:
    """Entry files hold nothing but #include lines and comments."""
    for line in encodings.path(name).read_text().splitlines():
        stripped = line.strip()
        assert not stripped or stripped.startswith("%") or INCLUDE.fullmatch(stripped), line


@pytest.mark.parametrize("name", ENTRIES)
def test_entry_grounds_cleanly(name: str) -> None:
    """Strict mode: grounder warnings would raise EncodingError (the whole program: no rule
    left out by the gateway's pruning)."""
    board = (
        attack_board(creature("x", "a"))
        if "attack" in name
        else block_board(creature("A", "a"), creature("B", "b"), attacks={"A": "b"})
    )
    assert run(board, name, prune=False).satisfiable


def _reached(path: Path, seen: set[Path]) -> None:
    if path in seen:
        return
    seen.add(path)
    for inc in INCLUDE.findall(path.read_text()):
        _reached((path.parent / inc).resolve(), seen)


def test_every_combat_file_is_reached() -> None:
    """No orphan encoding under asp/combat/."""
    seen: set[Path] = set()
    for name in ENTRIES:
        _reached(encodings.path(name).resolve(), seen)
    combat = (encodings.root() / "combat").resolve()
    assert set(combat.glob("*.lp")) <= seen
