"""`--help` lists the options by use, each group headed (issue 47): `kifu check --help` opens with
paths, output and selection, then each game's options, then the limits; no option is left out of
a group, and the help text starts in one column across the groups."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.commands.grouped import Grouped

HEADING = re.compile(r"^([A-Z][^:]*):$")


def help_of(command: str) -> str:
    result = CliRunner().invoke(cli, [command, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.output


def headings(text: str) -> list[str]:
    return [match.group(1) for line in text.splitlines() if (match := HEADING.match(line))]


def test_check_help_opens_with_paths_output_and_selection() -> None:
    text = help_of("check")
    assert headings(text) == [
        "Paths",
        "Output",
        "Selection",
        "Fixing",
        "Rules",
        "Chess",
        "Xiangqi",
        "Go",
        "Limits against hostile input",
        "Configuration",
        "Workers",
    ]
    options = ("--exclude", "--format", "--select", "--lang", "--komi", "--ko ", "--max-record")
    order = [text.index(f"\n  {option}") for option in options]
    assert order == sorted(order)
    # under its game's heading, an option's help does not say the game again
    assert "  Xiangqi: " not in text and "Rounds without a capture" in text


@pytest.mark.parametrize("command", ["check", "config", "convert", "show", "standings"])
def test_every_option_is_in_a_headed_group_its_help_in_one_column(command: str) -> None:
    text = help_of(command)
    assert "Other options" not in text and "\nOptions:" not in text
    assert "-h, --help" in text
    # where the help of an option on the same line as its name starts: one column for all groups
    columns = {
        len(match.group(1)) for line in text.splitlines() if (match := re.match(r"^(  -\S.*?\S  +)\S", line))
    }
    assert len(columns) == 1, columns


def test_a_group_naming_no_option_is_an_error() -> None:
    with pytest.raises(ValueError, match="no such option: nope"):
        Grouped("x", params=[click.Option(["--yes"])], groups=[("A", ("yes", "nope"))])
    grouped = Grouped("x", params=[click.Option(["--b"]), click.Option(["--a"])], groups=[("A", ("a", "b"))])
    assert [param.name for param in grouped.params] == ["a", "b"]  # the man page follows the groups
