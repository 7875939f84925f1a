"""The F1 rules overlay of every game's table: one topic at a time, tabs down the left, a
topic's paragraphs each beside its small picture when the game draws one, and buttons that open
the lessons where the topic can be tried. The game gives the topics, in the current language."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from PIL import Image
from ursina import Button, Entity, Text, color, destroy

from climbers.app.panels.line_breaks import written_without_spaces
from climbers.app.panels.widgets import (
    ACCENT,
    BUTTON,
    MUTED,
    RULES_Z,
    Screen,
    button,
    card,
    label,
    plain,
    plain_button,
    wrap_text,
)
from climbers.app.table.pictures import smooth_texture
from climbers.io.language import _

BODY_WIDTH = 1.0
"""A topic's lines at most, from the body's left edge to inside the card."""
BODY_TOP = 0.25
PICTURE = 0.22
"""A paragraph's picture: its side, left of the paragraph."""
GAP = 0.03
LINE_HEIGHT, CHINESE_LINE_HEIGHT = 1.15, 1.5
"""The pitch of a paragraph's lines, in lines of the font's size; Chinese characters fill
their square, and their lines need more room between them."""


def line_height(words: str) -> float:
    """The pitch of the lines of `words` (Chinese: CHINESE_LINE_HEIGHT)."""
    return CHINESE_LINE_HEIGHT if written_without_spaces(words) else LINE_HEIGHT


class Topic(Protocol):
    """What the overlay shows of a topic: its heading, its paragraphs and the ids of the
    lessons that let a player try it."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def paragraphs(self) -> tuple[str, ...]: ...

    @property
    def lessons(self) -> tuple[str, ...]: ...

    @property
    def pictures(self) -> tuple[Image.Image | None, ...]:
        """A picture beside each paragraph (None: none); empty when the topic has none."""
        ...


class RulesOverlay(Screen):
    """Rules by topic, tabs down the left; Escape closes. A lesson button calls `on_lesson`
    with the lesson's id."""

    def __init__(self, on_lesson: Callable[[str], None] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("z", RULES_Z)
        super().__init__(backdrop=color.rgba(0.04, 0.05, 0.07, 0.8), **kwargs)
        card(self, (1.5, 0.86))
        label(self, _("Rules"), -0.7, 0.38, 1.5)
        label(self, _("F1 or Esc to close"), 0.42, 0.38, 0.9, color=MUTED)
        self.title = label(self, "", -0.3, 0.3, 1.35)
        self.body = plain(Text(" ", parent=self, x=-0.3, y=BODY_TOP, origin=(-0.5, 0.5)))
        self.figures: list[Entity] = []
        """The paragraphs laid beside their pictures, and the pictures."""
        self.tabs: list[Button] = []
        self.topics: list[Any] = []
        self.current: Any = None
        self.on_lesson = on_lesson
        self.lessons: Mapping[str, str] | None = None
        self.try_it = label(self, _("Try it in a lesson:"), -0.3, -0.24, 0.9, color=MUTED)
        self.links: list[Button] = []
        self.enabled = False

    def show_topics(
        self,
        topics: Sequence[Topic],
        lessons: Mapping[str, str] | None = None,
        at: str | None = None,
    ) -> None:
        """Open at the topic whose key is `at` (the first when none is); `lessons` (id ->
        title) are the lessons a topic may open now."""
        self.lessons = lessons or {}
        for tab in self.tabs:
            destroy(tab)
        self.topics = list(topics)
        self.tabs = []
        for i, topic in enumerate(self.topics):
            tab = plain_button(
                Button(
                    "  " + topic.title,
                    parent=self,
                    x=-0.53,
                    y=0.3 - 0.065 * i,
                    scale=(0.36, 0.055),
                    color=BUTTON,
                    text_origin=(-0.5, 0),
                    text_size=0.85,
                )
            )
            tab.on_click = lambda t=topic: self.open(t)
            self.tabs.append(tab)
        self.enabled = True
        self.open(next((t for t in self.topics if t.key == at), self.topics[0]))

    def open(self, topic: Topic) -> None:
        """Show one topic."""
        self.current = topic
        self.title.text = topic.title
        for figure in self.figures:
            destroy(figure)
        self.figures = []
        if any(topic.pictures):
            self.body.text = ""
            self._lay_pictures(topic)
        else:
            words = "\n\n".join(topic.paragraphs)
            self.body.line_height = line_height(words)
            wrap_text(self.body, words, BODY_WIDTH)
        for tab, t in zip(self.tabs, self.topics, strict=True):
            tab.color = ACCENT if t is topic else BUTTON
        for link in self.links:
            destroy(link)
        lessons = self.lessons or {}
        ids = [i for i in topic.lessons if i in lessons] if self.on_lesson else []
        self.links = [
            button(
                self,
                lessons[i],
                -0.1 + 0.42 * (k % 2),
                -0.3 - 0.065 * (k // 2),
                self._opener(i),
                width=0.4,
                text_size=0.85,
            )
            for k, i in enumerate(ids)
        ]
        self.try_it.enabled = bool(self.links)

    def _lay_pictures(self, topic: Topic) -> None:
        """Each paragraph in a row of its own, its picture on the left."""
        y = BODY_TOP
        for paragraph, picture in zip(topic.paragraphs, topic.pictures, strict=True):
            x = -0.3
            if picture is not None:
                self.figures.append(
                    Entity(
                        parent=self,
                        model="quad",
                        texture=smooth_texture(picture),
                        scale=PICTURE,
                        x=x + PICTURE / 2,
                        y=y - PICTURE / 2,
                    )
                )
                x += PICTURE + GAP
            text = plain(Text(" ", parent=self, x=x, y=y, origin=(-0.5, 0.5)))
            text.line_height = line_height(paragraph)
            wrap_text(text, paragraph, BODY_WIDTH - (x + 0.3))
            self.figures.append(text)
            y -= max(PICTURE if picture is not None else 0.0, text.height) + GAP

    def _opener(self, lesson_id: str) -> Callable[[], None]:
        def open_lesson() -> None:
            self.enabled = False
            if self.on_lesson is not None:
                self.on_lesson(lesson_id)

        return open_lesson

    def input(self, key: str) -> None:
        if key == "escape":
            self.enabled = False
