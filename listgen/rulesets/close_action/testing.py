"""What the tests need of Close Action, stated by its package (a renamed copy of the package brings its own).

PAGE_FLOW: the page's browser test, from the starter list: where a unit is added ("add"), one value that breaks one
rule of the text ("break": (path, value)), the rule's finding code and the unit it is reported at ("code", "at");
"tick", a box whose ticking changes the points where adding a unit does not.
CATALOGUE_FLOW: the builder's browser test: (place in the starter, words that find one entry) steps that leave a
legal list of the text's own kind.
CATALOGUE_PROBLEMS: catalogue entries the starter cannot take as they are -> the rule their note tells the player of.
"""

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
