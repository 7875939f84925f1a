"""The rulings ship with the repository (docs/rules): every id a test cites is defined there, and
the README's links to them resolve in a clone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
DEFINED = re.compile(r"^- \*\*([A-Z]\d+)\b", re.MULTILINE)
CITED = re.compile(r"""mark\.rule\(["']([A-Z]\d+)["']\)""")


def _defined() -> dict[str, str]:
    """Each ruling id defined in docs/rules, with the file that defines it."""
    found: dict[str, str] = {}
    for path in sorted(RULES.glob("*.md")):
        for rid in DEFINED.findall(path.read_text(encoding="utf-8")):
            assert rid not in found, f"{rid} is defined in {found.get(rid)} and {path.name}"
            found[rid] = path.name
    return found


def test_each_game_has_its_rulings_with_consecutive_ids() -> None:
    defined = _defined()
    for prefix, count, name in (
        ("R", 24, "RULINGS.md"),
        ("V", 3, "RULINGS.md"),
        ("C", 13, "CLAMBER.md"),
        ("K", 16, "BURG-KLETTERMAX.md"),
    ):
        ids = {rid for rid, where in defined.items() if rid[0] == prefix and where == name}
        assert ids == {f"{prefix}{n}" for n in range(1, count + 1)}, name


def test_every_cited_ruling_is_defined() -> None:
    defined = _defined()
    cited = {
        rid
        for path in (ROOT / "tests").rglob("*.py")
        for rid in CITED.findall(path.read_text(encoding="utf-8"))
    }
    assert cited, "the tests cite rulings with pytest.mark.rule"
    assert cited <= set(defined), sorted(cited - set(defined))


def test_readme_links_to_the_rulings_resolve() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme
    links = re.findall(r"\]\((docs/rules/[^)]+)\)", readme)
    assert {Path(link).name for link in links} == {"RULINGS.md", "CLAMBER.md", "BURG-KLETTERMAX.md"}
    assert all((ROOT / link).is_file() for link in links)
