"""A club's event: the pack and its entries (tournament, pack), the rounds paired and their results (rounds;
the files of the organiser's commands: event, event_lock, event_state, round_text, round_pairing, slips,
event_printouts, entrants, event_export). Built on the core; the command line and the page call it."""
