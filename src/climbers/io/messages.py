"""One-line messages for a terminal or the HUD: bounded length, control characters escaped."""

from __future__ import annotations

import os

MAX_LINE = 200
"""No message line is longer than this many characters."""


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """`text` as one line of at most `limit` characters: white space runs become one space,
    other characters that are not printable are escaped (`\\x1b`, `\\u202e`), and a longer text
    is cut after a whole character or escape, ending in '...'."""
    out: list[str] = []
    size = 0
    for char in " ".join(text.split()):
        shown = char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        out.append(shown)
        size += len(shown)
        if size > limit:
            while size > limit - 3:
                size -= len(out.pop())
            return "".join(out) + "..."
    return "".join(out)


def quoted(value: object, limit: int = 40) -> str:
    """A value from a file as Python writes it (text in quotes, escapes shown), at most `limit`
    characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_path(path: str | os.PathLike[str], limit: int = 80) -> str:
    """A path for a message: its last `limit` characters when longer (the file name matters)."""
    text = os.fspath(path)
    return text if len(text) <= limit else "..." + text[3 - limit :]


def counted(number: int, noun: str) -> str:
    """`number` and `noun`, the noun plural unless the number is one: '1 action', '3 actions'."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
