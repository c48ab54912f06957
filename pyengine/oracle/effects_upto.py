""""Up to N target ..." in an instant's or sorcery's effect (CR 601.2c: the player chooses any
number of targets from 0 to N as the spell is cast; 115.3: one instance of the word "target",
so different objects; 608.2b: a spell that has targets and all of them illegal doesn't
resolve, one with some legal targets resolves for those, and one cast with none chosen isn't
"countered on resolution").

The sentence is read as its one-target form ("tap up to two target creatures" as "tap target
creature", "up to two target creatures each get +1/+1 until end of turn" as "target creature
gets +1/+1 until end of turn") by the other sentence readers, then its target is made N
entries of one group, each chosen or not (``count: {min: 0, max: 1}, group: G`` in casting:
targets; the cast engine forbids one object twice in a group, asp/cast/targets.lp), and each of
its instructions is done once for each entry (``target``, ``target2`` ...: an instruction
naming an entry not chosen is not done). "from a single graveyard": the group's cards are in
one graveyard (``one_graveyard``). A wording with "them", "their", "those" or "they" left
after the rewriting, another target in the same sentence, or an instruction of the sentence
that doesn't name the target, is not read (the sentence stays text).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pyengine.oracle.common import NUMBERS

_UPTO = re.compile(r"(?:each of )?up to (one|two|three|four|five|six|\d+) (other )?target ")
# the plural nouns after "target", and their singular
_PLURAL = {"creatures": "creature", "cards": "card", "permanents": "permanent", "lands": "land",
           "artifacts": "artifact", "enchantments": "enchantment", "planeswalkers": "planeswalker",
           "players": "player", "opponents": "opponent", "spells": "spell"}
# the subject's verb after the noun phrase ("up to two target creatures each get ...")
_VERBS = {"each get": "gets", "get": "gets", "each gain": "gains", "gain": "gains", "have": "has",
          "lose": "loses", "each lose": "loses", "can't": "can't", "become": "becomes"}
# possessives and places naming the targets, in the singular
_AGREE = (("their owners' hands", "its owner's hand"), ("their owner's hand", "its owner's hand"),
          ("their owners' libraries", "its owner's library"))
_LEFT = re.compile(r"\b(them|their|theirs|those|they|each)\b")


def singular(s: str) -> tuple[str, int, bool] | None:
    """The one-target form of a sentence with "up to N target ...", N and whether it says
    "from a single graveyard"; None when the sentence has no such phrase or another wording."""
    m = _UPTO.search(s)
    if m is None or _UPTO.search(s, m.end()) is not None:
        return None
    word = m.group(1)
    n = int(word) if word.isdigit() else NUMBERS.get(word)
    if not n or m.group(2):  # "other target": another target of the sentence (115.3) not read
        return None
    head, rest = s[:m.start()], s[m.end():]
    rest = re.sub(r"^(\w+) and/or (\w+)\b", r"\1 or \2", rest)
    words = rest.split(" ")
    if n > 1:
        at = next((i for i, w in enumerate(words[:4]) if w in _PLURAL), None)
        if at is None:
            return None
        words[at] = _PLURAL[words[at]]
        if words[at + 1:at + 2] == ["or"] and words[at + 2:at + 3] and words[at + 2] in _PLURAL:
            at += 2  # "artifacts or enchantments" (and/or: either, 115.1)
            words[at] = _PLURAL[words[at]]
        if not head.strip():  # the subject: its verb agrees with the singular (each of them)
            tail = " ".join(words[at + 1:])
            verb = next((v for v in sorted(_VERBS, key=len, reverse=True) if tail.startswith(v + " ")), None)
            if verb is None:
                return None
            after = tail[len(verb) + 1:].replace(" and gain ", " and gains ")  # "get +1/+0 and gain ..."
            words = [*words[:at + 1], _VERBS[verb], *after.split(" ")]
    rest = " ".join(words)
    single = rest.endswith(" from a single graveyard")
    if single:
        rest = rest[: -len(" from a single graveyard")] + " from a graveyard"
    out = f"{head}target {rest}"
    for plural, one in _AGREE:
        out = out.replace(plural, one)
    if n > 1 and _LEFT.search(out):
        return None
    return out, n, single


def _refs(x: Any) -> set[str]:
    """The references (target, target2 ...) a value names, nested."""
    if isinstance(x, str):
        return {x} if re.fullmatch(r"target\d*", x) else set()
    if isinstance(x, dict):
        return set().union(*(_refs(v) for v in x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*(_refs(v) for v in x)) if x else set()
    return set()


def _rename(x: Any, old: str, new: str) -> Any:
    if isinstance(x, str):
        return new if x == old else x
    if isinstance(x, dict):
        return {k: _rename(v, old, new) for k, v in x.items()}
    if isinstance(x, list):
        return [_rename(v, old, new) for v in x]
    return x


def _ref(i: int) -> str:
    return "target" if i == 0 else f"target{i + 1}"


def sentence(s: str, eff: Any, spell: bool) -> bool:
    """Read a sentence with "up to N target ..." into ``eff`` (see the module)."""
    if "up to" not in s:
        return False
    got = singular(s)
    if got is None:
        return False
    one, n, single = got
    from pyengine.oracle.effects import sentence as read

    trial = copy.deepcopy(eff)
    do0, t0, resolves0 = len(trial.do), len(trial.targets), trial.resolves
    if not read(one, trial, spell) or len(trial.targets) != t0 + 1 or len(trial.casting) != t0 + 1:
        return False
    ref = _ref(t0)
    new = trial.do[do0:]
    if any(_refs(ev) != {ref} or any(_refs(v) and not isinstance(v, str) for v in ev.values()) for ev in new):
        return False  # an instruction of the sentence that doesn't name its target only, at its top
    if not new and (resolves0 is not None or trial.resolves is None):
        return False
    if trial.resolves is not None and resolves0 is None and (new or t0 or not eff.cast):
        return False  # the spell's continuous effect applies to its targets: this group only (an
        # activated ability's with none chosen would affect its source: not read)
    entry = trial.casting[t0]
    if single and entry["what"].get("zone") != "graveyard" or "count" in entry:
        return False
    group = f"g{t0 + 1}"
    extra: dict[str, Any] = {"count": {"min": 0, "max": 1}, "group": group}
    if single:
        extra["one_graveyard"] = True
    trial.casting[t0] = {**entry, **extra}
    if not eff.cast:  # a triggered or activated ability's target entry (603.3d, 602.2b)
        trial.targets[t0] = {**trial.targets[t0], "optional": True, "group": group,
                             **({"one_graveyard": True} if single else {})}
    ids = {c["id"] for c in trial.casting}
    events = list(new)
    for k in range(1, n):
        i = t0 + k
        tid = f"{entry['id']}{i + 1}"
        while tid in ids:
            tid += "x"
        ids.add(tid)
        trial.targets.append(copy.deepcopy(trial.targets[t0]))
        trial.casting.append({**copy.deepcopy(entry), "id": tid, **extra})
        events += [_rename(ev, ref, _ref(i)) for ev in new]
    trial.do[do0:] = events
    trial.upto = [*trial.upto, (t0, n, len(trial.do))]
    eff.__dict__.update(trial.__dict__)
    return True


def words(eff: Any) -> int:
    """The instances of the word "target" of ``eff``: its targets, a group counted once."""
    return len(eff.targets) - sum(n - 1 for _t, n, _e in eff.upto)


def later_ok(eff: Any) -> bool:
    """Whether the instructions after each group's sentence name its targets only as an
    instruction of their own that the game leaves undone when the target wasn't chosen: never
    for a group of two or more ("them" isn't read), and for "up to one" only at the top of an
    instruction (not inside a delayed or optional one, 603.7a, 603.5)."""
    for t0, n, end in eff.upto:
        refs = {_ref(t0 + k) for k in range(n)}
        for ev in eff.do[end:]:
            named = _refs(ev) & refs
            if named and (n > 1 or any(k != "object" and k != "target" and _refs(v) & refs
                                       for k, v in ev.items()) or ev.get("kind") in ("delayed", "may")):
                return False
    return True
