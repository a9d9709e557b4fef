"""S.M.L.E. in a campaign: casualties, Green replacements and a team's quality re-derived (the mechanism it shares
with ...In the Noonday Sun, ``rulesets/slammer_campaign.py``), bound to this text's tables and sections."""

from listgen.rulesets.slammer_campaign import TeamCampaign

from . import tables as T

RULES = TeamCampaign(
    qualities=T.QUALITIES,
    ref_quality=T.REF_QUALITY,
    ref_casualties=T.ref("Activation Modifiers (Casualties)"),
    ref_elite=T.ref("Troop Motivation, Elite"),
    noun="team",
)
