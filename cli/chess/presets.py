"""The chess rules presets (``--rules``) and what each means: read by the registry without
loading the game (plain text: nothing to import)."""

from __future__ import annotations

DESCRIPTIONS: dict[str, str] = {
    "fide": "FIDE Laws of Chess: claims of 9.2/9.3, automatic draws of 9.6 (fivefold, 75 moves), "
    "dead positions",
}
