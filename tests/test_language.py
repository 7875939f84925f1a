"""Languages: the message catalogs are complete and current, translations keep their
placeholders and plural forms, switching the language changes every later sentence (refusals,
captions, results, lessons, rules) but never a refusal's reason or squares, and the bundled font
draws every character of every catalog."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont
from PIL import ImageFont

from climbers.app.settings import load_settings
from climbers.cli.main import main
from climbers.devtools import catalogs
from climbers.devtools.font_subset import characters
from climbers.io import language
from climbers.io.language import (
    LANGUAGES,
    current_language,
    language_of_locale,
    pin_language,
    say_n,
    start_language,
    system_language,
    use_language,
)
from climbers.io.resources import font_file
from climbers.the_climbers.core import GameState, Reason
from climbers.the_climbers.core.rules import Rules, Step
from climbers.the_climbers.game.results import headline, tie_break
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.lessons import Course, load_lessons, load_progress
from climbers.the_climbers.table.panels.rules_text import TOPICS, topics_for
from rules.refusal_cases import CASES, Case
from test_players_words import crafted_captions, seeded_captions

LATIN = re.compile(r"[A-Za-z]")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test leaves the game speaking English, as the other tests expect, and no language
    pinned by a command line."""
    monkeypatch.setattr(language, "_pinned", False)
    yield
    use_language("en")


def read(po: Path) -> Catalog:
    with po.open("rb") as file:
        return read_po(file)


CATALOGS = {po.parts[-3]: read(po) for po in catalogs.catalogs()}


def fields(text: str) -> set[str]:
    """The named placeholders of a template."""
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def test_every_language_has_its_catalog() -> None:
    assert set(CATALOGS) == {tag.replace("-", "_") for tag in LANGUAGES if tag != "en"}


@pytest.mark.parametrize("code", CATALOGS)
def test_every_message_is_translated_with_its_plural_forms(code: str) -> None:
    catalog = CATALOGS[code]
    messages = [m for m in catalog if m.id]
    assert len(messages) > 200
    for message in messages:
        assert not message.fuzzy, message.id
        if message.pluralizable:
            assert len(message.string) == catalog.num_plurals, message.id
            assert all(message.string), message.id
        else:
            assert message.string, message.id


@pytest.mark.parametrize("code", CATALOGS)
def test_translations_keep_the_placeholders(code: str) -> None:
    for message in CATALOGS[code]:
        if not message.id:
            continue
        if message.pluralizable:  # every form may be said for any count
            wanted = fields(message.id[1])
            assert wanted >= fields(message.id[0]), message.id
            forms = message.string
        else:
            wanted, forms = fields(message.id), (message.string,)
        for form in forms:
            assert fields(form) == wanted, (message.id, form)


def test_catalogs_and_compiled_catalogs_are_current() -> None:
    """A template added, changed or removed without scripts/catalogs fails here (and in
    `scripts/catalogs --check`); with it, an untranslated message fails the tests above."""
    assert catalogs.main(["--check"]) == 0


def test_the_language_switches_at_once_and_only_to_known_languages() -> None:
    use_language("zh-Hant")
    assert current_language() == "zh-Hant"
    assert say_n("{count} level", "{count} levels", 3, count=3) == "3層"
    use_language("en")
    assert say_n("{count} level", "{count} levels", 1, count="one") == "one level"
    assert say_n("{count} level", "{count} levels", 3, count="three") == "three levels"
    with pytest.raises(ValueError, match="no such language"):
        use_language("xx")
    assert current_language() == "en"


@pytest.mark.parametrize(
    "name,tag",
    [
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh_HK", "zh-Hant"),
        ("zh_Hant_TW", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("en_GB.UTF-8", "en"),
        ("en", "en"),
        ("fr_FR.UTF-8", None),
        ("zh_CN.UTF-8", None),
        ("C", None),
    ],
)
def test_a_locale_names_the_language(name: str, tag: str | None) -> None:
    assert language_of_locale(name) == tag


def test_the_system_locale_chooses_the_first_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert system_language() == "en"
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert system_language() == "zh-Hant"
    monkeypatch.setenv("LANGUAGE", "fr:zh_HK:en")
    assert system_language() == "zh-Hant"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert system_language() == "zh-Hant"  # LANGUAGE comes first, as for gettext
    monkeypatch.delenv("LANGUAGE")
    assert system_language() == "en"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_refusal_is_translated_and_keeps_its_reason_and_squares(case: Case) -> None:
    english = case.refusal()
    in_english = refusal_sentence(english)
    use_language("zh-Hant")
    chinese = case.refusal()
    assert (chinese.reason, chinese.squares, chinese.blocks) == (
        english.reason,
        english.squares,
        english.blocks,
    )
    assert str(chinese) == str(english)  # the core speaks codes: no language in it
    said = refusal_sentence(chinese)
    assert said != in_english and CJK.search(said)
    if case.name != "not a position":  # only the position check's own words stay English
        assert not LATIN.search(said), said
        assert said.endswith("。"), said


def test_a_refusal_in_players_words_in_chinese() -> None:
    by_name = {case.name: case for case in CASES}
    use_language("zh-Hant")
    assert refusal_sentence(by_name["two Climbers on it"].refusal()) == (
        "灰色半立方積木方塊不能移動：上面站著兩個攀爬者。"
    )
    assert refusal_sentence(by_name["another colour"].refusal()) == (
        "青色玩家不能去那裡：那個頂面是紫色，不是灰色或青色。"
    )
    assert refusal_sentence(by_name["ladder needed"].refusal()) == "青色玩家要用短梯才能到那裡。"


def test_captions_are_said_in_chinese() -> None:
    use_language("zh-Hant")
    said = [*crafted_captions(), *islice(seeded_captions(), 400)]
    for text in said:
        assert CJK.search(text) and not LATIN.search(text), text
        assert text.endswith("。") and " " not in text, text


def _finished(state: GameState) -> GameState:
    from climbers.the_climbers.core import Pass, apply

    while not state.finished:
        state, _ = apply(state, Pass(player=state.players[state.actor].colour))
    return state


def test_the_end_card_is_said_in_chinese() -> None:
    from climbers.the_climbers.core import generate_mountain, new_game

    end = _finished(new_game(generate_mountain(3), ["teal", "red", "pink"], seed=3))
    use_language("zh-Hant")
    assert headline(end) == "青色玩家、紅色玩家和粉紅色玩家並列獲勝。"
    assert tie_break(end) == "沒有人離開桌面，所以大家並列同一名次。"


def test_lessons_are_said_in_chinese(tmp_path: Path) -> None:
    lessons = load_lessons()
    english = [lesson.text() for lesson in lessons]
    use_language("zh-Hant")
    for lesson, source in zip(lessons, english, strict=True):
        text = lesson.text()
        for said, was in zip(text, source, strict=True):
            assert said != was and CJK.search(said), was
            assert not LATIN.search(said.replace(" T ", "").replace(" G ", "").replace(" R ", ""))
    course = Course(lessons, load_progress(tmp_path / "progress.json"))
    course.start("walking")
    wrong = next(case for case in CASES if case.reason is Reason.NO_ROUTE).refusal()
    assert course.explanation(wrong).startswith("每一步只能走到前後左右相鄰的四格之一")
    other = next(case for case in CASES if case.reason is Reason.GAME_OVER).refusal()
    assert course.explanation(other).startswith("不是這樣走。目標：")


def test_the_window_starts_in_the_pinned_then_the_saved_then_the_systems_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    start_language(None)  # a first start: no setting saved yet
    assert current_language() == "zh-Hant"
    start_language("en")
    assert current_language() == "en"
    pin_language("zh-Hant")  # --lang zh-Hant
    start_language("en")
    assert current_language() == "zh-Hant"


def test_the_language_setting_keeps_only_a_language_of_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "zh-Hant", "sound": false}')
    assert load_settings(path).language == "zh-Hant"
    path.write_text('{"language": "xx", "sound": false}')
    settings = load_settings(path)
    assert settings.language is None and not settings.sound
    assert "language" in capsys.readouterr().err


def test_the_command_line_chooses_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    assert main(["--lang", "zh-Hant", "learn", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1. 行走：往上走到灰色雙立方積木方塊的頂面（第4層）。"
    assert lines[-1] == f"共{len(lines) - 1}課，已完成0課。"
    with pytest.raises(SystemExit):
        main(["--lang", "xx", "learn", "--list"])


def test_the_rules_are_said_in_chinese() -> None:
    use_language("zh-Hant")
    topics = topics_for(Step.REACTION, Rules(reaction_ladders=True))
    assert [t.key for t in topics][0] == "reaction"
    assert topics[0].paragraphs[1] == "這局遊戲的回應移動也可以使用梯子。"
    english = {t.key: t for t in TOPICS}
    for topic in topics:
        assert topic.title != english[topic.key].title and CJK.search(topic.title)
        for paragraph in topic.paragraphs:
            assert CJK.search(paragraph) and paragraph not in english[topic.key].paragraphs


def test_the_font_draws_every_character_of_every_catalog() -> None:
    cmap = TTFont(font_file()).getBestCmap()
    wanted = characters()
    for catalog in CATALOGS.values():  # every character drawn (a line break is none)
        drawn = {ch for m in catalog if m.id for ch in "".join(m.string) if ch.isprintable()}
        assert drawn <= wanted
    assert {ch for ch in wanted if ord(ch) not in cmap} == set()
    assert font_file().stat().st_size < 5200 * 1024  # Big5 levels 1 and 2: 4.7 MB


def test_chinese_lines_wrap_inside_the_width() -> None:
    from climbers.app.fonts import font_at
    from climbers.app.panels.line_breaks import wrap

    use_language("zh-Hant")
    text = "".join(p for t in topics_for(Step.MOVE) for p in t.paragraphs)
    face: ImageFont.FreeTypeFont = font_at(17)
    lines = wrap(text, face, 260)
    assert len(lines) > 10
    assert all(face.getlength(line) <= 260 for line in lines)
    assert "".join(lines) == text


@pytest.mark.parametrize("width", [90, 130, 170, 260])
def test_chinese_punctuation_never_begins_nor_ends_a_line_wrongly(width: int) -> None:
    from climbers.app.fonts import font_at
    from climbers.app.panels.line_breaks import CLOSING, OPENING, wrap

    use_language("zh-Hant")
    text = "".join(p for t in topics_for(None) for p in t.paragraphs)
    lines = wrap(text, font_at(17), width)
    assert "".join(lines) == text
    assert not [line for line in lines[1:] if line[0] in CLOSING]
    assert not [line for line in lines[:-1] if line[-1] in OPENING]
