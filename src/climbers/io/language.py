"""The language of every sentence for players: English, the source, or a translation from the
bundled message catalogs (assets/locale/<code>/LC_MESSAGES/climbers.mo), switched at run time.

`use_language("zh-Hant")` applies at once to every sentence said after it: the core's refusals,
the captions, the results, the lessons. Templates are marked and said through climbers.core.words
(`N_`, `say`, `say_n`); a plain text without placeholders may use `_` from here.
"""

from __future__ import annotations

import os
from functools import cache
from gettext import GNUTranslations, NullTranslations
from pathlib import Path

from climbers.core.words import set_translator, translate
from climbers.io.resources import assets_dir

DOMAIN = "climbers"
SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "zh-Hant": "繁體中文"}
"""The languages the game speaks, by language tag, each named in itself (for a menu)."""
REGIONS: dict[str, str] = {"zh_TW": "zh-Hant", "zh_HK": "zh-Hant", "zh_MO": "zh-Hant"}
"""Locales whose language is named by the region (Taiwan, Hong Kong, Macau: Traditional)."""

_ = translate
"""A text without placeholders in the current language (Babel extracts `_("...")`)."""

_current = SOURCE_LANGUAGE


def locale_dir() -> Path:
    """The folder of the compiled and source catalogs, one subfolder per language."""
    return assets_dir() / "locale"


def catalog_code(tag: str) -> str:
    """The catalog's folder name for a language tag: 'zh-Hant' -> 'zh_Hant'."""
    return tag.replace("-", "_")


@cache
def _catalog(tag: str) -> NullTranslations:
    if tag == SOURCE_LANGUAGE:
        return NullTranslations()
    path = locale_dir() / catalog_code(tag) / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as mo:
        return GNUTranslations(mo)


def use_language(tag: str) -> None:
    """Say every later sentence in language `tag` (a key of LANGUAGES); ValueError otherwise."""
    global _current
    if tag not in LANGUAGES:
        raise ValueError(f"no such language: {tag!r} (one of {', '.join(LANGUAGES)})")
    set_translator(_catalog(tag))
    _current = tag


def current_language() -> str:
    """The tag of the language sentences are said in now."""
    return _current


def language_of_locale(name: str) -> str | None:
    """The game's language for a locale name or language tag ('zh_TW.UTF-8', 'zh-Hant', 'en_GB'),
    or None when the game does not speak it."""
    parts = catalog_code(name.partition(".")[0].partition("@")[0]).split("_")
    for n in range(len(parts), 0, -1):  # zh_Hant_TW, then zh_Hant, then zh
        code = "_".join(parts[:n])
        for tag in (code.replace("_", "-"), REGIONS.get(code)):
            if tag in LANGUAGES:
                return tag
    return None


def system_language() -> str:
    """The language the system's locale asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as
    gettext reads them), or English when the game does not speak it."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            found = (language_of_locale(name) for name in value.split(":"))
            return next((tag for tag in found if tag), SOURCE_LANGUAGE)
    return SOURCE_LANGUAGE
