"""The table camera: orbit (right drag), pan (middle drag, arrows), zoom (wheel), reset, centre."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from ursina import Entity, Vec2, Vec3, camera, held_keys, mouse, time

MIN_TILT, MAX_TILT = 14.0, 86.0
MIN_DISTANCE, MAX_DISTANCE = 6.0, 80.0
RESET_KEY = "home"
CENTRE_KEY = "c"


EASE_SECONDS = 0.6
Box = tuple[float, float, float, float]
"""A rectangle of the window in pixels from its top left: left, top, right, bottom."""
HEADING, TILT = -25.0, 42.0
"""The opening view looks from the south-west, this many degrees round and down."""


class CameraRig(Entity):  # type: ignore[misc]
    """A pivot the camera looks at from `distance`; tilt is clamped above the table.
    `frame()` gives the opening view's pivot and distance for the table as it is now."""

    def __init__(self, frame: Callable[[], tuple[Vec3, float]]) -> None:
        super().__init__(name="camera-rig")
        self.frame = frame
        self.pivot = Entity(name="camera-pivot")
        camera.parent = self.pivot
        camera.rotation = (0, 0, 0)
        camera.fov = 40
        self._drag: tuple[str, Vec2] | None = None
        self.glide: tuple[Vec3, float, Vec3, float, float, float, float] | None = None
        """While easing: start pivot, start distance, goal pivot, goal distance, progress, start
        heading, heading to turn by."""
        self.pan_keys = True
        """Whether the arrow keys pan (False while a screen uses them for something else)."""
        self.reset()

    @property
    def home(self) -> tuple[Vec3, float, float, float]:
        """The opening view of the table as it is now: pivot, distance, heading, tilt."""
        target, distance = self.frame()
        return Vec3(target), distance, HEADING, TILT

    def reset(self) -> None:
        """Back to the opening view (of the mountain as it stands now)."""
        target, distance, heading, tilt = self.home
        self.glide = None
        self.pivot.position = Vec3(target)
        self.pivot.rotation = (tilt, heading, 0)
        self.distance = distance

    @property
    def distance(self) -> float:
        return float(-camera.z)

    @distance.setter
    def distance(self, value: float) -> None:
        camera.position = (0, 0, -max(MIN_DISTANCE, min(MAX_DISTANCE, value)))

    @property
    def tilt(self) -> float:
        return float(self.pivot.rotation_x)

    def orbit(self, dx: float, dy: float) -> None:
        """Turn around the pivot by mouse deltas (UI units)."""
        self.pivot.rotation_y += dx * 200
        tilt = self.pivot.rotation_x - dy * 120
        self.pivot.rotation_x = max(MIN_TILT, min(MAX_TILT, tilt))

    def pan(self, right: float, forward: float) -> None:
        """Slide the pivot over the table in screen-aligned directions (world units)."""
        r = self.pivot.right
        f = Vec3(self.pivot.forward.x, 0, self.pivot.forward.z).normalized()
        move = Vec3(r.x, 0, r.z).normalized() * right + f * forward
        self.pivot.position += move

    def centre_on(self, point: Vec3) -> None:
        """Look at a point (e.g. the active Climber)."""
        self.glide = None
        self.pivot.position = Vec3(point)

    @property
    def view(self) -> tuple[Vec3, float]:
        """Where the camera looks now and from how far (the goal while it eases)."""
        if self.glide is not None:
            return Vec3(self.glide[2]), self.glide[3]
        return Vec3(self.pivot.position), self.distance

    @property
    def heading(self) -> float:
        """The camera's heading round the pivot, in degrees (the goal while it eases)."""
        if self.glide is not None:
            return self.glide[5] + self.glide[6]
        return float(self.pivot.rotation_y)

    def ease_to(self, pivot: Vec3, distance: float, heading: float | None = None) -> None:
        """Glide the camera to look at `pivot` from `distance` (and turn it to `heading`, the
        short way round), over EASE_SECONDS."""
        start = float(self.pivot.rotation_y)
        turn = 0.0 if heading is None else (heading - start + 180) % 360 - 180
        here = Vec3(self.pivot.position)
        self.glide = (here, self.distance, Vec3(pivot), distance, 0.0, start, turn)

    def eye_at(self, heading: float) -> Vec3:
        """Where the camera would be, looking as now but from `heading`."""
        pivot, distance = self.view
        saved = Vec3(self.pivot.position), self.distance, float(self.pivot.rotation_y)
        try:
            self.pivot.position, self.distance, self.pivot.rotation_y = pivot, distance, heading
            return Vec3(camera.world_position)
        finally:
            self.pivot.position, self.distance, self.pivot.rotation_y = saved

    def fitting_distance(self, points: Sequence[Vec3], pivot: Vec3, margin: float = 0.06) -> float:
        """The distance from which `pivot` shows every point inside the window (with a margin
        of the window's size), the current one when it already does."""
        saved = Vec3(self.pivot.position), self.distance
        self.pivot.position = pivot
        distance = self.distance
        try:
            while distance < MAX_DISTANCE and not all(on_screen(p, margin) for p in points):
                distance *= 1.12
                self.distance = distance
            return min(distance, MAX_DISTANCE)
        finally:
            self.pivot.position, self.distance = saved

    def clear_view(
        self,
        pivot: Vec3,
        distance: float,
        shapes: np.ndarray,
        clear: np.ndarray,
        boxes: Sequence[Box],
        margin: float = 0.01,
    ) -> tuple[Vec3, float]:
        """The opening view from `pivot` and `distance`, slid over the table and drawn back as
        little as it takes for every shape (an S x K x 3 array: K world points each) to show
        inside the window (`margin`: a share of its size) and the bounds of the shapes marked
        `clear` to keep off every box (window pixels: the panels over the table). The view as
        given when no view near it does."""
        from ursina import application, window

        right, up, ahead = home_axes()
        ground = np.array([ahead[0], 0.0, ahead[2]]) / math.hypot(ahead[0], ahead[2])
        w, h = window.size
        fov_x, fov_y = application.base.camLens.getFov()
        fx = w / 2 / math.tan(math.radians(fov_x) / 2)
        fy = h / 2 / math.tan(math.radians(fov_y) / 2)
        steps = np.linspace(-1.0, 1.0, 31) * distance * 0.3
        sideways, onwards = (a.ravel() for a in np.meshgrid(steps, steps))
        order = np.argsort(sideways**2 + onwards**2, kind="stable")
        sideways, onwards = sideways[order], onwards[order]
        slide = sideways[:, None] * right + onwards[:, None] * ground  # M x 3
        base = np.array(tuple(pivot), float)
        for k in range(24):
            far = distance * 1.04**k
            eye = base + slide - ahead * far  # M x 3
            rel = shapes[None] - eye[:, None, None]  # M x S x K x 3
            depth = np.maximum(rel @ ahead, 1e-6)
            px = w / 2 + fx * (rel @ right) / depth
            py = h / 2 - fy * (rel @ up) / depth
            x0, x1, y0, y1 = px.min(2), px.max(2), py.min(2), py.max(2)
            fits = (x0 >= margin * w) & (x1 <= (1 - margin) * w)
            fits &= (y0 >= margin * h) & (y1 <= (1 - margin) * h)
            for bx0, by0, bx1, by1 in boxes:
                fits &= ~(clear & (x0 < bx1) & (bx0 < x1) & (y0 < by1) & (by0 < y1))
            good = np.flatnonzero(fits.all(axis=1))
            if len(good):
                return Vec3(*(base + slide[good[0]])), far
        return Vec3(pivot), distance

    def keep_in_view(self, points: Sequence[Vec3]) -> None:
        """Ease out just enough that every point shows inside the window."""
        pivot, distance = self.view
        needed = self.fitting_distance(points, pivot)
        if needed > distance + 1e-3:
            self.ease_to(pivot, needed)

    def input(self, key: str) -> None:
        if key in ("right mouse down", "middle mouse down", "scroll up", "scroll down"):
            self.glide = None  # the player takes the camera
        if key in ("right mouse down", "middle mouse down"):
            self._drag = (key.split()[0], Vec2(mouse.x, mouse.y))
        elif key in ("right mouse up", "middle mouse up"):
            self._drag = None
        elif key == "scroll up":
            self.distance = self.distance * 0.9
        elif key == "scroll down":
            self.distance = self.distance / 0.9
        elif key == RESET_KEY:
            self.reset()

    def update(self) -> None:
        if self.glide is not None:
            start, far, goal, goal_far, done, heading, turn = self.glide
            done = min(1.0, done + time.dt / EASE_SECONDS)
            k = 0.5 - 0.5 * math.cos(math.pi * done)
            self.pivot.position = start + (goal - start) * k
            self.distance = far + (goal_far - far) * k
            self.pivot.rotation_y = heading + turn * k
            more = (start, far, goal, goal_far, done, heading, turn)
            self.glide = None if done >= 1.0 else more
        if self._drag is not None:
            self.glide = None
            button, last = self._drag
            now = Vec2(mouse.x, mouse.y)
            delta = now - last
            if button == "right":
                self.orbit(delta.x, delta.y)
            else:
                self.pan(-delta.x * self.distance, -delta.y * self.distance)
            self._drag = (button, now)
        step = time.dt * self.distance * 0.8
        dx = held_keys["right arrow"] - held_keys["left arrow"]
        dy = held_keys["up arrow"] - held_keys["down arrow"]
        if self.pan_keys and (dx or dy):
            self.pan(dx * step, dy * step)


def home_axes() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The camera's right, up and forward directions in the opening view (HEADING, TILT)."""
    h, t = math.radians(HEADING), math.radians(TILT)
    ahead = np.array([math.sin(h) * math.cos(t), -math.sin(t), math.cos(h) * math.cos(t)])
    right = np.array([math.cos(h), 0.0, -math.sin(h)])
    return right, np.cross(ahead, right), ahead


def screen_pixel(point: Vec3) -> tuple[int, int] | None:
    """The window pixel (from the top left) showing a world point, or None when off screen."""
    from panda3d.core import Point2, Point3
    from ursina import application, scene, window

    base = application.base
    p3 = base.cam.getRelativePoint(scene, Point3(point.x, point.y, point.z))
    p2 = Point2()
    if not base.camLens.project(p3, p2):
        return None
    w, h = window.size
    return int((p2.x + 1) / 2 * w), int((1 - p2.y) / 2 * h)


def pointer_pixel() -> tuple[float, float]:
    """The window pixel (from the top left) under the mouse pointer."""
    from ursina import window

    w, h = window.size
    return (mouse.x / window.aspect_ratio + 0.5) * w, (0.5 - mouse.y) * h


def pointer_spot() -> tuple[float, float] | None:
    """The pointer as the rays of `pointer_ray` see it (the mouse watcher's reading, which can
    lag a frame behind `mouse.x`), in Ursina's screen units; None outside the window."""
    from ursina import application, window

    watcher = application.base.mouseWatcherNode
    if not watcher.hasMouse():
        return None
    return watcher.getMouseX() * window.aspect_ratio / 2, watcher.getMouseY() / 2


def pointer_ray(pixel: tuple[int, int] | None = None) -> tuple[Vec3, Vec3] | None:
    """Two world points on the ray under the pointer (or under a window `pixel`), near to far;
    None when the pointer is outside the window."""
    from panda3d.core import Point2, Point3
    from ursina import application, scene, window

    base = application.base
    if pixel is None:
        watcher = base.mouseWatcherNode
        if not watcher.hasMouse():
            return None
        screen = Point2(watcher.getMouse())
    else:
        w, h = window.size
        screen = Point2(pixel[0] / w * 2 - 1, 1 - pixel[1] / h * 2)
    near, far = Point3(), Point3()
    if not base.camLens.extrude(screen, near, far):
        return None
    return Vec3(*scene.getRelativePoint(base.cam, near)), Vec3(
        *scene.getRelativePoint(base.cam, far)
    )


def pointer_on_plane(height: float, pixel: tuple[int, int] | None = None) -> Vec3 | None:
    """Where the ray under the pointer (or under a window `pixel`) meets the level plane
    `height` above the table, or None (no pointer, or the ray runs away from the plane)."""
    ray = pointer_ray(pixel)
    if ray is None:
        return None
    a, b = ray
    rise = b.y - a.y
    if abs(rise) < 1e-9:
        return None
    t = (height - a.y) / rise
    if t <= 0:
        return None
    return Vec3(a.x + (b.x - a.x) * t, height, a.z + (b.z - a.z) * t)


def pointer_on_heights(
    heights: np.ndarray, pixel: tuple[int, int] | None = None, step: float = 0.05
) -> Vec3 | None:
    """The first point where the ray under the pointer (or under a window `pixel`) meets the
    surface of columns of `heights` (levels by table square; 0 is the table): on a top, at that
    top's level; on a side, on the top of that column. None when the pointer is outside the
    window or above the horizon."""
    ray = pointer_ray(pixel)
    if ray is None:
        return None
    a, b = ray
    highest = float(heights.max()) + 0.01
    start, end = _ray_at(a, b, highest), _ray_at(a, b, 0.0)
    if end is None:
        return None
    start = start or a
    length = math.dist((start.x, start.z), (end.x, end.z))
    k = np.linspace(0.0, 1.0, max(2, int(length / step) + 2))
    xs = start.x + (end.x - start.x) * k
    ys = start.y + (end.y - start.y) * k
    zs = start.z + (end.z - start.z) * k
    cols, rows = np.floor(xs).astype(int), np.floor(zs).astype(int)
    inside = (cols >= 0) & (cols < heights.shape[0]) & (rows >= 0) & (rows < heights.shape[1])
    tops = np.zeros_like(ys)
    tops[inside] = heights[cols[inside], rows[inside]]
    hits = np.flatnonzero(inside & (ys <= tops))
    if len(hits) == 0:
        return end
    i = int(hits[0])
    return Vec3(float(xs[i]), float(tops[i]), float(zs[i]))


def _ray_at(a: Vec3, b: Vec3, height: float) -> Vec3 | None:
    """Where the line from `a` through `b` crosses `height`, beyond `a`; None if it does not."""
    rise = b.y - a.y
    if abs(rise) < 1e-9:
        return None
    t = (height - a.y) / rise
    return a + (b - a) * t if t > 0 else None


def on_screen(point: Vec3, margin: float = 0.0) -> bool:
    """Whether a world point shows inside the window, `margin` (a share of the window's size)
    away from its edges."""
    from ursina import window

    pixel = screen_pixel(point)
    if pixel is None:
        return False
    w, h = window.size
    inside: bool = (
        margin * w <= pixel[0] <= (1 - margin) * w and margin * h <= pixel[1] <= (1 - margin) * h
    )
    return inside
