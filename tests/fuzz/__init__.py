"""Mutation fuzzers and hostile inputs for every format kifu reads (issue 16)."""
