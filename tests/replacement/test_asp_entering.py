"""asp/replacement/entering.lp (with match.lp, order.lp, outcome.lp): an object entering the
battlefield is known as the permanent it would be, ent(K, As, P) (CR 614.12), and so are the
counters it enters with (122.6, 122.6a, 616.1). Bob's card "t" in his graveyard enters under
alice's control with three +1/+1 counters (its own effect "own"); "sc" is a Hardened Scales
whose target set the test gives."""

from __future__ import annotations

from tests.replacement.helpers import effect, outcomes, outs, run

ENTER = ('rep_part(ev(1)). rep_field(ev(1), kind, move). rep_field(ev(1), object, o("t")). '
         'rep_field(ev(1), count, 1). rep_field(ev(1), from, graveyard). '
         'rep_field(ev(1), to, battlefield). rep_field(ev(1), cause, effect). '
         'rep_field(ev(1), position, none). rep_field(ev(1), control, p("a")). '
         'rep_field(ev(1), as, o("t")). rep_field(ev(1), tapped, false). '
         'rep_field(ev(1), face, front). rep_field(ev(1), choice, none). '
         'rep_obj_owner(o("t"), p("b")). ')
AS_ALICES = 'ent(o("t"), o("t"), p("a"))'
AS_BOBS = 'ent(o("t"), o("t"), p("b"))'


def own(entering: str = AS_ALICES) -> str:
    """The entering object's "enters with three +1/+1 counters" (614.1c), its test on the
    permanent it would be (``entering``) and its counters put on that permanent."""
    return (effect("own", 1, "move", ctl='p("b")')
            + f' rep_test("own", to, s(1)). rep_in(s(1), battlefield).'
            f' rep_test("own", entering, s(2)). rep_in(s(2), {entering}).'
            ' rep_tmpl("own", "main", 1, counters). rep_tmpl_field("own", "main", 1, target, entering).'
            ' rep_tmpl_field("own", "main", 1, counter, val("+1/+1")).'
            ' rep_tmpl_field("own", "main", 1, amount, val(3)).'
            ' rep_tmpl_field("own", "main", 1, by, same(control)).'
            ' rep_tmpl_field("own", "main", 1, cause, val(enters)).')


def scales(*targets: str) -> str:
    """"If one or more +1/+1 counters would be put on [a target]": that many plus one."""
    return (effect("sc", 2, "counters", mods=("add(amount, 1)",))
            + ' rep_test("sc", target, s(3)).' + "".join(f" rep_in(s(3), {t})." for t in targets))


MOVE = ('outcome(move, (o("t"), 1, graveyard, battlefield, effect, none, p("a"), o("t"), false, front, '
        'none), 1)')


def counters(n: int) -> str:
    return f'outcome(counters, (o("t"), "+1/+1", {n}, p("a"), enters), 1)'


def test_122_6_counters_an_entering_object_is_given_are_put_on_the_permanent_it_would_be() -> None:
    """614.12: a creature alice would control, so her Hardened Scales applies: 4, and the
    outcome names the object."""
    assert outcomes(ENTER + own() + scales(AS_ALICES)) == outs(f"{MOVE}; {counters(4)}")


def test_614_12_the_card_where_it_is_now_is_not_the_permanent() -> None:
    """The card in the graveyard (o("t") itself) is not what the counters are put on."""
    assert outcomes(ENTER + own() + scales('o("t")')) == outs(f"{MOVE}; {counters(3)}")


def test_614_12_entering_test_reads_the_player_it_would_enter_under() -> None:
    """An identity's own effect under bob's control doesn't exist under alice's."""
    assert outcomes(ENTER + own(AS_BOBS)) == outs(MOVE)


def test_614_12_entering_test_fails_for_an_object_not_entering() -> None:
    """A move to the graveyard is no entering permanent, whatever the set holds."""
    text = ENTER.replace("rep_field(ev(1), to, battlefield)", "rep_field(ev(1), to, exile)") + own()
    # a card put into exile enters under no one's control and as nothing (outcome.lp)
    moved = MOVE.replace('graveyard, battlefield, effect, none, p("a"), o("t")',
                         "graveyard, exile, effect, none, none, none")
    assert outcomes(text) == outs(moved)


def test_616_1_the_controller_it_would_have_orders_the_effects_on_its_counters() -> None:
    """616.1, 122.6a: alice, under whose control it enters, chooses for the counters too (the
    card's owner is bob, and a card in a graveyard has no controller)."""
    text = ENTER + own() + scales(AS_ALICES)
    steps = {tuple((a.arguments[1].string, a.arguments[3].arguments[0].string)
                   for a in sorted(m.atoms("applied", 7), key=lambda a: a.arguments[0].number))
             for m in run(text)}
    assert steps == {(("own", "a"), ("sc", "a"))}
