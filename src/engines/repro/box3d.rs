//! Box3D's repro: `repro.c` on Box3D's C API and a `CMakeLists.txt` that builds it with a Box3D
//! source tree (`-DBOX3D_DIR=`: the `boxddd-sys` crate's vendored `third-party/box3d`, or upstream
//! at the commit it vendors), asking Box3D as `src/engines/box3d.rs` does: `b3CollideHulls` on two
//! `b3MakeBoxHull`s with B's pose in A's frame (made in `float` as satbox's glam makes it), at most
//! 4 points, and `b3ShapeDistance` on the eight corners when no point is at or below zero.

use super::{c_floats, Program, SourceTree, C_NUM};
use crate::engines::Question;
use crate::scene::Pair;

/// The `boxddd-sys` crate satbox is built with, which vendors Box3D's sources.
pub const BOXDDD_SYS: &str = "0.4.0";
/// The upstream commit it vendors (its `box3d-upstream.toml`).
pub const COMMIT: &str = "781673be801569a94be7942848755fc0baad3653";

/// The program: `repro.c`, `CMakeLists.txt` and `run.sh`.
pub fn program(question: &Question) -> Result<Program, String> {
    if question.rounded() {
        return Err(
            "Box3D is asked about sharp boxes only: this pair's boxes have a radius".into(),
        );
    }
    let Pair::Three(a, b) = question.pair else {
        return Err("Box3D answers no 2D pairs".into());
    };
    let inputs = format!(
        "/* satbox's boxes A and B, each number the float satbox holds */\nstatic const float CENTER[2][3] = {{{}, {}}};\nstatic const float HALF[2][3] = {{{}, {}}};\nstatic const float ROTATION[2][4] = {{{}, {}}}; /* x, y, z, w */\n",
        c_floats(&a.center.to_array()),
        c_floats(&b.center.to_array()),
        c_floats(&a.half_extents.to_array()),
        c_floats(&b.half_extents.to_array()),
        c_floats(&a.rotation.to_array()),
        c_floats(&b.rotation.to_array()),
    );
    let source = format!("{HEADER}\n{inputs}\n{C_NUM}\n{REST}");
    Ok(Program {
        files: vec![
            ("repro.c", source),
            ("CMakeLists.txt", TREE.cmake()),
            ("run.sh", TREE.run()),
        ],
        install: format!(
            "CMake and a C compiler, and Box3D's sources in `BOX3D_DIR`: the `boxddd-sys` {BOXDDD_SYS} crate's `third-party/box3d` (`cargo metadata` finds it where Cargo keeps crates), which vendors upstream commit `{COMMIT}` (`git clone https://github.com/erincatto/box3d && git -C box3d checkout {COMMIT}`)."
        ),
        asks: "`b3CollideHulls` on two `b3MakeBoxHull`s (at most 4 points, a fresh SAT cache), B's pose in A's frame, and `b3ShapeDistance` on the eight corners when no point is at or below zero.".into(),
    })
}

const HEADER: &str = "/* Box3D asked about one pair of boxes, as satbox asks it: b3CollideHulls with B in A's frame,\n   then b3ShapeDistance when no point is at or below zero. The last line printed is Box3D's\n   answer as satbox reads it (points and normal turned into the world), one JSON object. */\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include \"box3d/box3d.h\"\n#include \"box3d/collision.h\"\n#include \"box3d/math_functions.h\"\n";

/// The source tree `repro.c` is built with.
const TREE: SourceTree = SourceTree {
    project: "box3d",
    title: "Box3D",
    var: "BOX3D_DIR",
    header: "box3d/box3d.h",
    as_built: "as the boxddd-sys crate builds Box3D: no fused multiply-add",
};

/// The rest of `repro.c`: Box3D asked, its answer read as `src/engines/box3d.rs` reads it.
const REST: &str = r#"/* glam's quaternion times vector, in float: v (w^2 - b.b) + b (2 v.b) + (b x v) 2w */
static void rotate(const float q[4], const float v[3], float out[3]) {
    float w = q[3], b[3] = {q[0], q[1], q[2]};
    float b2 = b[0] * b[0] + b[1] * b[1] + b[2] * b[2];
    float vb = v[0] * b[0] + v[1] * b[1] + v[2] * b[2];
    float cross[3] = {b[1] * v[2] - v[1] * b[2], b[2] * v[0] - v[2] * b[0], b[0] * v[1] - v[0] * b[1]};
    for (int k = 0; k < 3; k++) out[k] = v[k] * (w * w - b2) + b[k] * (vb * 2.0f) + cross[k] * (w * 2.0f);
}

/* glam's quaternion product, in float */
static void product(const float p[4], const float q[4], float out[4]) {
    float x0 = p[0], y0 = p[1], z0 = p[2], w0 = p[3], x1 = q[0], y1 = q[1], z1 = q[2], w1 = q[3];
    out[0] = w0 * x1 + x0 * w1 + y0 * z1 - z0 * y1;
    out[1] = w0 * y1 - x0 * z1 + y0 * w1 + z0 * x1;
    out[2] = w0 * z1 + x0 * y1 - y0 * x1 + z0 * w1;
    out[3] = w0 * w1 - x0 * x1 - y0 * y1 - z0 * z1;
}

/* A point of A's frame in the world. */
static void to_world(b3Vec3 p, float out[3]) {
    float local[3] = {p.x, p.y, p.z}, turned[3];
    rotate(ROTATION[0], local, turned);
    for (int k = 0; k < 3; k++) out[k] = CENTER[0][k] + turned[k];
}

/* A direction of A's frame in the world, normalised (glam's normalize_or_zero). */
static void turn_to_world(b3Vec3 v, float out[3]) {
    float local[3] = {v.x, v.y, v.z}, w[3];
    rotate(ROTATION[0], local, w);
    float rcp = 1.0f / sqrtf(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    for (int k = 0; k < 3; k++) out[k] = isfinite(rcp) && rcp > 0 ? w[k] * rcp : 0.0f;
}

static void vec3(const float v[3]) {
    printf("[");
    num(v[0]); printf(","); num(v[1]); printf(","); num(v[2]);
    printf("]");
}

int main(void) {
    b3Version v = b3GetVersion();
    printf("Box3D %d.%d.%d\n", v.major, v.minor, v.revision);
    /* B's pose in A's frame, in float as satbox's glam makes it */
    float inverse[4] = {-ROTATION[0][0], -ROTATION[0][1], -ROTATION[0][2], ROTATION[0][3]};
    float d[3] = {CENTER[1][0] - CENTER[0][0], CENTER[1][1] - CENTER[0][1], CENTER[1][2] - CENTER[0][2]};
    float p[3], q[4];
    rotate(inverse, d, p);
    product(inverse, ROTATION[1], q);
    b3Transform xf = {{p[0], p[1], p[2]}, {{q[0], q[1], q[2]}, q[3]}};
    b3BoxHull hulls[2] = {b3MakeBoxHull(HALF[0][0], HALF[0][1], HALF[0][2]), b3MakeBoxHull(HALF[1][0], HALF[1][1], HALF[1][2])};
    b3LocalManifoldPoint points[4];
    memset(points, 0, sizeof points);
    b3LocalManifold m;
    memset(&m, 0, sizeof m);
    m.points = points;
    b3SATCache cache;
    memset(&cache, 0, sizeof cache);
    b3CollideHulls(&m, 4, &hulls[0].base, &hulls[1].base, xf, &cache);
    int n = m.pointCount < 0 ? 0 : m.pointCount > 4 ? 4 : m.pointCount;
    printf("b3CollideHulls: %d points, normal %.9g %.9g %.9g (A's frame)\n", n, m.normal.x, m.normal.y, m.normal.z);
    float deepest = INFINITY, normal[3], at[3];
    turn_to_world(m.normal, normal);
    printf("{\"id\":1,\"points\":[");
    for (int i = 0; i < n; i++) {
        const b3LocalManifoldPoint* c = &points[i];
        deepest = fminf(deepest, c->separation);
        to_world(c->point, at);
        printf("%s{\"position\":", i ? "," : "");
        vec3(at);
        printf(",\"separation\":");
        num(c->separation);
        printf(",\"feature\":\"%s half-edge %d \xc3\x97 %s half-edge %d\"}", c->pair.owner1 == 0 ? "A" : "B",
               c->pair.index1, c->pair.owner2 == 0 ? "A" : "B", c->pair.index2);
    }
    int intersect = deepest <= 0, has_normal = n > 0;
    printf("],\"intersect\":%s,\"depth\":", intersect ? "true" : "false");
    if (intersect) num(-fminf(deepest, 0)); else printf("null");
    if (intersect) {
        printf(",\"distance\":null,\"closest_points\":null");
    } else {
        b3Vec3 corners[2][8];
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 8; i++)
                corners[k][i] = (b3Vec3){(i & 1 ? 1.0f : -1.0f) * HALF[k][0], (i & 2 ? 1.0f : -1.0f) * HALF[k][1], (i & 4 ? 1.0f : -1.0f) * HALF[k][2]};
        b3DistanceInput input = {{corners[0], 8, 0.0f}, {corners[1], 8, 0.0f}, xf, false};
        b3SimplexCache simplex;
        memset(&simplex, 0, sizeof simplex);
        b3DistanceOutput out = b3ShapeDistance(&input, &simplex, NULL, 0);
        float on_a[3], on_b[3];
        to_world(out.pointA, on_a);
        to_world(out.pointB, on_b);
        printf(",\"distance\":");
        num(out.distance);
        printf(",\"closest_points\":[");
        vec3(on_a);
        printf(",");
        vec3(on_b);
        printf("]");
        if (!has_normal && out.distance > 0) {
            turn_to_world(out.normal, normal);
            has_normal = 1;
        }
    }
    printf(",\"normal\":");
    if (has_normal) vec3(normal); else printf("null");
    printf(",\"notes\":[]}\n");
    return 0;
}
"#;

#[cfg(test)]
mod tests {
    #[test]
    fn the_repro_names_the_box3d_sources_satbox_is_built_with() {
        let lock = include_str!("../../../Cargo.lock");
        let entry = format!(
            "name = \"boxddd-sys\"\nversion = \"{}\"\n",
            super::BOXDDD_SYS
        );
        assert!(
            lock.contains(&entry),
            "boxddd-sys is not {} in Cargo.lock",
            super::BOXDDD_SYS
        );
    }
}
