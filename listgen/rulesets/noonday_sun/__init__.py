"""...In the Noonday Sun (Olaf Meys, adapted from Slammer): colonial skirmish."""

from .. import Ruleset

RULESET = Ruleset(
    __name__,
    code="NS",
    title="...In the Noonday Sun",
    authors="Olaf Meys, adapted from Slammer",
    period="Colonial skirmish",
    dice="d6 for activation (the text also says d10: see the sheet)",
    source="noonday-sun.txt",
    data_version="text-1",  # the text carries no date or edition; listgen's first transcription
    points="none printed: S.M.L.E.'s scheme borrowed and labelled, or a supplied points_table",
)
