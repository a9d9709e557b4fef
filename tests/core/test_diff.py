"""listgen diff: what changed between two lists, one kind of change at a time, in the list's own order."""

from conftest import BASE

TEAM = (
    "      - name: Snipers\n        quality: veteran\n        figures:\n          - {count: 2, weapon: sniper-rifle}\n"
)


def lines(invoke, write, a, b):
    result = invoke("diff", write(a, "a.yaml"), write(b, "b.yaml"))
    return result.exit_code, [line for line in result.output.splitlines() if line]


def test_the_same_values_are_no_change(invoke, write):
    assert lines(invoke, write, BASE, "# a comment\n" + BASE) == (0, ["no change: the two lists hold the same values"])


def test_a_value_changed_is_named_by_its_unit(invoke, write):
    code, out = lines(
        invoke, write, BASE, BASE.replace("{name: Cpl A, quality: veteran", "{name: Cpl A, quality: trained", 1)
    )
    assert code == 1
    assert out == [
        "~ section 'A Section' > leader > quality: 'veteran' -> 'trained'"
    ]  # S.M.L.E. prices no leader quality


def test_a_unit_added_and_one_removed(invoke, write):
    more = BASE.replace("    teams:\n", "    teams:\n" + TEAM, 1)
    assert more != BASE
    code, out = lines(invoke, write, BASE, more)
    assert code == 1 and out[0] == "+ section 'A Section' > team 'Snipers': added"
    assert out[1] == "points:" and out[2].startswith("  Snipers: - -> ") and out[-1].startswith("  total: ")
    code, out = lines(invoke, write, more, BASE)
    assert code == 1 and out[0] == "- section 'A Section' > team 'Snipers': removed"


def test_a_unit_added_before_others_does_not_show_them_changed(invoke, write):
    more = BASE.replace("    teams:\n", "    teams:\n" + TEAM, 1)
    _code, out = lines(invoke, write, BASE, more)
    assert [line for line in out if line.startswith(("~", "-", "+"))] == [
        "+ section 'A Section' > team 'Snipers': added"
    ]


def test_an_unreadable_list_is_exit_2(invoke, write):
    result = invoke("diff", write(BASE, "a.yaml"), write("ruleset: [", "b.yaml"))
    assert result.exit_code == 2
