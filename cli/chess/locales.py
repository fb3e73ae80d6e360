"""Piece letters of score sheets in other languages, mapped to the English SAN letters.

Each table maps a local letter to English (pawn letters, which SAN leaves out, are dropped
when they lead a pawn move). Languages with the same letters share one table.
"""

from __future__ import annotations

# order of the source lists: knight, bishop, rook, queen, king, pawn
_LETTERS: dict[str, str] = {
    "en": "NBRQKP",
    "de": "SLTDKB",
    "nl": "PLTDKO",
    "fr": "CFTDRP",
    "es": "CATDRP",
    "it": "CATDRP",
    "pt": "CBTDRP",
    "sv": "SLTDKB",
    "da": "SLTDKB",
    "no": "SLTDKB",
    "pl": "SGWHKP",
    "cs": "JSVDKP",
    "hu": "HFBVKG",
    "ro": "CNTDRP",
    "fi": "RLTDKS",
}

NAMES: dict[str, str] = {
    "en": "English",
    "de": "German",
    "nl": "Dutch",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "sv": "Swedish",
    "da": "Danish",
    "no": "Norwegian",
    "pl": "Polish",
    "cs": "Czech",
    "hu": "Hungarian",
    "ro": "Romanian",
    "fi": "Finnish",
}

LANGUAGES = frozenset(_LETTERS)


def letter_map(lang: str) -> dict[str, str]:
    """Local piece letter → English SAN letter (``"P"`` for the pawn letter)."""
    letters = _LETTERS[lang]
    return dict(zip(letters, "NBRQKP", strict=True))


def candidate_tables() -> dict[str, list[str]]:
    """Distinct non-English letter tables → the languages that use each."""
    tables: dict[str, list[str]] = {}
    for lang, letters in _LETTERS.items():
        if lang != "en":
            tables.setdefault(letters, []).append(lang)
    return tables


def describe(langs: list[str]) -> str:
    """``German/Swedish letters (S=knight, L=bishop, T=rook, D=queen, K=king)``."""
    letters = _LETTERS[langs[0]]
    pieces = ("knight", "bishop", "rook", "queen", "king")
    mapping = ", ".join(f"{letter}={piece}" for letter, piece in zip(letters[:5], pieces, strict=True))
    return f"{'/'.join(NAMES[lang] for lang in langs)} piece letters ({mapping})"


def translate(text: str, mapping: dict[str, str]) -> str:
    """Rewrite the piece letter of a move (and of a promotion) into English."""
    if not text:
        return text
    first = text[0]
    if first in mapping and first not in "abcdefgh":
        english = mapping[first]
        text = text[1:] if english == "P" else english + text[1:]
    if "=" in text:
        head, _, tail = text.partition("=")
        if tail and tail[0] in mapping:
            text = f"{head}={mapping[tail[0]]}{tail[1:]}"
    return text
