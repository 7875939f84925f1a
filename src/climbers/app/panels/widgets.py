"""Small UI pieces shared by the menus and overlays: panels, labels, check boxes, text boxes and
choice buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, ClassVar, Generic, TypeVar
from weakref import WeakSet

from panda3d.core import TextNode
from PIL import Image, ImageDraw
from ursina import Button, Color, Entity, Text, Texture, Vec3, camera, color, held_keys, mouse

from climbers.app.fonts import typed_refusal
from climbers.app.panels.line_breaks import wrap
from climbers.app.table.pictures import smooth_texture

T = TypeVar("T")

INK = color.rgb(0.93, 0.93, 0.9)
MUTED = color.rgb(0.65, 0.67, 0.7)
ACCENT = color.rgb(0.12, 0.44, 0.41)
BUTTON = color.rgb(0.2, 0.22, 0.26)
WARN = color.rgb(0.95, 0.45, 0.4)
BACKDROP = color.rgba(0.06, 0.07, 0.09, 0.94)
CARD = color.rgba(0.13, 0.14, 0.17, 0.97)
FIELD = color.rgb(0.09, 0.1, 0.12)
"""Text fields: darker than the buttons beside them."""


SCREEN_Z = -20
"""Full-window screens (menus, lists) lie this much nearer than the HUD, so they are drawn over
it."""
CARD_Z, LIST_Z, RULES_Z, SETTINGS_Z = -40, -45, -50, -60
"""Dialogs lie nearer than any screen, each kind over the ones it can open over (a card, a list
opened from a card, the rules, the settings): drawn above what is under them, and their backdrop
takes every click and hover that misses their own controls."""
ROOM = 0.92
"""The share of a button's width its text may take."""


def fit_text(b: Button, room: float = ROOM) -> None:
    """Draw the button's text at its text size, or smaller when it would not fit in `room` of
    the button's width (a longer translation)."""
    text = b.text_entity
    if text is None:
        return
    text.world_scale = Vec3(20 * b.text_size)
    wide = text.width * text.world_scale_x
    if wide > room * b.world_scale_x:
        text.world_scale = Vec3(20 * b.text_size * room * b.world_scale_x / wide)


class _Measure:
    """How wide a line of a Text is, in the units of the Text's parent (for line_breaks.wrap)."""

    def __init__(self, text: Text) -> None:
        self.node = TextNode("measure")
        self.node.setFont(text.font)
        self.unit = text.size * text.scale_x

    def getlength(self, line: str) -> float:
        return float(self.node.calcWidth(line) * self.unit)


def plain(text: Text) -> Text:
    """`text` drawn as it is written, never read as Ursina's markup (a player may be called
    '<scale:30>Ana'); every text the project shows is plain. What markup read as the text was
    made (a size, a colour) is undone too."""
    text.use_tags = False
    text.scale_override = 1
    text.current_color = text.text_colors["default"]
    text.text = getattr(text, "raw_text", "")
    return text


def plain_button(b: Button) -> Button:
    """A button whose text, now and later, is plain (see `plain`)."""
    if b.text_entity is None:
        b.text = " "
    plain(b.text_entity)
    return b


def wrap_text(text: Text, words: str, width: float) -> None:
    """Show `words` on `text` in lines no wider than `width` (in the units of the text's
    parent), broken as the Pillow panels break them (Chinese too, which has no spaces)."""
    text.text = "\n".join(wrap(words, _Measure(text), width))


class Screen(Entity):  # type: ignore[misc]
    """A full-window UI layer, drawn over the HUD, that swallows clicks to what lies behind it
    (a dialog: give it a dialog's `z`)."""

    def __init__(self, backdrop: Color = BACKDROP, **kwargs: Any) -> None:
        kwargs.setdefault("z", SCREEN_Z)
        super().__init__(parent=camera.ui, **kwargs)
        self.backdrop = Entity(
            parent=self, model="quad", scale=(4, 2), color=backdrop, z=1, collider="box"
        )
        TextBox.stop_typing()  # keys go to this screen now, never to a box behind it

    def apply_settings(self, settings: object) -> None:
        """A menu or list shows no setting (climbers.app.screen_machine.Screen)."""

    def again(self) -> tuple[object, ...]:
        """A menu or list is shown anew from what its screen's state keeps."""
        return ()

    def recover(self) -> None:
        """A menu or list has no game state to show again."""


def card(parent: Entity, scale: tuple[float, float], **kwargs: Any) -> Entity:
    """A rounded panel behind a group of controls."""
    from ursina.models.procedural.quad import Quad

    return Entity(
        parent=parent,
        model=Quad(aspect=scale[0] / scale[1], radius=0.04),
        scale=scale,
        color=CARD,
        z=0.5,
        **kwargs,
    )


def label(parent: Entity, text: str, x: float, y: float, size: float = 1.0, **kwargs: Any) -> Text:
    """Left-aligned text at (x, y)."""
    kwargs.setdefault("color", INK)
    return plain(Text(text, parent=parent, x=x, y=y, origin=(-0.5, 0), scale=size, **kwargs))


def sign(parent: Entity, x: float, y: float, tint: Color, square: bool = False) -> Entity:
    """A player's sign beside their name: a disc of their colour, or a square."""
    model, scale = ("quad", 0.035) if square else ("circle", 0.04)
    return Entity(parent=parent, model=model, scale=scale, x=x, y=y, color=tint)


def button(
    parent: Entity,
    text: str,
    x: float,
    y: float,
    on_click: Callable[[], object],
    width: float = 0.22,
    tint: Color = BUTTON,
    height: float = 0.05,
    **kwargs: Any,
) -> Button:
    """A button whose centre is at (x, y)."""
    b = plain_button(
        Button(text, parent=parent, x=x, y=y, scale=(width, height), color=tint, **kwargs)
    )
    b.on_click = on_click
    fit_text(b)
    return b


BACK_PART = 0.3
"""A click this far left of a choice's middle (a share of its width) steps back: the «."""


class Choice(Button, Generic[T]):  # type: ignore[misc]
    """A button that steps through options: a click on its « steps back, elsewhere on (a
    right click steps back too)."""

    def __init__(
        self,
        parent: Entity,
        options: Sequence[tuple[T, str]],
        value: T,
        x: float,
        y: float,
        on_change: Callable[[T], None] | None = None,
        width: float = 0.3,
        **kwargs: Any,
    ) -> None:
        super().__init__("", parent=parent, x=x, y=y, scale=(width, 0.05), color=BUTTON, **kwargs)
        plain_button(self)
        self.options = list(options)
        self.on_change = on_change
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_click = self.clicked
        self._show()

    def clicked(self) -> None:
        """A click: back on the left part, where « stands; on elsewhere."""
        point = mouse.point if self.hovered else None
        self.step(-1 if point is not None and point.x < -BACK_PART else 1)

    @property
    def value(self) -> T:
        """The option chosen."""
        return self.options[self.index][0]

    def set_options(self, options: Sequence[tuple[T, str]], value: T) -> None:
        """Replace the options, keeping `value` chosen if it is among them."""
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self._show()

    def step(self, by: int) -> None:
        """Choose the option `by` places on, wrapping round."""
        self.index = (self.index + by) % len(self.options)
        self._show()
        if self.on_change is not None:
            self.on_change(self.value)

    def _show(self) -> None:
        self.text = f"«  {self.options[self.index][1]}  »"
        fit_text(self)

    def input(self, key: str) -> None:
        if key == "right mouse down" and self.hovered:
            self.step(-1)
        super().input(key)


class RowButton(Button):  # type: ignore[misc]
    """A one-row control with its text from the left edge: the base of text boxes and toggles."""

    def __init__(
        self, parent: Entity, x: float, y: float, width: float, tint: Color, **kwargs: Any
    ) -> None:
        super().__init__(
            "",
            parent=parent,
            x=x,
            y=y,
            scale=(width, 0.05),
            color=tint,
            text_origin=(-0.5, 0),
            **kwargs,
        )
        plain_button(self)


@cache
def tick_box(ticked: bool) -> Texture:
    """A check box, empty or ticked."""
    size = 64
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([2, 2, size - 3, size - 3], 10, fill=(240, 240, 236, 255))
    d.rounded_rectangle([8, 8, size - 9, size - 9], 6, fill=(30, 34, 40, 255))
    if ticked:
        d.line([(16, 33), (27, 45), (48, 19)], fill=(120, 230, 170, 255), width=8, joint="curve")
    return smooth_texture(img)


class TextBox(RowButton):
    """A one-line text field in the client's font: click to type, Enter or a click elsewhere to
    finish (Enter also calls `on_enter`); typing adds at the end, Backspace takes the last
    character back, Ctrl+A selects all (the box in the accent colour) so that Backspace clears it
    and typing replaces it; `on_edit` is called after every change. Text longer than the box is
    shown shortened in the middle while it is not being typed in. A character the font cannot
    draw is not taken: `on_refuse` gets the reason, in one line, to show."""

    def __init__(
        self,
        parent: Entity,
        text: str,
        x: float,
        y: float,
        width: float,
        limit: int = 24,
        allowed: str | None = None,
        hint: str = "",
        on_refuse: Callable[[str], None] | None = None,
        on_enter: Callable[[], object] | None = None,
        on_edit: Callable[[], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(parent, x, y, width, FIELD, **kwargs)
        self.value = text
        self.on_enter = on_enter
        self.on_edit = on_edit
        self.selected = False
        """Whether the whole text is selected (Ctrl+A): Backspace or a character replaces it."""
        self.limit = limit
        self.allowed = allowed
        self.hint = hint
        self.on_refuse = on_refuse
        self.refusal = ""
        """Why the last character typed was not taken ('' when it was)."""
        self.active = False
        self.on_click = self.focus
        self._show()
        TextBox._boxes.add(self)

    _boxes: ClassVar[WeakSet[TextBox]] = WeakSet()
    """Every text box made, while it lives."""

    @classmethod
    def typing(cls) -> bool:
        """Whether a box is being typed in."""
        return any(box.active for box in list(cls._boxes) if not box.is_empty())

    @classmethod
    def stop_typing(cls) -> None:
        """End typing in every box (a screen or dialog opens over them: the keys are its)."""
        for box in list(cls._boxes):
            if box.is_empty():  # taken away with its screen
                cls._boxes.discard(box)
            elif box.active:
                box.active = box.selected = False
                box._show()

    def fits(self, text: str) -> bool:
        """Whether `text` fits inside the box."""
        self.text = text
        return bool(
            self.text_entity.width * self.text_entity.world_scale_x < 0.94 * self.world_scale_x
        )

    def focus(self) -> None:
        """Start typing in the box."""
        self.active = True
        self._show()

    def _show(self) -> None:
        if self.active:
            start = 0
            while not self.fits(f"  {self.value[start:]}|"):
                start += 1
        elif self.value:
            chars = len(self.value)
            while not self.fits(f"  {middle_cut(self.value, chars)}"):
                chars -= 1
        else:
            self.text = f"  {self.hint}"
        self.text_color = INK if self.value or self.active else MUTED
        self.color = ACCENT if self.selected else FIELD

    def set(self, text: str) -> None:
        """Replace the text."""
        self.value = text[: self.limit]
        self._show()

    def _edit(self, value: str) -> None:
        self.value, self.selected = value, False
        self._show()
        if self.on_edit is not None:
            self.on_edit()

    def input(self, key: str) -> None:
        if key == "left mouse down" and self.active and not self.hovered:
            self.active = self.selected = False
            self._show()
        elif self.active and key in ("enter", "escape"):
            self.active = self.selected = False
            self._show()
            if key == "enter" and self.on_enter is not None:
                self.on_enter()
        elif self.active and key in ("backspace", "backspace hold"):
            self._edit("" if self.selected else self.value[:-1])
        elif self.active and key == "a" and held_keys["control"]:
            self.selected = True
            self._show()
        else:
            super().input(key)

    def text_input(self, key: str) -> None:
        if not self.active or len(self.value) >= self.limit or not key.isprintable():
            return
        if self.allowed is not None and key not in self.allowed:
            return
        refusal = typed_refusal(key)
        self.refusal = refusal or ""
        if refusal is not None:
            if self.on_refuse is not None:
                self.on_refuse(refusal)
            return
        self._edit(key if self.selected else self.value + key)


def middle_cut(text: str, chars: int) -> str:
    """`text` shortened to about `chars` characters by leaving out its middle."""
    if len(text) <= chars:
        return text
    keep = chars - 1
    return text[: keep // 3] + "…" + text[-(keep - keep // 3) :]


class Toggle(RowButton):
    """An on/off button showing a tick box and its caption."""

    def __init__(
        self,
        parent: Entity,
        caption: str,
        value: bool,
        x: float,
        y: float,
        on_change: Callable[[bool], None] | None = None,
        width: float = 0.5,
        **kwargs: Any,
    ) -> None:
        super().__init__(parent, x, y, width, BUTTON, **kwargs)
        self.caption = caption
        self.value = value
        self.on_change = on_change
        self.on_click = self.flip
        self._show()

    def flip(self) -> None:
        """Switch on or off."""
        self.value = not self.value
        self._show()
        if self.on_change is not None:
            self.on_change(self.value)

    def _show(self) -> None:
        self.text = self.caption
        self.text_entity.x = -0.5 + 0.065 / self.scale_x
        fit_text(self, ROOM - 0.065 / self.scale_x)
        if getattr(self, "box", None) is None:
            self.box = Entity(
                parent=self,
                model="quad",
                x=-0.5 + 0.035 / self.scale_x,
                scale=(0.032 / self.scale_x, 0.032 / self.scale_y),
                z=-0.01,
            )
        self.box.texture = tick_box(self.value)
