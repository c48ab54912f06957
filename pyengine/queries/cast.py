"""Query ``cast``: is a proposed cast legal, and if not, at which step of CR 601.2 does it
first fail; what is its total cost (601.2f) and mana value on the stack (202.3e); which
payments are legal (601.2g-h); which targets are legal (601.2c). Format:
scenarios/casting/README.md."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pyengine.budget import Budget
from pyengine.cast.facts import Located
from pyengine.cast.forms import own_faces
from pyengine.cast.model import COLORS, STEPS, CastVerdict, Payment, PaymentListing, Proposal
from pyengine.cast.service import check_cast, legal_payments
from pyengine.cast.spec import spec_of
from pyengine.errors import ScenarioError
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.layers import engine as layers
from pyengine.model.enums import Zone
from pyengine.model.mana import parse_cost
from pyengine.model.objects import GameState
from pyengine.queries import cast_forms
from pyengine.queries.base import QueryKind, register

QUERY_FIELDS = {
    "kind",
    "spell",
    "player",
    "from",
    "alternative",
    "kicked",
    "buyback",
    "entwined",
    "modes",
    "x",
    "hybrid",
    "phyrexian",
    "targets",
    "divide",
    "sacrifice",
    "discard",
    "replicate",
    "payment",
    "list",
    "as",
}
EXPECT_FIELDS = {
    "legal",
    "step",
    "rule",
    "total_cost",
    "life",
    "mana_value",
    "payments",
    "payment_count",
    "legal_targets",
} | cast_forms.FIELDS
PAYMENT_FIELDS = {"tap", "pool", "convoke", "delve", "improvise"}


@dataclass(frozen=True)
class CastQuery:
    proposal: Proposal
    lists: tuple[str, ...]
    where: tuple[tuple[str, tuple[str | None, int | None, str]], ...]  # field -> (file, line, path)
    kind: str = "cast"


@dataclass(frozen=True)
class CastExpect:
    legal: bool
    step: str | None
    rule: str | None
    total_cost: str | None
    life: int | None
    mana_value: int | None
    payments: tuple[tuple[str, ...], ...] | None
    payment_count: int | None
    legal_targets: tuple[tuple[str, tuple[str, ...]], ...] | None
    as_cast: cast_forms.AsCastExpect = cast_forms.AsCastExpect()


@dataclass(frozen=True)
class CastAnswer:
    verdict: CastVerdict
    listing: PaymentListing | None

    def to_json(self) -> dict[str, Any]:
        v = self.verdict
        out: dict[str, Any] = {
            "legal": v.legal,
            "violations": [x.render() for x in v.violations],
            "legal_targets": {k: list(t) for k, t in v.legal_targets},
        }
        if v.legal and v.total is not None:
            out |= {
                "total_cost": v.total.symbols(),
                "life": v.total.life,
                "mana_value": v.mana_value,
                "choices": list(v.witness),
            }
            if v.as_cast is not None:
                out |= cast_forms.to_json(v.as_cast)
        if self.listing is not None:
            out |= {"payment_count": self.listing.count, "payments": [list(p) for p in self.listing.payments]}
        return out

    def render(self) -> str:
        v = self.verdict
        if v.legal:
            assert v.total is not None
            lines = [
                f"legal: total cost {v.total.symbols()}"
                + (f" and {v.total.life} life" if v.total.life else "")
                + f" (CR 601.2f), mana value on the stack {v.mana_value} (CR 202.3e)",
                "  choices: " + ("; ".join(v.witness) or "none"),
            ]
            if v.as_cast is not None:
                lines.append(cast_forms.line(v.as_cast))
        else:
            first = v.first
            assert first is not None
            lines = [f"illegal: first fails at {first.step} (CR {first.rule}): {first.render()}"]
            lines += [f"  also: {x.render()}" for x in v.violations if x != first]
        for inst, ts in v.legal_targets:
            lines.append(f"  legal targets of {inst}: {', '.join(ts) or 'none'}")
        if self.listing is not None:
            lines.append(
                f"  {self.listing.count} legal payment(s)" + ("" if self.listing.exact else " or more")
            )
            lines += ["    " + ", ".join(p) for p in self.listing.payments]
        return "\n".join(lines)


def _ids(cur: Cursor, ids: set[str], what: str) -> tuple[str, ...]:
    items = [cur] if isinstance(cur.value, str) else cur.seq(f"a list of {what}")
    out = []
    for c in items:
        word = c.string(what)
        if word not in ids:
            c.fail(f"no {what} has the id {word!r}")
        out.append(word)
    return tuple(out)


def parse_query(cur: Cursor, state: GameState, ctx: Ctx, ids: set[str] | None = None) -> CastQuery:
    """The query; ``ids``: the permanents a payment may name (a game script's: also the tokens
    the game will create, pyengine.game.tokens.ScriptIds), else the state's objects."""
    cur.mapping(QUERY_FIELDS, "a cast query")
    objects = {o.id: o for o in state.objects}
    spell_id = cur.req("spell").string("the id of the card cast")
    if spell_id not in objects:
        cur.get("spell").fail(f"no object has the id {spell_id!r}")
    spell = objects[spell_id]
    player = cur.get("player").choice(state.player_ids, "a player id:") if cur.has("player") else spell.owner
    if cur.has("from"):
        zone = cur.get("from").choice([z.value for z in Zone], "a zone:")
        if zone != spell.zone.value:
            cur.get("from").fail(f"{spell_id} is in the {spell.zone.value}, not the {zone}")
    spec = spec_of(spell.printed.casting, spell.printed.mana_cost)
    form = cast_forms.parse_form(cur.get("as"), spell) if cur.has("as") else None
    where: dict[str, tuple[str | None, int | None, str]] = {}
    alternative = None
    if cur.has("alternative"):
        a = cur.get("alternative")
        items = [] if a.value == "none" else ([a] if isinstance(a.value, str) else a.seq("alternative costs"))
        alternative = tuple(
            c.choice(["flashback", "overload", "free", "evoke", "dash", "blitz", "surge",
                      "spectacle", "madness", "emerge"], "an alternative cost:")
            for c in items
        )
    # each text the card may be cast with: its own (a split card's is only its halves'), each face's
    if spell.printed.layout != "split":
        _targets_known(cur, spell_id, spell.printed.abilities, spec, alternative)
    for _, face in own_faces(spell.printed):
        _targets_known(cur, spell_id, face.abilities, spec_of(face.casting, face.mana_cost), alternative)
    kicked = cur.get("kicked").boolean() if cur.has("kicked") else None
    modes = None
    if cur.has("modes"):
        if not spec.modes:
            cur.get("modes").fail(f"{spell_id} is not modal: it has no modes to choose (CR 700.2)")
        modes = tuple(c.integer("a mode number (1 is the first)", minimum=1) for c in cur.get("modes").seq())
        for c, m in zip(cur.get("modes").seq(), modes, strict=True):
            if m > len(spec.modes):
                c.fail(f"{spell_id} has {len(spec.modes)} modes, not {m}")
    x = None
    if cur.has("x"):
        if spec.x_min is None:
            cur.get("x").fail(f"{spell_id} has no X in its mana cost or additional costs (CR 107.3)")
        x = cur.get("x").integer("the value of X", minimum=0)
    hybrid = _choices(cur, "hybrid", where)
    phyrexian = _choices(cur, "phyrexian", where)
    targets = None
    who = set(objects) | set(state.player_ids)
    if cur.has("targets"):
        instances = cast_forms.instances(spell.printed)
        chosen = []
        for key, c in cur.get("targets").mapping(None, "{TARGET_ID: [ids]}").items():
            if key not in instances:
                known = ", ".join(sorted(instances)) or "none"
                c.fail(f"{spell_id} has no target {key!r}; expected one of: {known}")
            chosen.append((key, tuple(_who(i, state) for i in _ids(c, who, "object or player"))))
        targets = tuple(chosen)
    divide = None
    if cur.has("divide"):
        divide = tuple(
            (
                _who(_ids(Cursor(k, c.path, c.line, c.file), who, "object or player")[0], state),
                c.integer("an amount", minimum=0),
            )
            for k, c in cur.get("divide").mapping(None, "{TARGET: N}").items()
        )
    sacrifice = _ids(cur.get("sacrifice"), set(objects), "object") if cur.has("sacrifice") else None
    payment = None
    if cur.has("payment"):
        payment = _payment(cur.get("payment"), objects if ids is None else ids, where)
    lists = (
        tuple(c.choice(["payments", "targets"], "what to list:") for c in cur.get("list").seq())
        if cur.has("list")
        else ()
    )
    if "payments" in lists and payment is not None:
        cur.get("list").fail("payments are listed only when the proposal gives no payment")
    prop = Proposal(
        spell_id,
        player,
        alternative,
        kicked,
        modes,
        x,
        hybrid,
        phyrexian,
        targets,
        divide,
        sacrifice,
        payment,
        form,
        cur.get("buyback").boolean() if cur.has("buyback") else None,  # 702.27a
        cur.get("entwined").boolean() if cur.has("entwined") else None,  # 702.42a
        # 702.81a, 702.133a: the cards discarded to cast it from the graveyard
        discard=_ids(cur.get("discard"), set(objects), "object") if cur.has("discard") else None,
        # 702.56a: how many times the replicate cost is paid
        replicate=cur.get("replicate").integer("a number of times", 0) if cur.has("replicate") else None,
    )
    return CastQuery(prop, lists, tuple(where.items()))


_TARGET_WORD = re.compile(r"\btargets?\b", re.IGNORECASE)


def _targets_known(cur: Cursor, spell_id: str, abilities: Any, spec: Any, alternative: Any) -> None:
    """A spell whose rules text says "target" but whose targets the card doesn't give (a card
    compiled from card data, a catalog card without ``casting: targets``) can't be judged: CR
    601.2c would need them (and 115.1, a spell with no legal target can't be cast). Refused in
    one line rather than judged as a spell without targets. Overloaded, the spell has none
    (702.96b)."""
    if spec.all_targets() or spec.modes or "overload" in (alternative or ()):
        return
    said = [a.text for a in abilities if a.kind == "spell" and _TARGET_WORD.search(a.text)]
    if said:
        cur.get("spell").fail(f"{spell_id}'s text chooses targets ({said[0]!r}) but its targets are "
                              "not written (casting: targets), so the cast can't be judged (CR 601.2c)")


def _who(word: str, state: GameState) -> str:
    return f"p:{word}" if word in state.player_ids else f"o:{word}"


def _choices(cur: Cursor, key: str, where: dict[str, Any]) -> tuple[str, ...] | None:
    if not cur.has(key):
        return None
    c = cur.get(key)
    where[key] = (c.file, c.line, c.path)
    return tuple(str(i.value) for i in c.seq(f"a list of {key} choices"))


def _payment(cur: Cursor, objects: dict[str, Any] | set[str], where: dict[str, Any]) -> Payment:
    cur.mapping(PAYMENT_FIELDS, "a payment {tap, pool, convoke, delve, improvise}")
    ids = objects if isinstance(objects, set) else set(objects)
    tap: list[tuple[str, str | None]] = []
    for c in cur.get("tap").seq("a list of permanents"):
        if isinstance(c.value, str):
            tap.append((_ids(c, ids, "permanent")[0], None))
        else:
            c.mapping({"id", "mana"}, "{id: PERMANENT, mana: W|U|B|R|G|C}")
            tap.append(
                (
                    _ids(c.req("id"), ids, "permanent")[0],
                    c.req("mana").choice(list(COLORS), "the mana it adds:").lower(),
                )
            )
        where[f"tap:{tap[-1][0]}"] = (c.file, c.line, c.path)
    pool: dict[str, int] = {}
    if cur.has("pool"):
        try:
            symbols = parse_cost(cur.get("pool").string("pool mana such as {R}{R}")).symbols
        except ValueError as exc:
            cur.get("pool").fail(str(exc))
        for s in symbols:
            key, n = ("C", int(s)) if s.isdigit() else (s, 1)
            if key not in COLORS:
                cur.get("pool").fail(f"pool mana is W U B R G or C, not {{{s}}}")
            pool[key] = pool.get(key, 0) + n
    return Payment(
        tuple(tap),
        tuple(sorted(pool.items())),
        *(_ids(cur.get(k), ids, "object") if cur.has(k) else () for k in ("convoke", "delve", "improvise")),
    )


def parse_expect(cur: Cursor, query: CastQuery, state: GameState) -> CastExpect:
    cur.mapping(EXPECT_FIELDS, "a cast expectation")
    legal = cur.req("legal").boolean()
    step = cur.get("step").choice(list(STEPS), "a step of casting:") if cur.has("step") else None
    if not legal and step is None:
        cur.fail("missing 'step': say at which step of CR 601.2 the cast first fails")
    if legal and step is not None:
        cur.get("step").fail("a legal cast fails at no step")
    rule = str(cur.get("rule").value) if cur.has("rule") else None
    total = None
    if cur.has("total_cost"):
        try:
            total = _canonical(parse_cost(cur.get("total_cost").string("mana symbols")).symbols)
        except ValueError as exc:
            cur.get("total_cost").fail(str(exc))
    life = cur.get("life").integer("life", minimum=0) if cur.has("life") else None
    mv = cur.get("mana_value").integer("a mana value", minimum=0) if cur.has("mana_value") else None
    payments = None
    if cur.has("payments"):
        if "payments" not in query.lists:
            cur.get("payments").fail(
                "payments are expected only when the query lists them (list: [payments])"
            )
        payments = tuple(
            sorted(
                tuple(sorted(" ".join(w.string("a payment part").split()) for w in p.seq()))
                for p in cur.get("payments").seq("a list of payments")
            )
        )
    count = cur.get("payment_count").integer("a number", minimum=0) if cur.has("payment_count") else None
    targets = None
    if cur.has("legal_targets"):
        targets = tuple(
            sorted(
                (k, tuple(sorted(c.strings("ids"))))
                for k, c in cur.get("legal_targets").mapping(None, "{TARGET_ID: [ids]}").items()
            )
        )
    as_cast = cast_forms.parse_expect(cur, legal)
    return CastExpect(legal, step, rule, total, life, mv, payments, count, targets, as_cast)


def _canonical(symbols: tuple[str, ...]) -> str:
    """Mana symbols as TotalCost.symbols writes them: generic first, then W U B R G C."""
    generic = sum(int(s) for s in symbols if s.isdigit())
    out = f"{{{generic}}}" if generic else ""
    for c in COLORS:
        out += f"{{{c}}}" * sum(1 for s in symbols if s == c)
    return out or "{0}"


def solve(state: GameState, query: CastQuery, timeout: float | Budget) -> CastAnswer:
    """Check the proposed cast (``timeout``: seconds, or a budget already begun)."""
    budget = Budget.of(timeout, "the cast query")
    result = layers.compute(state, budget)
    where = dict(query.where)
    _check_taps(state, query, result, where)
    try:
        verdict = check_cast(state, query.proposal, budget, result=result)
        listing = (
            legal_payments(state, query.proposal, budget=budget, result=result)
            if "payments" in query.lists
            else None
        )
    except Located as exc:
        file, line, path = where.get(exc.field, (None, None, "query"))
        raise ScenarioError(exc.message, file=file, line=line, path=path) from None
    return CastAnswer(verdict, listing)


def facts(state: GameState, query: CastQuery, timeout: float) -> tuple[list[Any], str]:
    """The cast engine's input facts for the proposed cast (``pyengine facts``)."""
    from pyengine import encodings
    from pyengine.cast.facts import cast_factset

    budget = Budget.of(timeout, "the cast query's facts")
    result = layers.compute(state, budget)
    program = encodings.path("cast_check")
    return cast_factset(state, result, query.proposal), (
        f"the cast engine runs `python -m clingo {program} FACTS --opt-mode=opt` "
        "(the optimum breaks the fewest rules at the earliest step, CR 601.2)")


def _check_taps(state: GameState, query: CastQuery, result: Any, where: dict[str, Any]) -> None:
    """A payment naming mana a permanent can't produce is malformed (checked after layers)."""
    from pyengine.cast.facts import mana_abilities

    pay = query.proposal.payment
    for oid, mana in pay.tap if pay is not None else ():
        ch = result.objects.get(oid)
        produced = {s.lower() for ab in mana_abilities(ch.abilities) for s in ab} if ch else set()
        if not produced or (mana is not None and mana not in produced):
            file, line, path = where[f"tap:{oid}"]
            raise ScenarioError(
                f"{oid} has no mana ability adding {{{(mana or 'any').upper()}}} "
                f"(its mana abilities add: {', '.join(sorted(produced)).upper() or 'nothing'})",
                file=file,
                line=line,
                path=path,
            )


def compare(expect: CastExpect, answer: CastAnswer) -> list[str]:
    diffs = []
    v = answer.verdict
    first = v.first
    if v.legal != expect.legal:
        why = first.render() if first else "no violation"
        diffs.append(f"legal: expected {expect.legal}, got {v.legal} ({why})")
    elif not v.legal and first is not None:
        if expect.step is not None and first.step != expect.step:
            diffs.append(f"step: expected {expect.step}, got {first.step} ({first.render()})")
        if expect.rule is not None and expect.rule not in {
            x.rule for x in v.violations if x.step == first.step
        }:
            diffs.append(f"rule: expected {expect.rule}, got {first.rule} ({first.render()})")
    if v.legal and v.total is not None:
        if expect.total_cost is not None and v.total.symbols() != expect.total_cost:
            diffs.append(f"total_cost: expected {expect.total_cost}, got {v.total.symbols()}")
        if expect.life is not None and v.total.life != expect.life:
            diffs.append(f"life: expected {expect.life}, got {v.total.life}")
        if expect.mana_value is not None and v.mana_value != expect.mana_value:
            diffs.append(f"mana_value: expected {expect.mana_value}, got {v.mana_value}")
    elif expect.total_cost is not None or expect.mana_value is not None:
        diffs.append("total_cost: expected a legal cast's total cost, the cast is illegal")
    if expect.legal_targets is not None:
        got = dict(v.legal_targets)
        for inst, want in expect.legal_targets:
            have = tuple(sorted(t.replace("player ", "") for t in got.get(inst, ())))
            if have != want:
                diffs.append(f"legal_targets.{inst}: expected {list(want)}, got {list(have)}")
    diffs += cast_forms.compare(expect.as_cast, v.as_cast if v.legal else None)
    lst = answer.listing
    if lst is not None:
        if expect.payment_count is not None and lst.count != expect.payment_count:
            diffs.append(f"payment_count: expected {expect.payment_count}, got {lst.count}")
        if expect.payments is not None and tuple(lst.payments) != expect.payments:
            missing = [p for p in expect.payments if p not in lst.payments]
            extra = [p for p in lst.payments if p not in expect.payments]
            diffs.append(f"payments: missing {missing}, not expected {extra}")
    return diffs


register(QueryKind("cast", parse_query, parse_expect, solve, compare))  # type: ignore[arg-type]
