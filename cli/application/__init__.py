"""The application around the games: a command's run over many files and what it reports.

:mod:`~kifu.application.batch` runs a check or a conversion over files (in this process, in a
pool of workers, or on Dask) and delivers each file's results in order;
:mod:`~kifu.application.report` writes them (text, JSON, JSONL, SARIF, JUnit, GitHub, HTML);
:mod:`~kifu.application.config` reads the configuration files, :mod:`~kifu.application.selection`
chooses the findings (``--select``, ``--ignore``, severities), :mod:`~kifu.application.output`
and :mod:`~kifu.application.terminal` put the text on a stream. The games never import it:
:mod:`kifu.core` is what they share.
"""
