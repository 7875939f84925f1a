"""The shader of Clamber's stones: the piece shader's sun, sky and shadow (climbers.app.table.
shading), with the grooves between the stones of a stack drawn as light instead of turned into
the mesh. A stack is one smooth cylinder (a few dozen triangles whatever its height, where
turned grooves took 84 a stone, too small for a software renderer to draw cheaply); on its side
each stone is lit as the turned stone was: its foot turned down towards the groove under it,
its top turned up towards the groove over it, so the stones can still be counted."""

from __future__ import annotations

from functools import cache
from typing import Any

from climbers.app.table.shading import SUN
from climbers.clamber.table.geometry import STONE_HEIGHT, STONE_RADIUS
from climbers.clamber.table.meshes import BEVEL, GROOVE

VERTEX = """
#version 130
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat3 p3d_NormalMatrix;
__SUN__
in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec2 p3d_MultiTexCoord0;
in vec4 p3d_Color;
out float turned;
out float facing;
out float rising;
out float height;
out float side;
out vec4 shadow_at;
out vec4 tint;

void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    shadow_at = p3d_LightSource[0].shadowViewMatrix * (p3d_ModelViewMatrix * p3d_Vertex);
    vec3 towards = normalize(p3d_LightSource[0].position.xyz);
    // the sun on the mesh as turned (the bevels and the top), and on a stone's side: how much
    // it falls on the side straight out from the axis, and how much on a surface facing up
    turned = max(dot(normalize(p3d_NormalMatrix * p3d_Normal), towards), 0.0);
    vec3 outward = vec3(p3d_Vertex.x, 0.0, p3d_Vertex.z) / __RADIUS__;
    facing = dot(p3d_NormalMatrix * outward, towards);
    rising = dot(p3d_NormalMatrix * vec3(0.0, 1.0, 0.0), towards);
    height = p3d_Vertex.y;
    side = p3d_MultiTexCoord0.x;
    tint = p3d_Color;
}
"""

FRAGMENT = """
#version 130
uniform vec4 p3d_ColorScale;
uniform struct { vec4 ambient; } p3d_LightModel;
__SUN__
in float turned;
in float facing;
in float rising;
in float height;
in float side;
in vec4 shadow_at;
in vec4 tint;
out vec4 colour;

void main() {
    // where in its stone this point lies (0 at the groove under it, 1 at the one over it), and
    // how far the turned stone's surface leaned up (+) or down (-) there
    float t = fract(height / __STONE__);
    float lean = t < __BEVEL__ ? -__LEAN__ * t / __BEVEL__
        : t > 1.0 - __BEVEL__ ? __LEAN__ * (1.0 - t) / __BEVEL__
        : __LEAN__ * (2.0 * t - 1.0) / (1.0 - 2.0 * __BEVEL__);
    float leaning = max((facing + rising * lean) * inversesqrt(1.0 + lean * lean), 0.0);
    float sun = mix(turned, leaning, side);
    float lit = textureProj(p3d_LightSource[0].shadowMap, shadow_at);
    vec4 base = tint * p3d_ColorScale;
    vec3 light = p3d_LightModel.ambient.rgb + p3d_LightSource[0].color.rgb * (sun * lit);
    colour = vec4(base.rgb * light, base.a);
}
"""


def written(template: str) -> str:
    """A stage's text with the sun and the stones' measures (see climbers.clamber.table.meshes)
    written in."""
    numbers = {
        "__RADIUS__": STONE_RADIUS,
        "__STONE__": STONE_HEIGHT,
        "__BEVEL__": BEVEL / STONE_HEIGHT,
        "__LEAN__": GROOVE / (STONE_HEIGHT - BEVEL),
    }
    text = template.replace("__SUN__", SUN)
    for name, value in numbers.items():
        text = text.replace(name, f"{value:.6f}")
    return text


@cache
def stone_shader() -> Any:
    """The compiled shader (one per process)."""
    from panda3d.core import Shader

    return Shader.make(Shader.SL_GLSL, written(VERTEX), written(FRAGMENT))


def shade_stones(node: Any) -> None:
    """Draw the stones of `node` (a stack's meshes, see climbers.clamber.table.meshes) with the
    stones' shader."""
    node.setShader(stone_shader())
