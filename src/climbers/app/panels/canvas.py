"""Panels drawn with Pillow: each panel is one texture laid out to the pixel, so it costs one
draw call, its text is measured before it is placed, and nothing runs past its edge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from icu4py.breakers import WordBreaker
from icu4py.locale import Locale
from PIL import Image, ImageDraw, ImageFont
from ursina import Entity, Texture, camera, time, window

from climbers.app.fonts import font_at
from climbers.app.pacing import stir

RGBA = tuple[int, int, int, int]
INK: RGBA = (242, 242, 238, 255)
MUTED: RGBA = (184, 189, 198, 255)
BAD: RGBA = (255, 150, 140, 255)
GOOD: RGBA = (150, 230, 170, 255)
PANEL: RGBA = (18, 20, 26, 224)
"""The HUD's background: white text on it has a contrast of about 16:1."""
REFERENCE_HEIGHT = 720
"""Sizes in this module are pixels of a 720-pixel-high window; other windows scale them."""


def scale() -> float:
    """Pixels of this window per pixel of the reference window."""
    return float(window.size[1]) / REFERENCE_HEIGHT


def font(size: float, k: float | None = None) -> ImageFont.FreeTypeFont:
    """The HUD's font at `size` reference pixels, for this window (or `k` pixels a reference
    pixel)."""
    return font_at(round(size * (scale() if k is None else k)))


class Measure(Protocol):
    """What `wrap` needs of a font: the length of a text in pixels (Pillow's FreeTypeFont)."""

    def getlength(self, text: str, /) -> float: ...


CLOSING = "，。、：；！？）」』》〉】…"
"""Punctuation that never begins a line: it stays with the character before it."""
OPENING = "（「『《〈【"
"""Punctuation that never ends a line: it stays with the character after it."""
CHINESE = Locale("zh_Hant_TW")
"""The words of a run of Chinese are ICU's, by its dictionary for this locale."""
TERMS = frozenset(
    """
    攀爬者 積木方塊 半立方 雙立方 阻擋石 零件盤 空白鍵 小一號 大一號 最高處 往上爬 結束時 重新開始
    疊攀棋 騎士爬城堡 騎士 城堡 寶藏 補給區 塔樓 棋群 同層棋群 一疊 一個 兩把 一把 頂面 短梯 長梯
    回合 沙盒 截圖 點一下 下一個 上一個 玩家們 能到
    """.split()
)
"""The game's own terms (docs/GLOSSARY-zh-Hant.md) that a line never breaks inside, where the
dictionary would split them (小／一號, 阻擋／石)."""
LONGEST_TERM = max(map(len, TERMS))


def wrap(text: str, face: Measure, width: float) -> list[str]:
    """`text` broken into lines no wider than `width` pixels: between words, and inside a run
    without spaces (as Chinese is written) between its words (`chinese_words`), but never inside
    a Latin word or a number, never between a number and the Chinese word after it (1疊), never
    before closing punctuation nor after opening punctuation. A piece wider than the line is
    broken between characters."""
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


def _fitting(piece: str, face: Measure, width: float) -> list[str]:
    """`piece` itself, or when it is wider than a whole line, its characters one by one (a
    line breaks inside a word only when the word alone does not fit)."""
    if len(piece) <= 1 or face.getlength(piece.rstrip()) <= width:
        return [piece]
    return list(piece)


def _is_cjk(ch: str) -> bool:
    return ord(ch) > 0x2E7F  # CJK and beyond: written without spaces


@cache
def chinese_words(run: str) -> tuple[str, ...]:
    """A run of Chinese characters as the words a line may break between: ICU's dictionary
    words, joined where one of the game's `TERMS` spans several, where the two characters
    beside a break make a word of the dictionary themselves (也不／行 is read 也／不行), and
    where a character is doubled (叉叉)."""
    cuts = _word_ends(run) | {0}
    for c in sorted(cuts - {0, len(run)}):
        if _word_ends(run[c - 1 : c + 1]) == {2}:
            cuts.discard(c)
    i = 0
    while i < len(run):
        size = next((n for n in range(LONGEST_TERM, 1, -1) if run[i : i + n] in TERMS), 1)
        cuts -= set(range(i + 1, i + size))
        if size == 1 and run[i : i + 1] == run[i + 1 : i + 2] and {i, i + 1, i + 2} <= cuts:
            cuts.discard(i + 1)
        i += size
    ends = sorted(cuts | {len(run)})
    return tuple(run[a:b] for a, b in zip(ends, ends[1:], strict=False) if b > a)


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


def pieces(text: str) -> list[str]:
    """What a line may not break inside: Latin words and numbers with their following space,
    Chinese words, a number with the Chinese word right after it; each with the punctuation
    that holds on to it."""
    pieces: list[str] = []
    word = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == " ":
            pieces.append(word + " ")
            word = ""
        elif _is_cjk(ch):
            end = i
            while end < len(text) and _is_cjk(text[end]) and text[end] != " ":
                end += 1
            words = list(chinese_words(text[i:end]))
            if word:
                if word[-1].isdigit():  # a count and its measure word: 1疊, 11個
                    words[0] = word + words[0]
                else:
                    pieces.append(word)
                word = ""
            pieces += words
            i = end
            continue
        else:
            word += ch
        i += 1
    if word:
        pieces.append(word)
    held: list[str] = []
    for piece in pieces:
        if held and (piece[0] in CLOSING or held[-1][-1] in OPENING):
            held[-1] += piece
        else:
            held.append(piece)
    return held


@dataclass(frozen=True)
class Line:
    """One line of a text panel."""

    text: str
    size: float = 17
    colour: RGBA = INK


def text_panel(
    lines: Sequence[Line],
    width: float,
    pad: float = 10,
    background: RGBA = PANEL,
    k: float | None = None,
) -> Image.Image:
    """Lines wrapped to `width` reference pixels on a rounded background, sized to fit, for
    this window (or a picture of `k` pixels a reference pixel)."""
    k = scale() if k is None else k
    inner = width * k - 2 * pad * k
    laid: list[tuple[str, ImageFont.FreeTypeFont, RGBA]] = []
    for line in lines:
        face = font(line.size, k)
        laid += [(part, face, line.colour) for part in wrap(line.text, face, inner)]
    widest = max((face.getlength(t) for t, face, _ in laid), default=0.0)
    height = sum(face.size * 1.3 for _, face, _ in laid)
    image = Image.new(
        "RGBA", (int(widest + 2 * pad * k) + 1, int(height + 2 * pad * k) + 1), (0, 0, 0, 0)
    )
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([0, 0, image.width - 1, image.height - 1], 8 * k, fill=background)
    y = pad * k
    for text, face, colour in laid:
        draw.text((pad * k, y), text, font=face, fill=colour)
        y += face.size * 1.3
    return image


class Canvas(Entity):  # type: ignore[misc]
    """One Pillow image on the HUD, placed by its pixel corner in the window."""

    enabled: bool

    def __init__(self, z: float = 0, **kwargs: object) -> None:
        super().__init__(parent=camera.ui, model="quad", z=z, enabled=False, **kwargs)
        self.image: Image.Image | None = None
        self.box = (0, 0, 0, 0)
        """Left, top, right, bottom in window pixels."""

    def show(self, image: Image.Image, left: float, top: float) -> None:
        """Draw `image` with its top-left corner at window pixel (left, top), kept inside the
        window."""
        w, h = (int(v) for v in window.size)
        left = max(0.0, min(left, w - image.width))
        top = max(0.0, min(top, h - image.height))
        box = (int(left), int(top), int(left) + image.width, int(top) + image.height)
        if image is not self.image or box != self.box or not self.enabled:
            stir()  # the window changes: drawn even when all else is still
        if image is not self.image:
            texture = Texture(image)
            texture.filtering = None
            self.texture = texture
            self.image = image
        self.scale = (image.width / h, image.height / h)
        self.x = ((left + image.width / 2) / w - 0.5) * window.aspect_ratio
        self.y = 0.5 - (top + image.height / 2) / h
        self.box = box
        self.enabled = True

    def clear(self) -> None:
        """Take the panel off the window."""
        if self.enabled:
            stir()
        self.enabled = False
        self.image = None

    @property
    def size(self) -> tuple[int, int]:
        """The panel's width and height in window pixels (0, 0 when hidden)."""
        if self.image is None:
            return 0, 0
        return self.image.size


def centred_above_bottom(canvas: Canvas, image: Image.Image, gap: float) -> None:
    """Show `image` on `canvas`, centred, `gap` reference pixels above the window's bottom."""
    w, h = window.size
    canvas.show(image, (w - image.width) / 2, h - gap * scale() - image.height)


class Notice(Canvas):
    """One line over everything at the top of the window for a few seconds: red for a problem,
    green for good news."""

    def __init__(self, seconds: float = 8.0, **kwargs: object) -> None:
        super().__init__(z=-30, name="notice", **kwargs)
        self.seconds = seconds
        self.remaining = 0.0
        self.text = ""

    def show_text(self, text: str, bad: bool = True) -> None:
        """Show `text` for a while."""
        self.text = text
        self.remaining = self.seconds
        image = text_panel([Line(text, 16, BAD if bad else GOOD)], 900)
        w, _ = window.size
        self.show(image, (w - image.width) / 2, 8 * scale())

    def update(self) -> None:
        self.remaining -= time.dt
        if self.remaining <= 0:
            self.clear()
