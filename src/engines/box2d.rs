//! Box2D v3 beside satbox, through the `boxdd` crate (Box2D's C, built with `cc`).
//!
//! * Contact: `b2CollidePolygons` on two boxes (`b2MakeBox`), B in A's frame: Box2D's own
//!   separating-axis test and clipping, up to 2 points midway between the sides, each with its id
//!   (`b2MakeId` of the two vertices that meet there). Box2D keeps points up to its speculative
//!   distance (4 × linear slop = 0.02) above the surface.
//! * Distance of a separated pair: `b2ShapeDistance` (GJK) without radii.
//! * Time of impact of a moving pair: `b2TimeOfImpact` on the two sweeps; it stops at the linear
//!   slop (0.005) short of touching, by design.
//!
//! Rotations are built from the exact cosine and sine of satbox's angle (in `f64`, rounded once),
//! not from `b2MakeRot`, whose polynomial approximation is about 1e-3 off.

use std::sync::OnceLock;

use boxdd::shapes::{box_polygon, rounded_box_polygon};
use boxdd::{
    collide_polygons, shape_distance, time_of_impact, DistanceInput, Foundation, Rot, ShapeProxy,
    SimplexCache, Sweep, ToiInput, ToiState, Transform,
};
use boxdd_sys::ffi;
use glam::{Vec2, Vec3};

use super::{refuse_flat, About, Engine, EngineAnswer, EngineName, Impact, Point, Question};
use crate::sat::motion::pose_at;
use crate::sat::Obb2;
use crate::scene::motion::MotionSpec;
use crate::scene::Pair;

/// Box2D's linear slop (`B2_LINEAR_SLOP`).
const LINEAR_SLOP: f32 = 0.005;
/// Box2D's speculative distance (`B2_SPECULATIVE_DISTANCE`, 4 × linear slop).
const SPECULATIVE: f32 = 4.0 * LINEAR_SLOP;

/// Box2D v3.
pub(super) struct Box2d;

/// Box2D's foundation, made once per process before any call.
fn ready() {
    static READY: OnceLock<()> = OnceLock::new();
    READY.get_or_init(|| {
        let _ = Foundation::initialize_default();
    });
}

/// The rotation by `angle` from its exact cosine and sine.
fn rot(angle: f64) -> ffi::b2Rot {
    ffi::b2Rot {
        c: angle.cos() as f32,
        s: angle.sin() as f32,
    }
}

/// B's pose in A's frame: `R(−θ_A)(c_B − c_A)`, turned by `θ_B − θ_A`, in `f64`.
fn b_in_a(a: &Obb2, b: &Obb2) -> Transform {
    let turn = -(a.angle as f64);
    let (s, c) = turn.sin_cos();
    let d = (b.center - a.center).as_dvec2();
    let p = ffi::b2Vec2 {
        x: (c * d.x - s * d.y) as f32,
        y: (s * d.x + c * d.y) as f32,
    };
    let q = rot(b.angle as f64 - a.angle as f64);
    Transform::from_raw(ffi::b2Transform { p, q }).expect("a finite pose with a unit rotation")
}

/// A point of A's frame in the world.
fn to_world(a: &Obb2, p: boxdd::Vec2) -> Vec3 {
    let [u0, u1] = a.axes();
    (a.center + u0 * p.x + u1 * p.y).extend(0.0)
}

/// A direction of A's frame in the world.
fn turn_to_world(a: &Obb2, v: boxdd::Vec2) -> Vec3 {
    let [u0, u1] = a.axes();
    (u0 * v.x + u1 * v.y).normalize_or_zero().extend(0.0)
}

/// A box's four corners in its own frame, with its `radius`, for GJK.
fn proxy(o: &Obb2, radius: f32) -> ShapeProxy {
    let (x, y) = (o.half_extents.x, o.half_extents.y);
    let corners = [(-x, -y), (x, -y), (x, y), (-x, y)].map(|(x, y)| boxdd::Vec2::new(x, y));
    ShapeProxy::new(corners, radius).expect("four finite corners")
}

impl Engine for Box2d {
    fn name(&self) -> EngineName {
        EngineName::Box2d
    }

    fn about(&self) -> About {
        ready();
        let version = boxdd::version()
            .map(|v| format!("{}.{}.{}", v.major, v.minor, v.revision))
            .unwrap_or_else(|_| "unknown".into());
        About {
            version,
            settings: vec![
                ("polygon".into(), "b2MakeBox, radius 0".into()),
                (
                    "rotation".into(),
                    "exact cos and sin (not b2MakeRot)".into(),
                ),
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
            rounded: true,
            shallow_depth: None,
        }
    }

    fn refuse(&self, question: &Question) -> Option<String> {
        let pair = &question.pair;
        refuse_flat(
            EngineName::Box2d,
            pair,
            "b2MakeBox takes positive half widths (Box2D traps on 0)",
        )
    }

    fn answer(&self, question: &Question) -> EngineAnswer {
        ready();
        let Pair::Two(a, b) = &question.pair else {
            unreachable!("Box2D is asked 2D pairs only");
        };
        let radii = question.radii;
        let mut answer = contact(a, b, radii);
        if !answer.intersect {
            distance(a, b, &mut answer, radii);
        }
        if let Some(m) = &question.motion {
            answer.impact = impact(a, b, radii, m);
        }
        if question.rounded() {
            answer.notes.push(format!(
                "rounded polygons: b2MakeRoundedBox of each core with its radius ({} and {})",
                crate::sat::fmt_num(radii[0]),
                crate::sat::fmt_num(radii[1])
            ));
        }
        answer
    }
}

/// `b2CollidePolygons`: the contact points and normal, in the world; a box with a radius as a
/// rounded polygon (`b2MakeRoundedBox`: the box grown by the radius).
fn contact(a: &Obb2, b: &Obb2, [ra, rb]: [f32; 2]) -> EngineAnswer {
    let polygon = |o: &Obb2, radius: f32| match radius > 0.0 {
        true => rounded_box_polygon(o.half_extents.x, o.half_extents.y, radius),
        false => box_polygon(o.half_extents.x, o.half_extents.y),
    };
    let manifold = polygon(a, ra)
        .and_then(|pa| polygon(b, rb).and_then(|pb| collide_polygons(pa, pb, b_in_a(a, b))));
    let Ok(m) = manifold else {
        return EngineAnswer::default();
    };
    let points = m
        .points()
        .iter()
        .map(|p| Point {
            point: to_world(a, p.point),
            separation: p.separation,
            feature: format!(
                "id {:#06x} (vertices {} and {})",
                p.id,
                p.id >> 8,
                p.id & 0xff
            ),
        })
        .collect();
    EngineAnswer::from_points(points, Some(turn_to_world(a, m.normal)))
}

/// `b2ShapeDistance`: the distance and closest points of a separated pair (with radii, of the
/// boxes grown by them: the proxies carry them and the query uses them).
fn distance(a: &Obb2, b: &Obb2, answer: &mut EngineAnswer, [ra, rb]: [f32; 2]) {
    let mut cache = SimplexCache::new();
    let input = DistanceInput::new(proxy(a, ra), proxy(b, rb), b_in_a(a, b))
        .map(|input| input.with_radii(ra > 0.0 || rb > 0.0));
    let Ok(d) = input.and_then(|input| shape_distance(input, &mut cache)) else {
        return;
    };
    answer.distance = Some(d.distance);
    answer.closest = Some([to_world(a, d.point_a), to_world(a, d.point_b)]);
    if answer.normal.is_none() && d.distance > 0.0 {
        answer.normal = Some(turn_to_world(a, d.normal));
    }
}

/// `b2TimeOfImpact` over the step: `None` when the sweeps stay apart.
fn impact(a: &Obb2, b: &Obb2, [ra, rb]: [f32; 2], motion: &MotionSpec) -> Option<Impact> {
    let m = motion.for_boxes::<Vec2>();
    let sweep = |o: &Obb2, motion| {
        let end = pose_at(o, motion, m.dt);
        let point = |v: Vec2| boxdd::Vec2::new(v.x, v.y);
        let turn = |angle: f32| Rot::from_raw(rot(angle as f64));
        Sweep::new(
            boxdd::Vec2::ZERO,
            point(o.center),
            point(end.center),
            turn(o.angle).ok()?,
            turn(end.angle).ok()?,
        )
        .ok()
    };
    let input = ToiInput::new(proxy(a, ra), proxy(b, rb), sweep(a, &m.a)?, sweep(b, &m.b)?);
    let out = input.and_then(time_of_impact).ok()?;
    match out.state {
        ToiState::Hit => Some(Impact {
            t: out.fraction * m.dt,
            normal: Some(Vec3::new(out.normal.x, out.normal.y, 0.0).normalize_or_zero()),
        }),
        ToiState::Overlapped => Some(Impact {
            t: 0.0,
            normal: None,
        }),
        _ => None,
    }
}
