"""Burg Klettermax's lessons on the shared course (climbers.session.lessons)."""

from climbers.klettermax.lessons.course import LESSONS, KlettermaxCourse, KlettermaxLesson

__all__ = ["LESSONS", "KlettermaxCourse", "KlettermaxLesson"]
