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

mod common;
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
// Agreement with the f64 reference

/// One pair as the reference sees it.
struct Truth {
    class: Class,
    /// Largest gap over the non-degenerate axes: > 0 separated, else minus the depth.
    deciding_gap: f64,
    intersect: bool,
    depth: Option<f64>,
    /// The same with every edge axis longer than [`EXACT_THRESHOLD`] kept.
    exact_intersect: bool,
    exact_depth: Option<f64>,
}

fn deciding_gap(r: &reference::ReferenceReport) -> f64 {
    r.axes
        .iter()
        .filter(|a| !a.degenerate)
        .map(|a| a.gap)
        .fold(f64::NEG_INFINITY, f64::max)
}

fn truth3(i: usize, a: &Obb3, b: &Obb3) -> Truth {
    let r = reference::report3(a, b, DEGENERATE_THRESHOLD as f64);
    let x = reference::report3(a, b, EXACT_THRESHOLD);
    Truth {
        class: Class::of(i),
        deciding_gap: deciding_gap(&r),
        intersect: r.intersect,
        depth: r.depth,
        exact_intersect: x.intersect,
        exact_depth: x.depth,
    }
}

fn truth2(i: usize, a: &Obb2, b: &Obb2) -> Truth {
    let r = reference::report2(a, b);
    Truth {
        class: Class::of(i),
        deciding_gap: deciding_gap(&r),
        intersect: r.intersect,
        depth: r.depth,
        exact_intersect: r.intersect,
        exact_depth: r.depth,
    }
}

/// Disagreements of one method with the reference on one set.
#[derive(Default)]
struct Tally {
    /// Verdicts that differ outside the band, per class.
    verdict: [usize; 3],
    /// Of those, how many agree with the exact reference (the degenerate-axis rule decided).
    verdict_exact_agrees: usize,
    /// Verdict misses of each kind: said intersecting when separated, and the other way.
    false_hit: usize,
    false_miss: usize,
    /// Depths that differ by more than [`DEPTH_TOL`], per class (both intersecting, outside band).
    depth: [usize; 3],
    /// Of those, how many are within tolerance of the exact reference's depth.
    depth_exact_agrees: usize,
    /// Depth compared on this many pairs.
    depth_compared: usize,
    /// Largest depth difference.
    max_depth_err: f64,
    /// Has a depth at all.
    has_depth: bool,
    /// The first few depth disagreements: (pair index, method's depth, reference depth).
    examples: Vec<(usize, f64, f64)>,
}

impl Tally {
    fn add(&mut self, i: usize, t: &Truth, verdict: bool, depth: Option<f64>) {
        if t.deciding_gap.abs() <= BAND {
            return;
        }
        let c = Class::ALL.iter().position(|&c| c == t.class).unwrap();
        if verdict != t.intersect {
            self.verdict[c] += 1;
            if verdict {
                self.false_hit += 1;
            } else {
                self.false_miss += 1;
            }
            if verdict == t.exact_intersect {
                self.verdict_exact_agrees += 1;
            }
            return;
        }
        if let (Some(d), Some(r)) = (depth, t.depth) {
            self.has_depth = true;
            self.depth_compared += 1;
            let err = (d - r).abs();
            self.max_depth_err = self.max_depth_err.max(err);
            if err > DEPTH_TOL {
                self.depth[c] += 1;
                if self.examples.len() < 4 {
                    self.examples.push((i, d, r));
                }
                if t.exact_depth.is_some_and(|x| (d - x).abs() <= DEPTH_TOL) {
                    self.depth_exact_agrees += 1;
                }
            }
        }
    }

    fn print(&self, method: &str) {
        let v: usize = self.verdict.iter().sum();
        let per_class = |n: &[usize; 3]| {
            Class::ALL
                .iter()
                .zip(n)
                .filter(|(_, &n)| n > 0)
                .map(|(c, n)| format!("{} {n}", c.name()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut line = format!("  {method:<26} verdict {v:>4}");
        if v > 0 {
            line += &format!(
                " ({}; {} said intersecting, {} said separated; {} match the exact reference)",
                per_class(&self.verdict),
                self.false_hit,
                self.false_miss,
                self.verdict_exact_agrees
            );
        }
        if self.has_depth {
            let d: usize = self.depth.iter().sum();
            line += &format!(
                " | depth {d:>4} of {:>4} (max |err| {:.2e}",
                self.depth_compared, self.max_depth_err
            );
            if d > 0 {
                line += &format!(
                    "; {}; {} match the exact reference",
                    per_class(&self.depth),
                    self.depth_exact_agrees
                );
            }
            line += ")";
        }
        println!("{line}");
        for (i, d, r) in &self.examples {
            println!("    pair {i}: depth {d:.5}, reference {r:.5}");
        }
    }
}

fn agreement3(set: &Set3) {
    let (pairs, parry) = (&set.pairs, &set.parry);
    let truths: Vec<Truth> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| truth3(i, a, b))
        .collect();
    header("3d", set.name, &truths);
    let mut batch = vec![false; pairs.len()];
    intersects_many(&set.batch.0, &set.batch.1, &mut batch);
    let mut t = [(); 9].map(|_| Tally::default());
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let truth = &truths[i];
        t[0].add(i, truth, dim3::intersects(a, b), None);
        let (fa, fb) = &set.frames[i];
        t[1].add(i, truth, fa.intersects(fb), None);
        t[2].add(i, truth, batch[i], None);
        let (ra, rb) = &set.rtcd[i];
        t[3].add(i, truth, rtcd_test_obb_obb(ra, rb), None);
        let r = dim3::report(a, b);
        t[4].add(i, truth, r.intersect, r.penetration.map(|p| p.depth as f64));
        let p = plain3(a, b);
        t[5].add(i, truth, p.is_some(), p.map(f64::from));
        t[6].add(i, truth, parry3_intersects(pa, pb), None);
        let c = parry3_contact(pa, pb).filter(|c| c.dist <= 0.0);
        t[7].add(i, truth, c.is_some(), c.map(|c| -c.dist as f64));
        let v = dim3::verdicts(a, b);
        assert_eq!(
            v,
            r.to_verdicts(),
            "pair {i}: the verdicts are the report's"
        );
        t[8].add(i, truth, v.intersect, v.penetration.map(|p| p.depth as f64));
        assert_eq!(
            fa.verdicts(fb),
            v,
            "pair {i}: the frames' verdicts are the boxes'"
        );
    }
    let same = (0..pairs.len())
        .filter(|&i| batch[i] == set.frames[i].0.intersects(&set.frames[i].1))
        .count();
    for (tally, name) in t
        .iter()
        .zip(NAMES3.iter().filter(|n| **n != "reference_f64"))
    {
        tally.print(name);
    }
    println!(
        "  intersects_many gives {same} of {} pairs the verdict of Obb3Frame::intersects",
        pairs.len()
    );
    // Is parry's contact a valid way out? Move B by its depth (plus 1e-3) along its normal.
    for &(i, _, _) in &t[7].examples {
        let (a, b) = &pairs[i];
        let c = parry3_contact(&parry[i].0, &parry[i].1).expect("intersecting");
        let n = Vec3::from_array(c.normal1.to_array());
        let moved = Obb3 {
            center: b.center + n * (-c.dist + 1e-3),
            ..*b
        };
        let r = reference::report3(a, &moved, DEGENERATE_THRESHOLD as f64);
        let e = a.half_extents.min(b.half_extents).min_element();
        println!(
            "    pair {i}: after moving B by parry's depth + 1e-3 the reference says {} (depth left {:.4}); smallest half extent {e:.3}",
            if r.intersect { "still intersecting" } else { "separated" },
            r.depth.unwrap_or(0.0)
        );
    }
}

fn agreement2(spec: &SetSpec, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    let truths: Vec<Truth> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| truth2(i, a, b))
        .collect();
    header("2d", spec.name, &truths);
    let mut t = [(); 5].map(|_| Tally::default());
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let truth = &truths[i];
        t[0].add(i, truth, dim2::intersects(a, b), None);
        let r = dim2::report(a, b);
        t[1].add(i, truth, r.intersect, r.penetration.map(|p| p.depth as f64));
        let p = plain2(a, b);
        t[2].add(i, truth, p.is_some(), p.map(f64::from));
        t[3].add(i, truth, parry2_intersects(pa, pb), None);
        let c = parry2_contact(pa, pb).filter(|c| c.dist <= 0.0);
        t[4].add(i, truth, c.is_some(), c.map(|c| -c.dist as f64));
    }
    for (tally, name) in t
        .iter()
        .zip(NAMES.iter().filter(|n| **n != "reference_f64"))
    {
        tally.print(name);
    }
}

fn header(dim: &str, name: &str, truths: &[Truth]) {
    let hits = truths.iter().filter(|t| t.intersect).count();
    let band = truths
        .iter()
        .filter(|t| t.deciding_gap.abs() <= BAND)
        .count();
    let rule = truths
        .iter()
        .filter(|t| t.intersect != t.exact_intersect)
        .count();
    println!(
        "{dim} {name}: {} pairs, {hits} intersecting ({:.0}%), {band} within {BAND:e} of touching (not counted), {rule} decided by the degenerate-axis rule",
        truths.len(),
        100.0 * hits as f64 / truths.len() as f64
    );
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

/// A parry manifold in world space, in f64: the normal and, per point, the midpoint of its two
/// surface points and its separation.
struct ParryPoints {
    normal: DVec3,
    points: Vec<(DVec3, f64)>,
}

fn parry3_points(a: &P3, b: &P3, m: &ParryManifold3) -> ParryPoints {
    let d = |v: parry3d::math::Vector| DVec3::from_array(v.to_array().map(f64::from));
    ParryPoints {
        normal: d(a.0.rotation * m.local_n1),
        points: m
            .points
            .iter()
            .map(|c| {
                (
                    (d(a.0 * c.local_p1) + d(b.0 * c.local_p2)) * 0.5,
                    c.dist as f64,
                )
            })
            .collect(),
    }
}

fn parry2_points(a: &P2, b: &P2, m: &ParryManifold2) -> ParryPoints {
    let d = |v: parry2d::math::Vector| DVec3::new(v.x as f64, v.y as f64, 0.0);
    ParryPoints {
        normal: d(a.0.rotation * m.local_n1),
        points: m
            .points
            .iter()
            .map(|c| {
                (
                    (d(a.0 * c.local_p1) + d(b.0 * c.local_p2)) * 0.5,
                    c.dist as f64,
                )
            })
            .collect(),
    }
}

/// Points further than this from the reference (or separations further apart) disagree.
const POINT_TOL: f64 = 1e-3;

/// How satbox's and parry's manifolds compare with the f64 reference manifold on one set.
#[derive(Default)]
struct ManifoldTally {
    /// Pairs where the reference (with satbox's defaults) has a manifold.
    contacts: usize,
    /// satbox against the reference (defaults): agree, near a decision, disagree.
    satbox: [usize; 3],
    /// Pairs where the strict reference (no bias, as parry) has a manifold, away from decisions.
    compared: usize,
    /// parry has no points there.
    parry_missing: usize,
    /// parry also returns points above the other surface (positive distance): its clipped points
    /// are all kept, for its solver to treat as speculative.
    parry_above: usize,
    /// parry's normal differs from the strict reference's.
    parry_normal: usize,
    /// Same normal, a different number of touching or penetrating points: on face contacts, on
    /// edge contacts.
    parry_count: [usize; 2],
    /// ... of which parry has more than 4 (it does not reduce).
    parry_over_4: usize,
    /// Same normal, and some parry point is not a corner of the reference's contact polygon
    /// (before reduction), or its separation differs: on face contacts, on edge contacts.
    parry_points: [usize; 2],
    /// Compared face contacts, edge contacts.
    kinds: [usize; 2],
    /// Same normal, and parry's deepest separation differs from the reference's.
    parry_deepest: usize,
    /// A few examples: (pair, what).
    examples: Vec<(usize, String)>,
}

impl ManifoldTally {
    fn add(
        &mut self,
        i: usize,
        fast: ManifoldAgreement,
        has_contact: bool,
        strict: Option<&ReferenceManifold>,
        parry: &ParryPoints,
    ) {
        if has_contact {
            self.contacts += 1;
        }
        match fast {
            ManifoldAgreement::Agree => self.satbox[0] += 1,
            ManifoldAgreement::NearTie => self.satbox[1] += 1,
            ManifoldAgreement::Disagree(what) => {
                self.satbox[2] += 1;
                self.example(i, format!("satbox: {what}"));
            }
        }
        let Some(r) = strict else { return };
        if r.closeness < 1e-4 {
            return;
        }
        self.compared += 1;
        if parry.points.is_empty() {
            self.parry_missing += 1;
            self.example(i, format!("parry: no points, reference {}", r.points.len()));
            return;
        }
        if (parry.normal - r.normal).length() > POINT_TOL {
            self.parry_normal += 1;
            self.example(
                i,
                format!(
                    "parry: normal {:.4?}, reference {:.4?} (axis {})",
                    parry.normal.to_array(),
                    r.normal.to_array(),
                    r.chosen
                ),
            );
            return;
        }
        // the points parry keeps above the other surface are its speculative ones: left out
        let touching: Vec<(DVec3, f64)> = parry
            .points
            .iter()
            .copied()
            .filter(|(_, s)| *s <= 1e-5)
            .collect();
        if touching.len() < parry.points.len() {
            self.parry_above += 1;
        }
        let k = usize::from(matches!(r.kind, satbox::sat::AxisKind::Edge(..)));
        self.kinds[k] += 1;
        if touching.len() != r.points.len() {
            self.parry_count[k] += 1;
            if touching.len() > 4 && k == 0 {
                self.parry_over_4 += 1;
            } else {
                self.example(
                    i,
                    format!(
                        "parry: {} touching points, reference {} ({:?} contact)",
                        touching.len(),
                        r.points.len(),
                        r.kind
                    ),
                );
            }
        }
        let off = touching.iter().any(|(p, s)| {
            !r.candidates.iter().any(|c| {
                (c.point - *p).length() <= POINT_TOL && (c.separation - s).abs() <= POINT_TOL
            })
        });
        if off {
            self.parry_points[k] += 1;
            self.example(
                i,
                "parry: a point off the reference's contact polygon".into(),
            );
        }
        let deepest = |it: &mut dyn Iterator<Item = f64>| it.fold(f64::INFINITY, f64::min);
        let dp = deepest(&mut touching.iter().map(|(_, s)| *s));
        let dr = deepest(&mut r.points.iter().map(|c| c.separation));
        if (dp - dr).abs() > POINT_TOL {
            self.parry_deepest += 1;
            self.example(i, format!("parry: deepest {dp:.4}, reference {dr:.4}"));
        }
    }

    fn example(&mut self, i: usize, what: String) {
        if self.examples.len() < 4 {
            self.examples.push((i, what));
        }
    }

    fn print(&self, dim: &str, name: &str) {
        println!(
            "{dim} {name} manifolds: {} pairs in contact; satbox against the f64 reference: {} agree, \
             {} within rounding of a decision, {} disagree",
            self.contacts, self.satbox[0], self.satbox[1], self.satbox[2]
        );
        println!(
            "  parry against the strict f64 reference on {} pairs ({} face, {} edge contacts): {} \
             without points, {} with points above the other surface too (left out below), {} \
             another normal, {} another deepest separation",
            self.compared,
            self.kinds[0],
            self.kinds[1],
            self.parry_missing,
            self.parry_above,
            self.parry_normal,
            self.parry_deepest
        );
        println!(
            "  another count of touching points: {} face contacts ({} of them more than 4 \
             points), {} edge contacts; a point off the reference's contact polygon: {} face, {} \
             edge contacts",
            self.parry_count[0],
            self.parry_over_4,
            self.parry_count[1],
            self.parry_points[0],
            self.parry_points[1]
        );
        for (i, what) in &self.examples {
            println!("    pair {i}: {what}");
        }
    }
}

fn manifold_agreement3(name: &str, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    let (defaults, strict) = (ManifoldParams::default(), ManifoldParams::strict());
    let mut t = ManifoldTally::default();
    let mut pm = ParryManifold3::new();
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let r = reference::manifold3(a, b, &defaults);
        let scale =
            (b.center - a.center).length() + (a.half_extents + b.half_extents).element_sum();
        let fast = reference::compare_manifolds(
            dim3::manifold(a, b).as_ref(),
            r.as_ref(),
            defaults.margin,
            1e-4 * (1.0 + scale as f64),
        );
        parry3_manifold(pa, pb, &mut pm);
        let rs = reference::manifold3(a, b, &strict);
        t.add(
            i,
            fast,
            r.is_some(),
            rs.as_ref(),
            &parry3_points(pa, pb, &pm),
        );
    }
    t.print("3d", name);
}

fn manifold_agreement2(spec: &SetSpec, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    let (defaults, strict) = (ManifoldParams::default(), ManifoldParams::strict());
    let mut t = ManifoldTally::default();
    let mut pm = ParryManifold2::new();
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let r = reference::manifold2(a, b, &defaults);
        let scale =
            (b.center - a.center).length() + (a.half_extents + b.half_extents).element_sum();
        let fast = reference::compare_manifolds(
            dim2::manifold(a, b).as_ref(),
            r.as_ref(),
            defaults.margin,
            1e-4 * (1.0 + scale as f64),
        );
        parry2_manifold(pa, pb, &mut pm);
        let rs = reference::manifold2(a, b, &strict);
        t.add(
            i,
            fast,
            r.is_some(),
            rs.as_ref(),
            &parry2_points(pa, pb, &pm),
        );
    }
    t.print("2d", spec.name);
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
