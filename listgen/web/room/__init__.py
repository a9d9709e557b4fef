"""`listgen tournament serve`: the event in the room, an app of its own beside `listgen serve`'s page.

Three kinds of page: the board (`/board`, for a projector: pairings, clock, standings, polling a small JSON), the
players' phones (`/report`: a table's result reported with the slip's code and confirmed by the other player, each
with his own personal code) and the organiser's desk (`/desk`, behind the event's token: pending, disputed and
recorded results, every organiser's move, the clock). Every move is `listgen.events.room`'s, which runs the same code
as the command under the event's one-writer lock: the command line works beside the page at any time.
"""
