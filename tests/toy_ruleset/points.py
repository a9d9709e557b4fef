from listgen.core.value import PRINTED, UnitCost, Valuation


def value(army):
    result = Valuation(scheme="Toy points (1 a figure)", name="Toy points", kind=PRINTED, ref="Toy Skirmish: Points")
    for i, band in enumerate(army.bands):
        result.units.append(UnitCost(("bands", i), band.name, "band", band.figures))
    return result
