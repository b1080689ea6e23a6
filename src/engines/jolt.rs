//! Jolt Physics beside satbox, through joltc (the `oxijolt-sys` crate: Jolt and joltc built with
//! CMake from the crate's own sources).
//!
//! * Contact: `JPH_CollisionDispatch_CollideShapeVsShape` on two `JPH_BoxShape`s of convex radius
//!   0 (satbox asks every engine at its sharpest; Jolt's default radius 0.05 rounds the edges),
//!   with `maxSeparationDistance` 0: Jolt's GJK and EPA give the one deepest point pair (a point
//!   on each box), the depth and an unnormalised penetration axis from A to B. The point is moved
//!   midway between the two, and the axis normalised.
//! * Distance of a separated pair: the same query again with `maxSeparationDistance` as long as
//!   the centres are apart (an upper bound of the distance): the closest points and the negative
//!   depth. It stays out of the contact query, whose EPA runs on A grown by that distance and
//!   comes out slightly off (0.75082 for 0.75086 on the tests' pair).
//! * Time of impact of a moving pair: `JPH_CollisionDispatch_CastShapeVsShapeWorldSpace`, B cast
//!   along its displacement relative to A over the step. Jolt's shape cast translates only: for
//!   turning boxes there is no time of impact ([`ImpactQuery::Translating`]).
//!
//! * Beside it, named `default_radius`: the same contact and distance with the boxes made at
//!   Jolt's default convex radius 0.05 (at most the smallest half extent), as a body made without
//!   a radius has them: the box's edges and corners rounded inside its half extents, so its
//!   answer may differ from the sharp box's by up to twice the radius, by design.
//!
//! Every number crosses as `f32`, the transforms as column-major 4×4 matrices built from
//! satbox's quaternions.

use std::ffi::c_void;
use std::sync::OnceLock;

use glam::{DMat3, Vec3};
use oxijolt_sys as jph;

use super::{
    refuse_invalid, About, Engine, EngineAnswer, EngineName, Impact, ImpactQuery, Point, Question,
};
use crate::sat::Obb3;
use crate::scene::motion::MotionSpec;
use crate::scene::Pair;

/// Jolt's version in this build (oxijolt-sys 1.5.0+jolt-5.6.0).
const VERSION: &str = "5.6.0";

/// Jolt's default convex radius (`cDefaultConvexRadius`), which a `BoxShapeSettings` takes
/// unless told otherwise.
const DEFAULT_CONVEX_RADIUS: f32 = 0.05;

/// Jolt Physics.
pub(super) struct Jolt;

/// `JPH_Init`, once per process before any shape is made (without it `JPH_BoxShape_Create`
/// crashes): the allocator, the factory and the shape types.
fn ready() -> bool {
    static READY: OnceLock<bool> = OnceLock::new();
    // SAFETY: JPH_Init takes no arguments and is called once, before any other Jolt call
    *READY.get_or_init(|| unsafe { jph::JPH_Init() })
}

/// A box shape of Jolt's, released when dropped.
struct BoxShape(*mut jph::JPH_BoxShape);

impl BoxShape {
    /// A box of satbox's half extents and convex radius `radius` (at most the smallest half
    /// extent, as Jolt's box asks).
    fn new(o: &Obb3, radius: f32) -> Option<Self> {
        let e = o.half_extents;
        let half = jph::JPH_Vec3 {
            x: e.x,
            y: e.y,
            z: e.z,
        };
        // SAFETY: Jolt is initialised (ready); the half extents are finite and ≥ 0 (refuse) and
        // the radius between 0 and the smallest of them, as BoxShape asks; `half` outlives the call
        let radius = radius.clamp(0.0, e.min_element());
        let shape = unsafe { jph::JPH_BoxShape_Create(&half, radius) };
        (!shape.is_null()).then_some(Self(shape))
    }

    fn shape(&self) -> *const jph::JPH_Shape {
        self.0 as *const jph::JPH_Shape
    }
}

impl Drop for BoxShape {
    fn drop(&mut self) {
        // SAFETY: the shape was made by JPH_BoxShape_Create and is released once, here
        unsafe { jph::JPH_Shape_Destroy(self.0 as *mut jph::JPH_Shape) }
    }
}

fn v3(v: Vec3) -> jph::JPH_Vec3 {
    jph::JPH_Vec3 {
        x: v.x,
        y: v.y,
        z: v.z,
    }
}

fn from_v3(v: jph::JPH_Vec3) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

/// A box's pose as Jolt's column-major matrix (translation in the last column), its rotation
/// from satbox's quaternion in `f64`, rounded once.
fn pose(o: &Obb3, center: Vec3) -> jph::JPH_Mat4 {
    let m = DMat3::from_quat(o.rotation.as_dquat().normalize());
    let column = |c: glam::DVec3, w: f32| jph::JPH_Vec4 {
        x: c.x as f32,
        y: c.y as f32,
        z: c.z as f32,
        w,
    };
    jph::JPH_Mat4 {
        column: [
            column(m.x_axis, 0.0),
            column(m.y_axis, 0.0),
            column(m.z_axis, 0.0),
            jph::JPH_Vec4 {
                x: center.x,
                y: center.y,
                z: center.z,
                w: 1.0,
            },
        ],
    }
}

const SCALE: jph::JPH_Vec3 = jph::JPH_Vec3 {
    x: 1.0,
    y: 1.0,
    z: 1.0,
};

/// Keeps every hit of a collide query. joltc frees the face arrays when the callback returns, so
/// the copy drops their pointers (no faces are asked for: they are null anyway).
unsafe extern "C" fn keep_hit(
    context: *mut c_void,
    hit: *const jph::JPH_CollideShapeResult,
) -> f32 {
    // SAFETY: `context` is the `Vec` passed to the query, alive and not otherwise borrowed
    // during it; `hit` points to a result valid during this call
    let (hits, hit) = unsafe {
        (
            &mut *(context as *mut Vec<jph::JPH_CollideShapeResult>),
            *hit,
        )
    };
    hits.push(jph::JPH_CollideShapeResult {
        shape1FaceCount: 0,
        shape1Faces: std::ptr::null_mut(),
        shape2FaceCount: 0,
        shape2Faces: std::ptr::null_mut(),
        ..hit
    });
    // the early-out fraction: keep accepting every hit
    f32::MAX
}

/// Keeps every hit of a cast; returns its fraction, so that later hits must be nearer.
unsafe extern "C" fn keep_cast(context: *mut c_void, hit: *const jph::JPH_ShapeCastResult) -> f32 {
    // SAFETY: as in keep_hit
    let (hits, hit) = unsafe { (&mut *(context as *mut Vec<jph::JPH_ShapeCastResult>), *hit) };
    hits.push(hit);
    hit.fraction
}

/// `CollideShapeVsShape` on A and B, made with convex radii `ra` and `rb` inside their half
/// extents, with `max_separation`: Jolt's hits (one for two boxes).
fn collide(
    a: &Obb3,
    b: &Obb3,
    max_separation: f32,
    [ra, rb]: [f32; 2],
) -> Option<Vec<jph::JPH_CollideShapeResult>> {
    let (sa, sb) = (BoxShape::new(a, ra)?, BoxShape::new(b, rb)?);
    let (ma, mb) = (pose(a, a.center), pose(b, b.center));
    let mut hits: Vec<jph::JPH_CollideShapeResult> = Vec::new();
    // SAFETY: the settings are initialised by joltc before use; the shapes, matrices, scales,
    // settings and the `hits` vector outlive the call; the callback only pushes into `hits`; a
    // null shape filter is allowed
    unsafe {
        let mut settings: jph::JPH_CollideShapeSettings = std::mem::zeroed();
        jph::JPH_CollideShapeSettings_Init(&mut settings);
        settings.maxSeparationDistance = max_separation;
        jph::JPH_CollisionDispatch_CollideShapeVsShape(
            sa.shape(),
            sb.shape(),
            &SCALE,
            &SCALE,
            &ma,
            &mb,
            &settings,
            Some(keep_hit),
            &mut hits as *mut Vec<jph::JPH_CollideShapeResult> as *mut c_void,
            std::ptr::null(),
        );
    }
    Some(hits)
}

/// The deepest of Jolt's hits.
fn deepest(hits: Vec<jph::JPH_CollideShapeResult>) -> Option<jph::JPH_CollideShapeResult> {
    hits.into_iter()
        .max_by(|p, q| p.penetrationDepth.total_cmp(&q.penetrationDepth))
}

impl Engine for Jolt {
    fn name(&self) -> EngineName {
        EngineName::Jolt
    }

    fn about(&self) -> About {
        About {
            version: format!("{VERSION} (commit {})", &jph::JOLT_COMMIT[..7]),
            settings: vec![
                (
                    "convex radius".into(),
                    "0, the sharp box; beside it (radius 0.05) Jolt's default, which rounds edges and corners inside the half extents".into(),
                ),
                (
                    "contact".into(),
                    "CollideShapeVsShape, maxSeparationDistance 0: one deepest point pair (GJK, EPA)".into(),
                ),
                (
                    "distance".into(),
                    "CollideShapeVsShape again, maxSeparationDistance = the centres' distance".into(),
                ),
                (
                    "tolerances".into(),
                    "collisionTolerance 1e-4, penetrationTolerance 1e-4 (Jolt's defaults)".into(),
                ),
                (
                    "time of impact".into(),
                    "CastShapeVsShapeWorldSpace, returnDeepestPoint: translating boxes only".into(),
                ),
            ],
            speculative: None,
            manifold: false,
            slop: None,
            impact: ImpactQuery::Translating,
            convex_radius: 0.0,
            rounded: true,
            shallow_depth: None,
        }
    }

    fn about_question(&self, question: &Question) -> About {
        // a rounded box is a BoxShape of the core plus the radius, with that convex radius: held
        // to the rounded boxes within twice it, as its default radius is
        let [ra, rb] = question.radii;
        About {
            convex_radius: ra.max(rb),
            ..self.about()
        }
    }

    fn refuse(&self, question: &Question) -> Option<String> {
        let pair = &question.pair;
        if !ready() {
            return Some("Jolt did not start (JPH_Init failed)".into());
        }
        refuse_invalid(EngineName::Jolt, pair)
    }

    fn answer(&self, question: &Question) -> EngineAnswer {
        let Pair::Three(a, b) = &question.pair else {
            unreachable!("Jolt is asked 3D pairs only");
        };
        if !ready() {
            return EngineAnswer::default();
        }
        if question.rounded() {
            return rounded(a, b, question.radii);
        }
        let motion = question.motion.as_ref();
        let mut answer = contact(a, b, [0.0; 2]);
        if !answer.intersect {
            distance(a, b, &mut answer, [0.0; 2]);
        }
        // the boxes as a Jolt body has them by default: edges and corners rounded
        let rounded = DEFAULT_CONVEX_RADIUS
            .min(a.half_extents.min_element())
            .min(b.half_extents.min_element());
        if rounded > 0.0 {
            let mut also = contact(a, b, [rounded; 2]);
            if !also.intersect {
                distance(a, b, &mut also, [rounded; 2]);
            }
            also.notes.push(format!(
                "convex radius {}: Jolt's default {DEFAULT_CONVEX_RADIUS}, at most the smallest half extent",
                crate::sat::fmt_num(rounded)
            ));
            answer.also.push(super::Also {
                name: "default_radius",
                title: "radius 0.05",
                manifold: false,
                convex_radius: rounded,
                answer: also,
            });
        }
        if let Some(m) = motion {
            if ImpactQuery::Translating.covers(m) {
                answer.impact = impact(a, b, m);
            } else {
                answer.notes.push(
                    "no time of impact: the boxes turn, and Jolt's shape cast translates only"
                        .into(),
                );
            }
        }
        answer
    }
}

/// Jolt's answer for rounded boxes: each core grown by its radius, made with that convex radius
/// (a Jolt box keeps its radius inside its half extents).
fn rounded(a: &Obb3, b: &Obb3, [ra, rb]: [f32; 2]) -> EngineAnswer {
    let grow = |o: &Obb3, r: f32| Obb3 {
        half_extents: o.half_extents + Vec3::splat(r),
        ..*o
    };
    let (ga, gb) = (grow(a, ra), grow(b, rb));
    let mut answer = contact(&ga, &gb, [ra, rb]);
    if !answer.intersect {
        distance(&ga, &gb, &mut answer, [ra, rb]);
    }
    answer.notes.push(format!(
        "BoxShapes of each core's half extents plus its radius, with that convex radius ({} and {})",
        crate::sat::fmt_num(ra),
        crate::sat::fmt_num(rb)
    ));
    answer
}

/// The unit normal along Jolt's penetration axis (from A to B).
fn unit(axis: jph::JPH_Vec3) -> Vec3 {
    from_v3(axis).as_dvec3().normalize_or_zero().as_vec3()
}

/// The deepest point pair at `maxSeparationDistance` 0, the boxes made with convex radii `radii`.
fn contact(a: &Obb3, b: &Obb3, radii: [f32; 2]) -> EngineAnswer {
    let Some(hit) = collide(a, b, 0.0, radii).and_then(deepest) else {
        return EngineAnswer::default();
    };
    let normal = unit(hit.penetrationAxis);
    let (on_a, on_b) = (from_v3(hit.contactPointOn1), from_v3(hit.contactPointOn2));
    let point = Point {
        point: (on_a + on_b) * 0.5,
        separation: -hit.penetrationDepth,
        feature: "deepest point pair".into(),
    };
    let mut answer = EngineAnswer::from_points(vec![point], Some(normal));
    answer.notes = vec![
        "Jolt's penetration axis is not of unit length: normalised".into(),
        "the point is midway between Jolt's points on A and on B".into(),
    ];
    answer
}

/// The distance and closest points of a separated pair, the boxes made with convex radii `radii`.
fn distance(a: &Obb3, b: &Obb3, answer: &mut EngineAnswer, radii: [f32; 2]) {
    // the centres lie inside the boxes: no two points of them are further apart than the
    // centres are (a little more, so that Jolt's own rounding cannot drop the hit)
    let reach = (b.center - a.center).length() * (1.0 + 1e-4) + f32::MIN_POSITIVE;
    let Some(hit) = collide(a, b, reach, radii).and_then(deepest) else {
        return;
    };
    if hit.penetrationDepth > 0.0 {
        return;
    }
    answer.distance = Some(-hit.penetrationDepth);
    answer.closest = Some([from_v3(hit.contactPointOn1), from_v3(hit.contactPointOn2)]);
    if answer.normal.is_none() && hit.penetrationDepth < 0.0 {
        answer.normal = Some(unit(hit.penetrationAxis));
    }
}

/// The cast of B along its motion relative to A's: the first time they touch, `t = 0` when they
/// overlap at the start, `None` when they stay apart over the step.
fn impact(a: &Obb3, b: &Obb3, motion: &MotionSpec) -> Option<Impact> {
    let m = motion.for_boxes::<Vec3>();
    let relative = (m.b.velocity - m.a.velocity) * m.dt;
    if relative == Vec3::ZERO {
        // nothing to cast: they touch for the whole step or never
        let touching = contact(a, b, [0.0; 2]).intersect;
        return touching.then_some(Impact {
            t: 0.0,
            normal: None,
        });
    }
    let (sa, sb) = (BoxShape::new(a, 0.0)?, BoxShape::new(b, 0.0)?);
    let (ma, mb) = (pose(a, a.center), pose(b, b.center));
    let direction = v3(relative);
    let mut hits: Vec<jph::JPH_ShapeCastResult> = Vec::new();
    // SAFETY: as in `collide`: initialised settings, every pointer alive through the call, the
    // callback only pushes into `hits`
    unsafe {
        let mut settings: jph::JPH_ShapeCastSettings = std::mem::zeroed();
        jph::JPH_ShapeCastSettings_Init(&mut settings);
        settings.returnDeepestPoint = true;
        jph::JPH_CollisionDispatch_CastShapeVsShapeWorldSpace(
            &direction,
            sb.shape(),
            sa.shape(),
            &SCALE,
            &SCALE,
            &mb,
            &ma,
            &settings,
            Some(keep_cast),
            &mut hits as *mut Vec<jph::JPH_ShapeCastResult> as *mut c_void,
            std::ptr::null(),
        );
    }
    let first = hits
        .into_iter()
        .filter(|h| h.fraction.is_finite() && (0.0..=1.0).contains(&h.fraction))
        .min_by(|p, q| p.fraction.total_cmp(&q.fraction))?;
    // the cast's axis points from the cast shape (B) to A
    let normal = -unit(first.penetrationAxis);
    Some(Impact {
        t: first.fraction * m.dt,
        normal: (normal != Vec3::ZERO).then_some(normal),
    })
}
