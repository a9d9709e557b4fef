"""listgen: validate, price and print army lists for miniature wargames rulesets."""

__version__ = "0.1.0"
