"""Where a line of text may break, in English and in Chinese (which has no spaces between its
words), and the wrapping of a text into lines of a width: every text the table wraps (panels,
strips, captions, titles, refusals, the recent actions, Ursina's wrapped texts) goes through
`wrap`.

A line breaks after a space; inside a run of Chinese between ICU's dictionary words
(`chinese_words`); between Chinese and a Latin word or number. It never breaks:
- inside one of the game's words: its terms (`TERMS`) and the names its catalogs give
  (`catalog_names`: 橘色玩家, 移動攀爬者, 阻擋石 ...);
- between a number and the Chinese word after it (1疊, 11個), between 第 and its number (第4階段),
  between the two numbers of a count such as 0／5;
- inside a quotation of up to `QUOTED` characters (「擲骰」, 《攀爬者》);
- before closing punctuation or a separator (`CLOSING`) nor after opening punctuation
  (`OPENING`).
Only a piece wider than the whole line is broken between its characters."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from itertools import groupby
from typing import Protocol

from icu4py.breakers import WordBreaker
from icu4py.locale import Locale

from climbers.io.language import LANGUAGES, translations


class Measure(Protocol):
    """What `wrap` needs of a font: the length of a text in pixels (Pillow's FreeTypeFont)."""

    def getlength(self, text: str, /) -> float: ...


CLOSING = "，。、：；！？）」』》〉】…・·／"
"""Punctuation and separators that never begin a line: they stay with the character before."""
OPENING = "（「『《〈【"
"""Punctuation that never ends a line: it stays with the character after it."""
QUOTES = {"「": "」", "『": "』", "《": "》"}
QUOTED = 8
"""A quotation of at most this many characters is never broken (「擲骰」, 「移動積木方塊」)."""
ORDINAL = "第"
"""The prefix of an ordinal, kept with its number (第4階段, 第15回合)."""
CHINESE = Locale("zh_Hant_TW")
"""The words of a run of Chinese are ICU's, by its dictionary for this locale."""
TERMS = frozenset(
    """
    攀爬者 積木方塊 半立方 雙立方 阻擋石 零件盤 空白鍵 小一號 大一號 最高處 往上爬 結束時 重新開始
    疊攀棋 騎士爬城堡 騎士 城堡 寶藏 寶藏牌 補給區 塔樓 棋群 同層棋群 一疊 一個 兩把 一把 頂面
    短梯 長梯 回合 沙盒 截圖 點一下 下一個 上一個 玩家們 能到 朝上 朝下
    """.split()
)
"""The game's own terms (docs/GLOSSARY-zh-Hant.md) that a line never breaks inside, where the
dictionary would split them (小／一號, 阻擋／石, 朝／上) and no catalog entry names them alone."""
NAME_LONGEST = 6
"""A catalog entry of Chinese characters alone, no longer than this, is a name (`catalog_names`)."""


def wrap(text: str, face: Measure, width: float) -> list[str]:
    """`text` broken into lines no wider than `width` pixels, between its `pieces`; a piece
    wider than the line is broken too (`_fitting`)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece in pieces(paragraph):
            for word in _fitting(piece, face, width):
                trial = line + word
                if line and face.getlength(trial.rstrip()) > width:
                    lines.append(line.rstrip())
                    line = word.lstrip()
                else:
                    line = trial
        lines.append(line.rstrip())
    return lines


def _fitting(piece: str, face: Measure, width: float, names: bool = True) -> list[str]:
    """`piece` itself, or when it is wider than a whole line, its parts where a line may break
    by the rules without the catalog's names and quotations, and failing that its characters
    one by one (a line breaks inside a word only when the word alone does not fit), punctuation
    still held by its character."""
    if len(piece) <= 1 or face.getlength(piece.rstrip()) <= width:
        return [piece]
    parts = _pieces(piece, names=False) if names else (piece,)
    if len(parts) > 1:
        return [word for part in parts for word in _fitting(part, face, width, names=False)]
    held: list[str] = []
    for ch in piece:
        if held and (ch in CLOSING or ch == " " or held[-1][-1] in OPENING):
            held[-1] += ch
        else:
            held.append(ch)
    return held


def _is_cjk(ch: str) -> bool:
    """A character of a script written without spaces (and its punctuation)."""
    return ord(ch) > 0x2E7F


def written_without_spaces(text: str) -> bool:
    """Whether `text` holds a script written without spaces (Chinese): its lines, taller in
    ink, need more room between them."""
    return any(_is_cjk(ch) for ch in text)


def _is_han(ch: str) -> bool:
    """A Chinese character (a letter of a word, not punctuation)."""
    return _is_cjk(ch) and unicodedata.category(ch) == "Lo"


def pieces(text: str) -> tuple[str, ...]:
    """`text` (one paragraph) cut where a line may break: each piece keeps the space after it
    and the punctuation that holds on to it."""
    return _pieces(text, names=True)


@cache
def _pieces(text: str, names: bool) -> tuple[str, ...]:
    """`pieces`, or without `names` by the rules less the catalog's names and quotations."""
    cuts = sorted(_allowed(text) - _forbidden(text, names))
    return tuple(text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True))


def _allowed(text: str) -> set[int]:
    """Where a line may break before the rules that keep things together: after a space,
    between a run of Chinese and what is not, and between Chinese words."""
    cuts: set[int] = set()
    at = 0
    for kind, run in groupby(text, _kind):
        size = len(list(run))
        if kind == "chinese":
            cuts |= {at + end for end in _chinese_ends(text[at : at + size]) if end < size}
        if kind != "space" and at > 0:
            cuts.add(at)  # a space keeps to what is before it
        at += size
    return cuts


def _kind(ch: str) -> str:
    return "space" if ch == " " else "chinese" if _is_cjk(ch) else "latin"


def _forbidden(text: str, names: bool) -> set[int]:
    """Where a line never breaks (see the module's docstring; without `names`, inside the
    catalog's names and quotations it may)."""
    kept: set[int] = set()
    for i in range(1, len(text)):
        before, after = text[i - 1], text[i]
        if (
            after in CLOSING
            or before in OPENING
            or (before.isdigit() and (_is_han(after) or after == "／"))
            or (before == ORDINAL and after.isdigit())
            or (before == "／" and after.isdigit() and text[i - 2 : i - 1].isdigit())
        ):
            kept.add(i)
    words = kept_words() if names else TERMS
    longest = max(map(len, words))
    for i in range(len(text)):
        for n in range(2, longest + 1):
            if text[i : i + n] in words:
                kept |= set(range(i + 1, i + n))
    for i, ch in enumerate(text if names else ""):
        end = text.find(QUOTES[ch], i + 1) if ch in QUOTES else -1
        if 0 < end - i - 1 <= QUOTED:
            kept |= set(range(i + 1, end + 1))
    return kept


@cache
def kept_words() -> frozenset[str]:
    """The words a line never breaks inside: the game's `TERMS` and its catalogs' names."""
    return TERMS | catalog_names(t for tag in LANGUAGES for t in translations(tag))


def catalog_names(texts: Iterable[str]) -> frozenset[str]:
    """The names among a catalog's translations: an entry of two to `NAME_LONGEST` Chinese
    characters alone, nothing else (a player, a step, a piece, a button: 橘色玩家, 移動攀爬者)."""
    return frozenset(
        t for t in texts if 2 <= len(t) <= NAME_LONGEST and all(_is_han(ch) for ch in t)
    )


@cache
def chinese_words(run: str) -> tuple[str, ...]:
    """A run of Chinese characters as the words a line may break between (`_chinese_ends`)."""
    ends = [0, *sorted(_chinese_ends(run))]
    return tuple(run[a:b] for a, b in zip(ends, ends[1:], strict=False))


def _chinese_ends(run: str) -> set[int]:
    """Where the words of a run of Chinese end: ICU's dictionary words, joined where the two
    characters beside a break make a word of the dictionary themselves (也不／行 is read
    也／不行) and where two characters the dictionary leaves alone stand side by side (朝／上,
    擲／骰, 叉／叉: a word it does not know)."""
    ends = _word_ends(run) | {0}
    single = {a for a, b in zip(sorted(ends), sorted(ends)[1:], strict=False) if b - a == 1}
    for c in sorted(ends - {0, len(run)}):
        alone = c - 1 in single and c in single and _is_han(run[c - 1]) and _is_han(run[c])
        if alone or _word_ends(run[c - 1 : c + 1]) == {2}:
            ends.discard(c)
    return ends - {0}


def _word_ends(text: str) -> set[int]:
    """Where ICU's words of `text` end, as indices of `text`. ICU counts UTF-16 units: a
    character beyond them (an emoji, a rare character of a plane of its own) is a word of its
    own, and the runs between such characters are asked one by one."""
    ends: set[int] = set()
    start = 0
    for i, ch in enumerate([*text, "\U00010000"]):
        if ord(ch) > 0xFFFF:
            if i > start:
                ends |= {start + end for _, end in WordBreaker(text[start:i], CHINESE).segments()}
            ends.add(min(i + 1, len(text)))
            start = i + 1
    return ends
