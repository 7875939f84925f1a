"""The message catalogs (gettext, with Babel): extract every marked template of src/ and the
lesson texts, bring each language's catalog in assets/locale up to date, compile it; or check
that all of them are current (run by scripts/catalogs).

English is the source language; a catalog per language is
assets/locale/<code>/LC_MESSAGES/climbers.po, compiled beside it to climbers.mo.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import chdir
from pathlib import Path
from typing import IO

from babel.messages.frontend import BaseError, CommandLineInterface

from climbers.io.language import DOMAIN, locale_dir

ROOT = Path(__file__).resolve().parents[3]
KEYWORDS = ("say_n:1,2", "NC_:1c,2", "say_in:1c,2")
"""Extraction keywords besides Babel's own (_, gettext, ngettext, N_ ...)."""
LESSON_TEXTS = ("title", "goal", "intro")


def extract_lessons(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extractor for the lesson file: each lesson's texts and explanations, with the
    lesson and the part as a comment for translators."""
    for lesson in json.load(fileobj)["lessons"]:
        for part in LESSON_TEXTS:
            yield 0, None, lesson[part], [f"lesson {lesson['id']}: {part}"]
        for reason, text in lesson.get("explanations", {}).items():
            yield 0, None, text, [f"lesson {lesson['id']}: explanation for {reason}"]


def catalogs() -> list[Path]:
    """Every language's catalog (.po), by language code."""
    return sorted(locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *args])  # type: ignore[no-untyped-call]


def extract(template: Path) -> None:
    """Write the template (.pot) of every message of the sources and the lessons."""
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    _pybabel(
        "extract", "-F", str(ROOT / "babel.cfg"), *keywords,
        "--add-comments=TRANSLATORS:", "--add-location=file", "--no-wrap",
        "--project=The Climbers", "--version=", "-o", str(template), ".",
    )  # fmt: skip


def update(template: Path, check: bool = False) -> None:
    """Bring every catalog up to date with `template` (check: only say whether it is)."""
    _pybabel(
        "update", "-i", str(template), "-d", str(locale_dir()), "-D", DOMAIN,
        "--ignore-pot-creation-date", "--ignore-obsolete", "--no-wrap",
        *(["--check"] if check else []),
    )  # fmt: skip


def compile_all(directory: Path) -> None:
    """Compile every catalog under `directory` to its .mo (fuzzy entries left out)."""
    _pybabel("compile", "-d", str(directory), "-D", DOMAIN)


def stale_compiled() -> list[Path]:
    """The compiled catalogs that differ from a fresh compile of their .po (or are missing)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "locale"
        shutil.copytree(locale_dir(), fresh, ignore=shutil.ignore_patterns("*.mo"))
        compile_all(fresh)
        return [
            po.with_suffix(".mo")
            for po in catalogs()
            if not po.with_suffix(".mo").exists()
            or not filecmp.cmp(
                fresh / po.relative_to(locale_dir()).with_suffix(".mo"),
                po.with_suffix(".mo"),
                shallow=False,
            )
        ]


def init(language: str, template: Path) -> None:
    """Start the catalog of a new language (a Babel locale code such as de or pt_BR)."""
    _pybabel(
        "init", "-i", str(template), "-d", str(locale_dir()), "-D", DOMAIN, "-l", language,
        "--no-wrap",
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    """extract → update → compile; --check: exit 1 when something is out of date."""
    parser = argparse.ArgumentParser(prog="scripts/catalogs", description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="only check that all is current")
    mode.add_argument("--init", metavar="LANG", help="start the catalog of a new language")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, chdir(ROOT):  # file names relative to the root
        template = Path(tmp) / f"{DOMAIN}.pot"
        extract(template)
        if args.init:
            init(args.init, template)
        try:
            update(template, check=args.check)
        except BaseError:
            print("scripts/catalogs: a catalog is out of date; run scripts/catalogs")
            return 1
    if args.check:
        stale = [str(path.relative_to(ROOT)) for path in stale_compiled()]
        if stale:
            print(f"scripts/catalogs: {', '.join(stale)} out of date; run scripts/catalogs")
        return 1 if stale else 0
    compile_all(locale_dir())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
