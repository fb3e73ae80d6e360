"""Xiangqi: board and move generation, notations, record formats, repetition verdicts."""
