//! Bullet beside satbox, in double precision (Debian's `libbullet-dev`, `bullet-float64`), through
//! the C++ shim (`shim/shim.cpp`). Bullet answers a box pair two ways, and both are given:
//!
//! * The answer: `btBoxBoxDetector`, Bullet's port of ODE's `dBoxBox` (the box-box algorithm of
//!   its collision dispatcher): up to 4 contact points of an overlapping pair, none of a
//!   separated one.
//! * `also`, named `gjk_epa`: `btGjkPairDetector` with `btGjkEpaPenetrationDepthSolver` and
//!   `btVoronoiSimplexSolver`, Bullet's general convex pair: one point pair, the deepest (EPA)
//!   when they overlap, the closest (GJK) with the distance when they are apart.
//!
//! Both shapes are `btBoxShape`s with margin 0 (Bullet's default margin 0.04 rounds the box for
//! GJK and EPA). Bullet reports each point on B with its normal from B to A and a signed distance
//! (negative when penetrating); the point on A is `point on B + normal on B × distance`. satbox
//! reads the normal from A to B and the point midway between the two.
//!
//! No time of impact: Bullet's convex casts are not asked ([`super::ImpactQuery::None`]).

use glam::{DVec3, Vec3};

use super::shim::{ShimBox, ShimContact};
use super::{refuse_invalid, About, Also, Engine, EngineAnswer, EngineName, Point, Question};
use crate::scene::Pair;

unsafe extern "C" {
    fn satbox_bullet_version() -> i32;
    fn satbox_bullet_box_box(
        a: *const ShimBox,
        b: *const ShimBox,
        out: *mut ShimContact,
        capacity: i32,
    ) -> i32;
    fn satbox_bullet_gjk_epa(a: *const ShimBox, b: *const ShimBox, out: *mut ShimContact) -> i32;
}

/// The most points `btBoxBoxDetector` gives.
const BOX_BOX_POINTS: usize = 4;

/// Bullet.
pub(super) struct Bullet;

impl Engine for Bullet {
    fn name(&self) -> EngineName {
        EngineName::Bullet
    }

    fn about(&self) -> About {
        // SAFETY: returns a constant of the headers the shim was built with
        let v = unsafe { satbox_bullet_version() };
        About::manifold_of_sharp_boxes(
            format!("{}.{:02}", v / 100, v % 100),
            vec![
                (
                    "precision".into(),
                    "double (bullet-float64, BT_USE_DOUBLE_PRECISION)".into(),
                ),
                (
                    "margin".into(),
                    "0 on both btBoxShapes (Bullet's default 0.04 rounds the box for GJK/EPA)"
                        .into(),
                ),
                (
                    "answer".into(),
                    "btBoxBoxDetector, ODE's dBoxBox ported: up to 4 points".into(),
                ),
                (
                    "also: gjk_epa".into(),
                    "btGjkPairDetector with btGjkEpaPenetrationDepthSolver: one point pair, and the distance when apart".into(),
                ),
            ],
        )
    }

    fn refuse(&self, question: &Question) -> Option<String> {
        let pair = &question.pair;
        refuse_invalid(EngineName::Bullet, pair)
    }

    fn answer(&self, question: &Question) -> EngineAnswer {
        let pair = &question.pair;
        let Pair::Three(a, b) = pair else {
            unreachable!("Bullet is asked 3D pairs only");
        };
        let (a, b) = (ShimBox::of(a), ShimBox::of(b));
        let mut answer = box_box(&a, &b);
        answer.also.push(Also {
            name: "gjk_epa",
            title: "GJK/EPA",
            manifold: false,
            convex_radius: 0.0,
            answer: gjk_epa(&a, &b),
        });
        answer
    }
}

/// A point of Bullet's: midway between its point on B and the point on A, with the normal from
/// A to B.
fn read(c: &ShimContact) -> (Point, DVec3) {
    let normal_on_b = c.normal();
    let on_a = c.point() + normal_on_b * c.depth;
    let point = Point {
        point: ((on_a + c.point()) * 0.5).as_vec3(),
        separation: c.depth as f32,
        feature: String::new(),
    };
    (point, -normal_on_b.normalize_or_zero())
}

const NOTE_MIDWAY: &str =
    "Bullet gives each point on B with its normal from B to A: moved midway, the normal turned to run from A to B";

/// `btBoxBoxDetector`'s points.
fn box_box(a: &ShimBox, b: &ShimBox) -> EngineAnswer {
    let mut out = [ShimContact::default(); BOX_BOX_POINTS];
    // SAFETY: the boxes are valid (refuse: finite, half extents ≥ 0, unit rotation); `out` has
    // room for the capacity passed, and the shim writes no more
    let n = unsafe { satbox_bullet_box_box(a, b, out.as_mut_ptr(), BOX_BOX_POINTS as i32) };
    let count = (n.max(0) as usize).min(BOX_BOX_POINTS);
    let mut normal = None;
    let points = out[..count]
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (mut p, n) = read(c);
            normal.get_or_insert(n.as_vec3());
            p.feature = format!("btBoxBoxDetector point {i}");
            p
        })
        .collect();
    let mut answer = EngineAnswer::from_points(points, normal);
    if count > 0 {
        answer.notes.push(NOTE_MIDWAY.into());
    }
    answer
}

/// GJK/EPA's one point pair: the depth of an overlapping pair, the distance of a separated one.
fn gjk_epa(a: &ShimBox, b: &ShimBox) -> EngineAnswer {
    let mut out = ShimContact::default();
    // SAFETY: as in box_box, with room for the one point the shim writes
    let n = unsafe { satbox_bullet_gjk_epa(a, b, &mut out) };
    if n < 1 {
        return EngineAnswer::default();
    }
    let (mut p, normal) = read(&out);
    if out.depth <= 0.0 {
        p.feature = "deepest point pair (EPA)".into();
        let mut answer = EngineAnswer::from_points(vec![p], Some(normal.as_vec3()));
        answer.notes.push(NOTE_MIDWAY.into());
        return answer;
    }
    let on_b = out.point();
    let on_a = on_b + out.normal() * out.depth;
    EngineAnswer {
        normal: Some(normal.as_vec3()).filter(|n| *n != Vec3::ZERO),
        distance: Some(out.depth as f32),
        closest: Some([on_a.as_vec3(), on_b.as_vec3()]),
        notes: vec![
            "Bullet gives the closest point on B with its normal from B to A: the point on A is that point plus the normal times the distance".into(),
        ],
        ..EngineAnswer::default()
    }
}
