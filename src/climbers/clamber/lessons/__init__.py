"""Clamber's lessons: five short ones, each a position and one turn to find, on the shared lesson
course (climbers.session.lessons); no window."""

from climbers.clamber.lessons.course import LESSONS, ClamberCourse, ClamberLesson, load_progress

__all__ = ["LESSONS", "ClamberCourse", "ClamberLesson", "load_progress"]
