"""Run inside a private network namespace (tests/e2e/test_network_windows.py): a private Xvfb,
two game windows of the real program, and clicks by xdotool. Window A (Ann) hosts a Clamber
game from its new-game screen; window B (Bo) finds it on Join a game (mDNS on loopback), types
the join code A shows, and joins; then each places stones in turn by clicks on its own window.
Prints one JSON line: each window's report after every turn, and the host's saved game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from PIL import ImageGrab

from climbers.games.registry import tables

SIZE = (1280, 720)
TOP = {"a": 0, "b": 740}
"""Where each window is moved to on the display (no window manager places them)."""
SECONDS = 60.0
TURNS = 6


def ui_pixel(window: str, x: float, y: float) -> tuple[int, int]:
    """The display pixel of the UI coordinate (x, y) of a window (height 1, centre 0)."""
    w, h = SIZE
    return round(w / 2 + x * h), round(h / 2 - y * h) + TOP[window]


class Display:
    """A private Xvfb, and xdotool on it."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1480x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as answer:
            self.name = ":" + answer.readline().strip()

    def xdo(self, *args: object) -> str:
        done = subprocess.run(
            ["xdotool", *map(str, args)],
            env={**os.environ, "DISPLAY": self.name},
            capture_output=True,
            text=True,
            timeout=20,
        )
        return done.stdout

    def click(self, x: int, y: int) -> None:
        self.xdo("mousemove", x, y)
        time.sleep(0.3)
        self.xdo("click", 1)

    def pixel(self, x: int, y: int) -> tuple[int, ...]:
        image = ImageGrab.grab(xdisplay=self.name)
        found: tuple[int, ...] = image.getpixel((x, y))
        return found

    def wait_pixel(self, x: int, y: int, want: tuple[int, int, int], what: str) -> None:
        """Wait until the pixel is about `want` (a button drawn there)."""
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            got = self.pixel(x, y)
            if all(abs(a - b) <= 12 for a, b in zip(got, want, strict=False)):
                return
            time.sleep(0.2)
        raise SystemExit(f"no {what} at {x},{y}: {self.pixel(x, y)}")

    def close(self) -> None:
        self.server.terminate()
        self.server.wait(timeout=10)


def window(display: Display, name: str, person: str, folder: Path) -> subprocess.Popen[bytes]:
    """A game window showing the choice of game, moved to its place."""
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"animation_speed": 4.0}))
    env = {
        **os.environ,
        "DISPLAY": display.name,
        "CLIMBERS_DATA_DIR": str(folder),
        "CLIMBERS_CONFIG_DIR": str(folder),
        "CLIMBERS_NETWORK_REPORT": str(folder / "report.json"),
        "CLIMBERS_NO_AUDIO": "1",
        "USER": person,
        "LOGNAME": person,
    }
    log = (folder / "window.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "climbers", "--lang", "en", "play"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    # Ursina places its window itself while it starts ("set window position"): the window is
    # moved only once the program says it has started, and until it stands where it was moved
    # (a window put back over the other one would take the other's clicks).
    started = folder / "window.log"
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        if b"application successfully started" in started.read_bytes():
            for wid in display.xdo("search", "--pid", proc.pid).split():
                geometry = display.xdo("getwindowgeometry", wid)
                if f"{SIZE[0]}x{SIZE[1]}" not in geometry:
                    continue
                if f"Position: 0,{TOP[name]} " in geometry:
                    return proc
                display.xdo("windowmove", wid, 0, TOP[name])
        time.sleep(0.3)
    raise SystemExit(f"window {name} did not open where it should")


def report(folder: Path, state: int | None = None) -> dict[str, Any]:
    """The window's report, once it shows `state` (any state when None)."""
    path = folder / "report.json"
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        if path.exists():
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            if state is None or (data["state"] == state and data["connected"]):
                return data
        time.sleep(0.1)
    raise SystemExit(f"{folder.name}: no report of state {state}")


def main(out: Path) -> None:
    display = Display()
    procs = []
    try:
        a, b = out / "a", out / "b"
        procs.append(window(display, "a", "Ann", a))
        procs.append(window(display, "b", "Bo", b))
        button = (51, 56, 66)  # BUTTON of climbers.app.panels.widgets, as drawn
        games = list(tables())
        left = -(len(games) * 0.5 + (len(games) - 1) * 0.06) / 2 + 0.25
        tile = ui_pixel("a", left + games.index("clamber") * 0.56, -0.2)
        display.wait_pixel(*ui_pixel("a", 0.8, -0.41), button, "Quit on the choice of game")
        display.click(*tile)
        display.wait_pixel(*ui_pixel("a", 0.79, 0.43), button, "Host on the network")
        display.click(*ui_pixel("a", 0.66, 0.43))
        hosted = report(a, 0)
        display.wait_pixel(*ui_pixel("b", 0.8, -0.41), button, "Quit on the choice of game")
        display.click(*ui_pixel("b", 0.44, -0.41))  # Join a game
        display.wait_pixel(*ui_pixel("b", -0.45, 0.2), button, "a game found on the network")
        display.click(*ui_pixel("b", 0.0, 0.2))
        display.click(*ui_pixel("b", -0.15, -0.21))  # the join code's box
        display.xdo("type", "--delay", 60, hosted["code"])
        display.click(*ui_pixel("b", 0.55, -0.43))  # Join
        reports = {"a": report(a, 0), "b": report(b, 0)}
        turns = []
        for state in range(TURNS):
            mover = next(w for w, r in reports.items() if r["seat"] == r["to_act"])
            other = "b" if mover == "a" else "a"
            cell, (x, y) = sorted(reports[mover]["empty"].items())[state]
            if state == 0:  # the other window's click while it is not its turn changes nothing
                ox, oy = sorted(reports[other]["empty"].values())[0]
                display.click(ox, oy + TOP[other])
            display.click(x, y + TOP[mover])
            reports = {"a": report(a, state + 1), "b": report(b, state + 1)}
            turns.append({"mover": mover, "cell": cell, **reports})
        saved = json.loads((a / "hosted-clamber.json").read_text(encoding="utf-8"))
        print(json.dumps({"hosted": hosted, "turns": turns, "saved": saved}))
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        display.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
