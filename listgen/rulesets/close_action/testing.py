"""What the tests need of Close Action, stated by its package (conftest.ruleset_testing says what each name holds)."""

# Squads are "6-12 men" (30 breaks it)
# built from the catalogue only: a platoon with a mortar and its spotter: (place, name to find) steps from the starter
CATALOGUE_FLOW = ((("squads",), "mortar and its spotter"),)
PAGE_FLOW = {
    "add": ("squads",),
    "break": (("squads", 0, "men", 1, "count"), "30"),
    "code": "CA-SQUAD-SIZE",
    "at": ("squads", 0),
}
CATALOGUE_PROBLEMS: dict[str, str] = {
    'Mortar (6" blast zone)': "CA-MORTAR-SPOTTER",  # 'Nominate its spotter'
}
