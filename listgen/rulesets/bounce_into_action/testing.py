"""What the tests need of Bounce into Action, stated by its package (conftest.ruleset_testing says what each name holds)."""

# Training: a Trained stand is "a squad of about 8 to 10 soldiers" (40 breaks it)
# built from the catalogue only: a company with a vehicle: (place, name to find) steps from the starter
CATALOGUE_FLOW = ((("vehicles",), "tank with a tank gun"),)
PAGE_FLOW = {
    "add": ("stands",),
    "break": (("stands", 1, "people"), "40"),
    "code": "BIA-STAND-SIZE",
    "at": ("stands", 1),
}
CATALOGUE_PROBLEMS: dict[str, str] = {}
