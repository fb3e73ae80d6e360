"""The xiangqi rules presets (``--rules``) and what each means, the default first: read by the
registry without loading the game (plain text: nothing to import)."""

from __future__ import annotations

DESCRIPTIONS: dict[str, str] = {
    "cxa": "Chinese Xiangqi Association rules: perpetual check, mate threat, chase and their mixtures "
    "forbidden; 60-move natural limit",
    "axf": "Asian Xiangqi Federation rules: perpetual check and chase forbidden; one check one chase "
    "and perpetual mate threat allowed",
}
