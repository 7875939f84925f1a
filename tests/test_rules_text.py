"""The rules overlay text: every topic present, the current step's first, options reflected."""

from __future__ import annotations

import pytest

from climbers.the_climbers.core.rules import Rules, Step
from climbers.the_climbers.table.panels.rules_text import TOPICS, as_text, topics_for


@pytest.mark.parametrize(
    "step,first",
    [
        (Step.MOVE, "move"),
        (Step.BLOCK, "block"),
        (Step.DISK, "disk"),
        (Step.REACTION, "reaction"),
        (None, "end"),
    ],
)
def test_current_step_comes_first_and_nothing_is_lost(step: Step | None, first: str) -> None:
    topics = topics_for(step)
    assert topics[0].key == first
    assert sorted(t.key for t in topics) == sorted(t.key for t in TOPICS)


@pytest.mark.rule("R13")
def test_rule_options_change_the_text() -> None:
    assert "ladders may be used" in as_text(topics_for(Step.REACTION, Rules(reaction_ladders=True)))
    assert "reaction" not in [t.key for t in topics_for(Step.MOVE, Rules(classic_turn=True))]


def test_paragraphs_are_short_enough_for_the_overlay() -> None:
    for topic in TOPICS:
        assert 1 <= len(topic.paragraphs) <= 5
        assert all(20 < len(p) < 320 for p in topic.paragraphs), topic.key
