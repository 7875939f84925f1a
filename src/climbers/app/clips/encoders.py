"""Writing a clip's pictures: MP4 (H.264, yuv420p, the index at the front for streaming) with
the encoder that imageio-ffmpeg brings in its wheel, never a system ffmpeg; GIF with Pillow,
every frame in one palette shared by the whole clip, looping."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from PIL import Image

MP4_QUALITY = 20
"""x264's constant rate factor: lower is better and larger (18 looks lossless)."""
MP4_PRESET = "veryfast"
"""x264's speed: a little larger a file for a much faster encode (the drawing costs enough)."""
PALETTE_SAMPLES = 16
"""How many pictures, spread over the clip, a GIF's palette is made from."""


class Encoder(Protocol):
    """Takes a clip's pictures one by one (rows top to bottom, RGB) and writes them to `path`."""

    def add(self, frame: np.ndarray) -> None:
        """Append a picture; OSError when it cannot be written."""
        ...

    def close(self) -> None:
        """Finish the file; OSError when it cannot be written."""
        ...

    def abort(self) -> None:
        """Stop without finishing (the file is then removed by whoever made it)."""
        ...


class Mp4(Encoder):
    """An MP4 clip of `size` at `fps` frames a second."""

    def __init__(self, path: Path, size: tuple[int, int], fps: int) -> None:
        import imageio_ffmpeg

        self.frames = imageio_ffmpeg.write_frames(
            str(path),
            size,
            fps=fps,
            codec="libx264",
            pix_fmt_in="rgb24",
            pix_fmt_out="yuv420p",
            quality=None,
            macro_block_size=2,
            ffmpeg_log_level="error",
            output_params=[
                *("-crf", str(MP4_QUALITY), "-preset", MP4_PRESET),
                *("-movflags", "+faststart", "-f", "mp4"),
            ],
        )
        self.frames.send(None)

    def add(self, frame: np.ndarray) -> None:
        try:
            self.frames.send(np.ascontiguousarray(frame))
        except (OSError, RuntimeError) as exc:
            raise _write_error(exc) from None

    def close(self) -> None:
        try:
            self.frames.close()
        except (OSError, RuntimeError) as exc:
            raise _write_error(exc) from None

    def abort(self) -> None:
        try:
            self.frames.close()
        except (OSError, RuntimeError):
            return  # the file goes anyway


class Gif(Encoder):
    """A looping GIF at `fps` frames a second. Its one palette is made from pictures spread
    over the whole clip (a game's pieces may first show late), so the pictures are kept,
    packed, until the end; each is then mapped to the palette without dithering, so that what
    stands still takes no room in the file."""

    def __init__(self, path: Path, size: tuple[int, int], fps: int) -> None:
        self.path = path
        self.size = size
        self.fps = fps
        self.kept: list[bytes] = []

    def add(self, frame: np.ndarray) -> None:
        self.kept.append(zlib.compress(np.ascontiguousarray(frame).tobytes(), 1))

    def picture(self, index: int) -> Image.Image:
        """The picture added `index`-th."""
        return Image.frombytes("RGB", self.size, zlib.decompress(self.kept[index]))

    def palette(self) -> Image.Image:
        """The clip's palette: 256 colours of pictures spread over it."""
        count = len(self.kept)
        chosen = sorted(
            {round(i * (count - 1) / (PALETTE_SAMPLES - 1)) for i in range(PALETTE_SAMPLES)}
        )
        width, height = self.size
        sheet = Image.new("RGB", (width, height * len(chosen)))
        for row, index in enumerate(chosen):
            sheet.paste(self.picture(index), (0, row * height))
        return sheet.quantize(256, Image.Quantize.MEDIANCUT)

    def durations(self, count: int) -> list[int]:
        """Each frame's time in milliseconds, whole hundredths of a second (as a GIF keeps
        them) that add up to the clip's time at `fps`."""
        ends = [round(100 * (i + 1) / self.fps) for i in range(count)]
        return [10 * (end - start) for start, end in zip([0, *ends], ends, strict=False)]

    def close(self) -> None:
        if not self.kept:
            raise OSError("no pictures to write")
        palette = self.palette()
        mapped = (
            self.picture(i).quantize(palette=palette, dither=Image.Dither.NONE)
            for i in range(len(self.kept))
        )
        first = next(mapped)
        first.save(
            self.path,
            format="GIF",
            save_all=True,
            append_images=mapped,
            duration=self.durations(len(self.kept)),
            loop=0,
            optimize=False,
            palette=palette.getpalette(),
        )

    def abort(self) -> None:
        self.kept = []


def encoder(kind: str, path: Path, size: tuple[int, int], fps: int) -> Encoder:
    """The encoder of `kind` ('mp4' or 'gif') writing to `path`."""
    return Mp4(path, size, fps) if kind == "mp4" else Gif(path, size, fps)


def _write_error(exc: Exception) -> OSError:
    """The encoder's failure as an OSError with its reason in one line."""
    if isinstance(exc, OSError):
        return exc
    reason: Any = str(exc).strip().splitlines()
    return OSError(reason[-1] if reason else "the encoder stopped")
