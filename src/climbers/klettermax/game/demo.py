"""Burg Klettermax's demo games: bots only, the line-up and the number of players changing from
game to game (played in the window, or headless through `climbers.session.demo`)."""

from __future__ import annotations

from climbers.klettermax.core import State, new_state, ranking
from climbers.klettermax.game.session import KlettermaxSession
from climbers.session.demo import DemoGame

LINEUPS = (
    ("hard", "medium", "easy"),
    ("hard", "hard"),
    ("medium", "easy", "hard", "medium"),
    ("easy", "hard", "medium"),
)
"""The bot level of each seat, clockwise, game after game."""


def demo_game(index: int, first_seed: int = 0) -> DemoGame[KlettermaxSession]:
    """Game `index` of the demo: the next line-up, the castle dealt from the game's seed."""
    levels = LINEUPS[index % len(LINEUPS)]
    seed = first_seed + index
    start = new_state(len(levels), seed)
    session = KlettermaxSession(start, bots=dict(enumerate(levels)))
    return DemoGame(session, levels, f"{len(levels)} players, seed {seed}")


def outcome(state: State) -> str:
    """How a demo game ended: 'seat 2 wins with 9 treasures'."""
    places = ranking(state)
    winners = [seat for seat, place in enumerate(places) if place == 1]
    treasures = state.seats[winners[0]].treasures
    who = " and ".join(f"seat {seat}" for seat in winners)
    return f"{who} {'win' if len(winners) > 1 else 'wins'} with {treasures} treasures"
