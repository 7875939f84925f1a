"""Solo play of a puzzle: the player's actions go through `core.apply`, the others pass.

The turns advance by the core's solo rules (`climbers.the_climbers.core.solo`: no reaction
moves, the others pass, no end by quiet turns). The target is reached as soon as the player's
Climber stands on the target level or higher. The player's turns are counted from 1; the puzzle
is lost when its last turn ends below it.
"""

from __future__ import annotations

from climbers.io.language import N_, say
from climbers.the_climbers.core import Action, GameState, IllegalAction, Pass, Reason, apply
from climbers.the_climbers.core.events import Event
from climbers.the_climbers.core.solo import pass_others
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.puzzles.model import Puzzle
from climbers.the_climbers.puzzles.solver import Search

NO_UNDO = N_("A puzzle is not taken back step by step: Restart begins it again.")
OVER = {
    True: N_("The puzzle is over: it is solved. Restart to play it again."),
    False: N_("The puzzle is over: no turns are left. Restart to try again."),
}
"""The refusal of any action once the puzzle is solved (True) or out of turns (False)."""


class SoloPlay:
    """One try at a puzzle: the position, the turn count, hints and the solution."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.seat = puzzle.seat
        self.state = puzzle.position
        self.turn = 1
        """The player's turn now, counted from 1."""
        self._path = self._replay_states()

    def _replay_states(self) -> dict[object, int]:
        """The states along the stored solution (by what they play like) → its next action."""
        path: dict[object, int] = {}
        state, turn = self.puzzle.position, 1
        for i, action in enumerate(self.puzzle.actions()):
            path[self._where(state, turn)] = i
            state, _ = apply(state, action)
            if state.actor != self.seat:
                state, _ = pass_others(state, self.seat)
                turn += 1
        return path

    @staticmethod
    def _where(state: GameState, turn: int) -> object:
        players = tuple((p.at, p.ladders) for p in state.players)
        return state.blocks, players, state.turn.step, turn

    @property
    def level(self) -> int:
        """The player's level now."""
        return self.state.level(self.seat)

    @property
    def solved(self) -> bool:
        """Whether the player stands on the target level or higher."""
        return self.level >= self.puzzle.target

    @property
    def failed(self) -> bool:
        """Whether the last turn ended below the target."""
        return self.turn > self.puzzle.turns

    @property
    def turns_left(self) -> int:
        """Turns the player may still begin or finish, this one included."""
        return max(0, self.puzzle.turns - self.turn + 1)

    def apply(self, action: Action) -> list[Event]:
        """Play one of the player's actions through `core.apply` (IllegalAction keeps
        the core's reason); when it ends the turn, the others pass. Returns every event."""
        if self.solved or self.failed:
            raise IllegalAction(Reason.GAME_OVER, say(OVER[self.solved]))
        self.state, events = apply(self.state, action)
        if self.state.actor != self.seat and not self.solved:
            self.turn += 1
            if not self.failed:
                self.state, passed = pass_others(self.state, self.seat)
                events.extend(passed)
        return events

    def end_turn(self) -> list[Event]:
        """Pass the rest of the player's turn; the others then pass theirs."""
        events: list[Event] = []
        turn = self.turn
        while self.turn == turn and not (self.solved or self.failed):
            events.extend(self.apply(Pass(player=self.puzzle.player)))
        return events

    def restart(self) -> None:
        """Back to the puzzle's start."""
        self.state, self.turn = self.puzzle.position, 1

    def hint(self, budget: float | None = None) -> Action | None:
        """The first action of a shortest solution from here, or None when the target cannot
        be reached in the turns left (or is reached). On the stored solution's path this is its
        next action; anywhere else the position is solved afresh, TimeoutError when that takes
        more than `budget` seconds."""
        if self.solved or self.failed:
            return None
        index = self._path.get(self._where(self.state, self.turn))
        if index is not None:
            return self.puzzle.actions()[index]
        report = Search(self.state, self.seat, self.puzzle.target).run(self.turns_left, budget)
        if not report.complete:
            raise TimeoutError(f"no hint within {budget} s")
        return report.solution[0] if report.turns is not None else None

    def solution(self) -> list[Action]:
        """The stored shortest solution from the start, for a "Show solution" replay."""
        return self.puzzle.actions()


def replay(puzzle: Puzzle) -> SoloPlay:
    """The stored solution played from the start; IllegalAction or ValueError when it is refused
    or does not reach the target in exactly the puzzle's number of turns."""
    play = SoloPlay(puzzle)
    actions = puzzle.actions()
    for i, action in enumerate(actions):
        if play.solved:
            raise ValueError(f"the target is reached before the solution's action {i}")
        play.apply(action)
    if not play.solved:
        raise ValueError(f"the solution ends on level {play.level}, below the target")
    if play.turn != puzzle.turns:
        raise ValueError(f"the solution takes {play.turn} turns, not {puzzle.turns}")
    return play


class PuzzleDriver:
    """A puzzle on the table (climbers.session.driver): the player's actions go to the solo
    play, the others pass; a puzzle is not taken back step by step."""

    no_undo = NO_UNDO

    def __init__(self, solo: SoloPlay) -> None:
        self.solo = solo
        self.session = GameSession(solo.puzzle.position)
        """The puzzle's start, for the table's listeners (the solo play keeps the state)."""

    @property
    def state(self) -> GameState:
        return self.solo.state

    def act(self, action: Action) -> list[Event]:
        return self.solo.apply(action)

    def done(self) -> list[Event]:
        return [] if self.solo.solved or self.solo.failed else self.solo.end_turn()

    def undo(self) -> bool:
        return False

    def redo(self) -> list[Event] | None:
        return None
