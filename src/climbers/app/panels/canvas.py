"""Panels drawn with Pillow: each panel is one texture laid out to the pixel, so it costs one
draw call, its text is measured before it is placed, and nothing runs past its edge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

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
WORDS = frozenset(
    """
    攀爬者 玩家 積木方塊 積木 方塊 半立方 雙立方 立方 大型 塔樓 桌面 格子 頂面 短梯 長梯 梯子 兩把
    一把 阻擋石 青色 紫色 黃色 紅色 粉紅色 灰色 彩色 顏色 回合 階段 移動 回應 跳過 放棄 放置 放下
    旋轉 翻轉 推開 一旁 平放 變體 規則 獲勝 並列 遊戲 結束 開始 重新開始 設定 語言 課程 學習 玩法
    謎題 提示 目標 解答 沙盒 零件盤 局面 存檔 檔案 重播 截圖 復原 重做 完成 剖面 分析 空白鍵 電腦
    真人 隨機 貪心 高手 點一下 拖曳 右鍵 滾輪 視窗 字型 程式 自動 名字 字元 可以 不能 只能 沒有
    已經 這個 那個 這裡 那裡 上面 下面 旁邊 前面 後面 接著 然後 最後 一次 一個 兩個 三個 四個 五個
    下一個 上一個 之前 之後 剩下 最高 更高 往上 往下 爬上 走到 到達 需要 必須 不用 支撐 懸空 選擇
    玩家們 第一 第二 之間 一起 而且 或者 如果 因為 所以 除非 還是 仍然 只有 每個 每人 其他 另一個
    站著 不動 留在 最高處 出發 持有 只剩 就算 能到 解開 一步 兩步 一層 兩層 往上爬 推到 結束時
    """.split()
)
"""Chinese words a line never breaks inside (放棄, 階段): the game's terms
(docs/GLOSSARY-zh-Hant.md) and common words of its sentences. Chinese has no spaces: between
characters outside these, a line may break."""
LONGEST_WORD = max(map(len, WORDS))


def wrap(text: str, face: Measure, width: float) -> list[str]:
    """`text` broken into lines no wider than `width` pixels: between words, and inside a run
    without spaces (as Chinese is written) between characters, but never inside a Latin word, a
    number or a known Chinese word (`WORDS`), never before closing punctuation nor after
    opening punctuation. A piece wider than the line is broken between characters."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece in _pieces(paragraph):
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


def _pieces(text: str) -> list[str]:
    """What a line may not break inside: Latin words and numbers with their following space,
    known Chinese words, other Chinese characters one by one; each with the punctuation that
    holds on to it."""
    pieces: list[str] = []
    word = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == " ":
            pieces.append(word + " ")
            word = ""
        elif _is_cjk(ch):
            if word:
                pieces.append(word)
                word = ""
            size = next(
                (n for n in range(LONGEST_WORD, 1, -1) if text[i : i + n] in WORDS),
                1,
            )
            pieces.append(text[i : i + size])
            i += size
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
