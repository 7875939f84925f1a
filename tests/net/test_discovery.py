"""Finding a hosted game by mDNS (`_climbers._tcp`), only inside a private network namespace
this test makes (`unshare -n`: loopback alone, multicast on it), never on a real interface:
`climbers host` announces the game, `climbers join` without an address finds it and takes a
seat with the join code."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

INSIDE = r"""
import asyncio, json, subprocess, sys
from climbers.net.discovery import discover

climbers = [sys.executable, "-m", "climbers", "--lang", "en"]
host = subprocess.Popen(
    [*climbers, "host", "--game", "clamber", "--bind", "127.0.0.1", "--port", "47555",
     "--code", "ROPE42", "--pace", "0"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
)
try:
    for _ in range(2):
        host.stdout.readline()  # hosting ..., players join with ...
    found = asyncio.run(discover(1.5))
    joined = subprocess.run(
        [*climbers, "join", "--code", "ROPE42", "--name", "Ann"],
        input="quit\n", capture_output=True, text=True, timeout=30,
    )
finally:
    host.terminate()
    host.wait(timeout=30)
print(json.dumps({"found": [f.__dict__ | {"where": f.where} for f in found],
                  "joined": joined.stdout, "status": joined.returncode}))
"""
SETUP = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"


def test_join_without_an_address_finds_the_announced_game(tmp_path: Path) -> None:
    if os.geteuid() != 0 or shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("a private network namespace needs root, unshare and ip")
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": src, "CLIMBERS_DATA_DIR": str(tmp_path)}
    script = tmp_path / "inside.py"
    script.write_text(INSIDE, encoding="utf-8")
    done = subprocess.run(
        ["unshare", "-n", "sh", "-c", f'{SETUP} && exec "$0" "$1"', sys.executable, str(script)],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    [host] = seen["found"]
    assert (host["game"], host["protocol"], host["code"]) == ("clamber", 1, True)
    assert host["where"] == "127.0.0.1:47555"
    assert seen["status"] == 0
    assert "You hold seat 0 of clamber." in seen["joined"]
