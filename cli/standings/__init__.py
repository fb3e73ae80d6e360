"""Standings of an event: from its games (records or a results table) to a ranking.

Game-agnostic: a game is two names, a round and a result; the command maps each game's
record tags onto that. Modules: :mod:`.event` (the model and name matching), :mod:`.table`
(reading a CSV results table), :mod:`.scoring` (points, withdrawals, teams), :mod:`.tiebreaks`
(the criteria and the presets), :mod:`.ranking`, :mod:`.crosstable`, and ``writers``.
"""
