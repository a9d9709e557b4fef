"""The engine every surface shares: a list read (loader, model), checked (validate, findings), priced (value,
house), shown (force, roster, sheet, inventory), compared (matchup, balance, odds, dice) and carried (share,
diff, edit, catalogue). It imports no command, page, event or printout."""
