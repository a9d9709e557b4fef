"""What the tests need of S.M.L.E., stated by its package (conftest.ruleset_testing says what each name holds)."""

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
