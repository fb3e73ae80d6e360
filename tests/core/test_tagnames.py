"""Which tag a name was written for (:func:`kifu.core.tagnames.meant`): the same answer however
often a name is asked for, since its reading is cached apart from the record's tags."""

from __future__ import annotations

from kifu.core.tagnames import meant

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def test_a_slip_is_meant_only_while_the_tag_it_means_is_absent() -> None:
    for _ in range(2):  # the second time from the cache
        assert meant("Data", {"Data"}, ROSTER) == "Date"
        assert meant("Data", {"Data", "Date"}, ROSTER) is None
        assert meant("DATE", {"DATE"}, ROSTER) == "Date"
        assert meant("DATE", {"DATE", "Date"}, ROSTER) is None


def test_tags_of_their_own_and_unclear_names_mean_nothing() -> None:
    for _ in range(2):
        assert meant("WhiteElo", set(), ROSTER) is None
        assert meant("ECO", set(), ROSTER) is None
        assert meant("Ewent" + "x" * 100, set(), ROSTER) is None  # long: not cached


def test_aliases_are_read_uncached() -> None:
    assert meant("White", set(), ("Red",), {"White": "Red"}) == "Red"
    assert meant("White", {"Red"}, ("Red",), {"White": "Red"}) is None
    assert meant("White", set(), ("Red",)) is None
