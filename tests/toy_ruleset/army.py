"""The Toy Skirmish list: bands of 1-10 figures."""

from __future__ import annotations

from typing import Annotated

from listgen.core.model import Field, ListHeader, Model, Name, OneOf
from listgen.rulesets import slug_of


class Band(Model):
    """A band of figures."""

    name: Name = Field(description="The band's name.")
    figures: int = Field(ge=1, le=100, description="How many figures.")
    grade: Annotated[str, OneOf("raw", "tough")] = Field("raw", description="raw or tough.")


class ToyList(ListHeader):
    """A Toy Skirmish force."""

    _noun = "a Toy Skirmish list"
    ruleset: Annotated[str, OneOf(slug_of(__package__))] = Field(description="Always this package's slug.")
    bands: list[Band] = Field(default_factory=list, description="The bands.")


MODEL = ToyList
UNITS = "bands"
UNIT_MODELS = (Band,)
UNITS_REF = "Toy Skirmish: Bands"


def weapon_names():
    return []


def inventory(army):
    from listgen.core.inventory import Item

    for i, band in enumerate(army.bands):
        yield Item("units", ("bands", i), 1, {"grade": band.grade})
