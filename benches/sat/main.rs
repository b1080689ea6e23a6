//! Throughput and agreement of the separating-axis tests, 2D and 3D.
//!
//! Every method runs on the same fixed, seeded sets of pairs (mostly separated, mixed, mostly
//! overlapping), whole set per iteration:
//!
//! * `satbox_intersects` — [`dim3::intersects`] / [`dim2::intersects`], the early-out boolean test;
//! * `satbox_report` — [`dim3::report`] / [`dim2::report`], every axis with radii, gaps, intervals,
//!   the verdict and the axis of least penetration;
//! * `reference_f64` — [`reference::report3`] / [`reference::report2`], vertex projection in `f64`;
//! * `plain_f32` — the same vertex projection in `f32`, written here: corners onto normalised axes,
//!   early out on the first separating axis, least overlap otherwise;
//! * `parry_intersection_test` — `parry3d::query::intersection_test` (`parry2d` in 2D);
//! * `parry_contact` — `parry3d::query::contact` with prediction 0: penetration depth and normal.
//!
//! and, in the `*_manifold_*` groups, the contact manifold:
//!
//! * `satbox_manifold` — [`dim3::manifold`] / [`dim2::manifold`], engine defaults, no margin;
//! * `satbox_manifold_trace` — [`dim3::manifold_trace`]: the same with every stage recorded;
//! * `parry_contact_manifold` — parry's `contact_manifold_cuboid_cuboid` (prediction 0), its
//!   manifold cleared first as for a new pair (no coherence shortcut), reused so that its storage
//!   is not reallocated;
//! * `reference_manifold_f64` — [`reference::manifold3`] / [`reference::manifold2`].
//!
//! Before timing, every method's verdict and depth are compared with the reference and the counts
//! printed (for the manifolds: satbox's and parry's points against the f64 reference manifold);
//! after timing, tables of pairs per second and the ratios are printed from criterion's
//! estimates. `cargo bench --bench sat` runs it all in a few minutes; `cargo bench --bench sat --
//! manifold` only the manifold groups.

use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput};
use glam::{DVec3, Quat, Vec2, Vec3};
use satbox::sat::reference::{ManifoldAgreement, ReferenceManifold};
use satbox::sat::{
    dim2, dim3, intersects_many, intersects_many2, reference, ManifoldParams, Obb2, Obb2Batch,
    Obb2Frame, Obb3, Obb3Batch, Obb3Frame, DEGENERATE_THRESHOLD,
};
use std::f32::consts::FRAC_PI_2;

mod census;
#[path = "../common/mod.rs"]
mod common;
use census::{agreement2, agreement3, manifold_agreement2, manifold_agreement3};
use common::*;

/// Pairs whose reference deciding gap is within this of zero are too close to touching for `f32`
/// to decide; they are left out of the verdict counts.
const BAND: f64 = 1e-4;
/// Depths further apart than this (absolute) count as a disagreement.
const DEPTH_TOL: f64 = 1e-3;
/// Edge axes shorter than this are kept by the "exact" reference, to tell apart disagreements
/// caused by the degenerate-axis rule from plain errors.
const EXACT_THRESHOLD: f64 = 1e-9;

// ---------------------------------------------------------------------------------------------
// Pairs

/// The second generator's sets: B placed at `m · s*` from A along a random direction, `s*` the
/// exact touching distance along it and `m` uniform in `multiples`.
#[derive(Clone, Copy)]
struct TouchSpec {
    name: &'static str,
    multiples: (f32, f32),
    seed: u64,
}

const TOUCH_SETS: [TouchSpec; 2] = [
    TouchSpec {
        name: "touch_mixed",
        multiples: (0.5, 1.5),
        seed: 0x70c4_0001,
    },
    TouchSpec {
        name: "touch_separated",
        multiples: (0.9, 2.0),
        seed: 0x70c4_0002,
    },
];

/// How B's orientation relates to A's in the second generator: one pair in eight aligned, one
/// nearly aligned, one a quarter turn about one of A's axes (again every edge parallel to one of
/// A's; counted with the random ones in the agreement lines); the rest independent.
fn touch_rotation(rng: &mut Rng, i: usize, qa: Quat) -> Quat {
    match i % 8 {
        0 => qa,
        1 => (qa * Quat::from_axis_angle(rng.dir3(), rng.tiny_angle())).normalize(),
        2 => qa * Quat::from_axis_angle(Vec3::AXES[rng.next_u64() as usize % 3], FRAC_PI_2),
        _ => rng.quat(),
    }
}

/// Half extents 0.1–10 with an aspect of at most 10:1: the largest log-uniform in 0.1–10, each
/// of the three that times 10^U(−1, 0), at least 0.1.
fn touch_extents(rng: &mut Rng) -> Vec3 {
    let big = 10f32.powf(rng.range(-1.0, 1.0));
    let mut e = || (big * 10f32.powf(rng.range(-1.0, 0.0))).max(0.1);
    Vec3::new(e(), e(), e())
}

/// The exact distance along the unit direction `d` at which B, moved from A's centre, touches A:
/// the boundary of the Minkowski difference, whose faces are normal to the 15 candidate axes, so
/// `s* = min over the axes L of (r_A(L) + r_B(L)) / |d·L|` (edge axes of parallel edges, of zero
/// length, bound nothing and are left out). In f64.
fn touching_distance(a: &Obb3, b: &Obb3, d: DVec3) -> f64 {
    let axes = |o: &Obb3| {
        let q = o.rotation.as_dquat().normalize();
        [q * DVec3::X, q * DVec3::Y, q * DVec3::Z]
    };
    let (ua, ub) = (axes(a), axes(b));
    let (ea, eb) = (a.half_extents.as_dvec3(), b.half_extents.as_dvec3());
    let radius = |u: &[DVec3; 3], e: DVec3, l: DVec3| {
        e.x * u[0].dot(l).abs() + e.y * u[1].dot(l).abs() + e.z * u[2].dot(l).abs()
    };
    let mut best = f64::INFINITY;
    let mut candidates: Vec<DVec3> = ua.iter().chain(&ub).copied().collect();
    for u in &ua {
        for v in &ub {
            let c = u.cross(*v);
            if c.length() > 1e-12 {
                candidates.push(c.normalize());
            }
        }
    }
    for l in candidates {
        let along = d.dot(l).abs();
        if along > 0.0 {
            best = best.min((radius(&ua, ea, l) + radius(&ub, eb, l)) / along);
        }
    }
    best
}

fn pairs3_touch(spec: &TouchSpec) -> Vec<(Obb3, Obb3)> {
    let mut rng = Rng(spec.seed);
    (0..PAIRS)
        .map(|i| {
            let (ea, eb) = (touch_extents(&mut rng), touch_extents(&mut rng));
            let qa = rng.quat();
            let qb = touch_rotation(&mut rng, i, qa);
            let ca = Vec3::new(
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
            );
            let a = Obb3::new(ca, ea, qa).expect("valid box");
            let b0 = Obb3::new(ca, eb, qb).expect("valid box");
            let d = rng.dir3().as_dvec3().normalize();
            let m = rng.range(spec.multiples.0, spec.multiples.1) as f64;
            let cb = ca.as_dvec3() + d * (m * touching_distance(&a, &b0, d));
            (
                a,
                Obb3 {
                    center: cb.as_vec3(),
                    ..b0
                },
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The plain method in f32: project every corner onto every normalised axis.

/// `None` when separated, else the least overlap over the non-degenerate axes.
fn plain3(a: &Obb3, b: &Obb3) -> Option<f32> {
    let (ua, ub) = (a.axes(), b.axes());
    let corners = |o: &Obb3, u: &[Vec3; 3]| -> [Vec3; 8] {
        let e = o.half_extents;
        std::array::from_fn(|k| {
            let s = |bit: usize| if k & (1 << bit) != 0 { 1.0 } else { -1.0 };
            o.center + u[0] * (s(0) * e.x) + u[1] * (s(1) * e.y) + u[2] * (s(2) * e.z)
        })
    };
    let (ca, cb) = (corners(a, &ua), corners(b, &ub));
    let shadow = |c: &[Vec3; 8], l: Vec3| {
        c.iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
                let d = p.dot(l);
                (lo.min(d), hi.max(d))
            })
    };
    let mut depth = f32::INFINITY;
    for index in 0..dim3::AXIS_COUNT {
        let axis = match index {
            0..=2 => ua[index],
            3..=5 => ub[index - 3],
            _ => {
                let c = ua[(index - 6) / 3].cross(ub[(index - 6) % 3]);
                let len = c.length();
                if len < DEGENERATE_THRESHOLD {
                    continue;
                }
                c / len
            }
        };
        let (a0, a1) = shadow(&ca, axis);
        let (b0, b1) = shadow(&cb, axis);
        let gap = (b0 - a1).max(a0 - b1);
        if gap > 0.0 {
            return None;
        }
        depth = depth.min(-gap);
    }
    Some(depth)
}

/// `None` when separated, else the least overlap over the 4 axes.
fn plain2(a: &Obb2, b: &Obb2) -> Option<f32> {
    let (ua, ub) = (a.axes(), b.axes());
    let (ca, cb) = (a.corners(), b.corners());
    let shadow = |c: &[Vec2; 4], l: Vec2| {
        c.iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
                let d = p.dot(l);
                (lo.min(d), hi.max(d))
            })
    };
    let mut depth = f32::INFINITY;
    for axis in [ua[0], ua[1], ub[0], ub[1]] {
        let (a0, a1) = shadow(&ca, axis);
        let (b0, b1) = shadow(&cb, axis);
        let gap = (b0 - a1).max(a0 - b1);
        if gap > 0.0 {
            return None;
        }
        depth = depth.min(-gap);
    }
    Some(depth)
}

// ---------------------------------------------------------------------------------------------
// Ericson's test as the book writes it: Real-Time Collision Detection, §4.4.1, `TestOBBOBB`.

/// The book's `OBB`: centre, three unit axes, half extents; the axes stored, as in the book.
#[derive(Clone, Copy)]
struct RtcdObb {
    c: Vec3,
    u: [Vec3; 3],
    e: [f32; 3],
}

impl RtcdObb {
    fn new(o: &Obb3) -> Self {
        Self {
            c: o.center,
            u: o.axes(),
            e: o.half_extents.to_array(),
        }
    }
}

/// `TestOBBOBB` of §4.4.1, ported line for line: the rotation matrix and translation in A's frame,
/// `|R| + EPSILON`, then the 15 axes with an early out on each, edge axes written out one by one.
// indexed loops as in the book, so that the port can be read beside it
#[allow(clippy::needless_range_loop)]
fn rtcd_test_obb_obb(a: &RtcdObb, b: &RtcdObb) -> bool {
    const EPSILON: f32 = 1e-6;
    let mut r = [[0.0f32; 3]; 3];
    let mut abs_r = [[0.0f32; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            r[i][j] = a.u[i].dot(b.u[j]);
        }
    }
    let t = b.c - a.c;
    let t = [t.dot(a.u[0]), t.dot(a.u[1]), t.dot(a.u[2])];
    for i in 0..3 {
        for j in 0..3 {
            abs_r[i][j] = r[i][j].abs() + EPSILON;
        }
    }
    let (ae, be) = (a.e, b.e);
    for i in 0..3 {
        let ra = ae[i];
        let rb = be[0] * abs_r[i][0] + be[1] * abs_r[i][1] + be[2] * abs_r[i][2];
        if t[i].abs() > ra + rb {
            return false;
        }
    }
    for i in 0..3 {
        let ra = ae[0] * abs_r[0][i] + ae[1] * abs_r[1][i] + ae[2] * abs_r[2][i];
        let rb = be[i];
        if (t[0] * r[0][i] + t[1] * r[1][i] + t[2] * r[2][i]).abs() > ra + rb {
            return false;
        }
    }
    // L = A0 x B0
    let ra = ae[1] * abs_r[2][0] + ae[2] * abs_r[1][0];
    let rb = be[1] * abs_r[0][2] + be[2] * abs_r[0][1];
    if (t[2] * r[1][0] - t[1] * r[2][0]).abs() > ra + rb {
        return false;
    }
    // L = A0 x B1
    let ra = ae[1] * abs_r[2][1] + ae[2] * abs_r[1][1];
    let rb = be[0] * abs_r[0][2] + be[2] * abs_r[0][0];
    if (t[2] * r[1][1] - t[1] * r[2][1]).abs() > ra + rb {
        return false;
    }
    // L = A0 x B2
    let ra = ae[1] * abs_r[2][2] + ae[2] * abs_r[1][2];
    let rb = be[0] * abs_r[0][1] + be[1] * abs_r[0][0];
    if (t[2] * r[1][2] - t[1] * r[2][2]).abs() > ra + rb {
        return false;
    }
    // L = A1 x B0
    let ra = ae[0] * abs_r[2][0] + ae[2] * abs_r[0][0];
    let rb = be[1] * abs_r[1][2] + be[2] * abs_r[1][1];
    if (t[0] * r[2][0] - t[2] * r[0][0]).abs() > ra + rb {
        return false;
    }
    // L = A1 x B1
    let ra = ae[0] * abs_r[2][1] + ae[2] * abs_r[0][1];
    let rb = be[0] * abs_r[1][2] + be[2] * abs_r[1][0];
    if (t[0] * r[2][1] - t[2] * r[0][1]).abs() > ra + rb {
        return false;
    }
    // L = A1 x B2
    let ra = ae[0] * abs_r[2][2] + ae[2] * abs_r[0][2];
    let rb = be[0] * abs_r[1][1] + be[1] * abs_r[1][0];
    if (t[0] * r[2][2] - t[2] * r[0][2]).abs() > ra + rb {
        return false;
    }
    // L = A2 x B0
    let ra = ae[0] * abs_r[1][0] + ae[1] * abs_r[0][0];
    let rb = be[1] * abs_r[2][2] + be[2] * abs_r[2][1];
    if (t[1] * r[0][0] - t[0] * r[1][0]).abs() > ra + rb {
        return false;
    }
    // L = A2 x B1
    let ra = ae[0] * abs_r[1][1] + ae[1] * abs_r[0][1];
    let rb = be[0] * abs_r[2][2] + be[2] * abs_r[2][0];
    if (t[1] * r[0][1] - t[0] * r[1][1]).abs() > ra + rb {
        return false;
    }
    // L = A2 x B2
    let ra = ae[0] * abs_r[1][2] + ae[1] * abs_r[0][2];
    let rb = be[0] * abs_r[2][1] + be[1] * abs_r[2][0];
    if (t[1] * r[0][2] - t[0] * r[1][2]).abs() > ra + rb {
        return false;
    }
    true
}

// ---------------------------------------------------------------------------------------------
// parry, converted once through plain arrays (parry has its own glam).

fn parry3_intersects(a: &P3, b: &P3) -> bool {
    parry3d::query::intersection_test(&a.0, &a.1, &b.0, &b.1)
        .expect("cuboids are supported")
        .intersecting
}

/// `None` when separated (or exactly touching), else the penetration depth.
fn parry3_contact(a: &P3, b: &P3) -> Option<parry3d::query::Contact> {
    parry3d::query::contact(&a.0, &a.1, &b.0, &b.1, 0.0).expect("cuboids are supported")
}

fn parry2_intersects(a: &P2, b: &P2) -> bool {
    parry2d::query::intersection_test(&a.0, &a.1, &b.0, &b.1)
        .expect("cuboids are supported")
        .intersecting
}

fn parry2_contact(a: &P2, b: &P2) -> Option<parry2d::query::Contact> {
    parry2d::query::contact(&a.0, &a.1, &b.0, &b.1, 0.0).expect("cuboids are supported")
}

// ---------------------------------------------------------------------------------------------
// Contact manifolds

type ParryManifold3 = parry3d::query::ContactManifold<(), ()>;
type ParryManifold2 = parry2d::query::ContactManifold<(), ()>;

/// parry3d's cuboid–cuboid manifold with prediction 0, as for a new pair: the manifold is cleared
/// first, so its contact coherence (`try_update_contacts`) cannot skip the work.
fn parry3_manifold(a: &P3, b: &P3, out: &mut ParryManifold3) {
    out.clear();
    let pos12 = a.0.inv_mul(&b.0);
    parry3d::query::details::contact_manifold_cuboid_cuboid(&pos12, &a.1, &b.1, 0.0, out);
}

fn parry2_manifold(a: &P2, b: &P2, out: &mut ParryManifold2) {
    out.clear();
    let pos12 = a.0.inv_mul(&b.0);
    parry2d::query::details::contact_manifold_cuboid_cuboid(&pos12, &a.1, &b.1, 0.0, out);
}

const MANIFOLD_NAMES: [&str; 4] = [
    "satbox_manifold",
    "satbox_manifold_trace",
    "parry_contact_manifold",
    "reference_manifold_f64",
];

fn bench_manifold3(c: &mut Criterion, name: &str, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    let mut g = c.benchmark_group(format!("3d_manifold_{name}"));
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function(MANIFOLD_NAMES[0], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&dim3::manifold(a, b));
            }
        })
    });
    let params = ManifoldParams::default();
    g.bench_function(MANIFOLD_NAMES[1], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&dim3::manifold_trace(a, b, &params));
            }
        })
    });
    let mut pm = ParryManifold3::new();
    g.bench_function(MANIFOLD_NAMES[2], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(parry) {
                parry3_manifold(a, b, &mut pm);
                black_box(&pm.points);
            }
        })
    });
    g.bench_function(MANIFOLD_NAMES[3], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&reference::manifold3(a, b, &params));
            }
        })
    });
    g.finish();
}

fn bench_manifold2(c: &mut Criterion, spec: &SetSpec, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    let mut g = c.benchmark_group(format!("2d_manifold_{}", spec.name));
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function(MANIFOLD_NAMES[0], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&dim2::manifold(a, b));
            }
        })
    });
    let params = ManifoldParams::default();
    g.bench_function(MANIFOLD_NAMES[1], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&dim2::manifold_trace(a, b, &params));
            }
        })
    });
    let mut pm = ParryManifold2::new();
    g.bench_function(MANIFOLD_NAMES[2], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(parry) {
                parry2_manifold(a, b, &mut pm);
                black_box(&pm.points);
            }
        })
    });
    g.bench_function(MANIFOLD_NAMES[3], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&reference::manifold2(a, b, &params));
            }
        })
    });
    g.finish();
}

fn manifold_summary(since: SystemTime, names3: &[&str]) {
    let mut rows = Vec::new();
    let names2: Vec<&str> = SETS.iter().map(|s| s.name).collect();
    for (dim, names) in [("3d", names3), ("2d", &names2[..])] {
        for name in names {
            let group = format!("{dim}_manifold_{name}");
            let Some(t) = estimates(&group, &MANIFOLD_NAMES, since) else {
                continue;
            };
            let ns =
                |i: usize| t[i].map_or("-".to_string(), |ns| format!("{:.0}", ns / PAIRS as f64));
            let ratio = match (t[0], t[2]) {
                (Some(f), Some(s)) => format!("{:.1}×", s / f),
                _ => "-".to_string(),
            };
            rows.push(format!(
                "| {dim} {name} | {} | {} | {} | {} | {ratio} |",
                ns(0),
                ns(1),
                ns(2),
                ns(3)
            ));
        }
    }
    if rows.is_empty() {
        return;
    }
    println!(
        "\nContact manifolds, ns per pair (mean of criterion's samples, {PAIRS} pairs per set):\n"
    );
    println!("| set | satbox manifold | satbox traced | parry contact manifold | reference f64 | parry / satbox |");
    println!("|---|---:|---:|---:|---:|---:|");
    for r in rows {
        println!("{r}");
    }
}

// ---------------------------------------------------------------------------------------------
// Timing

const NAMES: [&str; 6] = [
    "satbox_intersects",
    "satbox_report",
    "plain_f32",
    "parry_intersection_test",
    "parry_contact",
    "reference_f64",
];

/// One criterion group: the six methods over the same pairs (the parry pairs are the same boxes,
/// converted once). A macro because each method has its own box type and signature.
macro_rules! bench_group {
    ($c:expr, $name:expr, $pairs:expr, $parry:expr,
     $intersects:expr, $report:expr, $plain:expr, $parry_test:expr, $parry_contact:expr, $reference:expr) => {{
        let (pairs, parry) = ($pairs, $parry);
        let mut g = $c.benchmark_group($name);
        g.throughput(Throughput::Elements(pairs.len() as u64));
        g.bench_function(NAMES[0], |bch| {
            bch.iter(|| {
                black_box(pairs)
                    .iter()
                    .filter(|(a, b)| $intersects(a, b))
                    .count()
            })
        });
        g.bench_function(NAMES[1], |bch| {
            bch.iter(|| {
                for (a, b) in black_box(pairs) {
                    black_box(&$report(a, b));
                }
            })
        });
        g.bench_function(NAMES[2], |bch| {
            bch.iter(|| {
                for (a, b) in black_box(pairs) {
                    black_box(&$plain(a, b));
                }
            })
        });
        g.bench_function(NAMES[3], |bch| {
            bch.iter(|| {
                black_box(parry)
                    .iter()
                    .filter(|(a, b)| $parry_test(a, b))
                    .count()
            })
        });
        g.bench_function(NAMES[4], |bch| {
            bch.iter(|| {
                for (a, b) in black_box(parry) {
                    black_box(&$parry_contact(a, b));
                }
            })
        });
        g.bench_function(NAMES[5], |bch| {
            bch.iter(|| {
                for (a, b) in black_box(pairs) {
                    black_box(&$reference(a, b));
                }
            })
        });
        g.finish();
    }};
}

/// One 3D set with every method's own copy of its boxes, converted once before timing.
struct Set3 {
    name: &'static str,
    pairs: Vec<(Obb3, Obb3)>,
    parry: Vec<(P3, P3)>,
    frames: Vec<(Obb3Frame, Obb3Frame)>,
    rtcd: Vec<(RtcdObb, RtcdObb)>,
    batch: (Obb3Batch, Obb3Batch),
}

impl Set3 {
    fn new(name: &'static str, pairs: Vec<(Obb3, Obb3)>) -> Self {
        Self {
            name,
            parry: pairs
                .iter()
                .map(|(a, b)| (to_parry3(a), to_parry3(b)))
                .collect(),
            frames: pairs
                .iter()
                .map(|(a, b)| (Obb3Frame::new(a), Obb3Frame::new(b)))
                .collect(),
            rtcd: pairs
                .iter()
                .map(|(a, b)| (RtcdObb::new(a), RtcdObb::new(b)))
                .collect(),
            batch: (
                pairs.iter().map(|(a, _)| a).collect(),
                pairs.iter().map(|(_, b)| b).collect(),
            ),
            pairs,
        }
    }
}

const NAMES3: [&str; 11] = [
    "satbox_intersects",
    "satbox_frame_intersects",
    "satbox_intersects_many",
    "rtcd_port",
    "satbox_report",
    "plain_f32",
    "parry_intersection_test",
    "parry_contact",
    "reference_f64",
    "satbox_verdicts",
    "satbox_frame_verdicts",
];

/// The boolean tests of one set: `dim3::intersects` on `Obb3`, `Obb3Frame::intersects`, the
/// batch, the book's test; counted so that nothing is optimised away.
fn bench_booleans3(
    g: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    set: &Set3,
) {
    let (pairs, frames, batch) = (&set.pairs, &set.frames, &set.batch);
    g.bench_function(NAMES3[0], |bch| {
        bch.iter(|| {
            black_box(pairs)
                .iter()
                .filter(|(a, b)| dim3::intersects(a, b))
                .count()
        })
    });
    g.bench_function(NAMES3[1], |bch| {
        bch.iter(|| {
            black_box(frames)
                .iter()
                .filter(|(a, b)| a.intersects(b))
                .count()
        })
    });
    let mut out = vec![false; pairs.len()];
    g.bench_function(NAMES3[2], |bch| {
        bch.iter(|| {
            intersects_many(black_box(&batch.0), black_box(&batch.1), &mut out);
            out.iter().filter(|x| **x).count()
        })
    });
}

fn bench3(c: &mut Criterion, set: &Set3) {
    let (pairs, parry) = (&set.pairs, &set.parry);
    let mut g = c.benchmark_group(format!("3d_{}", set.name));
    g.throughput(Throughput::Elements(pairs.len() as u64));
    bench_booleans3(&mut g, set);
    let rtcd = &set.rtcd;
    g.bench_function(NAMES3[3], |bch| {
        bch.iter(|| {
            black_box(rtcd)
                .iter()
                .filter(|(a, b)| rtcd_test_obb_obb(a, b))
                .count()
        })
    });
    g.bench_function(NAMES3[4], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&dim3::report(a, b));
            }
        })
    });
    g.bench_function(NAMES3[9], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&dim3::verdicts(a, b));
            }
        })
    });
    let frames = &set.frames;
    g.bench_function(NAMES3[10], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(frames) {
                black_box(&a.verdicts(b));
            }
        })
    });
    g.bench_function(NAMES3[5], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&plain3(a, b));
            }
        })
    });
    g.bench_function(NAMES3[6], |bch| {
        bch.iter(|| {
            black_box(parry)
                .iter()
                .filter(|(a, b)| parry3_intersects(a, b))
                .count()
        })
    });
    g.bench_function(NAMES3[7], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(parry) {
                black_box(&parry3_contact(a, b));
            }
        })
    });
    g.bench_function(NAMES3[8], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&reference::report3(a, b, DEGENERATE_THRESHOLD as f64));
            }
        })
    });
    g.finish();
}

/// Set sizes of the scaling groups: in L1/L2, in L3, streamed from memory.
const SCALING: [usize; 3] = [1 << 10, 1 << 16, 1 << 22];

/// The boolean tests over 1k, 64k and 4M pairs of the mixed kind (the first 64k distinct, tiled
/// beyond), one iteration per sample.
fn bench_scaling(c: &mut Criterion) {
    let pool = pairs3_n(&SETS[1], SCALING[1]);
    for n in SCALING {
        let pairs: Vec<(Obb3, Obb3)> = pool.iter().copied().cycle().take(n).collect();
        let set = Set3 {
            name: "scaling",
            parry: Vec::new(),
            rtcd: Vec::new(),
            frames: pairs
                .iter()
                .map(|(a, b)| (Obb3Frame::new(a), Obb3Frame::new(b)))
                .collect(),
            batch: (
                pairs.iter().map(|(a, _)| a).collect(),
                pairs.iter().map(|(_, b)| b).collect(),
            ),
            pairs,
        };
        let mut g = c.benchmark_group(format!("3d_scaling_{n}"));
        g.throughput(Throughput::Elements(n as u64));
        if n > SCALING[1] {
            g.sampling_mode(criterion::SamplingMode::Flat)
                .sample_size(10);
        }
        bench_booleans3(&mut g, &set);
        g.finish();
    }
}

fn bench2(c: &mut Criterion, spec: &SetSpec, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    bench_group!(
        c,
        format!("2d_{}", spec.name),
        pairs,
        parry,
        dim2::intersects,
        dim2::report,
        plain2,
        parry2_intersects,
        parry2_contact,
        reference::report2
    );
}

/// The 2D hot-loop methods: rectangles with their axes stored ([`Obb2Frame`]), the batch, and the
/// verdicts, beside `intersects` and parry2d's test in the same group (same run, for ratios).
const NAMES2_FRAMES: [&str; 6] = [
    "satbox_intersects",
    "satbox_frame_intersects",
    "satbox_intersects_many2",
    "satbox_verdicts",
    "satbox_frame_verdicts",
    "parry_intersection_test",
];

fn bench2_frames(c: &mut Criterion, spec: &SetSpec, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    let frames: Vec<(Obb2Frame, Obb2Frame)> = pairs
        .iter()
        .map(|(a, b)| (Obb2Frame::new(a), Obb2Frame::new(b)))
        .collect();
    let (ba, bb): (Obb2Batch, Obb2Batch) = (
        frames.iter().map(|(a, _)| *a).collect(),
        frames.iter().map(|(_, b)| *b).collect(),
    );
    let mut out = vec![false; pairs.len()];
    let mut g = c.benchmark_group(format!("2d_frames_{}", spec.name));
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function(NAMES2_FRAMES[0], |bch| {
        bch.iter(|| {
            black_box(pairs)
                .iter()
                .filter(|(a, b)| dim2::intersects(a, b))
                .count()
        })
    });
    g.bench_function(NAMES2_FRAMES[1], |bch| {
        bch.iter(|| {
            black_box(&frames)
                .iter()
                .filter(|(a, b)| a.intersects(b))
                .count()
        })
    });
    g.bench_function(NAMES2_FRAMES[2], |bch| {
        bch.iter(|| {
            intersects_many2(black_box(&ba), black_box(&bb), &mut out);
            out.iter().filter(|x| **x).count()
        })
    });
    g.bench_function(NAMES2_FRAMES[3], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(pairs) {
                black_box(&dim2::verdicts(a, b));
            }
        })
    });
    g.bench_function(NAMES2_FRAMES[4], |bch| {
        bch.iter(|| {
            for (a, b) in black_box(&frames) {
                black_box(&a.verdicts(b));
            }
        })
    });
    g.bench_function(NAMES2_FRAMES[5], |bch| {
        bch.iter(|| {
            black_box(parry)
                .iter()
                .filter(|(a, b)| parry2_intersects(a, b))
                .count()
        })
    });
    g.finish();
}

// ---------------------------------------------------------------------------------------------
// Summary from criterion's estimates

fn summary2_frames(since: SystemTime) {
    let mut rows = Vec::new();
    for spec in &SETS {
        let group = format!("2d_frames_{}", spec.name);
        let Some(t) = estimates(&group, &NAMES2_FRAMES, since) else {
            continue;
        };
        let cells: Vec<String> = t.iter().map(|x| per_pair(*x, PAIRS)).collect();
        rows.push(format!(
            "| {} | {} | {} | {} | {} | {} |",
            spec.name,
            cells.join(" | "),
            ratio(t[0], t[5]),
            ratio(t[1], t[5]),
            ratio(t[2], t[5]),
            ratio(t[4], t[3]),
        ));
    }
    if rows.is_empty() {
        return;
    }
    println!("\n2D hot loops, ns per pair; ratios are times faster:\n");
    println!(
        "| set | intersects (Obb2) | Obb2Frame::intersects | intersects_many2 | verdicts | \
         Obb2Frame::verdicts | parry2d intersection_test | intersects vs parry | frame vs parry | \
         batch vs parry | frame verdicts vs verdicts |"
    );
    println!("|---|{}", "---:|".repeat(10));
    for r in rows {
        println!("{r}");
    }
}

fn summary3(since: SystemTime, names: &[&str]) {
    let mut rows = Vec::new();
    for name in names {
        let group = format!("3d_{name}");
        let Some(t) = estimates(&group, &NAMES3, since) else {
            continue;
        };
        let cells: Vec<String> = t.iter().map(|x| per_pair(*x, PAIRS)).collect();
        rows.push(format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            cells.join(" | "),
            ratio(t[1], t[3]),
            ratio(t[1], t[6]),
            ratio(t[2], t[1]),
            ratio(t[2], t[0]),
            ratio(t[4], t[7]),
            ratio(t[9], t[7]),
            ratio(t[10], t[7]),
            ratio(t[2], t[6]),
        ));
    }
    if rows.is_empty() {
        return;
    }
    println!(
        "\n3D, ns per pair (criterion's estimate for the whole set / {PAIRS}); ratios are times faster:\n"
    );
    println!(
        "| set | intersects (Obb3) | Obb3Frame::intersects | intersects_many | RTCD 4.4.1 port | \
         report | plain f32 | parry intersection_test | parry contact | reference f64 | \
         verdicts | Obb3Frame::verdicts | frame vs RTCD | frame vs parry test | batch vs frame | \
         batch vs intersects | report vs parry contact | verdicts vs parry contact | \
         frame verdicts vs parry contact | batch vs parry test |"
    );
    println!("|---|{}", "---:|".repeat(19));
    for r in rows {
        println!("{r}");
    }
}

fn scaling_summary(since: SystemTime) {
    let mut rows = Vec::new();
    for n in SCALING {
        let group = format!("3d_scaling_{n}");
        let t: Vec<Option<f64>> = NAMES3[..3]
            .iter()
            .map(|m| estimate_ns(&group, m, since))
            .collect();
        if t.iter().all(Option::is_none) {
            continue;
        }
        rows.push(format!(
            "| {n} | {:.0} MB | {} | {} | {} | {} | {} |",
            (n * 2 * (40 + 80 + 64)) as f64 / 1e6,
            per_pair(t[0], n),
            per_pair(t[1], n),
            per_pair(t[2], n),
            ratio(t[2], t[1]),
            ratio(t[2], t[0]),
        ));
    }
    if rows.is_empty() {
        return;
    }
    println!("\nHow cost grows (mixed pairs), ns per pair:\n");
    println!(
        "| pairs | boxes in memory (Obb3 + Obb3Frame + Obb3Batch) | intersects (Obb3) | \
         Obb3Frame::intersects | intersects_many | batch vs frame | batch vs intersects |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!("{r}");
    }
}

fn summary(since: SystemTime) {
    let mut rows = Vec::new();
    for dim in ["2d"] {
        for spec in &SETS {
            let group = format!("{dim}_{}", spec.name);
            let Some(t) = estimates(&group, &NAMES, since) else {
                continue;
            };
            let rate = |i: usize| {
                t[i].map_or("-".to_string(), |ns| {
                    format!("{:.1} M", PAIRS as f64 / ns * 1e3)
                })
            };
            let ratio = |fast: usize, slow: usize| match (t[fast], t[slow]) {
                (Some(f), Some(s)) => format!("{:.1}×", s / f),
                _ => "-".to_string(),
            };
            rows.push(format!(
                "| {dim} {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                spec.name,
                rate(0),
                rate(1),
                rate(2),
                rate(5),
                rate(3),
                rate(4),
                ratio(0, 3),
                ratio(1, 4),
            ));
        }
    }
    if rows.is_empty() {
        return;
    }
    println!(
        "\nPairs per second (M = million), mean of criterion's samples, {PAIRS} pairs per set:\n"
    );
    println!("| set | satbox intersects | satbox report | plain f32 | reference f64 | parry intersection_test | parry contact | intersects vs parry test | report vs parry contact |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!("{r}");
    }
}

/// `SATBOX_BENCH_PROFILE=method:set:iterations cargo bench --bench sat`: runs one method over one
/// 3D set that many times and nothing else, for `valgrind --tool=callgrind` (instructions per pair
/// = the difference between two iteration counts over the pairs run in between).
fn profile(sets3: &[Set3], what: &str) {
    let mut parts = what.split(':');
    let (method, set, n) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or("mixed"),
        parts.next().and_then(|n| n.parse().ok()).unwrap_or(10usize),
    );
    let set = sets3.iter().find(|s| s.name == set).expect("a 3D set name");
    let mut count = 0usize;
    let mut out = vec![false; set.pairs.len()];
    let params = ManifoldParams::default();
    let mut pm = ParryManifold3::new();
    for _ in 0..n {
        count += match method {
            "satbox_intersects" => set
                .pairs
                .iter()
                .filter(|(a, b)| dim3::intersects(a, b))
                .count(),
            "satbox_frame_intersects" => set.frames.iter().filter(|(a, b)| a.intersects(b)).count(),
            "satbox_intersects_many" => {
                intersects_many(&set.batch.0, &set.batch.1, &mut out);
                out.iter().filter(|x| **x).count()
            }
            "rtcd_port" => set
                .rtcd
                .iter()
                .filter(|(a, b)| rtcd_test_obb_obb(a, b))
                .count(),
            "satbox_report" => set
                .pairs
                .iter()
                .filter(|(a, b)| black_box(dim3::report(a, b)).intersect)
                .count(),
            "satbox_verdicts" => set
                .pairs
                .iter()
                .filter(|(a, b)| black_box(dim3::verdicts(a, b)).intersect)
                .count(),
            "satbox_frame_verdicts" => set
                .frames
                .iter()
                .filter(|(a, b)| black_box(a.verdicts(b)).intersect)
                .count(),
            "satbox_manifold" => set
                .pairs
                .iter()
                .filter(|(a, b)| black_box(dim3::manifold_with(a, b, &params)).is_some())
                .count(),
            "parry_intersection_test" => set
                .parry
                .iter()
                .filter(|(a, b)| parry3_intersects(a, b))
                .count(),
            "parry_contact" => set
                .parry
                .iter()
                .filter(|(a, b)| black_box(parry3_contact(a, b)).is_some())
                .count(),
            "parry_contact_manifold" => set
                .parry
                .iter()
                .filter(|(a, b)| {
                    parry3_manifold(a, b, &mut pm);
                    !pm.points.is_empty()
                })
                .count(),
            other => panic!("no method {other}"),
        };
    }
    println!("{method} on {} x {n}: {count}", set.name);
}

fn main() {
    let started = SystemTime::now();
    let sets3: Vec<Set3> = SETS
        .iter()
        .map(|spec| Set3::new(spec.name, pairs3(spec)))
        .chain(
            TOUCH_SETS
                .iter()
                .map(|spec| Set3::new(spec.name, pairs3_touch(spec))),
        )
        .collect();
    let names3: Vec<&str> = sets3.iter().map(|s| s.name).collect();
    if let Ok(what) = std::env::var("SATBOX_BENCH_PROFILE") {
        profile(&sets3, &what);
        return;
    }
    let sets2: Vec<_> = SETS.iter().map(pairs2).collect();
    let parry2: Vec<Vec<(P2, P2)>> = sets2
        .iter()
        .map(|s| {
            s.iter()
                .map(|(a, b)| (to_parry2(a), to_parry2(b)))
                .collect()
        })
        .collect();

    println!(
        "Agreement with the f64 reference: pairs whose verdict differs (outside a band of {BAND:e} \
         around touching) and, where both intersect, whose depth differs by more than {DEPTH_TOL:e}."
    );
    for set in &sets3 {
        agreement3(set);
    }
    for (i, spec) in SETS.iter().enumerate() {
        agreement2(spec, &sets2[i], &parry2[i]);
    }
    println!();
    for set in &sets3 {
        manifold_agreement3(set.name, &set.pairs, &set.parry);
    }
    for (i, spec) in SETS.iter().enumerate() {
        manifold_agreement2(spec, &sets2[i], &parry2[i]);
    }
    println!();

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
        .configure_from_args();
    for set in &sets3 {
        bench3(&mut c, set);
    }
    for (i, spec) in SETS.iter().enumerate() {
        bench2(&mut c, spec, &sets2[i], &parry2[i]);
        bench2_frames(&mut c, spec, &sets2[i], &parry2[i]);
    }
    for set in &sets3 {
        bench_manifold3(&mut c, set.name, &set.pairs, &set.parry);
    }
    for (i, spec) in SETS.iter().enumerate() {
        bench_manifold2(&mut c, spec, &sets2[i], &parry2[i]);
    }
    drop(sets3);
    bench_scaling(&mut c);
    c.final_summary();
    summary3(started, &names3);
    summary(started);
    summary2_frames(started);
    manifold_summary(started, &names3);
    scaling_summary(started);
}
