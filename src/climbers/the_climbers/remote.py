"""The Climbers across computers (`climbers.net`): undo within a player's own turn, nothing
hidden."""

from climbers.net.remote import Remote
from climbers.the_climbers.game.session import ClimbersTurns

REMOTE = Remote(turns=ClimbersTurns())
