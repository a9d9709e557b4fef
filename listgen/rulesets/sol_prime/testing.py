"""What the tests need of Sol Prime, stated by its package (conftest.ruleset_testing says what each name holds)."""

# "Each Platoon will have from 1 to 6 stands in it" (30 breaks it); the text prices nothing but assault armour (+1 a stand), so the
# points change when it is ticked
# built from the catalogue only: an armoured platoon at the starter's Laser technology: (place, name to find) steps from the starter
CATALOGUE_FLOW = ((("platoons",), "armoured platoon"),)
PAGE_FLOW = {
    "add": ("platoons", 0, "stands"),
    "tick": ("platoons", 1, "stands", 1, "assault_armour"),
    "break": (("platoons", 0, "stands", 1, "count"), "30"),
    "code": "SP-PLATOON-SIZE",
    "at": ("platoons", 0),
}
CATALOGUE_PROBLEMS: dict[str, str] = {
    "Powersuit infantry (armour 2)": "SP-TECH",  # 'Needs Plasma technology'
}
