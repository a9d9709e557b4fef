"""What the tests need of the toy ruleset, stated by its package (conftest.ruleset_testing says what each name holds)."""

# its one rule: a band is at most 10 figures (17 breaks it)
CATALOGUE_FLOW = ((("bands",), "band of five"),)  # built from the catalogue only: a second band
PAGE_FLOW = {
    "add": ("bands",),
    "break": (("bands", 0, "figures"), "17"),
    "code": "TOY-BAND-SIZE",
    "at": ("bands", 0),
}
CATALOGUE_PROBLEMS: dict[str, str] = {}
