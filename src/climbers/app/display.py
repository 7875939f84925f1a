"""What the one window needs before Ursina opens it: a display, the asset folder, audio."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

_xvfb: subprocess.Popen[bytes] | None = None


def ensure_display() -> None:
    """Start a private Xvfb when DISPLAY is unset (tests, render on a server); no-op otherwise."""
    global _xvfb
    if os.environ.get("DISPLAY") or shutil.which("Xvfb") is None:
        return
    for n in range(90, 140):
        if Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
            continue
        proc = subprocess.Popen(
            ["Xvfb", f":{n}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
        )
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.05)
        if proc.poll() is None:
            _xvfb = proc
            os.environ["DISPLAY"] = f":{n}"
            return
    raise RuntimeError("could not start Xvfb on a free display")


def _die_with_parent() -> None:
    """In the Xvfb child: get SIGTERM when the process that started it ends (Linux)."""
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def have_sound_device() -> bool:
    snd = Path("/dev/snd")
    if snd.is_dir() and any(p.name.startswith("pcm") for p in snd.iterdir()):
        return True
    return bool(os.environ.get("PULSE_SERVER")) or os.name != "posix"


def set_asset_folder(folder: Path) -> None:
    """Ursina reads its asset folder from sys.argv[0] at import; point every lookup at ours."""
    from panda3d.core import getModelPath
    from ursina import application, texture_importer

    folder = folder.resolve()
    application.asset_folder = folder
    application.compressed_textures_folder = folder / "textures_compressed"
    application.compressed_models_folder = folder / "models_compressed"
    application.scenes_folder = folder / "scenes"
    application.fonts_folder = folder / "fonts"
    texture_importer.folders[:] = [
        application.compressed_textures_folder,
        folder,
        application.internal_textures_folder,
    ]
    texture_importer.imported_textures.clear()
    getModelPath().prepend_directory(str(folder))


def disable_debug_keys() -> None:
    """Switch off Ursina's F10/F11/F12 debug and editor keys."""
    from ursina import window

    if window.input_entity is not None:
        window.input_entity.enabled = False
