"""Noun phrases of Oracle text read as effect-language selectors and keyword lists.

"Other Elf creatures you control" -> {other: true, types: [Creature], subtypes: [Elf],
controller: you}. A phrase this module does not know gives None, and the clause using it is
left unrecognised (the card is partial), never guessed.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.lang.effects import DAY_NIGHT_WORDS
from pyengine.lang.ops_casting import COST_KEYWORDS, WORD_KEYWORDS
from pyengine.model import subtypes as subtype_table

COLORS = ("white", "blue", "black", "red", "green")
CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
              "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle"}
SUPERTYPES = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}
PERMANENT_TYPES = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]

# keyword abilities the engines read as words (CR 702; combat phrases are written separately)
ENGINE_KEYWORDS = frozenset({
    "deathtouch", "defender", "double strike", "first strike", "flash", "flying", "haste",
    "hexproof", "indestructible", "intimidate", "lifelink", "reach", "shroud", "trample",
    "vigilance", "fear", "shadow", "horsemanship", "menace", "skulk", "changeling", "devoid",
    "decayed", "exalted", "infect", "wither"})

# CR 702 keyword abilities the engines see only as present or absent (their triggers,
# costs and actions are outside these engines): names only, as CR 702's headings list them
OTHER_KEYWORDS = (
    "enchant", "equip", "banding", "rampage", "cumulative upkeep", "flanking", "phasing", "buyback",
    "cycling", "echo", "fading", "kicker", "multikicker", "flashback", "madness", "morph",
    "megamorph", "amplify", "provoke", "storm", "affinity", "entwine", "modular", "sunburst",
    "bushido", "soulshift", "splice", "offering", "ninjutsu", "epic", "convoke", "dredge",
    "transmute", "bloodthirst", "haunt", "replicate", "forecast", "graft", "recover", "ripple",
    "split second", "suspend", "vanishing", "absorb", "aura swap", "delve", "fortify", "frenzy",
    "gravestorm", "poisonous", "transfigure", "champion", "evoke", "hideaway", "prowl",
    "reinforce", "conspire", "persist", "retrace", "devour", "unearth", "cascade", "annihilator",
    "level up", "rebound", "umbra armor", "totem armor", "battle cry", "living weapon", "undying",
    "miracle", "soulbond", "overload", "scavenge", "unleash", "cipher", "evolve", "extort", "fuse",
    "bestow", "tribute", "dethrone", "hidden agenda", "outlast", "prowess", "dash", "exploit",
    "renown", "awaken", "ingest", "myriad", "surge", "emerge", "escalate", "melee", "crew",
    "fabricate", "partner", "undaunted", "improvise", "aftermath", "embalm", "eternalize",
    "afflict", "ascend", "assist", "jump-start", "mentor", "afterlife", "riot", "spectacle",
    "escape", "companion", "mutate", "encore", "boast", "foretell", "demonstrate", "daybound",
    "nightbound", "disturb", "cleave", "training", "compleated", "reconfigure", "blitz",
    "casualty", "enlist", "read ahead", "ravenous", "squad", "visit", "prototype", "living metal",
    "more than meets the eye", "for mirrodin!", "toxic", "backup", "bargain", "craft", "disguise",
    "plot", "saddle", "spree", "freerunning", "gift", "offspring", "impending", "exhaust",
    "harmonize", "mobilize", "tiered", "station", "warp", "mayhem", "web-slinging", "firebending",
    "landcycling", "typecycling", "partner with", "umbra armor", "sneak")

_PLURAL_NOUNS = {"creatures": "creature", "lands": "land", "artifacts": "artifact",
                 "enchantments": "enchantment", "planeswalkers": "planeswalker",
                 "permanents": "permanent", "battles": "battle", "tokens": "token"}


def singular_subtype(word: str) -> str | None:
    """A subtype from its singular or plural spelling ("Elves" -> "Elf", "Walls" -> "Wall")."""
    word = word[:1].upper() + word[1:]
    cands = [word]
    if word.endswith("ves"):
        cands.append(word[:-3] + "f")
    if word.endswith("ies"):
        cands.append(word[:-3] + "y")
    if word.endswith("es"):
        cands.append(word[:-2])
    if word.endswith("s"):
        cands.append(word[:-1])
    if word.endswith("men"):
        cands.append(word[:-3] + "man")
    for c in cands:
        if subtype_table.is_subtype(c):
            return c
    return None


def selector(phrase: str) -> dict[str, Any] | None:
    """The selector a plural or singular noun phrase names, or None."""
    phrase = phrase.strip()
    sel: dict[str, Any] = {}
    # "creatures you control of the chosen type": the value chosen as the source entered
    # (CR 607.2d, 614.12a; the effect language's `chosen`)
    m = re.fullmatch(r"(.+?) of the chosen (type|creature type|color)(?= you control|$)(.*)", phrase)
    if m:
        sel["colors" if m.group(2) == "color" else "subtypes"] = ["chosen"]
        phrase = m.group(1) + m.group(3)
    # "with power less than SELF's power" (mentor, 702.134a): compared with the source's power
    # (a triggered ability's target only: the trigger engine reads it, 603.3d, 608.2b)
    m = re.fullmatch(r"(.+?) with power less than SELF's power", phrase)
    if m:
        sel["power"] = {"lt": {"power_of": "self"}}
        phrase = m.group(1)
    m = re.fullmatch(r"(.+?) with (power|toughness|mana value) (\d+) or (less|greater)", phrase)
    if m:
        sel[m.group(2).replace(" ", "_")] = {"lte" if m.group(4) == "less" else "gte": int(m.group(3))}
        phrase = m.group(1)
    m = re.fullmatch(r"(.+?) (with|without) ([a-z ]+)", phrase)
    if m and keyword_item(m.group(3)) in ENGINE_KEYWORDS:
        sel["abilities" if m.group(2) == "with" else "not_abilities"] = [m.group(3)]
        phrase = m.group(1)
    m = re.fullmatch(r"(.+?) in (your|all) (graveyards?|hand)", phrase)
    if m:
        sel["zone"] = "hand" if m.group(3) == "hand" else "graveyard"
        if m.group(2) == "your":
            sel["owner"] = "you"
        phrase = m.group(1).removesuffix(" cards").removesuffix(" card")
        phrase = phrase if phrase not in ("cards", "card") else "permanents"
    words = phrase.replace(" and/or ", " or ").split()
    types: list[str] = []
    subs: list[str] = []
    if words and words[0].lower() in ("all", "each", "a", "an", "another"):
        if words[0].lower() == "another":
            sel["other"] = True
        words = words[1:]
    # trailing controller phrase
    tail = " ".join(words[-3:]).lower()
    for phrase_end, key, who, n in (("you don't control", "not_controller", "you", 3),
                                    ("your opponents control", "controller", "opponent", 3),
                                    ("an opponent controls", "controller", "opponent", 3),
                                    ("you control", "controller", "you", 2)):
        if tail.endswith(phrase_end):
            sel[key] = who
            words = words[:-n]
            break
    noun_seen = False
    alt = False  # "Samurai or Warrior", "artifact or enchantment": any of them
    for i, raw in enumerate(words):
        w = raw.lower()
        last = i == len(words) - 1
        if w == "or" and 0 < i < len(words) - 1 and not alt:
            alt = True
        elif w == "other":
            sel["other"] = True
        elif w in COLORS:
            sel.setdefault("colors", []).append(w)
        elif w.startswith("non") and w[3:].lstrip("-") in COLORS:
            sel.setdefault("not_colors", []).append(w[3:].lstrip("-"))
        elif w in ("colorless", "multicolored", "monocolored") and w != "monocolored":
            sel[w] = True
        elif w == "nontoken":
            sel["token"] = False
        elif w in SUPERTYPES:
            sel.setdefault("supertypes", []).append(SUPERTYPES[w])
        elif w.startswith("non") and w[3:] in SUPERTYPES:
            sel.setdefault("not_supertypes", []).append(SUPERTYPES[w[3:]])
        elif w.startswith("non") and w[3:] in CARD_TYPES:
            sel.setdefault("not_types", []).append(CARD_TYPES[w[3:]])
        elif w.startswith("non-") and singular_subtype(raw[4:]):
            sel.setdefault("not_subtypes", []).append(singular_subtype(raw[4:]))
        elif w in ("tapped", "untapped"):
            sel["tapped"] = w == "tapped"
        elif _PLURAL_NOUNS.get(w, w) in CARD_TYPES:
            types.append(CARD_TYPES[_PLURAL_NOUNS.get(w, w)])
            noun_seen = noun_seen or last
        elif _PLURAL_NOUNS.get(w, w) == "token":
            sel["token"] = True
        elif _PLURAL_NOUNS.get(w, w) == "permanent":
            noun_seen = True
        elif raw[:1].isupper() and singular_subtype(raw):
            subs.append(singular_subtype(raw))  # type: ignore[arg-type]
        else:
            return None
    if not (types or subs or noun_seen):
        return None
    if alt:  # "X or Y" of one kind of word only: types (any_types) or subtypes (any_subtypes)
        if len(sel.get("colors", ())) > 1 or len(sel.get("supertypes", ())) > 1:
            return None
        if len(types) > 1 and not subs:
            sel["any_types"] = types
            types = []
        elif len(subs) > 1 and types in ([], ["Creature"]):
            pass  # any_subtypes below
        else:
            return None
    # a bare subtype noun ("Swamps", "Merfolk", "Walls") names the subtype only (CR 205.3d:
    # a subtype is only on an object of its card type)
    if types:
        sel["types"] = types
    if subs and "subtypes" in sel:
        return None  # a subtype named and the chosen one: not read here
    if subs:
        sel["subtypes" if len(subs) == 1 else "any_subtypes"] = subs
    return {k: sel[k] for k in sorted(sel, key=_ORDER.index)}


# the order selectors are written in (as the catalog writes them)
_ORDER = ["other", "types", "any_types", "not_types", "subtypes", "any_subtypes", "not_subtypes",
          "supertypes", "not_supertypes", "colors", "not_colors", "colorless", "multicolored",
          "abilities", "not_abilities", "power", "toughness", "mana_value", "tapped", "token",
          "controller", "not_controller", "owner", "zone"]


def keyword_item(item: str) -> Any | None:
    """One keyword ability of a keyword line, as the effect language writes it, or None."""
    low = item.strip().lower()
    if low in ENGINE_KEYWORDS or low in WORD_KEYWORDS:  # casting reads convoke, delve, improvise
        return low
    if low in DAY_NIGHT_WORDS:  # 702.145: the game reads them (pyengine.game.day_night)
        return low
    m = re.fullmatch(r"(\w+) ((?:\{[^}]+\})+)", item.strip())
    if m and m.group(1).lower() in COST_KEYWORDS:  # kicker, flashback, overload with a mana cost
        return {m.group(1).lower(): m.group(2)}
    m = re.fullmatch(r"affinity for (\w+)", low)
    if m:  # CR 702.41a: the cast engine reduces the cost (pyengine.cast.affinity)
        from pyengine.cast.affinity import what

        word = item.strip()[len("affinity for "):]
        if what(word) is not None:
            return {"affinity": word}
    m = re.fullmatch(r"protection from ([a-z]+)", low)
    if m:  # the effect-language parser decides which qualities it knows (CR 702.16a)
        return "protection from " + item.strip()[len("protection from "):]
    m = re.fullmatch(r"protection from (\w+)((?:,? and from \w+|, from \w+)+)", item.strip(), re.I)
    if m:  # CR 702.16g: two (or more) protection abilities
        return ["protection from " + w for w in [m.group(1)] + re.findall(r"from (\w+)", m.group(2))]
    m = re.fullmatch(r"(\w+)walk", low)
    if m and m.group(1) in ("island", "swamp", "mountain", "forest", "plains", "desert"):
        return low
    if low == "nonbasic landwalk":
        return {"landwalk": "nonbasic"}
    m = re.fullmatch(r"ward (\{[^}]+\})+", low)
    if m:
        return "ward " + item.strip()[5:]
    m = re.fullmatch(r"ward\u2014(.+?)\.?", item.strip(), re.IGNORECASE)
    if m:  # CR 702.21a: a cost in words
        return {"ward": m.group(1)}
    return None


def other_keyword(item: str) -> bool:
    """Whether ``item`` is a CR 702 keyword ability the engines see only as present or absent
    ("Equip {2}", "Bushido 1", "Enchant creature", "Cycling {2}", "Swampcycling {2}")."""
    low = item.strip().lower()
    for kw in OTHER_KEYWORDS:
        if low == kw or (low.startswith(kw + " ") or low.startswith(kw + "\u2014")):
            return True
    return bool(re.fullmatch(r"[a-z]+cycling (\{[^}]+\})+", low))


def _enchant_read(item: str) -> bool:
    """Whether an "Enchant [quality]" the engines read (the state-based-action engine decides
    what an Aura may be attached to, 702.5a, 704.5m): "Enchant artifact or creature" is not
    read, so the paragraph is not understood rather than compiled into an error."""
    if not item.strip().lower().startswith("enchant "):
        return True
    from pyengine.errors import UnsupportedQuery
    from pyengine.sba.facts import enchant

    try:
        return enchant(item[:1].upper() + item[1:], ("alice", "bob")) is not None
    except UnsupportedQuery:
        return False


def keyword_line(par: str) -> list[Any] | None:
    """A paragraph that is only keyword abilities ("Flying, first strike"), or None."""
    if par.endswith(".") and not re.search(r"\{|\u2014", par):
        return None
    items = [i for i in re.split(r",\s*|;\s*", par) if i]
    out: list[Any] = []
    for item in items:
        got = keyword_item(item)
        if got is None:
            if not other_keyword(item) or not _enchant_read(item):
                return None
            got = {"text": item[:1].upper() + item[1:]}
        out.extend(got if isinstance(got, list) else [got])
    return out


def keyword_list(phrase: str) -> list[Any] | None:
    """"flying and first strike", "flying, first strike, and lifelink", "protection from
    red" -> abilities, or None."""
    phrase = phrase.strip()
    if phrase.startswith('"') and phrase.endswith('"'):
        return None
    # "protection from red and from blue" is two protection abilities (CR 702.16g)
    m = re.fullmatch(r"(.*?)(protection from \w+(?: and from \w+)+)", phrase)
    if m:
        head = keyword_list(m.group(1).rstrip(", ").removesuffix(" and").rstrip(", ")) if m.group(1) else []
        prots = ["protection from " + w for w in re.findall(r"from (\w+)", m.group(2))]
        if head is None or not all(keyword_item(p) for p in prots):
            return None
        return head + prots
    parts = [p for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", phrase) if p]
    out: list[Any] = []
    for p in parts:
        got = keyword_item(p)
        if got is None:
            return None
        out.extend(got if isinstance(got, list) else [got])
    return out
