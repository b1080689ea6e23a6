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
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput};
use glam::{DVec3, Quat, Vec2, Vec3};
use satbox::sat::reference::{ManifoldAgreement, ReferenceManifold};
use satbox::sat::{dim2, dim3, reference, ManifoldParams, Obb2, Obb3, DEGENERATE_THRESHOLD};

/// Pairs per set.
const PAIRS: usize = 4096;
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

/// splitmix64: small, fast, seeded.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform random rotation (Shoemake).
    fn quat(&mut self) -> Quat {
        let (u1, u2, u3) = (self.unit(), self.unit(), self.unit());
        let tau = std::f32::consts::TAU;
        let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
        Quat::from_xyzw(
            a * (tau * u2).sin(),
            a * (tau * u2).cos(),
            b * (tau * u3).sin(),
            b * (tau * u3).cos(),
        )
        .normalize()
    }

    /// Uniform direction on the unit sphere.
    fn dir3(&mut self) -> Vec3 {
        let z = self.range(-1.0, 1.0);
        let phi = self.range(0.0, std::f32::consts::TAU);
        let r = (1.0 - z * z).max(0.0).sqrt();
        Vec3::new(r * phi.cos(), r * phi.sin(), z)
    }

    /// A small angle, log-uniform in `[1e-6, 1e-2]` radians, random sign.
    fn tiny_angle(&mut self) -> f32 {
        let a = 10f32.powf(self.range(-6.0, -2.0));
        if self.unit() < 0.5 {
            -a
        } else {
            a
        }
    }
}

/// How B's orientation relates to A's. One pair in eight is exactly aligned (every edge of A
/// parallel to one of B: stacked crates), one in eight nearly aligned (a rotation of 1e-6..1e-2
/// rad); the rest are independent uniform rotations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Aligned,
    NearlyAligned,
    Random,
}

impl Class {
    const ALL: [Class; 3] = [Class::Aligned, Class::NearlyAligned, Class::Random];

    fn of(index: usize) -> Self {
        match index % 8 {
            0 => Class::Aligned,
            1 => Class::NearlyAligned,
            _ => Class::Random,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Class::Aligned => "aligned",
            Class::NearlyAligned => "nearly aligned",
            Class::Random => "random",
        }
    }
}

/// A set: the centre distance is `k · (|e_A| + |e_B|)` with `k` uniform in `range3` (3D) or
/// `range2` (2D); `|e_A| + |e_B|` is the sum of the bounding-circle radii, so `k > 1` is always
/// separated.
#[derive(Clone, Copy)]
struct SetSpec {
    name: &'static str,
    range3: (f32, f32),
    range2: (f32, f32),
    seed: u64,
}

const SETS: [SetSpec; 3] = [
    SetSpec {
        name: "separated",
        range3: (0.6, 1.2),
        range2: (0.7, 1.2),
        seed: 0x5a7b_0001,
    },
    SetSpec {
        name: "mixed",
        range3: (0.35, 0.95),
        range2: (0.45, 1.0),
        seed: 0x5a7b_0002,
    },
    SetSpec {
        name: "overlapping",
        range3: (0.0, 0.45),
        range2: (0.0, 0.5),
        seed: 0x5a7b_0003,
    },
];

fn pairs3(spec: &SetSpec) -> Vec<(Obb3, Obb3)> {
    let mut rng = Rng(spec.seed);
    (0..PAIRS)
        .map(|i| {
            let ea = Vec3::new(
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
            );
            let eb = Vec3::new(
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
            );
            let qa = rng.quat();
            let qb = match Class::of(i) {
                Class::Aligned => qa,
                Class::NearlyAligned => {
                    (qa * Quat::from_axis_angle(rng.dir3(), rng.tiny_angle())).normalize()
                }
                Class::Random => rng.quat(),
            };
            let ca = Vec3::new(
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
            );
            let k = rng.range(spec.range3.0, spec.range3.1);
            let cb = ca + rng.dir3() * (k * (ea.length() + eb.length()));
            let a = Obb3::new(ca, ea, qa).expect("valid box");
            let b = Obb3::new(cb, eb, qb).expect("valid box");
            (a, b)
        })
        .collect()
}

fn pairs2(spec: &SetSpec) -> Vec<(Obb2, Obb2)> {
    let mut rng = Rng(spec.seed ^ 0x2d00);
    let pi = std::f32::consts::PI;
    (0..PAIRS)
        .map(|i| {
            let ea = Vec2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let eb = Vec2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let aa = rng.range(-pi, pi);
            let ab = match Class::of(i) {
                Class::Aligned => aa,
                Class::NearlyAligned => aa + rng.tiny_angle(),
                Class::Random => rng.range(-pi, pi),
            };
            let ca = Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
            let k = rng.range(spec.range2.0, spec.range2.1);
            let phi = rng.range(0.0, std::f32::consts::TAU);
            let cb = ca + Vec2::new(phi.cos(), phi.sin()) * (k * (ea.length() + eb.length()));
            let a = Obb2::new(ca, ea, aa).expect("valid box");
            let b = Obb2::new(cb, eb, ab).expect("valid box");
            (a, b)
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
// parry, converted once through plain arrays (parry has its own glam).

type P3 = (parry3d::math::Pose, parry3d::shape::Cuboid);
type P2 = (parry2d::math::Pose, parry2d::shape::Cuboid);

fn to_parry3(o: &Obb3) -> P3 {
    use parry3d::math::{Pose, Rotation, Vector};
    let [x, y, z, w] = o.rotation.to_array();
    (
        Pose::from_parts(
            Vector::from_array(o.center.to_array()),
            Rotation::from_xyzw(x, y, z, w),
        ),
        parry3d::shape::Cuboid::new(Vector::from_array(o.half_extents.to_array())),
    )
}

fn to_parry2(o: &Obb2) -> P2 {
    use parry2d::math::{Pose, Vector};
    (
        Pose::new(Vector::from_array(o.center.to_array()), o.angle),
        parry2d::shape::Cuboid::new(Vector::from_array(o.half_extents.to_array())),
    )
}

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

fn agreement3(spec: &SetSpec, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    let truths: Vec<Truth> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| truth3(i, a, b))
        .collect();
    header("3d", spec, &truths);
    let mut t = [(); 5].map(|_| Tally::default());
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let truth = &truths[i];
        t[0].add(i, truth, dim3::intersects(a, b), None);
        let r = dim3::report(a, b);
        t[1].add(i, truth, r.intersect, r.penetration.map(|p| p.depth as f64));
        let p = plain3(a, b);
        t[2].add(i, truth, p.is_some(), p.map(f64::from));
        t[3].add(i, truth, parry3_intersects(pa, pb), None);
        let c = parry3_contact(pa, pb).filter(|c| c.dist <= 0.0);
        t[4].add(i, truth, c.is_some(), c.map(|c| -c.dist as f64));
    }
    for (tally, name) in t
        .iter()
        .zip(NAMES.iter().filter(|n| **n != "reference_f64"))
    {
        tally.print(name);
    }
    // Is parry's contact a valid way out? Move B by its depth (plus 1e-3) along its normal.
    for &(i, _, _) in &t[4].examples {
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
    header("2d", spec, &truths);
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

fn header(dim: &str, spec: &SetSpec, truths: &[Truth]) {
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
        "{dim} {}: {} pairs, {hits} intersecting ({:.0}%), {band} within {BAND:e} of touching (not counted), {rule} decided by the degenerate-axis rule",
        spec.name,
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

    fn print(&self, dim: &str, spec: &SetSpec) {
        println!(
            "{dim} {} manifolds: {} pairs in contact; satbox against the f64 reference: {} agree, \
             {} within rounding of a decision, {} disagree",
            spec.name, self.contacts, self.satbox[0], self.satbox[1], self.satbox[2]
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

fn manifold_agreement3(spec: &SetSpec, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
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
    t.print("3d", spec);
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
    t.print("2d", spec);
}

const MANIFOLD_NAMES: [&str; 4] = [
    "satbox_manifold",
    "satbox_manifold_trace",
    "parry_contact_manifold",
    "reference_manifold_f64",
];

fn bench_manifold3(c: &mut Criterion, spec: &SetSpec, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    let mut g = c.benchmark_group(format!("3d_manifold_{}", spec.name));
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

fn manifold_summary(since: SystemTime) {
    let mut rows = Vec::new();
    for dim in ["3d", "2d"] {
        for spec in &SETS {
            let group = format!("{dim}_manifold_{}", spec.name);
            let t: Vec<Option<f64>> = MANIFOLD_NAMES
                .iter()
                .map(|n| estimate_ns(&group, n, since))
                .collect();
            if t.iter().all(Option::is_none) {
                continue;
            }
            let ns =
                |i: usize| t[i].map_or("-".to_string(), |ns| format!("{:.0}", ns / PAIRS as f64));
            let ratio = match (t[0], t[2]) {
                (Some(f), Some(s)) => format!("{:.1}×", s / f),
                _ => "-".to_string(),
            };
            rows.push(format!(
                "| {dim} {} | {} | {} | {} | {} | {ratio} |",
                spec.name,
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

fn bench3(c: &mut Criterion, spec: &SetSpec, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    bench_group!(
        c,
        format!("3d_{}", spec.name),
        pairs,
        parry,
        dim3::intersects,
        dim3::report,
        plain3,
        parry3_intersects,
        parry3_contact,
        |a, b| reference::report3(a, b, DEGENERATE_THRESHOLD as f64)
    );
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

// ---------------------------------------------------------------------------------------------
// Summary from criterion's estimates

fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/criterion")
}

/// Time of one iteration (the whole set) in ns, if measured by this run.
fn estimate_ns(group: &str, name: &str, since: SystemTime) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(name)
        .join("new/estimates.json");
    let fresh = std::fs::metadata(&path).ok()?.modified().ok()? >= since;
    if !fresh {
        return None;
    }
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    // criterion's headline figure: the slope of the linear fit when it has one, else the mean
    v["slope"]["point_estimate"]
        .as_f64()
        .or_else(|| v["mean"]["point_estimate"].as_f64())
}

fn summary(since: SystemTime) {
    let mut rows = Vec::new();
    for dim in ["3d", "2d"] {
        for spec in &SETS {
            let group = format!("{dim}_{}", spec.name);
            let t: Vec<Option<f64>> = NAMES
                .iter()
                .map(|n| estimate_ns(&group, n, since))
                .collect();
            if t.iter().all(Option::is_none) {
                continue;
            }
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

fn main() {
    let started = SystemTime::now();
    let sets3: Vec<_> = SETS.iter().map(pairs3).collect();
    let sets2: Vec<_> = SETS.iter().map(pairs2).collect();
    let parry3: Vec<Vec<(P3, P3)>> = sets3
        .iter()
        .map(|s| {
            s.iter()
                .map(|(a, b)| (to_parry3(a), to_parry3(b)))
                .collect()
        })
        .collect();
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
    for (i, spec) in SETS.iter().enumerate() {
        agreement3(spec, &sets3[i], &parry3[i]);
    }
    for (i, spec) in SETS.iter().enumerate() {
        agreement2(spec, &sets2[i], &parry2[i]);
    }
    println!();
    for (i, spec) in SETS.iter().enumerate() {
        manifold_agreement3(spec, &sets3[i], &parry3[i]);
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
    for (i, spec) in SETS.iter().enumerate() {
        bench3(&mut c, spec, &sets3[i], &parry3[i]);
    }
    for (i, spec) in SETS.iter().enumerate() {
        bench2(&mut c, spec, &sets2[i], &parry2[i]);
    }
    for (i, spec) in SETS.iter().enumerate() {
        bench_manifold3(&mut c, spec, &sets3[i], &parry3[i]);
    }
    for (i, spec) in SETS.iter().enumerate() {
        bench_manifold2(&mut c, spec, &sets2[i], &parry2[i]);
    }
    c.final_summary();
    summary(started);
    manifold_summary(started);
}
