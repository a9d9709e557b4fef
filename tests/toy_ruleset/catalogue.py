from listgen.core.catalogue import Entry

ENTRIES = [Entry("Band of five", "Band", {"name": "Band", "figures": 5}, "Toy Skirmish: Bands")]
