"""...In the Noonday Sun in a campaign: the words S.M.L.E. prints (``rulesets/slammer_campaign.py``), bound to this
text's own tables and sections ("6. Troop Quality": "Elite rounds up; others round down")."""

from listgen.rulesets.slammer_campaign import TeamCampaign

from . import tables as T

RULES = TeamCampaign(
    qualities=T.QUALITIES,
    ref_quality=T.REF_QUALITY,
    ref_casualties=T.ref("Activation Modifiers (Casualties)"),
    ref_elite=T.ref("7. Troop Motivation, 1. Elite"),
    noun="unit",
)
