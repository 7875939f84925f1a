"""A question over the screen showing, answered by one of a few buttons (Esc: the last, which
goes back): the table asks before it does something a player cannot take back."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ursina import Text, color

from climbers.app.panels.widgets import ACCENT, CARD_Z, Screen, button, card, plain, wrap_text

Answer = tuple[str, Callable[[], None]]
"""A button's text (translated) and what it does."""


class AskCard(Screen):
    """`question` over buttons side by side, the first the one suggested (accented); Esc
    answers the last."""

    def __init__(self, question: str, answers: Sequence[Answer]) -> None:
        super().__init__(backdrop=color.rgba(0.04, 0.05, 0.07, 0.8), z=CARD_Z, name="ask-card")
        self.answers = list(answers)
        self.armed = False
        """Esc answers from the card's first frame on (not the press that opened it)."""
        card(self, (0.9, 0.3), y=0.02)
        self.question = plain(Text(" ", parent=self, y=0.07, origin=(0, 0), color=color.white))
        wrap_text(self.question, question, 0.8)
        width = 0.25
        left = -(len(self.answers) - 1) * (width + 0.02) / 2
        self.buttons = [
            button(
                self,
                text,
                left + i * (width + 0.02),
                -0.06,
                action,
                width,
                *((ACCENT,) if i == 0 else ()),
            )
            for i, (text, action) in enumerate(self.answers)
        ]

    def update(self) -> None:
        self.armed = True

    def input(self, key: str) -> None:
        if key == "escape" and self.armed:
            self.answers[-1][1]()
