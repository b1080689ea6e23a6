//! Box2D v3's repro: `repro.c` on Box2D's C API and a `CMakeLists.txt` that builds it with a
//! Box2D source tree (`-DBOX2D_DIR=`: the `boxdd-sys` crate's vendored `third-party/box2d`, or
//! upstream at the revision it vendors), asking Box2D as `src/engines/box2d.rs` does:
//! `b2CollidePolygons` on `b2MakeBox` (or `b2MakeRoundedBox`) polygons with B's pose in A's frame
//! (the rotations from the exact cosine and sine, in double), and `b2ShapeDistance` when no point
//! is at or below zero; every point turned into the world as satbox turns it.

use super::{c_floats, Program, SourceTree, C_NUM};
use crate::engines::Question;
use crate::scene::Pair;

/// The `boxdd-sys` crate satbox is built with, which vendors Box2D's sources.
pub const BOXDD_SYS: &str = "0.6.0";
/// The upstream revision it vendors (its `upstream.toml`).
pub const REVISION: &str = "56edae79f2949d86142b03450d5d60f63bcf5a6f";

/// The program: `repro.c`, `CMakeLists.txt` and `run.sh`.
pub fn program(question: &Question) -> Result<Program, String> {
    let Pair::Two(a, b) = question.pair else {
        return Err("Box2D answers no 3D pairs".into());
    };
    let pair = |xs: [f32; 2]| c_floats(&xs);
    let inputs = format!(
        "/* satbox's boxes A and B, each number the float Box2D got (angles in radians) */\nstatic const float CENTER[2][2] = {{{}, {}}};\nstatic const float HALF[2][2] = {{{}, {}}};\nstatic const float ANGLE[2] = {};\nstatic const float RADIUS[2] = {};\n",
        pair(a.center.to_array()),
        pair(b.center.to_array()),
        pair(a.half_extents.to_array()),
        pair(b.half_extents.to_array()),
        c_floats(&[a.angle, b.angle]),
        c_floats(&question.radii),
    );
    let source = format!("{HEADER}\n{inputs}\n{C_NUM}\n{REST}");
    Ok(Program {
        files: vec![
            ("repro.c", source),
            ("CMakeLists.txt", TREE.cmake()),
            ("run.sh", TREE.run()),
        ],
        install: format!(
            "CMake and a C compiler, and Box2D's sources in `BOX2D_DIR`: the `boxdd-sys` {BOXDD_SYS} crate's `third-party/box2d` (`cargo metadata` finds it where Cargo keeps crates), which vendors upstream revision `{REVISION}` (`git clone https://github.com/erincatto/box2d && git -C box2d checkout {REVISION}`)."
        ),
        asks: "`b2CollidePolygons` on two `b2MakeBox` polygons (`b2MakeRoundedBox` for a box with a radius), B's pose in A's frame from the exact cosine and sine of the angles (not `b2MakeRot`), and `b2ShapeDistance` on the four corners when no point is at or below zero.".into(),
    })
}

const HEADER: &str = "/* Box2D v3 asked about one pair of boxes, as satbox asks it: b2CollidePolygons with B in A's\n   frame, then b2ShapeDistance when no point is at or below zero. The last line printed is\n   Box2D's answer as satbox reads it (points and normal turned into the world), one JSON object. */\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include \"box2d/box2d.h\"\n#include \"box2d/collision.h\"\n#include \"box2d/math_functions.h\"\n";

/// The source tree `repro.c` is built with.
const TREE: SourceTree = SourceTree {
    project: "box2d",
    title: "Box2D v3",
    var: "BOX2D_DIR",
    header: "box2d/box2d.h",
    as_built: "as the boxdd-sys crate builds Box2D: no fused multiply-add, no SIMD options",
};

/// The rest of `repro.c`: Box2D asked, its answer read as `src/engines/box2d.rs` reads it.
const REST: &str = r#"static float ca, sa; /* A's axes: u0 = (ca, sa), u1 = (-sa, ca) */

/* A point of A's frame in the world, as satbox's glam computes it. */
static void to_world(b2Vec2 p, float out[2]) {
    out[0] = (CENTER[0][0] + ca * p.x) + -sa * p.y;
    out[1] = (CENTER[0][1] + sa * p.x) + ca * p.y;
}

/* A direction of A's frame in the world, normalised (glam's normalize_or_zero). */
static void turn_to_world(b2Vec2 v, float out[2]) {
    float w[2] = {ca * v.x + -sa * v.y, sa * v.x + ca * v.y};
    float rcp = 1.0f / sqrtf(w[0] * w[0] + w[1] * w[1]);
    for (int k = 0; k < 2; k++) out[k] = isfinite(rcp) && rcp > 0 ? w[k] * rcp : 0.0f;
}

static void vec2(const float v[2]) {
    printf("[");
    num(v[0]);
    printf(",");
    num(v[1]);
    printf("]");
}

static b2ShapeProxy proxy(int k) {
    float x = HALF[k][0], y = HALF[k][1];
    b2ShapeProxy p = {{{-x, -y}, {x, -y}, {x, y}, {-x, y}}, 4, RADIUS[k]};
    return p;
}

int main(void) {
    b2Version v = b2GetVersion();
    printf("Box2D %d.%d.%d\n", v.major, v.minor, v.revision);
    sa = sinf(ANGLE[0]);
    ca = cosf(ANGLE[0]);
    /* B's pose in A's frame, in double: R(-angle A)(centre B - centre A), turned by the difference */
    double turn = -(double)ANGLE[0], s = sin(turn), c = cos(turn);
    double dx = (double)(CENTER[1][0] - CENTER[0][0]), dy = (double)(CENTER[1][1] - CENTER[0][1]);
    double q = (double)ANGLE[1] - (double)ANGLE[0];
    b2Transform xf = {{(float)(c * dx - s * dy), (float)(s * dx + c * dy)}, {(float)cos(q), (float)sin(q)}};
    b2Polygon polygons[2];
    for (int k = 0; k < 2; k++)
        polygons[k] = RADIUS[k] > 0 ? b2MakeRoundedBox(HALF[k][0], HALF[k][1], RADIUS[k]) : b2MakeBox(HALF[k][0], HALF[k][1]);
    b2LocalManifold m = b2CollidePolygons(&polygons[0], &polygons[1], xf);
    printf("b2CollidePolygons: %d points, normal %.9g %.9g (A's frame)\n", m.pointCount, m.normal.x, m.normal.y);
    /* a zero normal (coincident centres) is read as +x, as the boxdd crate does */
    if (m.pointCount > 0 && m.normal.x == 0 && m.normal.y == 0) m.normal = (b2Vec2){1.0f, 0.0f};
    float deepest = INFINITY, normal[2] = {0, 0}, at[2];
    turn_to_world(m.normal, normal);
    printf("{\"id\":1,\"points\":[");
    for (int i = 0; i < m.pointCount; i++) {
        const b2LocalManifoldPoint* p = &m.points[i];
        deepest = fminf(deepest, p->separation);
        to_world(p->point, at);
        printf("%s{\"position\":", i ? "," : "");
        vec2(at);
        printf(",\"separation\":");
        num(p->separation);
        printf(",\"feature\":\"id 0x%04x (vertices %d and %d)\"}", p->id, p->id >> 8, p->id & 0xff);
    }
    int intersect = deepest <= 0, has_normal = m.pointCount > 0;
    printf("],\"intersect\":%s,\"depth\":", intersect ? "true" : "false");
    if (intersect) num(-fminf(deepest, 0)); else printf("null");
    if (intersect) {
        printf(",\"distance\":null,\"closest_points\":null");
    } else {
        b2DistanceInput input = {proxy(0), proxy(1), xf, RADIUS[0] > 0 || RADIUS[1] > 0};
        b2SimplexCache cache = {0};
        b2DistanceOutput d = b2ShapeDistance(&input, &cache, NULL, 0);
        float on_a[2], on_b[2];
        to_world(d.pointA, on_a);
        to_world(d.pointB, on_b);
        printf(",\"distance\":");
        num(d.distance);
        printf(",\"closest_points\":[");
        vec2(on_a);
        printf(",");
        vec2(on_b);
        printf("]");
        if (!has_normal && d.distance > 0) {
            turn_to_world(d.normal, normal);
            has_normal = 1;
        }
    }
    printf(",\"normal\":");
    if (has_normal) vec2(normal); else printf("null");
    printf(",\"notes\":[]}\n");
    return 0;
}
"#;

#[cfg(test)]
mod tests {
    #[test]
    fn the_repro_names_the_box2d_sources_satbox_is_built_with() {
        let lock = include_str!("../../../Cargo.lock");
        let entry = format!("name = \"boxdd-sys\"\nversion = \"{}\"\n", super::BOXDD_SYS);
        assert!(
            lock.contains(&entry),
            "boxdd-sys is not {} in Cargo.lock",
            super::BOXDD_SYS
        );
    }
}
