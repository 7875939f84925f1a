"""Making puzzles: small mountains, positions on them, and the targets whose proven shortest
solution a greedy climber misses (run by scripts/make_puzzles).

A candidate is a generated standard mountain with free blocks taken away until 10 to 16 remain
(`core.mountain`, `core.sandbox`), the puzzle's Climber on the table or a low square with some
of its ladders, and one to three other Climbers standing on the mountain (they pin the blocks
they stand on). For each target from level 4 up, above what one walk reaches, the solver
proves the shortest number of turns (up to the longest band wanted, within a time budget). A
puzzle is kept when the greedy bot, playing the same solo turns, does not reach the target in
that many turns: its shortest solution needs a block move or a ladder choice the greedy climb
does not find. Nothing unproven is written.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from climbers.the_climbers.core import PLAYER_COLOURS, Colour, GameState, Player, generate_mountain
from climbers.the_climbers.core.sandbox import remove_block
from climbers.the_climbers.core.solo import solo_rules
from climbers.the_climbers.core.state import LadderKind
from climbers.the_climbers.puzzles.fast_search import FastSearch
from climbers.the_climbers.puzzles.library import load_puzzles, puzzle_text, puzzles_dir
from climbers.the_climbers.puzzles.model import BANDS, Puzzle
from climbers.the_climbers.puzzles.solver import Report, Search
from climbers.the_climbers.puzzles.words import describe, greedy_levels

LOWEST_TARGET = 4
"""Targets start here: a climb to level 2 or 3 is too short to be a puzzle."""
LADDER_SETS: tuple[tuple[LadderKind, ...], ...] = (("short", "tall"), ("short",), ("tall",))
BLOCKS = (10, 16)
"""How many blocks a candidate's mountain keeps, at least and at most (fewer: faster proofs)."""
TABLE_STARTS = 0.2
"""How often the puzzle's Climber starts on the table (searches from there are the longest)."""


@dataclass
class BandTally:
    """What one band's generation took: candidates proved, puzzles kept, and the proofs' work."""

    generated: int = 0
    """(position, target) candidates whose shortest number of turns is this band."""
    kept: int = 0
    searched: int = 0
    """Candidates that needed a search (the others the greedy bot reached in one turn)."""
    nodes: int = 0
    seconds: float = 0.0


@dataclass
class Tally:
    """The generation record, per band."""

    bands: dict[int, BandTally] = field(default_factory=lambda: {b: BandTally() for b in BANDS})
    gave_up: int = 0
    """Searches stopped by the time budget: nothing is made of them."""

    def text(self) -> str:
        """One line per band."""
        lines = []
        for band, t in self.bands.items():
            n = max(t.searched, 1)
            lines.append(
                f"band {band}: {t.generated} candidates, {t.kept} kept; {t.searched} searches, "
                f"each {t.nodes / n:,.0f} nodes and {t.seconds / n:.1f} s on average"
            )
        lines.append(f"{self.gave_up} searches stopped at the time budget, nothing made of them")
        return "\n".join(lines)


def small_mountain(seed: int, blocks: int) -> GameState:
    """Mountain `seed` with random free blocks taken away (sandbox rules) until `blocks` remain."""
    rng = random.Random(seed)
    state = GameState(
        blocks=generate_mountain(seed),
        players=(Player(colour=Colour.TEAL), Player(colour=Colour.RED)),
        rules=solo_rules(),
    )
    while len(state.blocks) > blocks:
        s = state.structure
        free = [p.block for p in state.blocks if not s.covering(state.block_index(p.block))]
        state = remove_block(state, rng.choice(free))
    return state


def position(seed: int, blocks: tuple[int, int] = BLOCKS) -> GameState:
    """A candidate position: a small mountain of `blocks` (at least, at most) blocks, the
    puzzle's Climber (seat 0, to play) on the table or a low square, and one to three others
    standing on the mountain."""
    rng = random.Random(seed)
    mountain = small_mountain(seed, rng.randint(*blocks))
    s = mountain.structure
    colours = rng.sample(PLAYER_COLOURS, rng.randint(2, 4))
    players: list[Player] = []
    taken: set[tuple[int, int]] = set()
    for i, colour in enumerate(colours):
        stands = sorted(
            sq
            for b, squares in s.surfaces.items()
            if s.top_colour(b) in (Colour.NEUTRAL, colour)
            for sq in squares
            if sq not in taken and (i > 0 or s.height_at(sq) <= 3)
        )
        at = None if (i == 0 and rng.random() < TABLE_STARTS) or not stands else rng.choice(stands)
        if at is not None:
            taken.add(at)
        ladders = rng.choice(LADDER_SETS) if i == 0 else LADDER_SETS[0]
        players.append(Player(colour=colour, at=at, ladders=ladders))
    return GameState(blocks=mountain.blocks, players=tuple(players), rules=solo_rules())


def candidates(
    seed: int,
    budget: float,
    bands: Sequence[int],
    tally: Tally,
    blocks: tuple[int, int] = BLOCKS,
    greedy_first: bool = False,
) -> Iterator[Puzzle]:
    """The puzzles of one candidate position: each target above one walk's reach that the
    greedy bot does not reach in its proven shortest number of turns (one of `bands`).

    A target the greedy bot reaches in g turns makes a puzzle only if fewer turns do, so the
    search goes g - 1 turns deep (when g is 1 there is nothing to search), and not at all when
    that is too shallow for the bands wanted. With `greedy_first` only the targets the greedy
    bot reaches within one turn more than the longest band are searched: the search is then
    never spent on targets out of reach."""
    state = position(seed, blocks)
    here = Search(state, 0, 1).survey(state)
    longest = max(bands)
    greedy = greedy_levels(state, longest + greedy_first)
    first = max(here.best[0] + 1, LOWEST_TARGET)
    for target in range(first, int(state.structure.height.max()) + 3):
        reached = [turn for turn, level in enumerate(greedy, 1) if level >= target]
        if greedy_first and not reached:
            return
        depth = min(reached[0] - 1, longest) if reached else longest
        if depth < min(bands):
            continue
        report: Report = FastSearch(state, 0, target).run(depth, budget)
        turns = report.turns or (reached[0] if reached and report.complete else None)
        print(
            f"  seed {seed} target {target}: {turns or '-'} turns (greedy "
            f"{reached[0] if reached else '-'}), {report.nodes:,} nodes, {report.seconds:.1f} s"
            f"{'' if report.complete else ' (over budget)'}",
            flush=True,
        )
        if turns is None:
            tally.gave_up += not report.complete
            return
        if turns not in tally.bands:
            continue  # longer than the longest band
        band = tally.bands[turns]
        band.generated += 1
        if depth:
            band.searched += 1
            band.nodes += report.nodes
            band.seconds += report.seconds
        if report.turns is None:
            continue  # the greedy climb takes no more turns than the shortest solution
        title, description = describe(state, target, report.turns, greedy[report.turns - 1])
        yield Puzzle(
            title=title,
            description=description,
            player=state.players[0].colour,
            target=target,
            turns=report.turns,
            solution=tuple(str(a) for a in report.solution),
            position=state,
        )


def make(
    out: Path,
    per_band: int,
    seeds: Sequence[int],
    budget: float,
    bands: Sequence[int] = BANDS,
    blocks: tuple[int, int] = BLOCKS,
    greedy_first: bool = False,
) -> Tally:
    """Write up to `per_band` puzzles of each of `bands` into `out`, one per candidate."""
    tally = Tally()
    out.mkdir(parents=True, exist_ok=True)
    titles = {puzzle.title for _, puzzle in load_puzzles(out)}
    for seed in seeds:
        if all(tally.bands[b].kept >= per_band for b in bands):
            break
        for puzzle in candidates(seed, budget, bands, tally, blocks, greedy_first):
            band = tally.bands[puzzle.band]
            if puzzle.band not in bands or band.kept >= per_band or puzzle.title in titles:
                continue  # a title already kept would not tell the two puzzles apart
            titles.add(puzzle.title)
            band.kept += 1
            path = out / f"band{puzzle.band}-{seed:04d}-level{puzzle.target}.json"
            path.write_text(puzzle_text(puzzle))
            print(f"{path.name}: {puzzle.title}", flush=True)
            break
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    """Generate puzzles and print the record per band."""
    parser = argparse.ArgumentParser(prog="scripts/make_puzzles", description=__doc__)
    parser.add_argument("--out", type=Path, default=puzzles_dir(), help="folder to write to")
    parser.add_argument("--per-band", type=int, default=10, help="puzzles wanted per band")
    parser.add_argument("--seeds", default="0:400", help="candidate seeds, FIRST:STOP")
    parser.add_argument("--budget", type=float, default=300.0, help="seconds per search")
    parser.add_argument(
        "--bands", default="1,2,3,4", help="the bands to make, e.g. 3 or 1,2,3 (comma-separated)"
    )
    parser.add_argument(
        "--blocks", default="10:16", help="blocks a candidate mountain keeps, FEWEST:MOST"
    )
    parser.add_argument(
        "--greedy-first",
        action="store_true",
        help="search only targets the greedy bot reaches within one turn more than the bands",
    )
    parser.add_argument("--record", type=Path, help="also write the record here (JSON)")
    args = parser.parse_args(argv)
    first, _, stop = args.seeds.partition(":")
    began = time.perf_counter()
    bands = sorted({int(b) for b in args.bands.split(",")} & set(BANDS))
    fewest, _, most = args.blocks.partition(":")
    seeds = range(int(first), int(stop))
    tally = make(
        args.out,
        args.per_band,
        seeds,
        args.budget,
        bands,
        (int(fewest), int(most or fewest)),
        args.greedy_first,
    )
    print(tally.text())
    print(f"{time.perf_counter() - began:.0f} s in all")
    if args.record is not None:
        record = {
            "bands": {str(b): asdict(t) for b, t in tally.bands.items()},
            "gave_up": tally.gave_up,
        }
        args.record.write_text(json.dumps(record, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
