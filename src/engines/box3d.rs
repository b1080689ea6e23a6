//! Box3D beside satbox, through the `boxddd` crate (Box3D's C, built with `cc`).
//!
//! * Contact: `b3CollideHulls` on two box hulls (`b3MakeBoxHull`), B in A's frame: Box3D's own
//!   separating-axis test and clipping, up to 4 points midway between the surfaces, each with the
//!   pair of half-edges that cross there. Box3D keeps points up to its speculative distance
//!   (4 × linear slop = 0.02) above the surface.
//! * Distance of a separated pair: `b3ShapeDistance` (GJK) on the boxes' corners, without radii.
//! * Time of impact of a moving pair: `b3TimeOfImpact` on the two sweeps (start and end poses,
//!   the rotation interpolated by Box3D between them); it stops at the linear slop (0.005) short
//!   of touching, by design, so that a solver has room.
//!
//! Rotations go in as satbox's unit quaternions; B's pose in A's frame is `A⁻¹·B`, and the answer
//! comes back to the world with A's pose.

use std::sync::OnceLock;

use boxddd::{
    shape_distance, time_of_impact, BoxHull, DistanceInput, Foundation, ShapeProxy, Sweep,
    TimeOfImpactInput, TimeOfImpactState,
};
use boxddd_sys::ffi;
use glam::{Quat, Vec3};

use super::{refuse_flat, About, Engine, EngineAnswer, EngineName, Impact, Point, Question};
use crate::sat::motion::pose_at;
use crate::sat::Obb3;
use crate::scene::motion::MotionSpec;
use crate::scene::Pair;

/// Box3D's linear slop (`B3_LINEAR_SLOP`).
const LINEAR_SLOP: f32 = 0.005;
/// Box3D's speculative distance (`B3_SPECULATIVE_DISTANCE`, 4 × linear slop).
const SPECULATIVE: f32 = 4.0 * LINEAR_SLOP;

/// Box3D.
pub(super) struct Box3d;

/// Box3D's foundation, made once per process before any call.
fn ready() {
    static READY: OnceLock<()> = OnceLock::new();
    READY.get_or_init(|| {
        let _ = Foundation::initialize_default();
    });
}

fn v3(v: Vec3) -> boxddd::Vec3 {
    boxddd::Vec3::new(v.x, v.y, v.z)
}

fn from_v3(v: boxddd::Vec3) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

fn quat(q: Quat) -> boxddd::Quat {
    boxddd::Quat::new(boxddd::Vec3::new(q.x, q.y, q.z), q.w)
}

/// A box's hull at its half extents.
fn hull(o: &Obb3) -> BoxHull {
    let e = o.half_extents;
    BoxHull::new(e.x, e.y, e.z).expect("positive half extents, checked by refuse")
}

/// A box's eight corners in its own frame, for GJK.
fn proxy(o: &Obb3) -> ShapeProxy {
    let e = o.half_extents;
    let corners: Vec<boxddd::Vec3> = (0..8)
        .map(|k| {
            let s = |bit: usize| if k & bit != 0 { 1.0 } else { -1.0 };
            boxddd::Vec3::new(s(1) * e.x, s(2) * e.y, s(4) * e.z)
        })
        .collect();
    ShapeProxy::new(corners, 0.0).expect("eight finite corners")
}

/// B's pose in A's frame.
fn b_in_a(a: &Obb3, b: &Obb3) -> boxddd::Transform {
    let inverse = a.rotation.conjugate();
    boxddd::Transform::new(
        v3(inverse * (b.center - a.center)),
        quat(inverse * b.rotation),
    )
}

/// "A half-edge 10" of a feature owner and index.
fn half_edge(owner: u8, index: u8) -> String {
    format!("{} half-edge {index}", if owner == 0 { "A" } else { "B" })
}

impl Engine for Box3d {
    fn name(&self) -> EngineName {
        EngineName::Box3d
    }

    fn about(&self) -> About {
        ready();
        let version = boxddd::version()
            .map(|v| format!("{}.{}.{}", v.major, v.minor, v.revision))
            .unwrap_or_else(|_| "unknown".into());
        About {
            version,
            settings: vec![
                ("hull".into(), "b3MakeBoxHull, radius 0".into()),
                (
                    "linear slop".into(),
                    format!("{LINEAR_SLOP} (time of impact stops this short)"),
                ),
                (
                    "speculative distance".into(),
                    format!("{SPECULATIVE} (points kept above the surface)"),
                ),
            ],
            speculative: Some(SPECULATIVE),
            manifold: true,
            slop: Some(LINEAR_SLOP),
            impact: super::ImpactQuery::Turning,
            convex_radius: 0.0,
            rounded: false,
            shallow_depth: None,
        }
    }

    fn refuse(&self, question: &Question) -> Option<String> {
        let pair = &question.pair;
        refuse_flat(
            EngineName::Box3d,
            pair,
            "b3MakeBoxHull takes positive half widths (it would widen a flat box to 0.001)",
        )
    }

    fn answer(&self, question: &Question) -> EngineAnswer {
        let pair = &question.pair;
        let motion = question.motion.as_ref();
        ready();
        let Pair::Three(a, b) = pair else {
            unreachable!("Box3D is asked 3D pairs only");
        };
        let mut answer = contact(a, b);
        if !answer.intersect {
            distance(a, b, &mut answer);
        }
        if let Some(m) = motion {
            answer.impact = impact(a, b, m);
        }
        answer
    }
}

/// `b3CollideHulls`: the contact points and normal, in the world.
fn contact(a: &Obb3, b: &Obb3) -> EngineAnswer {
    let (ha, hb) = (hull(a), hull(b));
    // SAFETY: the manifold points to a buffer of `CAPACITY` points that outlives the call; the
    // hulls are valid box hulls of positive half extents; the cache is zeroed, as Box3D asks
    const CAPACITY: usize = 4;
    let mut points: [ffi::b3LocalManifoldPoint; CAPACITY] = unsafe { std::mem::zeroed() };
    let mut manifold: ffi::b3LocalManifold = unsafe { std::mem::zeroed() };
    manifold.points = points.as_mut_ptr();
    let mut cache: ffi::b3SATCache = unsafe { std::mem::zeroed() };
    unsafe {
        ffi::b3CollideHulls(
            &mut manifold,
            CAPACITY as i32,
            &ha.raw().base,
            &hb.raw().base,
            b_in_a(a, b).into_raw(),
            &mut cache,
        )
    };
    let count = (manifold.pointCount.max(0) as usize).min(CAPACITY);
    let to_world = |p: ffi::b3Vec3| a.center + a.rotation * Vec3::new(p.x, p.y, p.z);
    let normal = a.rotation * Vec3::new(manifold.normal.x, manifold.normal.y, manifold.normal.z);
    let points = points[..count]
        .iter()
        .map(|p| Point {
            point: to_world(p.point),
            separation: p.separation,
            feature: format!(
                "{} × {}",
                half_edge(p.pair.owner1, p.pair.index1),
                half_edge(p.pair.owner2, p.pair.index2)
            ),
        })
        .collect();
    EngineAnswer::from_points(points, Some(normal.normalize_or_zero()))
}

/// `b3ShapeDistance`: the distance and closest points of a separated pair.
fn distance(a: &Obb3, b: &Obb3, answer: &mut EngineAnswer) {
    let input = DistanceInput::with_options(proxy(a), proxy(b), b_in_a(a, b), false);
    let Ok(d) = input.and_then(shape_distance) else {
        return;
    };
    let to_world = |p: boxddd::Vec3| a.center + a.rotation * from_v3(p);
    answer.distance = Some(d.distance);
    answer.closest = Some([to_world(d.point_a), to_world(d.point_b)]);
    if answer.normal.is_none() && d.distance > 0.0 {
        answer.normal = Some((a.rotation * from_v3(d.normal)).normalize_or_zero());
    }
}

/// `b3TimeOfImpact` over the step: `None` when the sweeps stay apart.
fn impact(a: &Obb3, b: &Obb3, motion: &MotionSpec) -> Option<Impact> {
    let m = motion.for_boxes::<Vec3>();
    let sweep = |o: &Obb3, motion| {
        let end = pose_at(o, motion, m.dt);
        Sweep::new(
            boxddd::Vec3::ZERO,
            v3(o.center),
            v3(end.center),
            quat(o.rotation),
            quat(end.rotation),
        )
    };
    let input = TimeOfImpactInput::new(
        proxy(a),
        proxy(b),
        sweep(a, &m.a).ok()?,
        sweep(b, &m.b).ok()?,
    );
    let out = input.and_then(time_of_impact).ok()?;
    match out.state {
        TimeOfImpactState::Hit => Some(Impact {
            t: out.fraction * m.dt,
            normal: Some(from_v3(out.normal).normalize_or_zero()),
        }),
        TimeOfImpactState::Overlapped => Some(Impact {
            t: 0.0,
            normal: None,
        }),
        _ => None,
    }
}
