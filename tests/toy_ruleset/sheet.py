from listgen.core.sheet import Block, Sheet


def reference(army=None):
    return Sheet(
        title="Toy Skirmish Quick Reference",
        subtitle="Full sheet",
        pages=1,
        blocks=[Block("Shooting", "Toy Skirmish: Shooting", rows=[["Roll", "Hit"], ["1D6", "4+"]])],
    )
