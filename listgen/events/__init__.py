"""A club's event: the pack and its entries (tournament, pack), the rounds paired and their results (rounds,
rounds_files). Built on the core; the command line and the page call it."""
