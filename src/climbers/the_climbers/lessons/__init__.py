"""Learn to play: short lessons on small prepared positions, checked by the core, no window."""

from climbers.io.progress import Progress
from climbers.the_climbers.lessons.course import GENERAL_EXPLANATION, Attempt, Course, LessonDriver
from climbers.the_climbers.lessons.goals import (
    ClimberAtLevel,
    ClimberPushed,
    Condition,
    DiskPlaced,
    GameWon,
    ReactionMade,
    goal_reached,
)
from climbers.the_climbers.lessons.model import (
    Focus,
    Lesson,
    LessonFileProblem,
    LessonText,
    WrongTry,
    load_lessons,
)
from climbers.the_climbers.lessons.progress import load_progress, progress_path

__all__ = [
    "GENERAL_EXPLANATION",
    "Attempt",
    "ClimberAtLevel",
    "ClimberPushed",
    "Condition",
    "Course",
    "DiskPlaced",
    "Focus",
    "GameWon",
    "Lesson",
    "LessonDriver",
    "LessonFileProblem",
    "LessonText",
    "Progress",
    "ReactionMade",
    "WrongTry",
    "goal_reached",
    "load_lessons",
    "load_progress",
    "progress_path",
]
