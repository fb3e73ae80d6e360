"""The Lark grammars, installed as package data ``kifu.grammars``."""
