def check(army, out, valuation):
    for i, band in enumerate(army.bands):
        if band.figures > 10:
            out.error(
                "TOY-BAND-SIZE",
                f"band '{band.name}' has {band.figures} figures; at most 10",
                ("bands", i, "figures"),
                "Toy Skirmish: Bands",
            )
