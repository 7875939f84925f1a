"""`climbers export`: a saved game of any game on the table, a part of it, or a puzzle's
solution, as an MP4 or GIF clip drawn off-screen by the game's own view and camera."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from climbers.app.clips import GIF_FPS, GIF_SIZE, MP4_FPS, MP4_SIZE
from climbers.cli.arguments import complain, output_path, path, whole_number, window, window_size
from climbers.games.registry import GameEntry, games
from climbers.io.json_input import PEEK_BYTES, SourceProblem, format_of, load_json
from climbers.io.language import N_, say, start_language

KINDS = {".mp4": (MP4_SIZE, MP4_FPS, (10, 60)), ".gif": (GIF_SIZE, GIF_FPS, (12, 15))}
"""By the clip's suffix: its default size, default frames a second and the frames a second it
may have."""
WIDEST_GIF = 640
"""A GIF is at most this wide (a larger picture makes too large a file: use MP4)."""
WINDOW = (427, 240)
"""The window the clip is drawn in fits in this, as small as a window may be, since it draws
every frame too (the clip itself is drawn off-screen at its own size)."""
MAX_ACTION = 100_000
BAR = 30
"""Characters of the progress bar on the command line."""
NOT_A_CLIP = N_("{file}: a clip ends in .mp4 or .gif")
NO_NAME = N_("{file}: a clip needs a name before {suffix}, e.g. clip{suffix}")
ODD_SIZE = N_("{size}: an MP4 clip's width and height are even numbers")
WIDE_GIF = N_("{size}: a GIF is at most {widest} pixels wide (an MP4 can be larger)")
BAD_FPS = N_("--fps {fps}: a {kind} clip has {low} to {high} frames a second")
FILE_OR_PUZZLE = N_("name a saved game or --puzzle ID, not both")
NO_CLIPS = N_("{game} has no clips yet")
BAD_RANGE = N_(
    "--from {first} --to {last}: the game has {count} actions; choose 0 ≤ from < to ≤ {count}"
)


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `export`."""
    cmd.add_argument("file", type=path, nargs="?", help="a saved game")
    cmd.add_argument("--puzzle", help="a puzzle's id (its file name): its shortest solution")
    cmd.add_argument(
        "--game",
        choices=list(games()),
        help="the game (default: told by the file; a puzzle's is The Climbers)",
    )
    cmd.add_argument("--out", type=output_path, required=True, help="clip.mp4 or clip.gif")
    number = whole_number(0, MAX_ACTION)
    cmd.add_argument("--from", dest="first", type=number, default=0, help="after this action")
    cmd.add_argument("--to", dest="last", type=number, help="to after this one (default: all)")
    cmd.add_argument("--size", type=window_size, help="WIDTHxHEIGHT (MP4 1280x720, GIF 480x270)")
    cmd.add_argument("--fps", type=whole_number(1, 240), help="frames a second (MP4 30, GIF 12)")
    cmd.set_defaults(run=run)


def filmed(file: Path) -> GameEntry:
    """The game whose saved games hold the "format" of `file` (the first game with clips when
    the file cannot tell: its reader then names the problem)."""
    from climbers.app.clips.reel import clips_of

    kind = format_of(file)
    filming = [entry for entry in games().values() if entry.clip is not None]
    for entry in filming:
        clips = clips_of(entry)
        if clips is not None and kind in clips.formats:
            return entry
    return filming[0]


def problem_with(args: argparse.Namespace) -> str | None:
    """What is wrong with the clip asked for, in one line; None when nothing is."""
    suffix = args.out.suffix.lower()
    if args.out.name.lower() in KINDS:  # ".gif": a hidden file's name, with no suffix
        return say(NO_NAME, file=args.out.name, suffix=args.out.name.lower())
    if suffix not in KINDS:
        return say(NOT_A_CLIP, file=args.out.name)
    size, fps, (low, high) = KINDS[suffix]
    args.size = args.size or size
    args.fps = args.fps or fps
    shown = f"{args.size[0]}x{args.size[1]}"
    if suffix == ".mp4" and (args.size[0] % 2 or args.size[1] % 2):
        return say(ODD_SIZE, size=shown)
    if suffix == ".gif" and args.size[0] > WIDEST_GIF:
        return say(WIDE_GIF, size=shown, widest=WIDEST_GIF)
    if not low <= args.fps <= high:
        return say(BAD_FPS, fps=args.fps, kind=suffix[1:].upper(), low=low, high=high)
    if (args.file is None) == (args.puzzle is None):
        return say(FILE_OR_PUZZLE)
    return None


def window_for(size: tuple[int, int]) -> tuple[int, int]:
    """A window of the clip's shape that fits in WINDOW (and is no smaller than 320x240)."""
    k = min(1.0, WINDOW[0] / size[0], WINDOW[1] / size[1])
    return max(320, round(size[0] * k)), max(240, round(size[1] * k))


class Progress:
    """The progress bar on the command line (stderr), redrawn in place when its percent
    changes."""

    def __init__(self) -> None:
        self.shown: int | None = None

    def __call__(self, share: float) -> None:
        percent = int(100 * share)
        if percent != self.shown:
            self.shown = percent
            done = round(BAR * share)
            sys.stderr.write(f"\r[{'#' * done}{'.' * (BAR - done)}] {percent:3d}%")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    """Write the clip and exit 0; 2 after one line when it cannot be made or written, 1 when
    it was cancelled."""
    from climbers.app.settings import load_settings

    start_language(load_settings().language)
    problem = problem_with(args)
    if problem is not None:
        complain(f"climbers export: {problem}")
        return 2
    if args.file is not None:  # a file that cannot be read is said before the window loads
        try:
            load_json(args.file, PEEK_BYTES, SourceProblem)
        except SourceProblem as exc:
            complain(f"climbers export: {exc}")
            return 2
    main = window()
    if main is None:
        return 2
    from climbers.app.clips.recorder import ClipJob, Outcome, Recorder
    from climbers.app.clips.reel import ClipProblem, clips_of

    entry = games()[args.game] if args.game else filmed(args.file) if args.file else None
    entry = entry or next(e for e in games().values() if e.clip is not None)
    clips = clips_of(entry)
    if clips is None:
        complain(f"climbers export: {say(NO_CLIPS, game=say(entry.title))}")
        return 2
    try:
        reel = clips.recorded(args.file) if args.file else clips.puzzle(args.puzzle)
    except ClipProblem as exc:
        complain(f"climbers export: {exc}")
        return 2
    last = reel.actions if args.last is None else args.last
    if not 0 <= args.first < last <= reel.actions:
        count = reel.actions
        complain(f"climbers export: {say(BAD_RANGE, first=args.first, last=last, count=count)}")
        return 2
    job = ClipJob(args.out, args.size, args.fps, args.first, last)

    def done(outcome: Outcome) -> None:
        sys.stderr.write("\n")
        if outcome.written:
            seconds = outcome.frames / job.fps
            print(f"{outcome.line} ({outcome.frames} frames, {seconds:.1f} s)")
        else:
            complain(f"climbers export: {outcome.line}")
        sys.exit(0 if outcome.written else 1 if outcome.cancelled else 2)

    main.run(
        entry.name,
        lambda shell: Recorder(reel, job, done, Progress()),
        window_for(job.size),
        title=entry.title,
    )
    return 0
