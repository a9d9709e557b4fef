"""What the tests need of Bounce into Action, stated by its package (a renamed copy of the package brings its own).

PAGE_FLOW: the page's browser test, from the starter list: where a unit is added ("add"), one value that breaks one
rule of the text ("break": (path, value)), the rule's finding code and the unit it is reported at ("code", "at");
"tick", a box whose ticking changes the points where adding a unit does not.
CATALOGUE_FLOW: the builder's browser test: (place in the starter, words that find one entry) steps that leave a
legal list of the text's own kind.
CATALOGUE_PROBLEMS: catalogue entries the starter cannot take as they are -> the rule their note tells the player of.
"""

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
