"""What the tests need of the toy ruleset, stated by its package (a renamed copy of the package brings its own).

PAGE_FLOW: the page's browser test, from the starter list: where a unit is added ("add"), one value that breaks one
rule of the text ("break": (path, value)), the rule's finding code and the unit it is reported at ("code", "at");
"tick", a box whose ticking changes the points where adding a unit does not.
CATALOGUE_FLOW: the builder's browser test: (place in the starter, words that find one entry) steps that leave a
legal list of the text's own kind.
CATALOGUE_PROBLEMS: catalogue entries the starter cannot take as they are -> the rule their note tells the player of.
"""

# its one rule: a band is at most 10 figures (17 breaks it)
CATALOGUE_FLOW = ((("bands",), "band of five"),)  # built from the catalogue only: a second band
PAGE_FLOW = {
    "add": ("bands",),
    "break": (("bands", 0, "figures"), "17"),
    "code": "TOY-BAND-SIZE",
    "at": ("bands", 0),
}
CATALOGUE_PROBLEMS: dict[str, str] = {}
