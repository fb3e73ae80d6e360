"""kifu (棋譜): read, validate and convert chess, xiangqi and Go game records.

The package is imported as ``kifu``; importing it is cheap (no game module is loaded).
"""

__version__ = "0.1.0"
