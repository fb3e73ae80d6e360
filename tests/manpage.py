"""Man pages from the Click commands: ``kifu.1`` and ``kifu-COMMAND.1`` for each subcommand.

    python tests/manpage.py [DIRECTORY]     (default: build/man; `make man` runs it)

click-man walks ``group.commands``, which kifu's lazy group leaves empty (its subcommands are
imported on use), so this small generator asks the group for each command instead. The pages
say what ``--help`` says, in roff's man macros; ``man -l build/man/kifu-check.1`` reads one.
"""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[1]


def _escape(text: str) -> str:
    """Text safe in roff: backslashes, non-ASCII characters, and a leading dot or quote that
    would start a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(ch if ord(ch) < 128 else f"\\[u{ord(ch):04X}]" for ch in text)  # roff is ASCII
    lines = [("\\&" + line if line.startswith((".", "'")) else line) for line in text.split("\n")]
    return "\n".join(lines)


def _paragraphs(help_text: str) -> str:
    """Click help (paragraphs, ``\\b`` blocks kept as they are) in roff."""
    out: list[str] = []
    for block in help_text.strip().split("\n\n"):
        lines = block.split("\n")
        if lines[0].strip() == "\b":
            out.append(".PP\n.nf\n" + _escape("\n".join(line.strip() for line in lines[1:])) + "\n.fi")
        else:
            out.append(".PP\n" + _escape(" ".join(line.strip() for line in lines)))
    return "\n".join(out)


def page(name: str, command: click.Command, parent: click.Context | None, version: str, date: str) -> str:
    """The man page of ``command`` (called ``name``, e.g. ``kifu check``)."""
    ctx = click.Context(command, info_name=name.split()[-1], parent=parent, **command.context_settings)
    title = name.replace(" ", "-").upper()
    short = command.get_short_help_str(limit=80)
    usage = " ".join(command.collect_usage_pieces(ctx))
    sections = [
        f'.TH "{title}" "1" "{date}" "kifu {version}" "kifu manual"',
        ".SH NAME",
        f"{name.replace(' ', '-')} \\- {_escape(short)}",
        ".SH SYNOPSIS",
        f".B {name}\n{_escape(usage)}",
        ".SH DESCRIPTION",
        _paragraphs(command.help or ""),
    ]
    options = [
        param.get_help_record(ctx) for param in command.get_params(ctx) if isinstance(param, click.Option)
    ]
    rows = [row for row in options if row is not None]
    if rows:
        sections.append(".SH OPTIONS")
        for term, text in rows:
            sections.append(f".TP\n\\fB{_escape(term)}\\fR\n{_escape(text)}")
    if isinstance(command, click.Group):
        sections.append(".SH COMMANDS")
        for sub in command.list_commands(ctx):
            child = command.get_command(ctx, sub)
            if child is not None:
                sections.append(
                    f".TP\n\\fBkifu {sub}\\fR\n{_escape(child.get_short_help_str(limit=120))}\n"
                    f"See \\fBkifu\\-{sub}\\fR(1)."
                )
        sections.append(
            ".SH SHELL COMPLETION\n.nf\n"
            + _escape(
                'eval "$(_KIFU_COMPLETE=bash_source kifu)"      # ~/.bashrc\n'
                'eval "$(_KIFU_COMPLETE=zsh_source kifu)"       # ~/.zshrc\n'
                "_KIFU_COMPLETE=fish_source kifu | source       # ~/.config/fish/completions/kifu.fish"
            )
            + "\n.fi"
        )
    else:
        sections.append(".SH SEE ALSO\n\\fBkifu\\fR(1)")
    return "\n".join(sections) + "\n"


def pages(date: str | None = None) -> dict[str, str]:
    """File name → page, for the group and every subcommand."""
    from kifu import __version__
    from kifu.app import cli

    day = date or datetime.date.today().isoformat()
    root = click.Context(cli, info_name="kifu", **cli.context_settings)
    result = {"kifu.1": page("kifu", cli, None, __version__, day)}
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        if command is not None:
            result[f"kifu-{name}.1"] = page(f"kifu {name}", command, root, __version__, day)
    return result


def main() -> None:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build" / "man")
    target.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (target / name).write_text(text, encoding="utf-8")
        print(target / name)


if __name__ == "__main__":
    main()
