"""The Go rules presets (``--rules``, ``kifu score --rules``) and what each means, the default
first: read by the registry without loading the game (:mod:`kifu.go.rules` is small)."""

from __future__ import annotations

from kifu.go.rules import PRESETS as RULES

DESCRIPTIONS: dict[str, str] = {name: rules.describe() for name, rules in RULES.items()}
