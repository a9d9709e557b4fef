def advice(army_a, value_a, army_b, value_b, balance):
    return [f"Give {balance.weaker.label} more figures."]
