"""The one registry of the games kifu knows: their modules, file formats, rules presets, the
settings the commands and the library API pass to them, and where each is recognised.

Commands, ``explain``, the batch runner and the SARIF rules reach a game only through here.
This module names the game packages and imports none of them at start-up (``kifu --help``
stays fast): :func:`load` imports a game's :class:`~kifu.core.game.Game` module when it is
needed, :func:`presets` and :mod:`kifu.application.detection` only the game's small modules
that say what its presets are and how its files look. Under ``TYPE_CHECKING`` each game module
is assigned to the Protocol, so that mypy checks it against the interface.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:  # (only types: this module is imported by every command's start-up)
    from kifu.core.converted import Converted
    from kifu.core.findings import Finding
    from kifu.core.game import Drawing, Game, Options, PartReader, Scorer
    from kifu.core.results import RecordReport
    from kifu.core.sources import Source

if TYPE_CHECKING:  # each game module satisfies the interface: mypy checks these assignments
    from kifu.chess import game as _chess
    from kifu.chess import show as _chess_show
    from kifu.chess.splitter import GameText
    from kifu.go import game as _go
    from kifu.go import show as _go_show
    from kifu.go.tree import Game as SgfGame
    from kifu.xiangqi import game as _xiangqi
    from kifu.xiangqi import show as _xiangqi_show

    _CHESS: Game[GameText] = _chess
    _GO: Game[SgfGame] = _go
    _XIANGQI: Game[_xiangqi.RawXiangqi] = _xiangqi
    _GO_SCORER: Scorer = _go
    _CHESS_PARTS: PartReader[GameText] = _chess
    _CHESS_DRAWING: Drawing = _chess_show
    _GO_DRAWING: Drawing = _go_show
    _XIANGQI_DRAWING: Drawing = _xiangqi_show


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game: the module that implements it, the file extensions that mean it, the small
    modules of its rules presets (``PRESETS``) and of its detection (see
    :mod:`kifu.application.detection`), and the formats of its that are binary by design."""

    name: str
    module: str
    extensions: dict[str, str]
    default_format: str
    presets: str
    detector: str
    binary_formats: frozenset[str] = frozenset()
    scores: bool = False  # counts its finished games: ``kifu score`` (the Scorer Protocol)
    #: the module whose import registers the game's finding codes (the game's ``load_codes``
    #: imports it too): ``kifu explain`` and the code lists read it without the game's checker
    codes: str = ""
    #: the module that draws its positions and a finding's marks (``kifu show``, the HTML
    #: report; a :class:`~kifu.core.game.Drawing`), imported only to draw
    drawing: str = ""


GAMES: dict[str, GameInfo] = {
    "chess": GameInfo(
        "chess",
        "kifu.chess.game",
        {".pgn": "pgn"},
        "pgn",
        "kifu.chess.presets",
        "kifu.chess.detect",
        codes="kifu.chess.codes",
        drawing="kifu.chess.show",
    ),
    "xiangqi": GameInfo(
        "xiangqi",
        "kifu.xiangqi.game",
        {".xqf": "xqf", ".dhtml": "dhtmlxq", ".ubb": "dhtmlxq", ".cbf": "cbf", ".cbr": "cbr"},
        "pgn",
        "kifu.xiangqi.presets",
        "kifu.xiangqi.detect",
        binary_formats=frozenset({"xqf", "cbr"}),
        codes="kifu.xiangqi.codes",
        drawing="kifu.xiangqi.show",
    ),
    "go": GameInfo(
        "go",
        "kifu.go.game",
        {".sgf": "sgf"},
        "sgf",
        "kifu.go.presets",
        "kifu.go.detect",
        scores=True,
        codes="kifu.go.codes",
        drawing="kifu.go.show",
    ),
}

#: Extensions that a directory walk picks up (``.pgn`` is shared by chess and xiangqi).
KNOWN_EXTENSIONS = frozenset(ext for game in GAMES.values() for ext in game.extensions)
#: the values of every command's ``--game``
GAME_CHOICES = ("auto", *GAMES)


@dataclass(frozen=True, slots=True)
class SettingName:
    """A game setting as the commands and the library API name it: ``name`` is the Click
    parameter (``--natural-limit``: ``natural_limit``) and the API keyword, ``key`` what the
    games read in :attr:`~kifu.core.game.Options.settings`; ``option``: one of the rules
    options every command shares (:func:`kifu.commands.options.rules_options`); ``api``: a
    keyword of ``kifu.check`` and ``kifu.convert``."""

    name: str
    key: str
    option: bool = True
    api: bool = True


#: the one table of the game settings that commands and the API pass on
SETTINGS: tuple[SettingName, ...] = (
    SettingName("komi", "komi"),
    SettingName("ko", "ko"),
    SettingName("lang", "lang", option=False),  # check --lang and convert --lang: checked first
    SettingName("dead", "dead", api=False),  # kifu.score takes it on its own
    SettingName("dead_from", "dead_from", api=False),  # runs a program: never from the library
    SettingName("abridged", "xiangqi_abridged"),
    SettingName("repetition", "repetition"),
    SettingName("natural_limit", "natural_limit"),
    SettingName("natural_limit_checks", "natural_limit_checks"),
)
#: option name → key in :attr:`~kifu.core.game.Options.settings`, for the shared rules options
OPTION_SETTINGS = {setting.name: setting.key for setting in SETTINGS if setting.option}
#: keyword → key in :attr:`~kifu.core.game.Options.settings`, for the library API
API_SETTINGS = {setting.name: setting.key for setting in SETTINGS if setting.api}


def default_format(game: str) -> str:
    """The format of ``game``'s files when neither extension nor content says another."""
    return GAMES[game].default_format


def presets(game: str) -> Mapping[str, str]:
    """The rules presets of ``game`` with what each means, its default first (from the game's
    small presets module: its ``DESCRIPTIONS``, of which the game makes its ``PRESETS``)."""
    found: Mapping[str, str] = importlib.import_module(GAMES[game].presets).DESCRIPTIONS
    return found


def preset_names() -> tuple[str, ...]:
    """Every game's presets (``--rules``), each game reading the one that concerns it."""
    return tuple(name for game in GAMES for name in presets(game))


def load(game: str) -> Game[Any] | None:
    """Import the module of ``game``; ``None`` when this build has no such package."""
    name = GAMES[game].module
    loaded = sys.modules.get(name)  # (asked twice for each file of a batch)
    if loaded is not None:
        return cast("Game[Any]", loaded)
    try:
        module: Game[Any] = importlib.import_module(name)
        return module
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise


def need(game: str) -> Game[Any]:
    """The module of ``game``; :class:`LookupError` when this build has no such package."""
    module = load(game)
    if module is None:
        raise LookupError(f"this build of kifu has no {game} package")
    return module


def drawing(game: str) -> Drawing:
    """The module that draws ``game``'s positions (:class:`~kifu.core.game.Drawing`), imported
    on first use; :class:`LookupError` when this build has no such package."""
    need(game)
    module: Any = importlib.import_module(GAMES[game].drawing)
    drawn: Drawing = module
    return drawn


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
    from kifu.core import records
    from kifu.core.game import Options

    return records.check_source(need(game), source, fmt or default_format(game), options or Options())


def convert(
    source: Source, game: str, target: str, fmt: str | None = None, options: Options | None = None
) -> Iterator[Converted | Finding]:
    """Every record of ``source`` written in ``target``, streaming (a bare Finding concerns the file)."""
    from kifu.core import records
    from kifu.core.game import Options

    return records.convert_source(
        need(game), source, fmt or default_format(game), target, options or Options()
    )


def load_all_codes() -> None:
    """Register the finding codes of every game this build has (``kifu explain``, SARIF rules,
    code suggestions and completion): their codes modules only, not the games' checkers."""
    for info in GAMES.values():
        if not info.codes:
            game = load(info.name)
            if game is not None:
                game.load_codes()
            continue
        try:
            importlib.import_module(info.codes)
        except ModuleNotFoundError as error:
            if error.name is None or not info.codes.startswith(error.name):
                raise


__all__ = [
    "API_SETTINGS",
    "GAMES",
    "GAME_CHOICES",
    "KNOWN_EXTENSIONS",
    "OPTION_SETTINGS",
    "SETTINGS",
    "check",
    "convert",
    "default_format",
    "load",
    "load_all_codes",
    "loaded",
    "need",
    "preset_names",
    "presets",
    "scorer",
    "setting_choices",
]
