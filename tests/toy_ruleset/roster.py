from ...roster import Roster, Unit, points_line


def roster(army, report):
    units = [
        Unit(
            title=f"Band: {b.name}",
            depth=0,
            facts=[("", b.grade)],
            columns=["Figure"],
            rows=[[f"figure {n + 1}"] for n in range(b.figures)],
            boxes=["Hit"],
        )
        for b in army.bands
    ]
    return Roster(
        title=army.name,
        ruleset="",
        player=army.player,
        legal=report.legal(),
        verdict="",
        points=points_line(report.valuation, army.points_limit),
        units=units,
    )
