"""Effect sentences of Oracle text read as events the game performs (CR 608.2c: the spell's or
ability's instructions, followed in order), with the targets they name (115.1).

``effect(text, targets_ok)`` reads the sentences of one ability's effect ("SELF deals 3 damage
to any target. You gain 3 life.") and gives an :class:`Effect`: the events in the language of
triggered abilities' ``do:`` (docs/effect-language.md), the targets chosen for them (the
``targets:`` syntax, and what casting reads of them, ``casting: targets``), and, for a spell,
the continuous effect it creates on its target ("Target creature gets +3/+3 until end of turn",
the card's ``resolves:``). A sentence this module does not know, or an amount it can't read,
gives None: the ability stays seen only as present or absent, never guessed.

Only events the game performs are made: damage, draw, life gained and lost, destroy, exile and
return to hand of a permanent, +1/+1 counters, sacrifice, creature tokens the effect defines.
Scry and surveil (pyengine.oracle.effects_library) are instructions the game performs with the
player's choice; a discard, "you may ... If you do" and "unless its controller pays" are
pyengine.oracle.effects_choice's; a library search with a stated type quality ("search your
library for a basic land card, ...") is effects_library's too. Events that need a choice the
game does not model are not made.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import NUMBERS
from pyengine.oracle.common import fullmatch as _fm
from pyengine.oracle.common import search as _search
from pyengine.oracle.common import split as _split

PT = r"([+-]\d+)/([+-]\d+)"


@dataclass
class Effect:
    """What an ability's effect sentences do."""

    do: list[dict[str, Any]] = field(default_factory=list)
    targets: list[dict[str, Any]] = field(default_factory=list)  # does:/trigger targets
    casting: list[dict[str, Any]] = field(default_factory=list)  # casting: targets (601.2c)
    resolves: dict[str, Any] | None = None  # a spell's continuous effect on its targets
    from_graveyard: bool = False  # the ability triggers as its source dies (SELF is in a graveyard)
    it: bool = False  # "it" names the object the trigger event is about (a permanent)
    group_at: int | None = None  # len(do) when a group's continuous effect was read
    ability: bool = False  # an activated ability's effect (read as a spell's, SELF its source)
    cast: bool = False  # an instant's or sorcery's effect: its targets are casting's (601.2c)
    lasts: str = "end_of_turn"  # how long ``resolves`` lasts (an activated ability's duration)
    upto: list[tuple[int, int]] = field(default_factory=list)  # "up to N target": (first, N)

    def ref(self) -> str:
        """The reference of the target added last (target, target2, ...)."""
        n = len(self.targets)
        return "target" if n == 1 else f"target{n}"


def number(word: str) -> int | None:
    """"a"/"an"/"one" .. "ten" or digits."""
    w = word.lower()
    if w in ("a", "an"):
        return 1
    if w.isdigit():
        return int(w)
    return NUMBERS.get(w)


# --- targets (CR 115.1; "any target" 115.4) --------------------------------------------------

_WHAT_TYPES = ("types", "any_types", "not_types", "colors", "not_colors")
# qualities casting reads too (pyengine.cast.qualities: 205.3d, 205.4a, 702, 110.5, 208.1, 202.3)
_WHAT_QUALITIES = ("subtypes", "not_subtypes", "supertypes", "not_supertypes", "abilities",
                   "not_abilities", "tapped", "power", "toughness", "mana_value", "combat")


def _casting_what(sel: dict[str, Any]) -> dict[str, Any] | None:
    """What casting reads of a target selector (types, colors, controller), or None if the
    selector says more than casting reads."""
    what: dict[str, Any] = {}
    for k, v in sel.items():
        if k in _WHAT_TYPES:
            what[k] = v
        elif k in _WHAT_QUALITIES and (not isinstance(v, dict) or set(v) <= {"lte", "gte"}):
            what[k] = v
        elif k == "controller" and v in ("you", "opponent"):
            what[k] = v
        else:
            return None
    return what


def target(phrase: str, eff: Effect, allowed: tuple[str, ...] = ("object", "player", "any")) -> str | None:
    """Add the target ``phrase`` names ("any target", "target player", "target creature an
    opponent controls", "target artifact or enchantment") to ``eff``; its reference, or None."""
    phrase = phrase.strip()
    spec: dict[str, Any]
    what: dict[str, Any] | None
    if phrase == "target player or planeswalker" and {"player", "object"} <= set(allowed):
        # 115.1: a player or a planeswalker (a triggered or activated ability's {player, obj})
        spec = {"player": "any", "obj": {"types": ["Planeswalker"]}}
        what = {"any_types": ["Planeswalker"], "players": True}
        tid = "player"
    elif phrase == "target opponent or planeswalker" and {"player", "object"} <= set(allowed):
        if eff.cast:  # casting's one controller word would make it an opponent's planeswalker
            return None
        spec = {"player": "opponent", "obj": {"types": ["Planeswalker"]}}  # any planeswalker (115.1)
        what = {"any_types": ["Planeswalker"], "players": True}  # (an ability's: not cast)
        tid = "opponent"
    elif phrase == "any target" and "any" in allowed:
        spec, what = {"any": True}, {"any_types": ["Creature", "Planeswalker", "Battle"], "players": True}
        tid = "any"
    elif phrase in ("target player", "target opponent") and "player" in allowed:
        who = phrase.split()[1]
        spec = {"player": "any" if who == "player" else "opponent"}
        what = {"players": True, "objects": False}
        tid = who
    elif phrase.startswith("target ") and "object" in allowed:
        rest, combat = _combat_word(phrase[len("target "):])
        sel = _object_selector(rest)
        if sel is None or combat and sel.get("types") != ["Creature"]:
            return None
        if combat:
            sel = {**sel, "combat": combat}
        own = sel.get("power") == {"lt": {"power_of": "self"}}  # 702.134a: a triggered ability's
        if own and (eff.cast or eff.ability):
            return None
        what = _casting_what({k: v for k, v in sel.items() if not (own and k == "power")})
        if what is None:
            return None
        spec = {"obj": sel}
        kinds = sel.get("types") or sel.get("any_types") or ["permanent"]
        tid = str(kinds[0]).lower()
    else:
        return None
    ids = {c["id"] for c in eff.casting}
    if tid in ids:
        tid = f"{tid}{len(eff.casting) + 1}"
    eff.targets.append(spec)
    eff.casting.append({"id": tid, "what": what})
    return eff.ref()


def _combat_word(phrase: str) -> tuple[str, list[str] | None]:
    """"attacking creature", "blocking creature", "attacking or blocking creature" (CR
    506.4): the phrase without the combat word, and the combat states it names (one of)."""
    for words, states in (("attacking or blocking ", ["attacking", "blocking"]),
                          ("attacking ", ["attacking"]), ("blocking ", ["blocking"])):
        rest = phrase[len(words):]
        if phrase.startswith(words) and (rest == "creature" or rest.startswith("creature ")):
            return phrase[len(words):], states
    return phrase, None


def _object_selector(phrase: str) -> dict[str, Any] | None:
    """"creature", "nonland permanent", "creature an opponent controls", "artifact or
    enchantment", "creature or planeswalker": a permanent's selector."""
    m = _fm(r"(\w+) or (\w+)( you control| an opponent controls| you don't control)?", phrase)
    if m and all(w in P.CARD_TYPES for w in m.group(1, 2)):
        sel: dict[str, Any] = {"any_types": [P.CARD_TYPES[m.group(1)], P.CARD_TYPES[m.group(2)]]}
        tail = (m.group(3) or "").strip()
        if tail == "you control":
            sel["controller"] = "you"
        elif tail == "an opponent controls":
            sel["controller"] = "opponent"
        elif tail:
            return None
        return sel
    if _search(r"\b(or|and|card|cards|attacking|blocking)\b", re.sub(r"\d+ or (less|greater)", "", phrase)):
        return None  # a graveyard card, a combat state: not made
    got = P.selector(phrase)
    if got is None or "other" in got:
        return None
    sel = got
    if set(sel) - set(_WHAT_TYPES) - set(_WHAT_QUALITIES) - {"controller"}:
        return None
    if sel.get("subtypes") and not sel.get("types"):  # "target Wall" (205.3d)
        return sel
    if not (sel.get("types") or sel.get("not_types")):  # "target permanent"
        if phrase.split()[-1] not in ("permanent",) and not phrase.endswith("permanent you control") \
                and not phrase.endswith("permanent an opponent controls"):
            return None
        sel = {"any_types": list(P.PERMANENT_TYPES), **sel} if not sel.get("not_types") else sel
    return sel


# --- sentences ------------------------------------------------------------------------------

NUM = r"(a|an|one|two|three|four|five|six|seven|eight|ten|\d+)"
WHO = {"you": "you", "each opponent": "opponent", "target player": None, "target opponent": None}


def _damage(s: str, eff: Effect) -> bool:
    m = _fm(r"SELF deals (\d+) damage to (.+)", s)
    if not m:
        return False
    n = int(m.group(1))
    to = m.group(2)
    recipients: list[str] = []
    if to == "each opponent":
        recipients = ["opponent"]
    elif to == "you":
        recipients = ["you"]
    elif to == "each player":
        recipients = ["you", "opponent"]
    else:
        ref = target(to, eff)
        if ref is None:
            return False
        recipients = [ref]
    eff.do.extend({"kind": "damage", "source": "self", "target": r, "amount": n} for r in recipients)
    return True


def _draw(s: str, eff: Effect) -> bool:
    m = (_fm(rf"()(?:you )?draw {NUM} cards?", s)
         or _fm(rf"(target player|target opponent|that player|each player|each opponent) "
                rf"draws {NUM} cards?", s))
    if not m:
        return False
    players = _players(m.group(1) or "you", eff)
    n = number(m.group(2))
    if players is None or n is None:
        return False
    for player in players:
        ev: dict[str, Any] = {"kind": "draw", "player": player}
        if n != 1:
            ev["count"] = n
        eff.do.append(ev)
    return True


def _players(who: str, eff: Effect) -> list[str] | None:
    """The players of a subject; "each player" is you and each opponent (the events happen
    at once, 608.2c)."""
    if who == "each player":
        return ["you", "opponent"]
    one = _player(who, eff)
    return None if one is None else [one]


def _player(who: str, eff: Effect) -> str | None:
    if who in ("you", "each opponent"):
        return WHO[who]
    if who == "that player":  # the player targeted earlier in the sentence
        return eff.ref() if eff.targets and "player" in eff.targets[-1] and "obj" not in eff.targets[-1] \
            else None
    return target(who, eff, ("player",))


def _life(s: str, eff: Effect) -> bool:
    m = _fm(r"(you|each opponent|each player|target player|target opponent|that player|defending player) "
            r"(gains?|loses?) (\d+) life", s)
    if not m:
        return False
    who, verb = m.group(1), m.group(2)
    if (who == "you") != (verb in ("gain", "lose")):
        return False
    # the defending player (506.2: the player the attacking creatures attack; afflict, 702.130a)
    players = ["defending_player"] if who == "defending player" else _players(who, eff)
    if players is None:
        return False
    kind = "gain_life" if verb.startswith("gain") else "lose_life"
    eff.do.extend({"kind": kind, "player": p, "amount": int(m.group(3))} for p in players)
    return True


def _move(s: str, eff: Effect) -> bool:
    """Destroy / exile / return to its owner's hand a target permanent (CR 701.8, 701.13)."""
    m = (_fm(r"(destroy|exile) (target .+)", s)
         or _fm(r"(return) (target .+) to its owner's hand", s))
    if not m:
        return False
    ref = target(m.group(2), eff, ("object",))
    if ref is None:
        return False
    verb = m.group(1)
    if verb == "destroy":
        eff.do.append({"kind": "destroy", "object": ref})
    else:
        eff.do.append({"kind": "move", "object": ref, "from": "battlefield",
                       "to": "exile" if verb == "exile" else "hand"})
    return True


def _from_graveyard(s: str, eff: Effect) -> bool:
    """"Return target creature card from your graveyard to your hand / to the battlefield"
    (CR 400.7: a card in a graveyard is targeted there, 115.1)."""
    m = _fm(r"return target (?:(artifact|creature|enchantment|land|permanent) )?card from your graveyard "
            r"to (your hand|the battlefield)", s)
    if not m:
        return False
    kind = m.group(1)
    what: dict[str, Any] = {"zone": "graveyard", "controller": "you"}
    if kind == "permanent":
        what["any_types"] = list(P.PERMANENT_TYPES)
    elif kind:
        what["types"] = [P.CARD_TYPES[kind]]
    sel = {k: v for k, v in what.items() if k != "controller"}
    sel["owner"] = "you"
    tid = kind or "card"
    if tid in {c["id"] for c in eff.casting}:
        tid = f"{tid}{len(eff.casting) + 1}"
    eff.targets.append({"obj": sel})
    eff.casting.append({"id": tid, "what": what})
    to = "hand" if m.group(2) == "your hand" else "battlefield"
    eff.do.append({"kind": "move", "object": eff.ref(), "from": "graveyard", "to": to})
    return True


def _return_self(s: str, eff: Effect) -> bool:
    """"return SELF to its owner's hand": the permanent, from the battlefield; in an ability
    that triggers as it is put into a graveyard from the battlefield, the card in the graveyard
    (CR 603.6c, 603.10a, 400.7)."""
    if s == "return SELF to its owner's hand" and not eff.from_graveyard:
        # the permanent itself (to its owner's hand, 400.3); once it has left the
        # battlefield it is a new object the instruction doesn't affect (400.7)
        eff.do.append({"kind": "move", "object": "self", "from": "battlefield", "to": "hand"})
        return True
    if not eff.from_graveyard or s not in ("return SELF to its owner's hand",
                                           "return it to its owner's hand"):
        return False
    eff.do.append({"kind": "move", "object": "self", "from": "graveyard", "to": "hand"})
    return True


def _return_dying(s: str, eff: Effect) -> bool:
    """A dying permanent returned to the battlefield by its own ability: pyengine.oracle.effects_return."""
    from pyengine.oracle.effects_return import sentence

    return sentence(s, eff)


def _renown(s: str, eff: Effect) -> bool:
    """Renown's "put N +1/+1 counters on it and it becomes renowned": pyengine.oracle.effects_renown."""
    from pyengine.oracle.effects_renown import sentence

    return sentence(s, eff)


def _counters(s: str, eff: Effect) -> bool:
    """Counters put on or removed from objects and players (CR 122): pyengine.oracle.effects_counters."""
    from pyengine.oracle.effects_counters import counters

    return counters(s, eff)


def _sacrifice(s: str, eff: Effect) -> bool:
    if s != "sacrifice SELF":
        return False
    eff.do.append({"kind": "sacrifice", "object": "self"})
    return True


_TOKEN = re.compile(rf"create {NUM} (\d+)/(\d+) ((?:white|blue|black|red|green|colorless)"
                    r"(?:(?:, | and |, and )(?:white|blue|black|red|green))*) ([A-Z][a-z]+(?: [A-Z][a-z]+)*) "
                    r"(artifact creature|creature) tokens?(?: with (.+))?")


def _tokens(s: str, eff: Effect) -> bool:
    """"Create two 1/1 white Soldier creature tokens with vigilance": tokens created on the
    battlefield (CR 111.1) with the characteristics the effect defines (111.3) and its
    creature types as subtypes; named by them (111.4, as the game names a token)."""
    m = _TOKEN.fullmatch(s)
    if not m:
        return False
    n = number(m.group(1))
    if n is None or (n == 1) != (" tokens" not in s):
        return False
    words = [w for w in _split(r",? and |, ", m.group(4)) if w]
    if "colorless" in words and len(words) > 1:
        return False
    subtypes = m.group(5).split()
    types = ["Artifact", "Creature"] if m.group(6).startswith("artifact") else ["Creature"]
    if not all(P.subtype_table.corresponds(t, tuple(types)) for t in subtypes):
        return False  # 205.3d: a token's subtypes correspond to its types
    token: dict[str, Any] = {"name": " ".join([*subtypes, "Token"]), "types": types, "subtypes": subtypes}
    if words != ["colorless"]:
        token["colors"] = words
    token.update({"power": int(m.group(2)), "toughness": int(m.group(3))})
    if m.group(7) is not None:  # keywords, and quoted abilities (113.1; pyengine.oracle.effects_quoted)
        from pyengine.oracle.effects_quoted import distinct, with_abilities

        kws = with_abilities(m.group(7), {"types": types, "subtypes": subtypes})
        if not kws or not distinct(token["name"], kws):
            return False
        token["abilities"] = kws
    return _create(eff, n, token)


def _create(eff: Effect, n: int, token: dict[str, Any]) -> bool:
    """The event creating ``n`` tokens of this definition (CR 111.1)."""
    ev: dict[str, Any] = {"kind": "create_tokens"}
    if n != 1:
        ev["count"] = n
    ev["token"] = token
    eff.do.append(ev)
    return True


# predefined tokens (CR 111.10): a colorless artifact token of that subtype with this ability
PREDEFINED = {"Treasure": "{T}, Sacrifice this token: Add one mana of any color.",  # 111.10a
              "Food": "{2}, {T}, Sacrifice this token: You gain 3 life.",  # 111.10b
              "Gold": "Sacrifice this token: Add one mana of any color.",  # 111.10c
              "Clue": "{2}, Sacrifice this token: Draw a card.",  # 111.10f
              "Blood": "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."}  # 111.10g


def _predefined(s: str, eff: Effect) -> bool:
    """"Create a Treasure token", "create two Food tokens", "investigate" (701.16a: create a
    Clue token): predefined tokens (CR 111.10) created on the battlefield (111.1), named by
    their subtype and the word Token (111.4: Treasure Token)."""
    m = _fm(rf"create {NUM} ({'|'.join(PREDEFINED)}) tokens?", s)
    if m:
        n, kind = number(m.group(1)), m.group(2)
        if n is None or (n == 1) != (" tokens" not in s):
            return False
    elif s in ("investigate", "investigate twice"):
        n, kind = (2 if s.endswith("twice") else 1), "Clue"
    else:
        return False
    from pyengine.oracle.templates import compile_text

    ability = compile_text(PREDEFINED[kind], {"types": ["Artifact"], "subtypes": [kind]})
    if not ability:
        return False
    return _create(eff, n, {"types": ["Artifact"], "subtypes": [kind], "abilities": ability})  # 111.4


def _mill(s: str, eff: Effect) -> bool:
    """"Mill three cards", "target player mills two cards", "each opponent mills a card" (CR
    701.17a: that many cards from the top of the player's library into their graveyard)."""
    m = (_fm(rf"()mill {NUM} cards?", s)
         or _fm(rf"(target player|target opponent|that player|each player|each opponent) mills {NUM} "
                r"cards?", s))
    if not m:
        return False
    n = number(m.group(2))
    players = _players(m.group(1) or "you", eff)
    if n is None or players is None or (n == 1) != (not s.endswith("cards")):
        return False
    for player in players:
        ev: dict[str, Any] = {"kind": "mill", "object": {"top_of": player}}
        if n != 1:
            ev["count"] = n
        eff.do.append(ev)
    return True


def _token_has(s: str, eff: Effect) -> bool:
    from pyengine.oracle.effects_quoted import token_has

    return token_has(s, eff)


def _add_mana(s: str, eff: Effect) -> bool:
    """"Add {B}{B}{B}" (CR 106.4, 605.5): pyengine.oracle.effects_mana."""
    from pyengine.oracle.effects_mana import add_mana

    return add_mana(s, eff)


def _untap_lands(s: str, eff: Effect) -> bool:
    """"Untap up to two lands" (CR 701.26b, 608.2d): pyengine.oracle.effects_mana."""
    from pyengine.oracle.effects_mana import untap_lands

    return untap_lands(s, eff)


SENTENCES = (_mill, _tokens, _predefined, _damage, _draw, _life, _move, _counters, _sacrifice,
             _from_graveyard, _return_self, _return_dying, _renown, _token_has, _add_mana,
             _untap_lands)
from pyengine.oracle.effects_linked import return_exiled, until  # noqa: E402 (610.3, 607.2a)

SENTENCES = (until, return_exiled) + SENTENCES
from pyengine.oracle.effects_pronouns import sentence as _pronoun  # noqa: E402 (603.7c: "that player")

SENTENCES = SENTENCES + (_pronoun,)


_SPELL_TARGETS = {"spell": {}, "creature spell": {"types": ["Creature"]},
                  "noncreature spell": {"not_types": ["Creature"]},
                  "instant spell": {"types": ["Instant"]}, "sorcery spell": {"types": ["Sorcery"]},
                  "instant or sorcery spell": {"any_types": ["Instant", "Sorcery"]},
                  "artifact spell": {"types": ["Artifact"]}, "enchantment spell": {"types": ["Enchantment"]},
                  "artifact or enchantment spell": {"any_types": ["Artifact", "Enchantment"]},
                  "planeswalker spell": {"types": ["Planeswalker"]}}


def _counter(s: str, eff: Effect) -> bool:
    """"Counter target spell" (CR 701.6a): the spell is removed from the stack, doesn't resolve,
    and is put into its owner's graveyard: a move from the stack to the graveyard, cause
    counter. A spell's instruction only (a triggered ability's targets are permanents and
    players here)."""
    m = _fm(r"counter target (.+)", s)
    if not m or m.group(1) not in _SPELL_TARGETS:
        return False
    what = {"zone": "stack", **{k: list(v) for k, v in _SPELL_TARGETS[m.group(1)].items()}}
    tid = "spell" if "spell" not in {c["id"] for c in eff.casting} else f"spell{len(eff.casting) + 1}"
    eff.targets.append({"obj": dict(what)})
    eff.casting.append({"id": tid, "what": what})
    eff.do.append({"kind": "move", "object": eff.ref(), "from": "stack", "to": "graveyard",
                   "cause": "counter"})
    return True


def split(text: str) -> list[str] | None:
    """The sentences of an effect, each without its period and with its first letter lower
    (SELF kept); None if one doesn't end with a period."""
    from pyengine.oracle import effects_quoted as Q

    text, quotes = Q.protect(text.strip())  # a quoted ability is kept whole (CR 113.2)
    if not text.endswith("."):
        return None
    parts = _split(r"(?<=\.) (?=[A-Z])", text)
    out = []
    for p in parts:
        p = p.rstrip(".")
        if "." in p or '"' in p:
            return None
        if Q.has_mark(p):  # a token's quoted ability, or one gained (pyengine.oracle.effects_quoted)
            p = Q.sentence(p, quotes)
            if p is None:
                return None
        out.append(p if p.startswith("SELF") else p[:1].lower() + p[1:])
    # "X and you gain N life": two instructions of one sentence (608.2c, in order); after
    # "If you do, " both are what it says (pyengine.oracle.effects_choice expands them there)
    return [q for p in out for q in ([p] if re.match(r"if you (?:do|don't), ", p) else expand(p))]


def expand(p: str) -> list[str]:
    """"X and you gain N life": the two instructions of one sentence (608.2c, in order)."""
    # "target player draws two cards and loses 2 life": one player, both instructions
    m = _fm(r"(you|target player|target opponent|each opponent|each player) "
            r"((?:draws?|gains?|loses?) [^,]+?) "
            r"and ((?:draws?|gains?|loses?) .+)", p)
    if m:
        again = "that player" if m.group(1).startswith("target") else m.group(1)
        return [f"{m.group(1)} {m.group(2)}", f"{again} {m.group(3)}"]
    m = _fm(r"(.+?),? and (you gain \d+ life|you lose \d+ life|draw a card|"
                     r"you draw a card)", p)
    return [m.group(1), m.group(2)] if m else [p]


def _may(s: str, eff: Effect) -> bool:
    """"You may draw a card", "you may gain 3 life", "you may put a +1/+1 counter on SELF" in a
    triggered ability: optional (CR 603.5), its controller chooses as it resolves; the events
    of the rest of the sentence, which say what "you" do, held in ``{kind: may, do: [...]}``."""
    m = _fm(r"you may (.+)", s)
    if not m:
        return False
    rest = m.group(1)
    from pyengine.oracle.effects_graveyard import graveyard_card
    from pyengine.oracle.effects_graveyard_cards import graveyard_target

    inner = Effect(from_graveyard=eff.from_graveyard, targets=eff.targets, casting=eff.casting)
    if not any(f(text, inner) for text in (rest, f"you {rest}")
               for f in (*SENTENCES, graveyard_card, lambda t, e: graveyard_target(t, e, False))):
        return False
    if not inner.do or any(ev["kind"] in ("may", "continuous", "delayed", "tap", "untap") for ev in inner.do):
        return False
    eff.do.append({"kind": "may", "do": inner.do})
    return True


def _tap(s: str, eff: Effect) -> bool:
    """"Tap target creature an opponent controls", "untap SELF", "untap target land" in a
    triggered ability (CR 701.26a-b)."""
    m = _fm(r"(tap|untap) (SELF|target .+)", s)
    if not m:
        return False
    if m.group(2) == "SELF":
        if eff.from_graveyard:
            return False
        ref: str | None = "self"
    else:
        ref = target(m.group(2), eff, ("object",))
    if ref is None:
        return False
    eff.do.append({"kind": m.group(1), "object": ref})
    return True


def sentence(s: str, eff: Effect, spell: bool = False) -> bool:
    """Read one sentence into ``eff``; False if it isn't known."""
    from pyengine.oracle.effects_choice import sentence as choice_sentence
    from pyengine.oracle.effects_continuous import _group, _group_pump, _lasting, _pump
    from pyengine.oracle.effects_look import sentence as look_sentence
    from pyengine.oracle.effects_upto import sentence as upto_sentence

    if upto_sentence(s, eff, spell):  # "up to N target ..." (601.2c, 115.3)
        return True
    if look_sentence(s, eff):  # look at / reveal the top N cards of your library (701.20e, 701.20a)
        return True
    if choice_sentence(s, eff, spell):  # a player's choice as it resolves (608.2d)
        return True
    from pyengine.oracle.kicker import sentence as kicked_sentence

    if spell and kicked_sentence(s, eff):  # "if this spell was kicked, ..." (702.33e)
        return True
    from pyengine.oracle.effects_delayed import delayed

    if delayed(s, eff, spell):  # "... at the beginning of the next end step" (603.7a)
        return True
    from pyengine.oracle.effects_tap import sentence as tap_sentence

    if tap_sentence(s, eff, spell):  # tap, untap; combat restrictions this turn (701.26, 508.1, 509.1)
        return True
    from pyengine.oracle.effects_regenerate import sentence as regenerate_sentence

    if (spell or eff.ability) and regenerate_sentence(s, eff, spell):  # a shield (701.19a)
        return True
    if not spell and _may(s, eff):
        return True
    from pyengine.oracle.effects_keyword import sentence as keyword_sentence

    if keyword_sentence(s, eff):  # bolster, populate (701.39a, 701.36a)
        return True
    from pyengine.oracle.effects_faces import sentence as face_sentence

    if face_sentence(s, eff, spell):  # "transform SELF" (701.27a)
        return True
    from pyengine.oracle.effects_copies import sentence as copy_sentence

    if copy_sentence(s, eff, spell):  # "Copy target instant or sorcery spell." (707.10)
        return True
    if spell and (_pump(s, eff) or _counter(s, eff) or _group_pump(s, eff)):
        return True
    if not spell and (_lasting(s, eff) or _group(s, eff) or _tap(s, eff)):
        return True
    from pyengine.oracle.effects_untap_all import sentence as untap_all

    if untap_all(s, eff):  # "untap all creatures you control" (701.26b, 608.2c)
        return True
    from pyengine.oracle.effects_phases import sentence as phases_sentence

    if phases_sentence(s, eff):  # "after this main phase, there is an additional combat phase" (500.8)
        return True
    from pyengine.oracle.effects_exile_instead import sentence as exile_instead

    if exile_instead(s, eff, spell):  # "if that creature would die this turn, exile it instead" (614.1a)
        return True
    from pyengine.oracle.effects_graveyard import graveyard_card

    if not spell and graveyard_card(s, eff):  # a trigger's target card in a graveyard (115.1)
        return True
    from pyengine.oracle.effects_impulse import sentence as impulse_sentence

    if impulse_sentence(s, eff):  # exile the top cards; you may play them (701.13a, 611.2a)
        return True
    from pyengine.oracle.effects_groups import sentence as group_sentence

    if group_sentence(s, eff, spell):  # to each permanent of a group (608.2c)
        return True
    from pyengine.oracle.effects_amounts import sentence as amount_sentence
    from pyengine.oracle.effects_attach import attach
    from pyengine.oracle.effects_graveyard_cards import graveyard_target
    from pyengine.oracle.effects_library import joined, look, search
    from pyengine.oracle.effects_pumps import sentence as pump_sentence
    from pyengine.oracle.keyword_graveyard import self_back

    return any(f(s, eff) for f in SENTENCES) or look(s, eff) or search(s, eff) or joined(s, eff, spell) or \
        pump_sentence(s, eff, spell) or amount_sentence(s, eff) or attach(s, eff) or \
        graveyard_target(s, eff, spell) or self_back(s, eff, spell)  # 115.2, 608.2b; 113.6m


def effect(text: str, *, targets_ok: bool = True, spell: bool = False,
           dies: bool = False, it: bool = False, ability: bool = False) -> Effect | None:
    """The events (and targets) of an effect's text, or None if a sentence isn't known
    (``dies``: of an ability that triggers as its own source dies; ``it``: of an ability
    whose trigger event is about a permanent, "it" as its first word)."""
    sentences = split(text)
    if not sentences:
        return None
    eff = Effect(from_graveyard=dies, it=it, ability=ability, cast=spell and not ability)
    for s in sentences:
        if not sentence(s, eff, spell):
            return None
    if eff.targets and not targets_ok:
        return None
    from pyengine.oracle.effects_look import finish, nested_pending

    finish(eff)  # "Look at the top card of your library." alone: nothing moves (701.20e)
    if nested_pending(eff.do):
        return None
    if any("_pending" in ev for ev in eff.do):  # a reveal without its choice and discard (701.20a),
        # a look at the top cards without where they go (pyengine.oracle.effects_look)
        return None
    from pyengine.oracle.effects_prevent import untargeted

    free = untargeted(eff.resolves)
    from pyengine.oracle.effects_upto import later_ok, words

    if eff.upto and not later_ok(eff):
        return None  # a later instruction naming "up to N" targets that may not be chosen
    dealt = eff.resolves is not None and "dealt_damage" in eff.resolves  # "dealt damage this way"
    if eff.resolves is not None and not dealt and words(eff) != ("affects" not in eff.resolves) \
            and not (free and not eff.targets) or free and eff.targets:
        return None  # the continuous effect applies to the spell's only target, or to a group
        # (a prevention of the damage events its words name has no target: 615.1a)
    if eff.group_at is not None and any(
            ev["kind"] == "create_tokens" or ev.get("to") == "battlefield" for ev in eff.do[eff.group_at:]):
        return None  # the game starts continuous effects after the events: a group locked in (611.2c)
        # before a later instruction puts a permanent onto the battlefield would then include it
    return eff
