"""The real program in a real window under Xvfb, driven by xdotool; and the render command."""

from __future__ import annotations

import colorsys
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from climbers.the_climbers.io import load_game

pytestmark = pytest.mark.display


@pytest.fixture(scope="module")
def display() -> str:
    if shutil.which("Xvfb") is None and not os.environ.get("DISPLAY"):
        pytest.fail("needs an X display or Xvfb (scripts/test installs xvfb when run as root)")
    from climbers.app.display import ensure_display

    ensure_display()
    return os.environ["DISPLAY"]


def xdo(*args: object) -> None:
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=10)


def wait_report(path: Path, tick: int, proc: subprocess.Popen[bytes]) -> dict[str, Any]:
    """The app's report once the game has reached `tick`."""
    for _ in range(300):
        assert proc.poll() is None, "the game quit early"
        if path.exists():
            data: dict[str, Any] = json.loads(path.read_text())
            if data["tick"] >= tick:
                return data
        time.sleep(0.1)
    raise AssertionError(f"no report for tick {tick}")


def not_blank(image: Image.Image) -> bool:
    lo, hi = zip(*image.convert("RGB").getextrema(), strict=True)
    return max(hi) - min(lo) > 100


def test_play_a_turn_with_real_mouse_and_keys(display: str, tmp_path: Path) -> None:
    assert shutil.which("xdotool"), "needs xdotool (scripts/test installs it when run as root)"
    save, shot, report = tmp_path / "game.json", tmp_path / "shot.png", tmp_path / "report.json"
    env = {**os.environ, "DISPLAY": display, "CLIMBERS_REPORT": str(report)}
    cmd = [sys.executable, "-m", "climbers", "play", "--players", "teal,red,yellow"]
    cmd += ["--seed", "7", "--save-to", str(save), "--shot-to", str(shot)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        ready = wait_report(report, 0, proc)
        ox, oy = ready["origin"]
        first = load_state_players(ready)
        x, y = ready["actor_pixel"]
        xdo("mousemove", ox + x, oy + y)
        time.sleep(0.4)
        xdo("click", 1)
        time.sleep(0.4)
        square, (pixel, _) = next((k, v) for k, v in ready["squares"].items() if v[1] == [])
        xdo("mousemove", ox + pixel[0], oy + pixel[1])
        time.sleep(0.4)
        xdo("click", 1)
        wait_report(report, 1, proc)
        moved = load_game(save)
        at = moved.players[moved.turn.active].at
        assert at == tuple(int(v) for v in square.split(","))
        for _ in range(5):  # skip the block, the second move, the disk; both reactions pass
            xdo("key", "space")
            time.sleep(0.3)
        wait_report(report, 6, proc)
        xdo("key", "F2")
        for _ in range(50):
            if shot.exists():
                break
            time.sleep(0.1)
        time.sleep(0.3)
        xdo("key", "ctrl+q")
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    state = load_game(save)
    assert state.turn.number == 2
    assert state.players[first].at == at
    image = Image.open(shot)
    assert image.size == (1280, 720) and not_blank(image)


def load_state_players(report: dict[str, Any]) -> int:
    """The seat that starts (new_game with seed 7 decides it; the report is written before)."""
    from climbers.the_climbers.core import generate_mountain, new_game

    return new_game(generate_mountain(7), ["teal", "red", "yellow"], seed=7).turn.active


HUES = {"teal": 180, "purple": 266, "yellow": 46, "red": 2, "pink": 333}


def colour_pixels(image: Image.Image) -> dict[str, int]:
    """How many clearly coloured pixels lie near each player colour's hue."""
    counts = dict.fromkeys(HUES, 0)
    small = np.asarray(image.convert("RGB").resize((320, 180)), dtype=float) / 255
    for r, g, b in small.reshape(-1, 3):
        h, s, v = colorsys.rgb_to_hsv(r, g, b)
        if s < 0.35 or v < 0.3:
            continue
        for name, hue in HUES.items():
            if min(abs(h * 360 - hue), 360 - abs(h * 360 - hue)) < 10:
                counts[name] += 1
    return counts


def test_render_shows_all_five_player_colours(display: str, tmp_path: Path) -> None:
    out = tmp_path / "mountain.png"
    cmd = [sys.executable, "-m", "climbers", "render", "--seed", "3", "--out", str(out)]
    subprocess.run(cmd, env={**os.environ, "DISPLAY": display}, check=True, timeout=60)
    image = Image.open(out)
    assert image.size == (1280, 720) and not_blank(image)
    counts = colour_pixels(image)
    assert all(n >= 40 for n in counts.values()), counts


def test_a_block_dropped_with_the_real_mouse_is_drawn_as_render_draws_the_saved_game(
    display: str, tmp_path: Path
) -> None:
    from app.settled import CHANNEL, TOLERANCE

    assert shutil.which("xdotool"), "needs xdotool (scripts/test installs it when run as root)"
    save, shot, report = tmp_path / "game.json", tmp_path / "shot.png", tmp_path / "report.json"
    env = {**os.environ, "DISPLAY": display, "CLIMBERS_REPORT": str(report)}
    env["CLIMBERS_DATA_DIR"] = str(tmp_path / "data")
    cmd = [sys.executable, "-m", "climbers", "play", "--players", "teal,red", "--seed", "7"]
    cmd += ["--save-to", str(save), "--shot-to", str(shot)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        ox, oy = wait_report(report, 0, proc)["origin"]
        xdo("key", "space")  # no first move: on to the block step
        plan = wait_report(report, 1, proc)["drag"]
        assert plan is not None, "a free block has a legal pose elsewhere"
        (px, py), (rx, ry) = plan["press"], plan["release"]
        xdo("mousemove", ox + px, oy + py)
        time.sleep(0.3)
        xdo("mousedown", 1)
        for k in range(1, 9):
            time.sleep(0.05)
            xdo("mousemove", ox + px + (rx - px) * k // 8, oy + py + (ry - py) * k // 8)
        time.sleep(0.3)
        xdo("mouseup", 1)
        settled = wait_report(report, 2, proc)
        xdo("key", "Home")
        time.sleep(0.3)
        xdo("key", "F2")
        for _ in range(50):
            if shot.exists():
                break
            time.sleep(0.1)
        time.sleep(0.3)
        xdo("key", "ctrl+q")
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    moved = load_game(save)
    placed = next(p for p in moved.blocks if p.block == plan["block"])
    assert list(placed.at) == plan["at"], "the real drag put the block where it was aimed"
    drawn = tmp_path / "render.png"
    render = [sys.executable, "-m", "climbers", "render", "--position", str(save)]
    subprocess.run([*render, "--size", "1280x720", "--out", str(drawn)], env=env, timeout=90)
    live = np.asarray(Image.open(shot).convert("RGB"), dtype=np.int16)
    fresh = np.asarray(Image.open(drawn).convert("RGB"), dtype=np.int16)
    table = np.ones(live.shape[:2], dtype=bool)
    for left, top, right, bottom in settled["hud_boxes"]:
        table[max(top, 0) : bottom + 1, max(left, 0) : right + 1] = False
    assert table.mean() > 0.6, "most of the window is table, not HUD"
    differ = (np.abs(live - fresh).max(axis=2) > CHANNEL)[table].mean()
    assert differ <= TOLERANCE, f"{differ:.2%} of the table's pixels differ from the render"


def test_the_fps_probe_without_players_plays_a_default_game_and_prints_both_rates(
    display: str,
) -> None:
    from climbers.the_climbers.devtools.bench import probe_frame_rates

    game, reference = probe_frame_rates()
    assert game > 0 and reference > 0


def test_the_idle_probe_finds_a_still_table_cheaper_than_one_drawn_every_frame(
    display: str,
) -> None:
    from climbers.the_climbers.devtools.bench import probe_still_cost

    still, full = probe_still_cost()
    assert 0 < still < full


def test_a_press_in_the_instant_the_pointer_arrives_acts_on_what_it_is_on(
    display: str, tmp_path: Path
) -> None:
    """xdotool moves the pointer onto Clamber's tile and presses at once, in one frame: the
    press opens Clamber, as a press on what is under the pointer now."""
    assert shutil.which("xdotool"), "needs xdotool (scripts/test installs it when run as root)"
    config = tmp_path / "config"
    env = {**os.environ, "DISPLAY": display, "CLIMBERS_CONFIG_DIR": str(config)}
    env["CLIMBERS_DATA_DIR"] = str(tmp_path / "data")
    proc = subprocess.Popen(
        [sys.executable, "-m", "climbers", "play"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        found = subprocess.run(
            ["xdotool", "search", "--sync", "--name", "The Climbers"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        window = found.stdout.split()[0]
        geometry = subprocess.run(
            ["xdotool", "getwindowgeometry", "--shell", window],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout
        place = dict(line.split("=") for line in geometry.split())
        time.sleep(4)  # the tiles are drawn and the window has gone still
        x, y = int(place["X"]) + 640, int(place["Y"]) + 360  # Clamber's tile, the middle of three
        xdo("mousemove", x, y, "click", 1)
        for _ in range(100):
            saved = config / "settings.json"
            if saved.exists() and json.loads(saved.read_text()).get("game") == "clamber":
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the press on Clamber's tile was lost")
        xdo("key", "ctrl+q")
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
