"""One current screen and the declared ways between screens, on Panda3D's own FSM.

Each state has a function that builds its screen from the arguments the state is entered with;
leaving any state clears the table. `go` asks for a state and is refused (RequestDenied)
when no way from the current screen to it is declared; asked while a screen is being built or
cleared, it waits until that is done. The screen showing answers the `Screen` protocol, the one
path by which settings, the language and a fault reach it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from direct.fsm.FSM import FSM

FAULT = "InternalError"
"""The state Panda3D's FSM is left in when building or clearing a screen raised."""


class Screen(Protocol):
    """What the machine asks of the screen it shows."""

    def apply_settings(self, settings: Any) -> None:
        """Use changed settings at once where that is possible."""
        ...

    def again(self) -> tuple[object, ...]:
        """What to enter this screen's state with to show it anew as it is now (its game, its
        place, its position), after the language changed."""
        ...

    def recover(self) -> None:
        """After an unexpected fault: show the last good state again."""
        ...


class ScreenMachine(FSM):  # type: ignore[misc]
    """The screens of one table as the states of a machine, with their declared transitions."""

    def __init__(
        self,
        name: str,
        screens: Mapping[str, Callable[..., Screen]],
        transitions: Mapping[str, Sequence[str]],
        clear: Callable[[], None],
    ) -> None:
        super().__init__(name)
        self.defaultTransitions = {state: list(ways) for state, ways in transitions.items()}
        self.screen: Screen | None = None
        """The screen showing now."""
        self._build = dict(screens)
        self._clear = clear

    @property
    def current(self) -> str:
        """The state showing ('Off' before the first screen)."""
        return str(self.state or self.newState)

    def go(self, state: str, *args: object) -> None:
        """Show `state`'s screen, built from `args` (RequestDenied when no way leads there)."""
        self.demand(state, *args)

    def again(self) -> None:
        """Build the screen showing anew (in the current language), as it is now."""
        if self.screen is not None and self.state not in (None, "Off", FAULT):
            self.forceTransition(self.state, *self.screen.again())

    def recover(self, fallback: str) -> None:
        """After a fault: the screen showing shows its last good state again; a machine left
        half-way between screens goes to `fallback`."""
        if self.state == FAULT:
            self.forceTransition(fallback)
        elif self.screen is not None:
            self.screen.recover()

    def defaultEnter(self, *args: object) -> None:
        """Entering a state builds its screen."""
        self.screen = self._build[self.newState](*args)

    def defaultExit(self) -> None:
        """Leaving any screen clears the table."""
        self._clear()
        self.screen = None
