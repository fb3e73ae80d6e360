"""Xiangqi record containers: XQBase PGN and score sheets, DhtmlXQ/UBB, XQF."""
