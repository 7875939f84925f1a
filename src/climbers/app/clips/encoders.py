"""Writing a clip's pictures: MP4 (H.264, yuv420p, the index at the front for streaming) with
the encoder that imageio-ffmpeg brings in its wheel, never a system ffmpeg; GIF with Pillow,
every frame in one palette shared by the whole clip, looping."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import numpy as np
from PIL import Image

MP4_QUALITY = 20
"""x264's constant rate factor: lower is better and larger (18 looks lossless)."""
PALETTE_SAMPLES = 6
"""How many of a GIF's first pictures its palette is made from (the title card and the table)."""


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
            output_params=["-crf", str(MP4_QUALITY), "-movflags", "+faststart", "-f", "mp4"],
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
    """A looping GIF at `fps` frames a second: the palette is made from the first pictures
    (the title card and the table hold the clip's colours), and every picture is mapped to it
    without dithering, so that what stands still takes no room in the file."""

    def __init__(self, path: Path, fps: int) -> None:
        self.path = path
        self.fps = fps
        self.waiting: list[Image.Image] = []
        self.palette: Image.Image | None = None
        self.frames: list[Image.Image] = []

    def add(self, frame: np.ndarray) -> None:
        picture = Image.fromarray(frame)
        if self.palette is None:
            self.waiting.append(picture)
            if len(self.waiting) == PALETTE_SAMPLES:
                self._make_palette()
        else:
            self.frames.append(self._mapped(picture))

    def _make_palette(self) -> None:
        width, height = self.waiting[0].size
        sheet = Image.new("RGB", (width, height * len(self.waiting)))
        for i, picture in enumerate(self.waiting):
            sheet.paste(picture, (0, i * height))
        self.palette = sheet.quantize(256, Image.Quantize.MEDIANCUT)
        self.frames += [self._mapped(picture) for picture in self.waiting]
        self.waiting = []

    def _mapped(self, picture: Image.Image) -> Image.Image:
        return picture.quantize(palette=self.palette, dither=Image.Dither.NONE)

    def durations(self, count: int) -> list[int]:
        """Each frame's time in milliseconds, whole hundredths of a second (as a GIF keeps
        them) that add up to the clip's time at `fps`."""
        ends = [round(100 * (i + 1) / self.fps) for i in range(count)]
        return [10 * (end - start) for start, end in zip([0, *ends], ends, strict=False)]

    def close(self) -> None:
        if self.palette is None and self.waiting:
            self._make_palette()
        if not self.frames:
            raise OSError("no pictures to write")
        first, *rest = self.frames
        first.save(
            self.path,
            format="GIF",
            save_all=True,
            append_images=rest,
            duration=self.durations(len(self.frames)),
            loop=0,
            optimize=False,
            palette=self.palette.getpalette() if self.palette is not None else None,
        )

    def abort(self) -> None:
        self.frames = self.waiting = []


def encoder(kind: str, path: Path, size: tuple[int, int], fps: int) -> Encoder:
    """The encoder of `kind` ('mp4' or 'gif') writing to `path`."""
    return Mp4(path, size, fps) if kind == "mp4" else Gif(path, fps)


def _write_error(exc: Exception) -> OSError:
    """The encoder's failure as an OSError with its reason in one line."""
    if isinstance(exc, OSError):
        return exc
    reason: Any = str(exc).strip().splitlines()
    return OSError(reason[-1] if reason else "the encoder stopped")
