"""Keeping Python's collector out of the frames while a search runs between them.

A search spread over frames (a puzzle's hint or its "out of reach" check) makes many objects
that live as long as it does. Python's collector walks every one of them in each full
collection, and that took 0.2 to 2.6 s in the middle of a frame. While a search goes on, `hold()`
after each of its slices freezes the objects alive (`gc.freeze`: the collector no longer looks
at them; they are still freed as usual once nothing refers to them). The first frame without a
`hold()` gives them back (`gc.unfreeze`), so that garbage in cycles is collected again, whatever
ended the search (found, given up, or the screen left).
"""

from __future__ import annotations

import gc
from typing import Any

_held = False
"""Whether `hold()` was called since the watch last looked."""
_watching = False


def hold() -> None:
    """After a slice of a search between frames: freeze the objects alive until a frame passes
    without a call."""
    global _held, _watching
    gc.freeze()
    _held = True
    if not _watching:
        from direct.task.TaskManagerGlobal import taskMgr

        taskMgr.add(_watch, "heap-watch", sort=60)
        _watching = True


def _watch(task: Any) -> Any:
    """Once a frame: unfreeze when no slice held the heap since the last frame."""
    global _held, _watching
    if _held:
        _held = False
        return task.cont
    gc.unfreeze()
    _watching = False
    return task.done


def frozen() -> bool:
    """Whether objects are frozen now."""
    return gc.get_freeze_count() > 0
