"""Game-agnostic parts of kifu: the record model, findings, sources, reporters."""
