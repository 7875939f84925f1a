"""The F1 rules overlay of The Climbers (the shared overlay, climbers.app.screens.rules_overlay):
the current step's rules opened first, with buttons that open the lessons where a topic can be
tried."""

from __future__ import annotations

from collections.abc import Mapping

from climbers.app.screens.rules_overlay import RulesOverlay
from climbers.the_climbers.core.rules import Rules, Step
from climbers.the_climbers.table.panels.rules_text import topics_for


class HelpOverlay(RulesOverlay):
    """Rules by topic, tabs down the left. The caller's F1 key calls `toggle`; Escape closes.
    A lesson button calls `on_lesson` with the lesson's id."""

    def show(
        self,
        step: Step | None,
        rules: Rules | None = None,
        lessons: Mapping[str, str] | None = None,
    ) -> None:
        """Open at the topic for `step` (None: the game is over); `lessons` (id -> title) are
        the lessons a topic may open now."""
        self.show_topics(topics_for(step, rules), lessons)

    def toggle(
        self,
        step: Step | None,
        rules: Rules | None = None,
        lessons: Mapping[str, str] | None = None,
    ) -> None:
        """Open (at `step`'s topic) or close."""
        if self.enabled:
            self.enabled = False
        else:
            self.show(step, rules, lessons)
