"""Two game windows (two processes of the real program) on one display play a Clamber game
across the network by clicks (issue 33): one hosts it from its new-game screen, the other finds
it on Join a game and joins with the join code the host shows; each places stones on its own
turns. After every turn both windows must show the host's game, each as its seat's view. The
whole run happens inside a private network namespace (`unshare -n`: loopback alone, mDNS on it),
with its own Xvfb (tests/e2e/two_windows.py drives it)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from climbers.games.registry import game
from climbers.net.hosted import HostedFile

pytestmark = pytest.mark.display

SETUP = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"
HERE = Path(__file__).resolve().parent


def test_two_windows_play_clamber_across_the_network_by_clicks(tmp_path: Path) -> None:
    for tool in ("unshare", "ip", "Xvfb", "xdotool"):
        assert shutil.which(tool), f"needs {tool} (scripts/test installs it when run as root)"
    assert os.geteuid() == 0, "a private network namespace needs root"
    env = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
    done = subprocess.run(
        ["unshare", "-n", "sh", "-c", f'{SETUP} && exec "$0" "$@"', sys.executable]
        + [str(HERE / "two_windows.py"), str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    logs = "".join(p.read_text(errors="replace")[-1500:] for p in tmp_path.glob("*/window.log"))
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr[-3000:] + logs
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["hosted"]["address"].endswith(":47474") and len(seen["hosted"]["code"]) == 6
    rules = game("clamber").rules
    saved = HostedFile.model_validate(seen["saved"])
    assert [s.name for s in saved.seats] == ["Ann", "Bo"], "each window took its own seat"
    assert saved.state == len(seen["turns"]) == 6
    assert [t["mover"] for t in seen["turns"]] == ["a", "b"] * 3, "each acts on its own turns"
    assert saved.actions == [f"place {t['cell']}" for t in seen["turns"]]
    state = rules.load(saved.start)
    for number, (turn, text) in enumerate(zip(seen["turns"], saved.actions, strict=True), 1):
        state, _events = rules.apply(state, rules.parse_action(text))
        for name, seat in (("a", 0), ("b", 1)):
            shown = turn[name]
            assert shown["state"] == number and shown["seat"] == seat
            assert shown["view"] == rules.observe(state, seat), f"{name} after turn {number}"
