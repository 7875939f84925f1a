"""The bundled font: Noto Sans TC (SIL Open Font License) cut with fontTools to the characters
the game writes, so that one small font serves every language (run by scripts/font_subset).

The characters are printable ASCII and Latin-1 (names typed on a keyboard, digits,
punctuation), every character of every message catalog, source and translation, and every other
character the sources write (the English text of the client: '·', '–', '→' ...).
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


def _catalog_text(po: Path) -> str:
    with po.open("rb") as file:
        catalog = read_po(file)
    texts: list[str] = []
    for message in catalog:
        if message.id:  # not the header
            for part in (message.id, message.string):
                texts.extend(part if isinstance(part, tuple) else [part])
    return "".join(texts)


def characters() -> set[str]:
    """Every character the font must have."""
    found = set(LATIN)
    for po in catalogs():
        found.update(ch for ch in _catalog_text(po) if ch.isprintable())
    for source in (ROOT / "src" / "climbers").rglob("*.py"):
        found.update(ch for ch in source.read_text(encoding="utf-8") if ch.isprintable())
    return found


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
    wanted = characters()
    cut(args.source, font_file(), wanted)
    size = font_file().stat().st_size
    print(f"{font_file().relative_to(ROOT)}: {len(wanted)} characters, {size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
