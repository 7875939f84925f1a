"""The bundled font: Noto Sans TC (SIL Open Font License) cut with fontTools to the characters
the game writes, so that one small font serves every language (run by scripts/font_subset).

The characters are printable ASCII and Latin-1 (names typed on a keyboard, digits,
punctuation), every character of Big5 levels 1 and 2 (the 5,401 common and 7,652 less common
Chinese characters, so that a name such as 爸爸, 媽媽 or 李詠瑄 is drawn) and characters of
given names Big5 lacks, with Big5's symbols and the full-width forms a Chinese input method
types, every character of every message catalog, source and translation, and every other
character the sources write (the English text of the client: '·', '–', '→' ...). A name with a
character outside the font is refused where it is typed (climbers.app.fonts.undrawable).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTFont

from climbers.devtools.catalogs import ROOT, catalogs
from climbers.io.resources import font_file

LATIN = "".join(ch for ch in map(chr, range(0x20, 0x100)) if ch.isprintable())
"""Printable ASCII and Latin-1: the letters of names such as José or Zoë."""

BIG5_LEVEL_1 = (0xA440, 0xC67E)
"""Big5's common characters (常用字), 5,401 of them, from lead byte 0xA4 to 0xC6."""
BIG5_LEVEL_2 = (0xC940, 0xF9D5)
"""Big5's less common characters (次常用字), 7,652 of them, from lead byte 0xC9 to 0xF9: given
names use many (瑄 翊 葳 媗 嫚)."""
NAME_CHARACTERS = "堃喆"
"""Characters of Taiwanese given names that Big5 lacks (added to it by later code pages)."""
BIG5_SYMBOLS = (0xA140, 0xA3BF)
"""Big5's punctuation, symbols, full-width letters and digits, Greek and Bopomofo (注音)."""
FULL_WIDTH = "".join(map(chr, range(0xFF01, 0xFF5F)))
"""The full-width forms of ASCII, as a Chinese input method types them (Ａ，１，？)."""


def big5(first: int, last: int) -> str:
    """The characters Python's `big5` codec decodes from the codes `first` to `last` (each a
    lead byte and a trail byte of 0x40-0x7E or 0xA1-0xFE), in code order, undefined codes
    left out."""
    found: list[str] = []
    for lead in range(first >> 8, (last >> 8) + 1):
        for trail in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            if first <= lead << 8 | trail <= last:
                try:
                    found.append(bytes((lead, trail)).decode("big5"))
                except UnicodeDecodeError:
                    continue
    return "".join(found)


def _catalog_text(po: Path) -> str:
    with po.open("rb") as file:
        catalog = read_po(file)
    texts: list[str] = []
    for message in catalog:
        if message.id:  # not the header
            for part in (message.id, message.string):
                if isinstance(part, (tuple, list)):
                    texts.extend(str(p) for p in part)
                elif part:
                    texts.append(part)
    return "".join(texts)


def characters() -> set[str]:
    """Every character the font must have: Latin-1, Big5 levels 1 and 2, and what the game
    writes."""
    found = set(LATIN) | set(big5(*BIG5_LEVEL_1)) | set(big5(*BIG5_LEVEL_2))
    found |= set(NAME_CHARACTERS)
    for po in catalogs():
        found.update(ch for ch in _catalog_text(po) if ch.isprintable())
    for source in (ROOT / "src" / "climbers").rglob("*.py"):
        found.update(ch for ch in source.read_text(encoding="utf-8") if ch.isprintable())
    return found


def symbols() -> set[str]:
    """Characters a name may use besides: Big5's symbols and the full-width forms (the font is
    cut with those the source font has; a few of Big5's symbols it lacks)."""
    return {ch for ch in big5(*BIG5_SYMBOLS) + FULL_WIDTH if ch.isprintable()}


def cut(source: Path, target: Path, wanted: set[str]) -> None:
    """Write the subset of font `source` that draws `wanted` (no hinting: drawn at any size)."""
    options = subset.Options()
    options.hinting = False
    options.notdef_outline = True
    font = TTFont(source, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(map(ord, wanted)))
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(target)


def main(argv: Sequence[str] | None = None) -> int:
    """Cut the full font file given on the command line to the bundled subset."""
    parser = argparse.ArgumentParser(prog="scripts/font_subset", description=__doc__)
    parser.add_argument("source", type=Path, help="NotoSansTC-Regular, the full TrueType font")
    args = parser.parse_args(argv)
    cmap = TTFont(args.source).getBestCmap()
    wanted = characters() | {ch for ch in symbols() if ord(ch) in cmap}
    cut(args.source, font_file(), wanted)
    size = font_file().stat().st_size
    print(f"{font_file().relative_to(ROOT)}: {len(wanted)} characters, {size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
