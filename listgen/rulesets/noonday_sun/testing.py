"""What the tests need of ...In the Noonday Sun, stated by its package (a renamed copy of the package brings its own).

PAGE_FLOW: the page's browser test, from the starter list: where a unit is added ("add"), one value that breaks one
rule of the text ("break": (path, value)), the rule's finding code and the unit it is reported at ("code", "at");
"tick", a box whose ticking changes the points where adding a unit does not.
CATALOGUE_FLOW: the builder's browser test: (place in the starter, words that find one entry) steps that leave a
legal list of the text's own kind.
CATALOGUE_PROBLEMS: catalogue entries the starter cannot take as they are -> the rule their note tells the player of.
"""

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
