"""Chess: the PGN reader, replay through python-chess, results and draw claims."""
