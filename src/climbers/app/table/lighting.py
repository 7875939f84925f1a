"""The sun and its shadow, made cheap enough for a software renderer.

The shadow map covers only the pieces (not the whole table), is drawn with a bare depth-only
state, and is redrawn only in frames after a shadow caster moved: a still table costs no
shadow pass at all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ursina import AmbientLight, Color, DirectionalLight, Vec2, Vec3, application, color, scene

SHADOW_MAP = 1024
"""Texels per side of the sun's shadow map."""
CASTS_SHADOW = 0b0001
"""The camera mask of the sun's shadow camera: pieces hidden from it cast no shadow."""
SUN_NAME = "climbers-sun"
SUN_DIRECTION = Vec3(1.2, -2.2, 1.6)
"""Where the sunlight goes: from the south-west, down."""
SUN_COLOUR = (0.6, 0.6, 0.58)
SKY_COLOUR = (0.52, 0.52, 0.52)
ONLY_SHADOW = 0x7FFFFFFF & ~CASTS_SHADOW
"""The view camera's mask (bit 31 is Panda's 'overall' bit); hide a node from it to draw the
node only into the shadow map."""


def _depth_only_state() -> object:
    """Draw casters' back faces with no shader, texture, light or colour: the shadow map needs
    only depth, and back faces keep lit faces from shadowing themselves (every piece is closed).
    """
    from panda3d.core import (
        ColorWriteAttrib,
        CullFaceAttrib,
        LightAttrib,
        RenderState,
        ShaderAttrib,
        TextureAttrib,
    )

    state = RenderState.make(ShaderAttrib.makeOff(), 1000)
    state = state.compose(RenderState.make(TextureAttrib.makeAllOff(), 1000))
    state = state.compose(RenderState.make(LightAttrib.makeAllOff(), 1000))
    state = state.compose(RenderState.make(CullFaceAttrib.makeReverse(), 1000))
    return state.compose(RenderState.make(ColorWriteAttrib.make(ColorWriteAttrib.C_off), 1000))


def _switch_off(entity: Any) -> None:
    """Take an entity's lights off the scene: Ursina's destroy leaves them lighting `render`, so
    every new table would add another sun, sky light and shadow buffer."""
    from ursina import application

    for light in entity.findAllMatches("**/+Light"):
        node = light.node()
        if hasattr(node, "setShadowCaster"):
            node.setShadowCaster(False)
        application.base.render.clearLight(light)


class SkyLight(AmbientLight):  # type: ignore[misc]
    """The ambient light, switched off when destroyed."""

    def on_destroy(self) -> None:
        _switch_off(self)


class Sun(DirectionalLight):  # type: ignore[misc]
    """The one shadow-casting light.

    `region()` gives the world box (low, high corner) whose shadows matter; `casters()` gives
    something that changes whenever a shadow caster moves, appears or goes.
    """

    def __init__(
        self,
        region: Callable[[], tuple[Vec3, Vec3]],
        casters: Callable[[], Hashable],
        **kwargs: object,
    ) -> None:
        self.region = region
        self.casters = casters
        self._last: Hashable = None
        self.redraws = 0
        """Frames left in which the shadow map is redrawn."""
        self._clamped = False
        self.drawn = 0
        """How many frames drew the shadow map (for tests)."""
        super().__init__(shadows=True, shadow_map_resolution=Vec2(SHADOW_MAP, SHADOW_MAP), **kwargs)
        self._light.setName(SUN_NAME)
        self._light.setInitialState(_depth_only_state())

    def on_destroy(self) -> None:
        _switch_off(self)

    @property
    def settled(self) -> bool:
        """Whether the shadow map has been drawn and shows the casters as they are now."""
        return self.drawn > 0 and self.redraws == 0 and self.casters() == self._last

    def update_bounds(self, entity: object = None) -> None:
        """Fit the shadow camera around `region()`, and redraw the map."""
        from panda3d.core import Point3

        lo, hi = self.region()
        pts = [
            self.getRelativePoint(scene, Point3(x, y, z))
            for x in (lo.x, hi.x)
            for y in (lo.y, hi.y)
            for z in (lo.z, hi.z)
        ]
        xs, ys, zs = ([p[i] for p in pts] for i in range(3))
        lens = self._light.get_lens()
        lens.set_near_far(min(zs) - 1, max(zs) + 1)
        lens.set_film_offset(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
        lens.set_film_size((max(xs) - min(xs), max(ys) - min(ys)))
        self.redraws = max(self.redraws, 2)

    def _clamp(self, texture: Any) -> None:
        """Outside the map there is no shadow (instead of the map repeating across the table)."""
        from panda3d.core import SamplerState

        texture.setWrapU(SamplerState.WM_border_color)
        texture.setWrapV(SamplerState.WM_border_color)
        texture.setBorderColor((1, 1, 1, 1))
        self._clamped = True

    def _buffer(self) -> Any:
        engine = application.base.graphicsEngine
        for i in range(engine.getNumWindows()):
            window = engine.getWindow(i)
            if window.getName() == SUN_NAME:
                return window
        return None

    def update(self) -> None:
        now = self.casters()
        if now != self._last:
            self._last = now
            self.redraws = max(self.redraws, 2)
        buffer = self._buffer()
        if buffer is None:
            return
        if not self._clamped and buffer.countTextures():
            self._clamp(buffer.getTexture(0))
        active = self.redraws > 0
        if buffer.isActive() != active:
            buffer.setActive(active)
        if active:
            self.redraws -= 1
            self.drawn += 1


def light_scene(region: Callable[[], tuple[Vec3, Vec3]], casters: Callable[[], Hashable]) -> Sun:
    """A sun from the south-west with a shadow and an even sky light, both white, so that a
    face in the shade keeps its colour's hue and about half its brightness (the pieces are
    drawn with climbers.app.table.shading)."""
    from panda3d.core import BitMask32

    sun = Sun(region, casters)
    # the view camera skips what only the sun should see (see ONLY_SHADOW)
    application.base.cam.node().setCameraMask(BitMask32(ONLY_SHADOW))
    sun.look_at(SUN_DIRECTION)
    sun.color = color.rgb(*SUN_COLOUR)
    SkyLight(color=color.rgba(*SKY_COLOUR, 1))
    return sun


def open_ground_light() -> Color:
    """The light on the table where no shadow can fall: the sky's and the sun's (the table is
    flat, so this is the same everywhere); the piece shader gives the same in the sun."""
    up = -Vec3(SUN_DIRECTION).normalized().y
    return color.rgb(*(s + c * up for s, c in zip(SKY_COLOUR, SUN_COLOUR, strict=True)))
