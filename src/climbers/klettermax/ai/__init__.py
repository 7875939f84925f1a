"""Burg Klettermax's bots at three levels of skill: they take every decision through the core's
legal actions and aim their flicks through a `Hand` given to them (the physics, from
`climbers.klettermax.contest`), so that they import nothing but the core."""

from climbers.klettermax.ai.bot import LEVELS, SKILLS, Bot, Hand, Noise, Skill, Target

__all__ = ["LEVELS", "SKILLS", "Bot", "Hand", "Noise", "Skill", "Target"]
