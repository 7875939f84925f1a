"""Clamber's pictures, made from the real table: the games screen's tile
(assets/games/clamber.png) and the README's screenshots (docs/screenshots/clamber-*.png).

    python -m climbers.clamber.devtools.pictures tile assets/games/clamber.png
    python -m climbers.clamber.devtools.pictures screenshot docs/screenshots/clamber-en.png
    python -m climbers.clamber.devtools.pictures screenshot docs/screenshots/clamber-zh-Hant.png \
        --lang zh-Hant

A seeded game between two bots is played for a number of turns; the screenshot then chooses a
stack of the player to move and points at one of its targets, as a player would.
"""

from __future__ import annotations

from climbers.clamber.ai.tournament import make_bot
from climbers.clamber.core import (
    ClamberRules,
    ClamberState,
    apply,
    equal_targets_of,
    lower_targets_of,
)
from climbers.devtools.pictures import frame_tile, picture_parser, picture_window, settle_and_take
from climbers.io.language import use_language


def position(size: int, turns: int, seed: int) -> ClamberState:
    """A game between the greedy and the random bot after `turns` turns (or its end)."""
    state = ClamberRules(size).new_state(2, seed)
    bots = [make_bot("greedy", seed), make_bot("random", seed + 1)]
    for _ in range(turns):
        if state.over:
            break
        state = apply(state, bots[state.to_move].choose(state))[0]
    return state


def main() -> None:
    parser = picture_parser(__doc__ or "")
    parser.add_argument("--size", type=int, choices=(3, 4), default=3)
    parser.add_argument("--turns", type=int, default=32)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    use_language(args.lang)

    from ursina import Vec3, application

    from climbers.app.table.camera import screen_pixel
    from climbers.clamber.game.session import ClamberSession
    from climbers.clamber.table.play_board import TABLE_GAME, ClamberPlay

    app = picture_window(args.kind, "Clamber")
    state = position(args.size, args.turns, args.seed)
    screen = TABLE_GAME.play(ClamberSession(state))
    screen.app = app
    for _ in range(6):
        app.step()
    if args.kind == "tile":  # no stone to place under the pointer
        frame_tile(screen.rig, 0.93)
    else:  # choose a stack with both kinds of capture, point at an equal one
        mine = [c for c, s in state.stacks.items() if s.owner == state.to_move]
        both = [c for c in mine if equal_targets_of(state, [c]) and lower_targets_of(state, c)]
        board = screen.board
        assert isinstance(board, ClamberPlay)
        board.choose((both or mine)[0])
        targets = board.targets
        equal = [c for c, kind in targets.items() if kind == "equal"]
        target = next(iter(equal or targets), None)
        if target is not None:
            pixel = screen_pixel(Vec3(board.view.badge_point(target)))
            if pixel is not None:
                application.base.win.move_pointer(0, *pixel)
    settle_and_take(app, 40, args.out)


if __name__ == "__main__":
    main()
