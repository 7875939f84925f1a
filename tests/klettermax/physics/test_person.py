"""The simulated person of the bench (issue 31, item 4): which chambers are the nearest and the
far corners from each spot, how its figures are counted, and that its flicks are the physics'."""

from __future__ import annotations

from climbers.klettermax.core import facing
from climbers.klettermax.physics import Aim, simulate_flick
from climbers.klettermax.physics.aiming import targets
from climbers.klettermax.physics.person import PERSON, Flicked, figures, first_game, place


def test_each_spot_has_its_own_chamber_nearest_and_two_far_corners() -> None:
    for spot in range(1, 13):
        places = {chamber: place(spot, chamber) for chamber in range(1, 10)}
        assert [c for c, p in places.items() if p == "nearest"] == [facing(spot)]
        corners = {c for c, p in places.items() if p == "far corner"}
        assert len(corners) == 2 and corners <= {1, 3, 7, 9} and facing(spot) not in corners
        assert 5 not in corners
    assert {c for c in range(1, 10) if place(2, c) == "far corner"} == {7, 9}
    assert {c for c in range(1, 10) if place(1, c) == "far corner"} == {7, 9}
    assert {c for c in range(1, 10) if place(4, c) == "far corner"} == {1, 7}


def test_figures_count_hits_aimed_chambers_and_each_kind_of_miss() -> None:
    flicks = [
        Flicked(2, 2, "chamber 2"),
        Flicked(2, 2, "chamber 5"),
        Flicked(2, 2, "short"),
        Flicked(2, 7, "over"),
        Flicked(2, 9, "chamber 9"),
        Flicked(2, 5, "wall"),
        Flicked(2, 5, "short"),
        Flicked(2, 5, "chamber 4"),
    ]
    rows = {row.name.split(",")[0]: row for row in figures(flicks, [0.7, 0.65])}
    assert rows["in any chamber"].value == 4 / 8
    assert rows["in the nearest chamber aimed at"].value == 1 / 3
    assert rows["in the far corner chamber aimed at"].value == 1 / 2
    shares = [rows[f"misses {kind}"].value for kind in ("short", "over", "wall")]
    assert shares == [2 / 4, 1 / 4, 1 / 4]
    assert rows["air time (s) of a full flick"].value == 0.65
    assert rows["in any chamber"].met() and not rows["in the far corner chamber aimed at"].met()


def test_the_person_flicks_every_chamber_from_every_spot_by_the_physics() -> None:
    flicks = first_game(per_aim=1, seed=3)
    assert [(f.spot, f.aimed) for f in flicks] == [
        (s, c) for s in range(1, 13) for c in range(1, 10)
    ]
    kinds = {f.outcome.split()[0] for f in flicks}
    assert "chamber" in kinds and len(kinds) >= 3
    # the meant aim, flicked without a stray, lands where the lattice says
    meant = targets(2, 5, PERSON.angle, PERSON.strength)[facing(2) - 1].aim
    assert simulate_flick(2, Aim(meant.angle, meant.strength)).outcome.chamber == facing(2)
