"""What the tests need of ...In the Noonday Sun, stated by its package (conftest.ruleset_testing says what each name holds)."""

# 4. Units: "Forces should be grouped into units of two to six figures" (20 breaks it)
# built from the catalogue only: a column with a Gatling: (place, name to find) steps from the starter
CATALOGUE_FLOW = ((("groups", 0, "units"), "gatling"),)
PAGE_FLOW = {
    "add": ("groups", 0, "units"),
    "break": (("groups", 0, "units", 0, "figures", 0, "count"), "20"),
    "code": "NS-UNIT-SIZE",
    "at": ("groups", 0, "units", 0),
}
CATALOGUE_PROBLEMS: dict[str, str] = {}
