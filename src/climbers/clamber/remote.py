"""Clamber across computers (`climbers.net`): whole turns, nothing hidden."""

from climbers.clamber.game.session import ClamberTurns
from climbers.net.remote import Remote

REMOTE = Remote(turns=ClamberTurns())
