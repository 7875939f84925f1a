"""Burg Klettermax's lessons on the shared course (climbers.session.lessons)."""

from climbers.klettermax.lessons.course import (
    LESSONS,
    OFF_SPOT,
    KlettermaxCourse,
    KlettermaxLesson,
)

__all__ = ["LESSONS", "OFF_SPOT", "KlettermaxCourse", "KlettermaxLesson"]
