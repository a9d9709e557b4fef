from listgen.core.roster import Roster, Unit, points_line
from listgen.core.value import show


def roster(army, report):
    costs = {c.path: c for c in report.valuation.units}
    units = [
        Unit(
            title=f"Band: {b.name}",
            path=("bands", i),
            points=f"{show(costs[('bands', i)].total)} pts",
            depth=0,
            facts=[("", b.grade)],
            columns=["Figure"],
            rows=[[f"figure {n + 1}"] for n in range(b.figures)],
            boxes=["Hit"],
        )
        for i, b in enumerate(army.bands)
    ]
    return Roster(points=points_line(report.valuation, army.points_limit), units=units)
