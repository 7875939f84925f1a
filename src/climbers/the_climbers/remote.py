"""The Climbers across computers (`climbers.net`): undo within a player's own turn, nothing
hidden; played across computers from the command line (`climbers join`), not yet in the window
(its table is not yet the shared one)."""

from climbers.net.remote import Remote
from climbers.the_climbers.game.session import ClimbersTurns

REMOTE = Remote(turns=ClimbersTurns(), in_window=False)
