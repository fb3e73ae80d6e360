"""docs/cli.md, generated from the Click commands themselves so that it cannot drift.

``python -m tests.cli_reference > docs/cli.md`` (or ``KIFU_UPDATE_GOLDEN=1 make test``)
rewrites it; ``tests/test_docs.py`` fails when the file and the commands disagree.
"""

from __future__ import annotations

import click
from kifu.app import cli

WIDTH = 100

HEAD = """# Command reference

Every `kifu` command with all its options, as `kifu COMMAND --help` prints them. This page is
generated from the commands (`python -m tests.cli_reference > docs/cli.md`); a test fails when
it is out of date. The README shows the commands at work for each use case.
"""


FIXING = """## Fixing

`kifu check --fix` repairs the files it checks, as `ruff check --fix` repairs code, and then
reports what is left. A finding kifu can repair is marked in the text report: `[*]` after its
code for a **safe** fix, `[unsafe fix]` for an **unsafe** one, and the summary says how many
`--fix` would repair.

- **Safe** fixes change notation only; the game's moves and result stay as they are: `0-0` →
  `O-O`, a wrong `+`/`#`, `a8Q` → `a8=Q`, figurines or long algebraic → SAN, an SGF identifier
  written in FF[3] style (`AddBlack` → `AB`), a property given twice with one value.
- **Unsafe** fixes change what the record says, so an arbiter confirms them: a move replaced by
  the one the moves after it prove (never where two readings fit them equally), a half-move
  left out put back, a `Result` the final position proves, `KO[7.5]` → `KM[7.5]`. They are
  applied with `--unsafe-fixes`; a move changed leaves a comment saying what and why
  (`{kifu: 8. Nd3 corrected to Bd3: the moves after it fit it furthest (…)}`) unless
  `--no-fix-comments`.

Each code's fix, safe or unsafe, is in the registry: `kifu explain CODE` says it, and
[severity.md](severity.md#fixes) lists every fixable code and the codes without a fix.

An arbiter after a round:

```console
$ kifu check round5/                          # what is wrong, and what kifu can repair
$ kifu check --diff --unsafe-fixes round5/    # every repair as a unified diff; nothing written
$ kifu check --fix --unsafe-fixes round5/     # written; the report lists what is left
```

How the files are changed:

- A fix is a set of edits on the file's own text, applied together or not at all. The file is
  not written out again from what kifu read: every byte outside the edits stays as it was
  (comments, variations, tag order, line endings, the encoding: an edited line is written back
  in the codec it was read with).
- After the fixes, the file is checked again; a repair can make another possible (a slip the
  next look-ahead reads once the move before it is right), so `--fix` goes on until nothing
  more applies, at most 8 rounds. A second `--fix` changes nothing.
- Each file is written whole, through a temporary file renamed over it, and keeps its mode: an
  interrupted run (Ctrl-C, SIGTERM) leaves the original. A symbolic link, a file with several
  hard links, a file changed while kifu checked it, a compressed file, standard input and the
  binary formats (XQF, CBR) are not edited: the reason is said in one line on stderr.
- `--diff` prints the changes `--fix` would make (with the same options) as a unified diff,
  writes nothing, and exits with status 1 if there is anything to fix.
- `--unfixable CODES` never fixes those codes; `--extend-safe-fixes CODES` applies their unsafe
  fixes without `--unsafe-fixes`. The configuration keys have ruff's names: `unfixable` and
  `fix-comments` in any configuration; `fix`, `unsafe-fixes` and `extend-safe-fixes` only in the
  user's own (`kifu config` names it), never in a project's: records come with the
  configuration of whoever sent them, and a plain `kifu check` must not rewrite them.
- The JSON and JSONL reports give each finding's `fix` (its applicability, message and edits:
  [json.md](json.md)), SARIF its `fixes`; `kifu.fix()` does the same in a program
  ([api.md](api.md#kifufix)).
"""


def _help(command: click.Command, name: str, parent: click.Context | None) -> str:
    context = click.Context(
        command,
        info_name=name,
        parent=parent,
        terminal_width=WIDTH,
        max_content_width=WIDTH,
        **command.context_settings,
    )
    return command.get_help(context)


def reference() -> str:
    """The text of docs/cli.md."""
    root = click.Context(
        cli, info_name="kifu", terminal_width=WIDTH, max_content_width=WIDTH, **cli.context_settings
    )
    parts = [HEAD, "## kifu\n", "```text\n" + cli.get_help(root) + "\n```\n"]
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        assert command is not None
        parts.append(f"## kifu {name}\n")
        parts.append("```text\n" + _help(command, name, root) + "\n```\n")
        if name == "check":
            parts.append(FIXING)
    return "\n".join(parts)


if __name__ == "__main__":
    print(reference(), end="")
