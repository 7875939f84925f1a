"""Traditional Chinese (issue 19): the bundled font draws every common Chinese character (Big5
level 1) and every catalog character, and `undrawable` tells what it cannot draw; lines never
break inside a word; and the wording a Taiwanese reader expects where the same English meant two
things or a count of one read as '1 more turn'."""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from climbers.devtools import catalogs
from climbers.devtools.font_subset import BIG5_LEVEL_1, big5, characters
from climbers.io.language import say, use_language
from climbers.io.resources import font_file
from climbers.the_climbers.core import Step, generate_mountain, new_game
from climbers.the_climbers.core.analysis import reach
from climbers.the_climbers.core.state import evolve
from climbers.the_climbers.io.words import ladder_words, step_name
from climbers.the_climbers.puzzles import load_puzzles
from climbers.the_climbers.puzzles.words import puzzle_description

CJK_RUN = "青色玩家可以回應紅色玩家：移動，或按空白鍵放棄。接著跳過這個階段，再移動積木方塊。"


@pytest.fixture
def chinese() -> Iterator[None]:
    use_language("zh-Hant")
    yield
    use_language("en")


def test_big5_level_1_is_the_5401_common_characters() -> None:
    common = big5(*BIG5_LEVEL_1)
    assert len(common) == len(set(common)) == 5401
    assert common[0] == "一" and "爸" in common and "媽" in common
    assert "\u9f98" not in common  # level 2 (0xF9D5)


def test_the_font_draws_big5_level_1_and_every_catalog_character() -> None:
    cmap = TTFont(font_file()).getBestCmap()
    assert [ch for ch in big5(*BIG5_LEVEL_1) if ord(ch) not in cmap] == []
    for po in catalogs.catalogs():
        with po.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            for part in (message.id, message.string):
                for text in part if isinstance(part, tuple) else [part]:
                    missing = {ch for ch in text if ch.isprintable() and ord(ch) not in cmap}
                    assert not missing, (message.id, missing)
    assert {ch for ch in characters() if ord(ch) not in cmap} == set()


def test_undrawable_names_what_the_font_lacks() -> None:
    from climbers.app.fonts import first_undrawable, typed_refusal, undrawable

    assert undrawable("爸爸媽媽 José Zoë 42 ，。") == set()
    assert undrawable("Ana\U0001f600\U00020000") == {"\U0001f600", "\U00020000"}
    assert first_undrawable("媽\U00020000\U0001f600") == "\U00020000"
    assert typed_refusal("爸") is None
    assert typed_refusal("\U0001f600") == (
        "The game's font cannot draw \U0001f600 (U+1F600): type another character."
    )
    assert typed_refusal("\x07") == "The game's font cannot draw U+0007: type another character."


def test_common_given_names_are_drawn() -> None:
    """Given names with characters of Big5 level 2, or outside Big5, that Taiwanese names use
    (round four's reader: 瑄 翊 堃 喆 葳 媗 嫚)."""
    from climbers.app.fonts import undrawable
    from climbers.devtools.font_subset import BIG5_LEVEL_2, big5

    assert undrawable("李詠瑄 陳翊 林堃 王喆 張葳 黃媗 劉嫚") == set()
    assert undrawable(big5(*BIG5_LEVEL_2)) == set()


def lines_of(text: str, width: float) -> list[str]:
    from climbers.app.fonts import font_at
    from climbers.app.panels.line_breaks import wrap

    return wrap(text, font_at(17), width)


@pytest.mark.parametrize("width", range(100, 420, 9))
def test_a_line_never_breaks_inside_a_word(width: int) -> None:
    from climbers.app.fonts import font_at

    lines = lines_of(CJK_RUN, width)
    assert "".join(lines) == CJK_RUN
    for one, two in zip(lines, lines[1:], strict=False):
        for word in ("放棄", "階段", "空白鍵", "積木方塊", "玩家"):
            split = any(
                one.endswith(word[:i]) and two.startswith(word[i:]) for i in range(1, len(word))
            )
            assert not split, (word, one, two)
    english = "Press Space to skip 12345 steps of level 10, or Enter."
    broken = lines_of(english, width)
    assert " ".join(broken) == english, "only at spaces"
    assert all(font_at(17).getlength(line) <= width for line in broken if " " in line)


ROUND_FOUR = ("自己", "不行", "四層", "變成", "六角形", "棋盤", "小一號", "叉叉", "決定", "前方")
ROUND_FOUR += ("大家", "相同")
"""Words round four's reader saw broken across lines."""


class _Even:
    """A font whose every character is one pixel wide: a line of `n` pixels holds `n`."""

    @staticmethod
    def getlength(text: str, /) -> float:
        return float(len(text))


def _catalog_sentences() -> list[str]:
    from babel.messages.pofile import read_po

    from climbers.devtools.catalogs import catalogs

    found = []
    for po in catalogs():
        with po.open("rb") as file:
            for message in read_po(file):
                strings = message.string if isinstance(message.string, tuple) else [message.string]
                found += [text for text in strings if message.id and text]
    return found


def test_no_catalog_sentence_breaks_inside_a_word_or_after_a_count() -> None:
    """A line breaks only between the pieces of a text (or inside a piece wider than the whole
    line). In every Chinese sentence of the catalogs, no piece ends inside one of round four's
    words (a segmenter's words, not a list of them) nor between a number and its measure word
    (1疊, 11個)."""
    from climbers.app.panels.line_breaks import pieces

    sentences = [t for t in _catalog_sentences() if any(ord(ch) > 0x2E7F for ch in t)]
    assert len(sentences) > 500
    breaks = 0
    for text in sentences:
        ends = list(itertools.accumulate(len(p) for p in pieces(text)))
        assert "".join(pieces(text)) == text
        for end in ends[:-1]:
            one, two = text[:end], text[end:]
            for word in ROUND_FOUR:
                at = text.find(word, max(0, end - len(word) + 1))
                assert not (0 <= at < end < at + len(word)), (word, one, two)
            if one[-1].isdigit():
                assert unicodedata.category(two[0]) != "Lo", (one, two)
            breaks += 1
    assert breaks > 5000


def test_a_count_keeps_its_measure_word_and_a_doubled_character_its_double() -> None:
    from climbers.app.panels.line_breaks import chinese_words, pieces, wrap

    assert wrap("同層棋群的1疊棋子", _Even(), 6) == ["同層棋群的", "1疊棋子"]
    assert "叉叉" in "".join(pieces("小一號的叉叉")[1:])
    assert chinese_words("青色\U0001f600玩家\U00020000") == (
        "青色",
        "\U0001f600",
        "玩家",
        "\U00020000",
    )
    assert pieces("小一號的叉叉")[0] == "小一號"


def test_a_word_wider_than_the_line_still_breaks() -> None:
    assert lines_of("積木方塊", 20) == ["積", "木", "方", "塊"]


@pytest.mark.usefixtures("chinese")
def test_the_puzzle_says_which_ladders_the_climber_holds() -> None:
    """'both ladders' is a way up in a caption (用兩把梯子) but what one holds in a puzzle."""
    both = ("short", "tall")
    puzzle = next(p for _, p in load_puzzles() if p.position.players[0].ladders == both)
    said = puzzle_description(puzzle)
    assert "持有兩把梯子" in said and "用兩把梯子" not in said
    assert ladder_words(("short", "tall")) == "用兩把梯子"
    assert "每回合都盡量" not in said, "a condition, not an order"
    assert "只走路、不移動積木的話" in said
    short = say("Start on level {level} with only the short ladder;", level=3)
    assert short == "從第3層出發，只剩短梯；"


@pytest.mark.usefixtures("chinese")
def test_one_turn_left_is_the_last_turn() -> None:
    from climbers.the_climbers.table.panels.hud import countdown, turns_left

    state = new_game(generate_mountain(7), ["teal", "red"], seed=7)
    end = turns_left(state)
    said = {}
    for left in (1, 2):
        turn = state.turn.model_copy(update={"quiet_turns": end - left})
        said[left] = countdown(evolve(state, turn=turn))
    assert said[1].startswith("最後一回合") and "1個" not in said[1]
    assert "2個回合" in said[2]
    use_language("en")
    turn = state.turn.model_copy(update={"quiet_turns": end - 1})
    assert countdown(evolve(state, turn=turn)) == (
        "The game ends after this turn unless someone climbs."
    )


@pytest.mark.usefixtures("chinese")
def test_the_wording_a_taiwanese_reader_expects() -> None:
    assert step_name(Step.MOVE) == "移動攀爬者", "a step's name, not just 'moving'"
    note = say(
        "Another copy of {game} is running; this one autosaves to {file}.",
        game="攀爬者",
        file="last-game-2.json",
    )
    assert "《攀爬者》" in note and "程式" in note, "the program, not a Climber"
    refusal = say(
        "{player} cannot reach level {level} there: steps go up one level, or two to four with "
        "a ladder, never down, and only onto neutral or {colour} tops without a disk.",
        player="青色玩家",
        level=5,
        colour="青色",
    )
    assert "每一步只能往上一層" not in refusal and "最多往上一層" in refusal
    assert say("with ladders") == "回應時可用梯子"


@pytest.mark.usefixtures("chinese")
def test_the_table_is_not_level_0() -> None:
    from climbers.the_climbers.table.panels.analysis_overlay import reach_lines

    state = new_game(generate_mountain(7), ["teal", "red"], seed=7)
    said = "\n".join(reach_lines(state, reach(state, 0)))
    assert "桌面" in said and "第0層" not in said


@pytest.mark.usefixtures("chinese")
def test_the_named_mountains_are_translated_apart_from_the_classic_rules() -> None:
    from climbers.the_climbers.io.mountains import named_mountains
    from climbers.the_climbers.table.screens.new_game_screen import MOUNTAIN_NAMES, mountain_name

    assert set(named_mountains()) <= set(MOUNTAIN_NAMES)
    names = [mountain_name(name) for name in named_mountains()]
    assert all(not any("a" <= ch.lower() <= "z" for ch in name) for name in names), names
    assert mountain_name("classic") == "經典" and say("Classic") == "經典版"
    assert mountain_name("my-own") == "My-own", "an added mountain keeps its file name"


def test_the_catalog_keeps_the_meanings_apart() -> None:
    po = Path(catalogs.catalogs()[0])
    with po.open("rb") as file:
        catalog = read_po(file)
    puzzle = catalog.get("Start on the table with both ladders;")
    caption = catalog.get("both ladders")
    assert puzzle is not None and caption is not None and puzzle.string != caption.string
    assert catalog.get("Classic", context="mountain") is not None


@pytest.mark.usefixtures("chinese")
def test_clamber_and_klettermax_captions_set_sentences_apart_as_chinese_does() -> None:
    """Sentences in a row have no space between them in Chinese, in every game's captions."""
    from climbers.clamber.core import RULES as CLAMBER
    from climbers.clamber.core import parse_turn
    from climbers.clamber.table.words import caption

    state = CLAMBER.new_state(2, 0)
    for text in ("place C3", "place D3", "place A1", "place D4"):
        state = CLAMBER.apply(state, parse_turn(text))[0]
    turn = parse_turn("C3=D3")
    after, events = CLAMBER.apply(state, turn)
    said = caption(state, turn, events)
    assert said.count("。") >= 2 and " " not in said, said


@pytest.mark.usefixtures("chinese")
def test_a_clips_title_card_joins_the_players_names_in_chinese() -> None:
    """Issue 32, item 23: 爸爸和媽媽, not 爸爸 and 媽媽 (every game's film)."""
    from climbers.clamber.core import ClamberRules
    from climbers.clamber.table.clip import FILM as CLAMBER_FILM
    from climbers.the_climbers.core import Colour
    from climbers.the_climbers.game.game_setup import GameSetup, Seat, build_game
    from climbers.the_climbers.table.clip import FILM

    seats = (Seat(colour=Colour.TEAL, name="爸爸"), Seat(colour=Colour.RED, name="媽媽"))
    assert FILM.players(build_game(GameSetup(seats=seats, seed=3))) == "爸爸和媽媽"
    assert CLAMBER_FILM.players(ClamberRules(3).new_state(2, 0)) == "藍方和紅方"


def _table_widths() -> list[tuple[int, float]]:
    """(font pixels, line width in pixels) of the panels that wrap text, at 1280x720: the games'
    panels (title, body, notes), the lesson panel, the recent actions, the hint strip, the tip,
    the replay's and the demo's captions."""
    from climbers.app.panels.hud_frame import RECENT_PAD, RECENT_SIZE, RECENT_WIDTH, STRIP_WIDTH
    from climbers.app.screens import lesson_panel, replay_screen
    from climbers.clamber.table import hud as clamber
    from climbers.klettermax.table import hud as klettermax
    from climbers.the_climbers.table.panels import hud as climbers

    widths: list[tuple[int, float]] = []
    for panel in (climbers.PANEL_WIDTH, klettermax.PANEL_WIDTH, clamber.PANEL_WIDTH):
        widths += [(size, panel - 24) for size in (19, 16, 14)]
    widths += [(size, lesson_panel.PANEL_WIDTH - 20) for size in (19, 17, 15)]
    widths += [(RECENT_SIZE, RECENT_WIDTH - 2 * RECENT_PAD), (18, STRIP_WIDTH - 20)]
    widths += [(15, 340 - 14), (18, replay_screen.CAPTION_WIDTH - 20), (22, 1000 - 20)]
    return widths


PLAYER_SLOTS = ("player", "bot", "seat", "owner", "winner", "first", "last", "other", "name")


def _said(template: str) -> str:
    """A catalog translation as the table says it: a player's name where a player goes (粉紅色玩家,
    the longest), a number elsewhere (第12層, 12個)."""
    import re

    def value(slot: re.Match[str]) -> str:
        return "粉紅色玩家" if any(w in slot[1] for w in PLAYER_SLOTS) else "12"

    return re.sub(r"\{(\w*)[^{}]*\}", value, template)


def _kept_words() -> set[str]:
    """The game's terms and the names the zh-Hant catalog gives: each entry of two to six
    Chinese characters and nothing else (read from the catalog's source, the .po)."""
    from climbers.app.panels.line_breaks import TERMS

    names = {
        t
        for t in _catalog_sentences()
        if 2 <= len(t) <= 6 and all(unicodedata.category(ch) == "Lo" for ch in t)
    }
    assert {"橘色玩家", "粉紅色玩家", "移動攀爬者", "移動積木方塊", "阻擋石", "長梯"} <= names
    return {*TERMS, *names}


def _kept_spans(text: str, words: set[str]) -> list[tuple[int, int]]:
    """Where in `text` a line must not break: inside each of `words`, each quotation of up to
    QUOTED characters, 第 and its number and measure word, a number and its measure word, and a
    count such as 0／5."""
    import re

    from climbers.app.panels.line_breaks import QUOTED

    spans = [(i, i + len(w)) for w in words for i in _finds(text, w)]
    quotes = (rf"「[^」]{{1,{QUOTED}}}」", rf"《[^》]{{1,{QUOTED}}}》")
    patterns = (*quotes, r"第?\d+(／\d+)?[\u4e00-\u9fff]")
    spans += [m.span() for p in patterns for m in re.finditer(p, text)]
    return spans


def _finds(text: str, word: str) -> list[int]:
    """Every place `word` begins in `text`, overlapping ones too."""
    found, at = [], text.find(word)
    while at >= 0:
        found.append(at)
        at = text.find(word, at + 1)
    return found


def _line_ends(text: str, lines: list[str]) -> list[int]:
    """Where in `text` (one paragraph) each of its wrapped lines but the last ends."""
    ends, at = [], 0
    for line in lines[:-1]:
        at = text.index(line, at) + len(line)
        ends.append(at)
    return ends


def test_no_catalog_translation_breaks_inside_a_kept_word_at_the_tables_widths() -> None:
    """Every zh-Hant translation, said with names and numbers, wrapped at every width the table
    wraps text at: no line ends inside a kept word (a game term, a name the catalog gives: 橘色玩家,
    移動攀爬者), a short quotation (「擲骰」), an ordinal (第4階段) or a count with its measure
    word (12個), none begins with closing punctuation nor ends with opening punctuation."""
    from climbers.app.fonts import font_at
    from climbers.app.panels.line_breaks import CLOSING, OPENING, wrap
    from climbers.io.language import translations

    texts = [_said(t) for t in translations("zh-Hant") if any(ord(ch) > 0x2E7F for ch in t)]
    assert len(texts) > 700
    words = _kept_words()
    assert {"朝上", "積木方塊", "攀爬者"} <= words
    breaks = 0
    for size, width in _table_widths():
        face = font_at(size)
        for paragraph in (p for t in texts for p in t.split("\n")):
            lines = wrap(paragraph, face, width)
            assert "".join(lines).replace(" ", "") == paragraph.replace(" ", "")
            for end in _line_ends(paragraph, lines):
                inside = [paragraph[a:b] for a, b in _kept_spans(paragraph, words) if a < end < b]
                assert not inside, (size, width, paragraph[:end], paragraph[end:], inside)
                breaks += 1
            assert not [line for line in lines[1:] if line and line[0] in CLOSING], lines
            assert not [line for line in lines[:-1] if line and line[-1] in OPENING], lines
    assert breaks > 3000


def test_the_catalogs_names_are_its_short_entries_of_chinese_alone() -> None:
    """A name the catalog gives is kept whole however the dictionary cuts it (橘色／玩家);
    a sentence, an entry with punctuation, Latin or a placeholder is no name."""
    from climbers.app.panels.line_breaks import catalog_names, kept_words, pieces

    entries = ["橘色玩家", "朝上", "按 T", "玩家：", "{player}玩家", "一二三四五六七", "他"]
    assert catalog_names(entries) == {"橘色玩家", "朝上"}
    assert {"橘色玩家", "移動攀爬者", "阻擋石"} <= kept_words()
    assert "橘色玩家" in pieces("一個綠色騎士疊上橘色玩家的塔。")
    assert "「擲骰」。" in pieces("按空白鍵或「擲骰」。")
    assert "（第4階段）" in pieces("正在思考（第4階段）")
    assert pieces("第15回合 · 紅色玩家")[0] == "第15回合 · "
