"""Burg Klettermax's pictures, made from the real table: the games screen's tile
(assets/games/klettermax.png) and the README's screenshots (docs/screenshots/klettermax-*.png).

    python -m climbers.klettermax.devtools.pictures tile assets/games/klettermax.png
    python -m climbers.klettermax.devtools.pictures screenshot docs/screenshots/klettermax-en.png
    python -m climbers.klettermax.devtools.pictures screenshot \
        docs/screenshots/klettermax-zh-Hant.png --lang zh-Hant

Three bots play a seeded game until a tower is full at the start of its owner's turn; the
screenshot then presses on its top knight and pulls back, as a player aiming would.
"""

from __future__ import annotations

from climbers.devtools.pictures import frame_tile, picture_parser, picture_window, settle_and_take
from climbers.io.language import use_language
from climbers.klettermax.core import Phase, State, apply, new_state
from climbers.klettermax.physics.hand import physics_bot


def position(seed: int, loots: int) -> State:
    """A three-player game between bots, at the first full tower to flick after `loots` tiles
    were taken."""
    state = new_state(3, seed, first=0)
    bots = [physics_bot(level, seat) for seat, level in enumerate(("hard", "medium", "easy"))]
    while not state.over:
        taken = sum(len(s.tiles) for s in state.seats)
        if taken >= loots and state.turn.phase is Phase.START and state.active.full:
            return state
        state = apply(state, bots[state.turn.seat].choose(state))[0]
    raise ValueError("the game ended before a tower was full")


def main() -> None:
    parser = picture_parser(__doc__ or "")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--loots", type=int, default=4)
    args = parser.parse_args()
    use_language(args.lang)

    from ursina import Vec3, application

    from climbers.app.table.camera import screen_pixel
    from climbers.klettermax.game.session import KlettermaxSession
    from climbers.klettermax.table.geometry import knight_foot
    from climbers.klettermax.table.play_board import TABLE_GAME, KlettermaxPlay

    app = picture_window(args.kind, "Burg Klettermax")
    state = position(args.seed, args.loots)
    screen = TABLE_GAME.play(KlettermaxSession(state, bots={1: "medium", 2: "easy"}))
    for _ in range(60):  # the camera frames the full tower
        app.step()
    if args.kind == "tile":
        screen.rig.reset()  # the whole table, not the tower about to flick
        frame_tile(screen.rig, 0.75)
    else:  # press on the top knight and pull back, away from the castle
        seat = state.active
        x, y, z = knight_foot(seat.spot, len(seat.tower) - 1)
        knight = screen_pixel(Vec3(x, y, z))
        centre = screen_pixel(Vec3(0, y, 0))
        if knight is not None and centre is not None:
            application.base.win.move_pointer(0, *knight)
            app.step()
            board = screen.board
            assert isinstance(board, KlettermaxPlay)
            board.press_down()
            pull = (
                knight[0] + (knight[0] - centre[0]) * 0.35,
                knight[1] + (knight[1] - centre[1]) * 0.35,
            )
            application.base.win.move_pointer(0, int(pull[0]), int(pull[1]))
    settle_and_take(app, 30, args.out)


if __name__ == "__main__":
    main()
