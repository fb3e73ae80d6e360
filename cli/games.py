"""The one registry of the games kifu knows: their modules, file formats, and how a file's game
is recognised.

Commands, ``explain``, the batch runner and the SARIF rules reach a game only through here.
This module names the game packages and imports none of them at start-up (``kifu --help``
stays fast): :func:`load` imports a game's :class:`~kifu.core.game.Game` module when it is
needed. Under ``TYPE_CHECKING`` each game module is assigned to the Protocol, so that mypy
checks it against the interface.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kifu.core import records
from kifu.core.converted import Converted
from kifu.core.findings import IO_BINARY, Finding
from kifu.core.game import Game, Options, PartReader, Position, RawRecord, Scorer
from kifu.core.pgntext import outside_comments
from kifu.core.record import Span
from kifu.core.results import RecordReport
from kifu.core.sources import Source, SourceError, looks_binary, sniff_head, wide_encoding

if TYPE_CHECKING:  # each game module satisfies the interface: mypy checks these assignments
    from kifu.chess import game as _chess
    from kifu.chess.splitter import GameText
    from kifu.go import game as _go
    from kifu.go.tree import Game as SgfGame
    from kifu.xiangqi import game as _xiangqi

    _CHESS: Game[GameText] = _chess
    _GO: Game[SgfGame] = _go
    _XIANGQI: Game[_xiangqi.RawXiangqi] = _xiangqi
    _GO_SCORER: Scorer = _go
    _CHESS_PARTS: PartReader[GameText] = _chess


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game: the module that implements it and the file extensions that mean it."""

    name: str
    module: str
    extensions: dict[str, str]
    default_format: str
    scores: bool = False  # counts its finished games: ``kifu score`` (the Scorer Protocol)


GAMES: dict[str, GameInfo] = {
    "chess": GameInfo("chess", "kifu.chess.game", {".pgn": "pgn"}, "pgn"),
    "xiangqi": GameInfo(
        "xiangqi",
        "kifu.xiangqi.game",
        {".xqf": "xqf", ".dhtml": "dhtmlxq", ".ubb": "dhtmlxq", ".cbf": "cbf", ".cbr": "cbr"},
        "pgn",
    ),
    "go": GameInfo("go", "kifu.go.game", {".sgf": "sgf"}, "sgf", scores=True),
}

#: Extensions that a directory walk picks up (``.pgn`` is shared by chess and xiangqi).
KNOWN_EXTENSIONS = frozenset(ext for game in GAMES.values() for ext in game.extensions)


_PIECES = "炮砲包车車俥马馬傌相象仕士帅帥将將兵卒"
_FILES = "一二三四五六七八九１２３４５６７８９123456789"
#: a move in Chinese notation (马８进７, 炮二平五, 前车进一), or the abridged score-sheet form
#: (炮2 5). Piece characters alone are not enough: chess comments in Chinese name the knight 马.
#: (Detection reads decoded text: a bytes regex's character class would match single bytes.)
_CHINESE_MOVE = re.compile(
    f"[{_PIECES}前后後中一二三四五][{_FILES}{_PIECES}][进進退平]|[{_PIECES}][{_FILES}] ?[{_FILES}]"
)
#: a WXF move in full-width letters and digits (Ｃ２．５, Ｈ８＋７)
_FULLWIDTH_WXF = re.compile("[ＲＨＥＡＫＣＰ][１-９][＋－．＝]")
#: WXF moves in ASCII (``C2.5``, ``H8+7``); a few of them, since one could be chance
_ASCII_WXF = re.compile(r"(?<![A-Za-z0-9])[KAEBHNRCP][1-9][+\-.=][1-9](?![0-9])")
#: UCCI/ICCS moves that only a 9x10 board has: file i, or rank 0 or 9
_XIANGQI_COORDINATES = re.compile(r"\b[a-i][0-9]-?[a-i][0-9]\b", re.ASCII)
_XIANGQI_ONLY = re.compile(r"[09i]")
#: what a Game or Variant tag calls xiangqi
_XIANGQI_NAMES = frozenset({"chinese chess", "xiangqi", "象棋", "中国象棋", "中國象棋"})
_CHESS_NUMBERED = re.compile(r"(?m)^\s*1\.\s*[a-hNBRQKO]")
_CHESS_MOVES = re.compile(r"\b[a-h][2-7]\s+[a-h][2-7]\b|\b[a-h]2[a-h][34]\b", re.ASCII)


def detect(source: Source, forced: str | None = None) -> tuple[str, str] | None:
    """The ``(game, format)`` of ``source``, or ``None`` when it cannot be told.

    By extension first; ``.pgn`` and unknown extensions are sniffed, since xiangqi records
    use ``.pgn`` too. Raises :class:`SourceError` if the file cannot be opened.
    """
    extension = source.extension
    head = sniff_head(source)
    detected = _detect(extension, head, forced)
    # a text format whose start holds no record and looks binary: one finding, not thousands
    if (
        detected is not None
        and detected[1] not in BINARY_FORMATS
        and looks_binary(head)
        and sniff(head) is None
    ):
        raise SourceError(
            IO_BINARY(
                f"{source.path} is not a text file (binary data at the start), "
                "so it is not read as a game record",
                Span.point(1, 1),
            )
        )
    return detected


#: formats whose files are binary by design; every other format is text
BINARY_FORMATS = frozenset({"xqf", "cbr"})


def _detect(extension: str, head: bytes, forced: str | None) -> tuple[str, str] | None:
    if head.startswith(b"XQ") and (forced in (None, "xiangqi")):
        return "xiangqi", "xqf"
    if head.startswith(b"CCBridge") and (forced in (None, "xiangqi")):
        return "xiangqi", "cbr"
    if forced is not None:
        return forced, GAMES[forced].extensions.get(extension, _default_format(forced))
    for info in GAMES.values():
        if extension in info.extensions and extension != ".pgn":
            return info.name, info.extensions[extension]
    game = sniff(head)
    if game is None and extension == ".pgn":
        game = "chess"
    if game is None:
        return None
    return game, GAMES[game].extensions.get(extension, _default_format(game))


#: Extensions under which records are also found (plain text, web pages, files named after
#: their legacy encoding); ``-r`` takes such a file when its content is a record.
TEXT_EXTENSIONS = frozenset({"", ".txt", ".text", ".html", ".htm", ".gb18030", ".gbk", ".big5"})


def recognise(source: Source) -> bool:
    """Whether a text file of no record extension holds records by its content (for ``-r``)."""
    if source.extension not in TEXT_EXTENSIONS:
        return False
    try:
        return sniff(sniff_head(source)) is not None
    except SourceError:
        return False


def _decodes_as(head: bytes, encoding: str) -> bool:
    """Whether ``head`` is text in ``encoding`` (a character cut at the end is forgiven)."""
    try:
        head[: len(head) - 4 if len(head) >= 8192 else len(head)].decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def _readings(head: bytes) -> Iterator[str]:
    """``head`` as text: UTF-16 or UTF-8 when it is that; else each legacy Chinese encoding it
    decodes in (GB18030, Big5), then Latin-1."""
    wide = wide_encoding(head)
    if wide is not None:
        yield head.decode(wide, errors="replace")
    elif _decodes_as(head, "utf-8"):
        yield head.decode("utf-8", errors="replace").removeprefix("\ufeff")
    else:
        yield from (
            head.decode(name, errors="replace") for name in ("gb18030", "big5") if _decodes_as(head, name)
        )
        yield head.decode("latin-1")


def sniff(head: bytes) -> str | None:
    """Guess the game from the first bytes of a file; ``None`` for binary data.

    The text tests read the text (decoded: UTF-8, UTF-16, or each legacy Chinese encoding it
    may be in) and weigh its tags and movetext, never its comments: a chess game whose comment
    quotes a xiangqi move or tag is chess (a comment may say anything). A Game or Variant tag
    that names xiangqi decides; else xiangqi moves (Chinese, WXF, coordinates only a 9x10 board
    has) do, before the signs of chess; a damaged Game tag decides nothing.
    """
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if stripped.startswith(b"XQ") and len(head) >= 1024:
        return "xiangqi"
    if stripped.startswith((b"(;", b"( ;", b"(\n;", b"(\r\n;")) or b"(;GM[" in head or b"(;FF[" in head:
        return "go"
    if (head.startswith((b"\xff\xfe", b"\xfe\xff")) and b"(\x00;\x00" in head) or b"\x00(\x00;" in head:
        return "go"
    if looks_binary(head):
        return None
    if b"<ChineseChessRecord" in head:  # XQBridge's CBF (XML)
        return "xiangqi"
    guess = None
    for text in _readings(head):
        guess = _weigh(text)
        if guess == "xiangqi":
            return guess
    return guess


def _weigh(text: str) -> str | None:
    """``xiangqi``, ``chess`` or ``None`` for a text, by its tags and movetext."""
    outside = outside_comments(text)
    if any(
        name.lower() in ("game", "variant") and value.strip().lower() in _XIANGQI_NAMES
        for name, value in outside.tags
    ):
        return "xiangqi"
    movetext = outside.movetext
    if "[dhtmlxq" in movetext.lower():
        return "xiangqi"
    if not outside.tags and "[dhtmlxq" in text.lower():  # in a web page's script, say
        return "xiangqi"
    if _CHINESE_MOVE.search(movetext) or _FULLWIDTH_WXF.search(movetext):
        return "xiangqi"
    if len(_ASCII_WXF.findall(movetext)) >= 3:
        return "xiangqi"
    coordinates = [m for m in _XIANGQI_COORDINATES.findall(movetext.lower()) if _XIANGQI_ONLY.search(m)]
    if len(coordinates) >= 2:
        return "xiangqi"
    names = {name for name, _ in outside.tags}
    if names & {"Red", "RedTeam"} and "White" not in names:  # XQBase's players; chess has White
        return "xiangqi"
    if "[Event " in text or "[White " in text or _CHESS_NUMBERED.search(movetext):
        return "chess"
    if _CHESS_MOVES.search(movetext):
        return "chess"
    return None


def _default_format(game: str) -> str:
    return GAMES[game].default_format


def load(game: str) -> Game[Any] | None:
    """Import the module of ``game``; ``None`` when this build has no such package."""
    name = GAMES[game].module
    try:
        module: Game[Any] = importlib.import_module(name)
        return module
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise


def scorer(game: str) -> Scorer | None:
    """The module of ``game`` when it counts its games (``kifu score``), else ``None``."""
    if not GAMES[game].scores:
        return None
    module: Any = load(game)
    scoring: Scorer | None = module
    return scoring


def setting_choices(key: str) -> tuple[str, ...]:
    """The values some game accepts for the setting ``key`` (``lang``: the languages), sorted."""
    return tuple(
        sorted(
            {
                c
                for game in loaded()
                for setting in game.SETTINGS
                if setting.key == key
                for c in setting.choices
            }
        )
    )


def loaded() -> Iterator[Game[Any]]:
    """Every game this build has, imported."""
    for name in GAMES:
        game = load(name)
        if game is not None:
            yield game


def check(
    source: Source, game: str, fmt: str | None = None, options: Options | None = None
) -> Iterator[RecordReport | Finding]:
    """Every record of ``source`` checked as ``game`` records, streaming (a bare Finding
    concerns the file); ``fmt`` defaults to the game's text format."""
    return records.check_source(_need(game), source, fmt or _default_format(game), options or Options())


def convert(
    source: Source, game: str, target: str, fmt: str | None = None, options: Options | None = None
) -> Iterator[Converted | Finding]:
    """Every record of ``source`` written in ``target``, streaming (a bare Finding concerns the file)."""
    return records.convert_source(
        _need(game), source, fmt or _default_format(game), target, options or Options()
    )


def _need(game: str) -> Game[Any]:
    module = load(game)
    if module is None:
        raise LookupError(f"this build of kifu has no {game} package")
    return module


class ShowError(Exception):
    """What ``kifu show`` cannot draw: no such file, record, ply or finding (a usage error)."""


def show(
    path: str,
    game: str | None,
    number: int,
    ply: int | None,
    code: str | None,
    options: Options,
    *,
    svg: bool,
    size: int,
    territory: bool,
) -> str:
    """Record ``number`` of ``path`` drawn after ``ply`` (``None``: its final position), or
    before the move of its first finding of ``code``, as text or SVG."""
    source = Source(path)
    try:
        detected = detect(source, game)
    except SourceError as error:
        raise ShowError(f"{path}: {error.finding.message}") from None
    if detected is None:
        raise ShowError(f"{path}: cannot tell which game it records (give --as chess, xiangqi or go)")
    name, fmt = detected
    module = _need(name)
    if territory and name != "go":
        raise ShowError("--territory is for Go records")
    record = _record(module, source, fmt, options, number, path)
    position: Position | None
    if code is not None:
        report = module.check_record(record, options)
        found = next((f for f in report.findings if f.code == code.upper()), None)
        if found is None or found.ply is None:
            what = "no finding" if found is None else "no finding about a move"
            raise ShowError(f"{path}: record {number} has {what} {code.upper()}")
        ply = found.ply - 1
        if found.position is not None:
            known = module.positions(record, options, [ply]).get(ply)
            position = known if known is not None and known.position == found.position else None
            position = position or Position(found.position, ply)
        else:
            position = module.positions(record, options, [ply]).get(ply)
    else:
        position = module.positions(record, options, [ply]).get(ply)
    if position is None:
        where = "has no position to draw" if ply is None else f"has no ply {ply} on its main line"
        raise ShowError(f"{path}: record {number} {where}")
    return module.draw(position, svg=svg, size=size, territory=territory)


def _record(
    module: Game[Any], source: Source, fmt: str, options: Options, number: int, path: str
) -> RawRecord[Any]:
    """Record ``number`` (1-based) of ``source``."""
    seen = 0
    try:
        for item in module.records(source, fmt, options):
            if isinstance(item, Finding):
                continue
            seen += 1
            if item.index == number:
                return item
    except SourceError as error:
        raise ShowError(f"{path}: {error}") from None
    raise ShowError(f"{path} has {seen} record(s), not {number}")


class Drawer:
    """Boards for the HTML report (:class:`kifu.core.report.html.HtmlReporter`), from each
    game's ``positions`` and ``draw``: the reporter is in core, which imports no game.

    A file's records are read again, in order, one pass per file (``records`` streams).
    """

    def __init__(self, options: Options, size: int = 280) -> None:
        self.options = options
        self.size = size
        self._cursor: tuple[str, Iterator[RawRecord[Any] | Finding]] | None = None
        self._last: RawRecord[Any] | None = None

    def board(self, game: str, position: Position, territory: bool = False) -> str:
        """``position`` of ``game`` as an SVG document."""
        return _need(game).draw(position, svg=True, size=self.size, territory=territory)

    def positions(
        self, path: str, game: str, fmt: str | None, index: int, plies: list[int | None]
    ) -> dict[int | None, Position]:
        """The main-line positions after ``plies`` of record ``index`` of ``path`` (``{}`` when
        it cannot be read again: standard input, a vanished file)."""
        if path == "-" or not plies:
            return {}
        module = _need(game)
        record = self._find(module, path, fmt or _default_format(game), index)
        return {} if record is None else module.positions(record, self.options, plies)

    def _find(self, module: Game[Any], path: str, fmt: str, index: int) -> RawRecord[Any] | None:
        if self._last is not None and self._cursor is not None and self._cursor[0] == path:
            if self._last.index == index:
                return self._last
            if self._last.index > index:
                self._cursor = None
        if self._cursor is None or self._cursor[0] != path:
            try:
                self._cursor = (path, iter(module.records(Source(path), fmt, self.options)))
            except (SourceError, OSError):
                return None
            self._last = None
        try:
            for item in self._cursor[1]:
                if isinstance(item, Finding):
                    continue
                self._last = item
                if item.index == index:
                    return item
                if item.index > index:
                    return None
        except (SourceError, OSError):
            pass
        self._cursor = None
        return None


def load_all_codes() -> None:
    """Register the finding codes of every game (``kifu explain``, SARIF rules)."""
    for game in loaded():
        game.load_codes()


__all__ = [
    "GAMES",
    "KNOWN_EXTENSIONS",
    "Drawer",
    "ShowError",
    "SourceError",
    "check",
    "convert",
    "detect",
    "load",
    "load_all_codes",
    "loaded",
    "scorer",
    "setting_choices",
    "show",
    "sniff",
]
