"""The application around the games: the library, ``kifu show``, a command's run over many
files and what it reports.

:mod:`~kifu.application.library` is the library API (``kifu.check``, ``kifu.convert``,
``kifu.score``; :mod:`~kifu.application.library_inputs` tells what a call was given);
:mod:`~kifu.application.detection` tells which game and format a file records;
:mod:`~kifu.application.show_position` is ``kifu show``'s use case (one position of a record,
drawn); :mod:`~kifu.application.report_boards` draws the HTML report's boards. They reach the
games through the registry (:mod:`kifu.games`), never directly.

:mod:`~kifu.application.batch` runs a check or a conversion over files (in this process, in a
pool of workers, or on Dask) and delivers each file's results in order;
:mod:`~kifu.application.report` writes them (text, JSON, JSONL, SARIF, JUnit, GitHub, HTML);
:mod:`~kifu.application.config` reads the configuration files, :mod:`~kifu.application.selection`
chooses the findings (``--select``, ``--ignore``, severities), :mod:`~kifu.application.output`
and :mod:`~kifu.application.terminal` put the text on a stream. Neither the games nor the
registry import it: :mod:`kifu.core` is what the games share.
"""
