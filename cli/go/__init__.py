"""Go: SGF reading, rules replay with ko and superko, area scoring."""
