"""Lists the loader accepts but no player would write: sizes that once made listgen hang (issues 14 and 19).

Each is (name, YAML text). Used by benchmarks/bench.py, which times roster and cards on each against the
bound (10 s, 500 MB), and by tests/test_hostile_sizes.py with generous limits (a hang is the failure).
"""

from __future__ import annotations


def _smle_section(teams: str) -> str:
    return (
        "ruleset: smle\nname: Hostile\nsections:\n  - name: S\n"
        "    leader: {name: L, quality: veteran, weapon: smg}\n    teams:\n" + teams
    )


def figure_rows(n: int = 5000) -> str:
    rows = "".join(f"          - {{count: 1, weapon: rifle, role: r{i}}}\n" for i in range(n))
    return _smle_section("      - name: T\n        quality: trained\n        figures:\n" + rows)


def teams(n: int = 5000, same_name: bool = False, extra: str = "") -> str:
    return _smle_section(
        "".join(
            f"      - {{name: T{'' if same_name else i}, quality: trained, "
            f"figures: [{{count: 2, weapon: rifle}}]{extra}}}\n"
            for i in range(n)
        )
    )


def aliased_teams(n: int = 5000) -> str:
    return _smle_section(
        "      - &t {name: T, quality: trained, figures: [{count: 2, weapon: rifle}]}\n" + "      - *t\n" * n
    )


def bounce_counted_stands(n: int = 50, count: int = 100) -> str:
    stands = "".join(
        f"  - {{name: S{i}, count: {count}, training: trained, experience: novice, "
        "equipment: assault-rifles, weapon: rifles}\n"
        for i in range(n)
    )
    return "ruleset: bounce-into-action\nname: Hostile\nstands:\n" + stands


def sol_prime_ammunition(stands: int = 1, lots: int = 10_000) -> str:
    body = "".join(
        f"      - {{name: G{i}, type: towed-artillery, artillery_class: medium, ammunition_lots: {lots}}}\n"
        for i in range(stands)
    )
    return (
        "ruleset: sol-prime\nname: Hostile\ntech_level: basic\nplatoons:\n  - name: P\n    morale: veteran\n"
        "    stands:\n" + body
    )


CASES = {
    "5,000 figure rows in one team": lambda: figure_rows(5000),
    "5,000 teams": lambda: teams(5000),
    "5,000 teams of one name": lambda: teams(5000, same_name=True),
    "5,000 teams sharing one alias": lambda: aliased_teams(5000),
    "3,000 teams with grenades 10,000 and rpg 10,000": lambda: teams(3000, extra=", grenades: 10000, rpg: 10000"),
    "Bounce: 50 stands of count 100": lambda: bounce_counted_stands(50, 100),
    "Bounce: 1,000 stands of count 100": lambda: bounce_counted_stands(1000, 100),
    "Sol Prime: ammunition_lots 10,000 on one stand": lambda: sol_prime_ammunition(1, 10_000),
    "Sol Prime: ammunition_lots 10,000 on 200 stands": lambda: sol_prime_ammunition(200, 10_000),
}
