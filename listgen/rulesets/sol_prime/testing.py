"""What the tests need of Sol Prime, stated by its package (a renamed copy of the package brings its own).

PAGE_FLOW: the page's browser test, from the starter list: where a unit is added ("add"), one value that breaks one
rule of the text ("break": (path, value)), the rule's finding code and the unit it is reported at ("code", "at");
"tick", a box whose ticking changes the points where adding a unit does not.
CATALOGUE_FLOW: the builder's browser test: (place in the starter, words that find one entry) steps that leave a
legal list of the text's own kind.
CATALOGUE_PROBLEMS: catalogue entries the starter cannot take as they are -> the rule their note tells the player of.
"""

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
