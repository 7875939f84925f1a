"""What a search may spend: seconds and memory, measured while it runs, so that no puzzle file
can make a proof or a hint run for an hour or take gigabytes."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

PROOF_SECONDS = 300.0
"""Seconds `climbers puzzle --verify` gives one puzzle's proof by default."""
SEARCH_MEGABYTES = 1024.0
"""Memory a proof or a hint's search may add to the process by default."""


def resident_megabytes() -> float | None:
    """The memory the process holds now (Linux), else the most it has held (other Unix
    systems), else None (memory then goes unmeasured)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource  # not on Windows
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if os.uname().sysname == "Darwin" else peak / 2**10


@dataclass
class Meter:
    """The seconds and memory a search has spent against its budget (None: no limit)."""

    seconds: float | None = None
    megabytes: float | None = SEARCH_MEGABYTES
    began: float = field(default_factory=time.perf_counter)
    base: float | None = field(default_factory=lambda: resident_megabytes())
    _ticks: int = 0

    def over(self) -> str:
        """'' while within budget, else 'time' or 'memory' (memory is read at the first call
        and every 64th after)."""
        if self.seconds is not None and time.perf_counter() - self.began > self.seconds:
            return "time"
        self._ticks += 1
        if self.megabytes is not None and self.base is not None and self._ticks % 64 == 1:
            now = resident_megabytes()
            if now is not None and now - self.base > self.megabytes:
                return "memory"
        return ""

    @property
    def spent(self) -> float:
        """Seconds since the meter started."""
        return time.perf_counter() - self.began
