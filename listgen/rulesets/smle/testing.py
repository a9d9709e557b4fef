"""What the tests need of S.M.L.E., stated by its package (a renamed copy of the package brings its own).

PAGE_FLOW: the page's browser test, from the starter list: where a unit is added ("add"), one value that breaks one
rule of the text ("break": (path, value)), the rule's finding code and the unit it is reported at ("code", "at");
"tick", a box whose ticking changes the points where adding a unit does not.
CATALOGUE_FLOW: the builder's browser test: (place in the starter, words that find one entry) steps that leave a
legal list of the text's own kind.
CATALOGUE_PROBLEMS: catalogue entries the starter cannot take as they are -> the rule their note tells the player of.
"""

# Organisation of Forces: "Each element is a team of two to six figures" (12 breaks it)
# Issue 27's build from the catalogue only: a platoon of three sections with a 2-inch mortar and a PIAT: (place, name to find) steps from the starter
CATALOGUE_FLOW = (
    (("platoons", 0, "sections"), "british infantry section"),
    (("platoons", 0, "support_teams"), "2-inch mortar"),
    (("platoons", 0, "support_teams"), "piat"),
)
PAGE_FLOW = {
    "add": ("platoons", 0, "sections", 0, "teams"),
    "break": (("platoons", 0, "sections", 0, "teams", 0, "figures", 1, "count"), "12"),
    "code": "SMLE-TEAM-SIZE",
    "at": ("platoons", 0, "sections", 0, "teams", 0),
}
CATALOGUE_PROBLEMS: dict[str, str] = {}
