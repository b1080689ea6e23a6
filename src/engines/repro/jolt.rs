//! Jolt's repro: `repro.cpp` on Jolt's C++ API and a `CMakeLists.txt` that builds it with a Jolt
//! Physics source tree (`-DJOLT_DIR=`: the `oxijolt-sys` crate's vendored `vendor/JoltPhysics`, or
//! upstream at the tag it vendors), Jolt configured as that crate configures it. It asks Jolt
//! what `src/engines/jolt.rs` asks through joltc (whose calls are these, unchanged):
//! `CollisionDispatch::sCollideShapeVsShape` on two `BoxShape`s of convex radius 0 with
//! `mMaxSeparationDistance` 0, and again as far as the centres are apart when they do not touch;
//! beside it (`also.default_radius`) the same at Jolt's default convex radius; a rounded pair's
//! boxes grown by their radii and made with them. Each answer is read as satbox reads it: the
//! point midway between Jolt's two, the penetration axis normalised.

use super::{c_floats, Program, C_NUM, RUN_HEADER};
use crate::engines::Question;
use crate::scene::Pair;

/// The `oxijolt-sys` crate satbox is built with, which vendors Jolt's and joltc's sources.
pub const OXIJOLT_SYS: &str = "1.5.0+jolt-5.6.0";
/// The Jolt release it vendors.
pub const JOLT_TAG: &str = "v5.6.0";

/// The program: `repro.cpp`, `CMakeLists.txt` and `run.sh`.
pub fn program(question: &Question) -> Result<Program, String> {
    let Pair::Three(a, b) = question.pair else {
        return Err("Jolt answers no 2D pairs".into());
    };
    let inputs = format!(
        "// satbox's boxes A and B, each number the float satbox holds\nstatic const float CENTER[2][3] = {{{}, {}}};\nstatic const float HALF[2][3] = {{{}, {}}};\nstatic const float ROTATION[2][4] = {{{}, {}}}; // x, y, z, w\n// each box's radius: 0 for sharp boxes, else the box is its half extents grown by it\nstatic const float RADIUS[2] = {};\n",
        c_floats(&a.center.to_array()),
        c_floats(&b.center.to_array()),
        c_floats(&a.half_extents.to_array()),
        c_floats(&b.half_extents.to_array()),
        c_floats(&a.rotation.to_array()),
        c_floats(&b.rotation.to_array()),
        c_floats(&question.radii),
    );
    let source = format!("{HEADER}\n{inputs}\n{C_NUM}\n{REST}");
    Ok(Program {
        files: vec![
            ("repro.cpp", source),
            ("CMakeLists.txt", CMAKE.into()),
            ("run.sh", format!("{RUN_HEADER}{RUN}")),
        ],
        install: format!(
            "CMake 3.20 or later and a C++17 compiler, and Jolt Physics' sources in `JOLT_DIR`: the `oxijolt-sys` {OXIJOLT_SYS} crate's `vendor/JoltPhysics` (`cargo metadata` finds it where Cargo keeps crates), which is upstream's `{JOLT_TAG}` (`git clone --branch {JOLT_TAG} https://github.com/jrouwe/JoltPhysics`). Jolt is built once into `build/` (a few minutes); `BUILD_DIR` names another folder."
        ),
        asks: "`CollisionDispatch::sCollideShapeVsShape` on two `BoxShape`s of convex radius 0, `mMaxSeparationDistance` 0 (the deepest point pair), and again with it as long as the centres are apart when they do not touch (the distance); beside it, under `also.default_radius`, the same with Jolt's default convex radius 0.05 (at most the smallest half extent).".into(),
    })
}

const HEADER: &str = "// Jolt Physics asked about one pair of boxes, as satbox asks it: CollideShapeVsShape on two\n// BoxShapes, then again with a separation distance when they do not touch. The last line\n// printed is Jolt's answer as satbox reads it (the point midway between Jolt's point on A and\n// on B, the penetration axis normalised), one JSON object.\n#include <Jolt/Jolt.h>\n#include <Jolt/Core/Factory.h>\n#include <Jolt/Core/Memory.h>\n#include <Jolt/RegisterTypes.h>\n#include <Jolt/Physics/Collision/CollideShape.h>\n#include <Jolt/Physics/Collision/CollisionCollectorImpl.h>\n#include <Jolt/Physics/Collision/CollisionDispatch.h>\n#include <Jolt/Physics/Collision/Shape/BoxShape.h>\n#include <Jolt/Physics/Collision/Shape/SubShapeID.h>\n#include <Jolt/Physics/Collision/ShapeFilter.h>\n#include <algorithm>\n#include <cfloat>\n#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n\nusing namespace JPH;\n";

const CMAKE: &str = r#"cmake_minimum_required(VERSION 3.20)
project(jolt_repro CXX)
set(JOLT_DIR "" CACHE PATH "a Jolt Physics source tree (its Build/ and Jolt/)")
if(NOT EXISTS "${JOLT_DIR}/Build/CMakeLists.txt")
  message(FATAL_ERROR "-DJOLT_DIR= must name a Jolt Physics source tree (Build/CMakeLists.txt)")
endif()
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
# Jolt as the oxijolt-sys crate builds it (through joltc): single precision, no asserts, not
# cross-platform deterministic (Jolt's own instruction sets), no IPO, no floating point traps,
# no profiler or debug renderer, no GPU compute
set(DOUBLE_PRECISION OFF)
set(USE_ASSERTS OFF)
set(CROSS_PLATFORM_DETERMINISTIC OFF)
set(INTERPROCEDURAL_OPTIMIZATION OFF)
set(FLOATING_POINT_EXCEPTIONS_ENABLED OFF)
set(PROFILER_IN_DEBUG_AND_RELEASE OFF)
set(DEBUG_RENDERER_IN_DEBUG_AND_RELEASE OFF)
set(DEBUG_RENDERER_IN_DISTRIBUTION OFF)
set(ENABLE_ALL_WARNINGS OFF)
set(ENABLE_INSTALL OFF)
set(GENERATE_DEBUG_SYMBOLS OFF)
set(OBJECT_LAYER_BITS 32)
foreach(backend JPH_USE_DX12 JPH_USE_VK JPH_USE_MTL JPH_USE_CPU_COMPUTE)
  set(${backend} OFF)
endforeach()
add_subdirectory("${JOLT_DIR}/Build" jolt EXCLUDE_FROM_ALL)
add_executable(repro repro.cpp)
target_link_libraries(repro PRIVATE Jolt)
# the reading of Jolt's answer as satbox's Rust does it: no fused multiply-add
target_compile_options(repro PRIVATE -ffp-contract=off)
"#;

const RUN: &str = r#": "${JOLT_DIR:?set JOLT_DIR to a Jolt Physics source tree (README.md)}"
build="${BUILD_DIR:-build}"
cmake -S . -B "$build" -DJOLT_DIR="$JOLT_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target repro -j "${JOBS:-2}" >/dev/null
"$build/repro"
"#;

/// The rest of `repro.cpp`: Jolt asked as `src/engines/jolt.rs` asks it through joltc, its
/// answer read as that file reads it.
const REST: &str = r#"static void vec3(const float v[3]) {
    printf("[");
    num(v[0]); printf(","); num(v[1]); printf(","); num(v[2]);
    printf("]");
}

// A box's pose as satbox builds it: the rotation matrix of its quaternion in double (glam's
// normalize and from_quat), each entry rounded once to float; the centre in the last column.
static Mat44 pose(int k) {
    double x = ROTATION[k][0], y = ROTATION[k][1], z = ROTATION[k][2], w = ROTATION[k][3];
    double rcp = 1.0 / sqrt(x * x + y * y + z * z + w * w);
    x *= rcp; y *= rcp; z *= rcp; w *= rcp;
    double x2 = x + x, y2 = y + y, z2 = z + z;
    double xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
    double wx = w * x2, wy = w * y2, wz = w * z2;
    return Mat44(Vec4(float(1.0 - (yy + zz)), float(xy + wz), float(xz - wy), 0.0f),
                 Vec4(float(xy - wz), float(1.0 - (xx + zz)), float(yz + wx), 0.0f),
                 Vec4(float(xz + wy), float(yz - wx), float(1.0 - (xx + yy)), 0.0f),
                 Vec4(CENTER[k][0], CENTER[k][1], CENTER[k][2], 1.0f));
}

static float smallest(const float h[3]) { return std::min(h[0], std::min(h[1], h[2])); }

// CollideShapeVsShape on the two boxes of half extents `half`, made with convex radii `radius`
// (each clamped to the box's smallest half extent), at `max_separation`: the deepest hit.
static bool collide(const float half[2][3], const float radius[2], float max_separation, CollideShapeResult& hit) {
    Ref<BoxShape> shapes[2];
    for (int k = 0; k < 2; k++) {
        float r = std::clamp(radius[k], 0.0f, smallest(half[k]));
        shapes[k] = new BoxShape(Vec3(half[k][0], half[k][1], half[k][2]), r);
    }
    CollideShapeSettings settings;
    settings.mMaxSeparationDistance = max_separation;
    AllHitCollisionCollector<CollideShapeCollector> hits;
    CollisionDispatch::sCollideShapeVsShape(shapes[0], shapes[1], Vec3::sOne(), Vec3::sOne(), pose(0), pose(1),
                                            SubShapeIDCreator(), SubShapeIDCreator(), settings, hits, ShapeFilter());
    for (size_t i = 0; i < hits.mHits.size(); i++) {
        const CollideShapeResult& h = hits.mHits[i];
        printf("convex radii %.9g %.9g, max separation %.9g: on A %.9g %.9g %.9g, on B %.9g %.9g %.9g, depth %.9g, axis %.9g %.9g %.9g\n",
               shapes[0]->GetConvexRadius(), shapes[1]->GetConvexRadius(), max_separation, h.mContactPointOn1.GetX(), h.mContactPointOn1.GetY(), h.mContactPointOn1.GetZ(),
               h.mContactPointOn2.GetX(), h.mContactPointOn2.GetY(), h.mContactPointOn2.GetZ(), h.mPenetrationDepth,
               h.mPenetrationAxis.GetX(), h.mPenetrationAxis.GetY(), h.mPenetrationAxis.GetZ());
        if (i == 0 || h.mPenetrationDepth >= hit.mPenetrationDepth) hit = h;
    }
    return !hits.mHits.empty();
}

// glam's normalize_or_zero in double, rounded to float: the penetration axis as a unit normal.
static void unit(Vec3 axis, float out[3]) {
    double v[3] = {axis.GetX(), axis.GetY(), axis.GetZ()};
    double rcp = 1.0 / sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int k = 0; k < 3; k++) out[k] = float(std::isfinite(rcp) && rcp > 0 ? v[k] * rcp : 0.0);
}

// What Jolt answered for one pair of boxes: the contact query's deepest hit and, when they do
// not intersect, the distance query's.
struct Reply {
    bool touched = false, intersect = false, apart = false;
    CollideShapeResult hit, closest;
};

// Jolt asked about the boxes of half extents `half` made with convex radii `radius`.
static Reply ask(const float half[2][3], const float radius[2]) {
    Reply r;
    r.touched = collide(half, radius, 0.0f, r.hit);
    r.intersect = r.touched && -r.hit.mPenetrationDepth <= 0;
    if (!r.intersect) {
        // the centres lie inside the boxes: no two points of them are further apart than that
        float d[3] = {CENTER[1][0] - CENTER[0][0], CENTER[1][1] - CENTER[0][1], CENTER[1][2] - CENTER[0][2]};
        float reach = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) * (1.0f + 1e-4f) + FLT_MIN;
        r.apart = collide(half, radius, reach, r.closest) && r.closest.mPenetrationDepth <= 0;
    }
    return r;
}

// The reply as satbox reads it, its closing brace left for extra fields.
static void print_reply(const Reply& r) {
    float normal[3];
    bool has_normal = r.touched;
    printf("{\"id\":1,\"intersect\":%s,\"depth\":", r.intersect ? "true" : "false");
    if (r.intersect) num(-std::min(-r.hit.mPenetrationDepth, 0.0f)); else printf("null");
    printf(",\"points\":[");
    if (r.touched) {
        unit(r.hit.mPenetrationAxis, normal);
        Vec3 a = r.hit.mContactPointOn1, b = r.hit.mContactPointOn2;
        float point[3] = {(a.GetX() + b.GetX()) * 0.5f, (a.GetY() + b.GetY()) * 0.5f, (a.GetZ() + b.GetZ()) * 0.5f};
        printf("{\"position\":");
        vec3(point);
        printf(",\"separation\":");
        num(-r.hit.mPenetrationDepth);
        printf(",\"feature\":\"deepest point pair\"}");
    }
    printf("]");
    if (r.apart) {
        Vec3 a = r.closest.mContactPointOn1, b = r.closest.mContactPointOn2;
        float on_a[3] = {a.GetX(), a.GetY(), a.GetZ()}, on_b[3] = {b.GetX(), b.GetY(), b.GetZ()};
        printf(",\"distance\":");
        num(-r.closest.mPenetrationDepth);
        printf(",\"closest_points\":[");
        vec3(on_a);
        printf(",");
        vec3(on_b);
        printf("]");
        if (!has_normal && r.closest.mPenetrationDepth < 0) {
            unit(r.closest.mPenetrationAxis, normal);
            has_normal = true;
        }
    } else {
        printf(",\"distance\":null,\"closest_points\":null");
    }
    printf(",\"normal\":");
    if (has_normal) vec3(normal); else printf("null");
    printf(",\"notes\":[\"the point is midway between Jolt's points on A and on B, the penetration axis normalised\"]");
}

int main() {
    RegisterDefaultAllocator();
    Factory::sInstance = new Factory();
    RegisterTypes();
    printf("Jolt Physics %d.%d.%d\n", JPH_VERSION_MAJOR, JPH_VERSION_MINOR, JPH_VERSION_PATCH);
    bool rounded = RADIUS[0] != 0 || RADIUS[1] != 0;
    if (rounded) {
        // a rounded box is a BoxShape of its half extents plus its radius, with that convex radius
        float grown[2][3];
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 3; i++) grown[k][i] = HALF[k][i] + RADIUS[k];
        Reply reply = ask(grown, RADIUS);
        print_reply(reply);
        printf("}\n");
        return 0;
    }
    const float sharp[2] = {0.0f, 0.0f};
    Reply reply = ask(HALF, sharp);
    // beside it, the boxes as a Jolt body has them by default: Jolt's convex radius 0.05, at most
    // the smallest half extent
    float r = std::min(std::min(cDefaultConvexRadius, smallest(HALF[0])), smallest(HALF[1]));
    const float radius[2] = {r, r};
    Reply by_default;
    if (r > 0) by_default = ask(HALF, radius);
    print_reply(reply);
    if (r > 0) {
        printf(",\"also\":{\"default_radius\":");
        print_reply(by_default);
        printf("}}");
    }
    printf("}\n");
    return 0;
}
"#;

#[cfg(test)]
mod tests {
    #[test]
    fn the_repro_names_the_jolt_sources_satbox_is_built_with() {
        let lock = include_str!("../../../Cargo.lock");
        let entry = format!(
            "name = \"oxijolt-sys\"\nversion = \"{}\"\n",
            super::OXIJOLT_SYS
        );
        assert!(
            lock.contains(&entry),
            "oxijolt-sys is not {} in Cargo.lock",
            super::OXIJOLT_SYS
        );
    }
}
