"""The one shader of the pieces and the table, made cheap for a software renderer: the light
of the sun and the sky is worked out at the corners (block faces and the table are flat, so
nothing is lost; a Climber's round shape is smooth enough), only the sun's shadow is looked up
for every pixel."""

from __future__ import annotations

from functools import cache
from typing import Any

SUN = """
uniform struct {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[1];
"""
"""The sun as both stages see it: its light and its shadow map."""

VERTEX = (
    """
#version 130
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat3 p3d_NormalMatrix;
uniform struct { vec4 ambient; } p3d_LightModel;
"""
    + SUN
    + """
in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec2 p3d_MultiTexCoord0;
in vec4 p3d_Color;
out vec2 uv;
out vec3 sky;
out vec3 sun;
out vec4 shadow_at;
out vec4 tint;

void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    vec4 seen = p3d_ModelViewMatrix * p3d_Vertex;
    vec3 normal = normalize(p3d_NormalMatrix * p3d_Normal);
    vec3 towards = normalize(p3d_LightSource[0].position.xyz);
    sun = p3d_LightSource[0].color.rgb * max(dot(normal, towards), 0.0);
    sky = p3d_LightModel.ambient.rgb;
    shadow_at = p3d_LightSource[0].shadowViewMatrix * seen;
    uv = p3d_MultiTexCoord0;
    tint = p3d_Color;
}
"""
)

FRAGMENT = (
    """
#version 130
uniform sampler2D p3d_Texture0;
uniform vec4 p3d_ColorScale;
"""
    + SUN
    + """
in vec2 uv;
in vec3 sky;
in vec3 sun;
in vec4 shadow_at;
in vec4 tint;
out vec4 colour;

void main() {
    vec4 base = texture(p3d_Texture0, uv) * tint * p3d_ColorScale;
    float lit = textureProj(p3d_LightSource[0].shadowMap, shadow_at);
    colour = vec4(base.rgb * (sky + sun * lit), base.a);
}
"""
)


@cache
def piece_shader() -> Any:
    """The compiled shader (one per process)."""
    from panda3d.core import Shader

    return Shader.make(Shader.SL_GLSL, VERTEX, FRAGMENT)


def shade(node: Any) -> None:
    """Draw `node` and everything under it with the piece shader."""
    node.setShader(piece_shader())


def unshaded(node: Any) -> None:
    """Draw `node` (an unlit mark or label under shaded pieces) without a shader."""
    node.setShaderOff()


def opaque(entity: Any) -> None:
    """Draw `entity`'s model in one pass, as the solid piece it is: Ursina sets every model it
    is given to be drawn twice (its solid parts, then its see-through ones), which a software
    renderer pays for at every pixel. Needed again whenever the entity is given a new model."""
    from panda3d.core import TransparencyAttrib

    entity.model.setTransparency(TransparencyAttrib.M_none)
