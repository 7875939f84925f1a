"""The language of every sentence for players: English, the source, or a translation from the
bundled message catalogs (assets/locale/<code>/LC_MESSAGES/climbers.mo), switched at run time.

`use_language("zh-Hant")` applies at once to every sentence said after it: the refusals, the
captions, the results, the lessons. This is the edge where sentences are made: templates are
marked with `N_` and said with `say` and `say_n`; a plain text without placeholders may use `_`.
A rules core has no words: it gives codes and data, which each game's words say here.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache, reduce
from gettext import GNUTranslations, NullTranslations
from pathlib import Path

from climbers.io.resources import assets_dir

DOMAIN = "climbers"
SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "zh-Hant": "繁體中文"}
"""The languages the game speaks, by language tag, each named in itself (for a menu)."""
REGIONS: dict[str, str] = {"zh_TW": "zh-Hant", "zh_HK": "zh-Hant", "zh_MO": "zh-Hant"}
"""Locales whose language is named by the region (Taiwan, Hong Kong, Macau: Traditional)."""


_translator: NullTranslations = NullTranslations()
_current = SOURCE_LANGUAGE
_pinned = False


def N_(template: str) -> str:
    """Mark `template` for extraction; it is translated where it is said."""
    return template


def NC_(context: str, template: str) -> tuple[str, str]:
    """Mark `template` for extraction with its context (gettext's msgctxt): the same English
    said with another meaning, translated apart (said with `say_in`)."""
    return context, template


def say_in(context: str, template: str, **words: object) -> str:
    """Like `say`, for a template marked with a context (`NC_`)."""
    return _translator.pgettext(context, template).format(**words)


def translate(text: str) -> str:
    """`text` in the current language (itself when the catalog has no translation)."""
    return _translator.gettext(text)


_ = translate
"""A text without placeholders in the current language (Babel extracts `_("...")`)."""


def say(template: str, **words: object) -> str:
    """One sentence from its template, translated, with its words."""
    return translate(template).format(**words)


def say_n(singular: str, plural: str, n: int, **words: object) -> str:
    """Like `say`, with the template's plural form chosen for the count `n` (ngettext)."""
    chosen = _translator.ngettext(singular, plural, n)
    return chosen.format(**words)


def sentences(parts: Sequence[str]) -> str:
    """Whole sentences, each said already, one after the other as the language sets them (a
    space in English, none in Chinese)."""
    if not parts:
        return ""
    # TRANSLATORS: two whole sentences in a row: how they are set apart.
    return reduce(lambda first, then: say(N_("{first} {then}"), first=first, then=then), parts)


def locale_dir() -> Path:
    """The folder of the compiled and source catalogs, one subfolder per language."""
    return assets_dir() / "locale"


def catalog_code(tag: str) -> str:
    """The catalog's folder name for a language tag: 'zh-Hant' -> 'zh_Hant'."""
    return tag.replace("-", "_")


class _Catalog(GNUTranslations):
    """A compiled catalog, which also tells all its translations."""

    _catalog: dict[str | tuple[str, int], str]

    def translations(self) -> list[str]:
        """Every translated text (each plural form apart), without the catalog's header."""
        return [text for key, text in self._catalog.items() if key and text]


@cache
def _catalog(tag: str) -> NullTranslations:
    if tag == SOURCE_LANGUAGE:
        return NullTranslations()
    path = locale_dir() / catalog_code(tag) / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as mo:
        return _Catalog(mo)


def translations(tag: str) -> list[str]:
    """Every text of language `tag`'s catalog, translated (none for the source language)."""
    catalog = _catalog(tag)
    return catalog.translations() if isinstance(catalog, _Catalog) else []


def use_language(tag: str) -> None:
    """Say every later sentence in language `tag` (a key of LANGUAGES); ValueError otherwise."""
    global _current, _translator
    if tag not in LANGUAGES:
        raise ValueError(f"no such language: {tag!r} (one of {', '.join(LANGUAGES)})")
    _translator = _catalog(tag)
    _current = tag


def pin_language(tag: str) -> None:
    """Use `tag` for this whole run, whatever the saved settings say (the command line's
    --lang); ValueError when the game does not speak it."""
    global _pinned
    use_language(tag)
    _pinned = True


def start_language(saved: str | None) -> None:
    """At the window's start: the pinned language if any, else the saved setting `saved`, else
    the system locale's (a first start)."""
    if not _pinned:
        use_language(saved or system_language())


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


def names_list(names: Sequence[str]) -> str:
    """'Teal', 'Teal and Red', 'Teal, Red and Pink'."""
    if len(names) < 2:
        return names[0] if names else ""
    head = reduce(
        # TRANSLATORS: names in a list, before the last one ("Teal, Red and Pink").
        lambda first, then: say(N_("{first}, {then}"), first=first, then=then),
        names[:-1],
    )
    return say(N_("{first} and {last}"), first=head, last=names[-1])
