//! Speed and agreement of the exact distance between two boxes, 2D and 3D.
//!
//! The same seeded sets of pairs as `benches/sat.rs` (mostly separated, mixed, mostly
//! overlapping), whole set per iteration:
//!
//! * `satbox_separation` — [`separation3`] / [`separation2`]: the distance and the closest points
//!   in `f32`;
//! * `satbox_separation_f64` — [`separation3_f64`] / [`separation2_f64`], the tests' oracle;
//! * `parry_distance` — `parry3d::query::distance` (`parry2d` in 2D): the distance alone;
//! * `parry_closest_points` — `parry3d::query::closest_points` with an unbounded margin: the
//!   points (or "intersecting").
//!
//! Before timing, every method is compared with the `f64` answer and the counts printed: pairs
//! whose verdict (apart or not) differs, whose distance differs by more than [`DIST_TOL`], and
//! the largest difference. After timing, a table of ns per pair and the ratios.
//! `cargo bench --bench distance` runs it in about a minute.

use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput};
use satbox::sat::distance::{separation2_f64, separation3_f64};
use satbox::sat::{separation2, separation3, Obb2, Obb3};

mod common;
use common::*;

/// Distances further apart than this (absolute; the boxes are 0.2–2 units) count as a
/// disagreement.
const DIST_TOL: f64 = 1e-3;

/// The method names, in the order of the table's columns.
const NAMES: [&str; 4] = [
    "satbox_separation",
    "satbox_separation_f64",
    "parry_distance",
    "parry_closest_points",
];

fn parry3_distance(a: &P3, b: &P3) -> f32 {
    parry3d::query::distance(&a.0, &a.1, &b.0, &b.1)
        .expect("cuboids are supported")
        .distance
}

fn parry2_distance(a: &P2, b: &P2) -> f32 {
    parry2d::query::distance(&a.0, &a.1, &b.0, &b.1)
        .expect("cuboids are supported")
        .distance
}

/// parry's closest points as a distance: 0 when it says the boxes intersect.
fn parry3_closest(a: &P3, b: &P3) -> f32 {
    use parry3d::query::ClosestPoints;
    match parry3d::query::closest_points(&a.0, &a.1, &b.0, &b.1, f32::MAX)
        .expect("cuboids are supported")
    {
        ClosestPoints::Intersecting => 0.0,
        ClosestPoints::WithinMargin(p, q) => (q - p).length(),
        ClosestPoints::Disjoint => f32::INFINITY,
    }
}

fn parry2_closest(a: &P2, b: &P2) -> f32 {
    use parry2d::query::ClosestPoints;
    match parry2d::query::closest_points(&a.0, &a.1, &b.0, &b.1, f32::MAX)
        .expect("cuboids are supported")
    {
        ClosestPoints::Intersecting => 0.0,
        ClosestPoints::WithinMargin(p, q) => (q - p).length(),
        ClosestPoints::Disjoint => f32::INFINITY,
    }
}

/// How far one method's distances are from the `f64` ones over a set.
#[derive(Default)]
struct Agreement {
    apart: usize,
    verdict: usize,
    distance: usize,
    worst: f64,
}

impl Agreement {
    /// `truth` and `got` are distances, 0 meaning "intersecting".
    fn add(&mut self, truth: f64, got: f32) {
        let got = got as f64;
        if truth > 0.0 {
            self.apart += 1;
        }
        // near touching, f32 cannot decide: only a verdict that is wrong by more than the
        // tolerance counts
        if (truth > DIST_TOL) != (got > 0.0) && (truth - got).abs() > DIST_TOL {
            self.verdict += 1;
        }
        let diff = (truth - got).abs();
        if diff > DIST_TOL {
            self.distance += 1;
        }
        if diff.is_finite() {
            self.worst = self.worst.max(diff);
        } else {
            self.worst = f64::INFINITY;
        }
    }

    fn line(&self, name: &str) -> String {
        format!(
            "{name}: {} verdicts, {} distances off by more than {DIST_TOL:e}, largest difference {:.2e}",
            self.verdict, self.distance, self.worst
        )
    }
}

fn agreement3(set: &str, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    let [mut ours, mut pd, mut pc] = <[Agreement; 3]>::default();
    for ((a, b), (pa, pb)) in pairs.iter().zip(parry) {
        let truth = separation3_f64(a, b).distance;
        ours.add(truth, separation3(a, b).distance);
        pd.add(truth, parry3_distance(pa, pb));
        pc.add(truth, parry3_closest(pa, pb));
    }
    println!("3D {set} ({} of {} pairs apart)", ours.apart, pairs.len());
    for (name, t) in [
        ("satbox separation3", &ours),
        ("parry3d distance", &pd),
        ("parry3d closest_points", &pc),
    ] {
        println!("  {}", t.line(name));
    }
}

fn agreement2(set: &str, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    let [mut ours, mut pd, mut pc] = <[Agreement; 3]>::default();
    for ((a, b), (pa, pb)) in pairs.iter().zip(parry) {
        let truth = separation2_f64(a, b).distance;
        ours.add(truth, separation2(a, b).distance);
        pd.add(truth, parry2_distance(pa, pb));
        pc.add(truth, parry2_closest(pa, pb));
    }
    println!("2D {set} ({} of {} pairs apart)", ours.apart, pairs.len());
    for (name, t) in [
        ("satbox separation2", &ours),
        ("parry2d distance", &pd),
        ("parry2d closest_points", &pc),
    ] {
        println!("  {}", t.line(name));
    }
}

/// Times every method on one set: `run(i)` returns the distance of pair `i` by method `NAMES[m]`.
fn bench_set(c: &mut Criterion, group: &str, n: usize, run: impl Fn(usize, usize) -> f32) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(n as u64));
    for (m, name) in NAMES.iter().enumerate() {
        g.bench_function(*name, |bench| {
            bench.iter(|| {
                let mut sum = 0.0f32;
                for i in 0..n {
                    sum += run(m, black_box(i));
                }
                sum
            })
        });
    }
    g.finish();
}

fn bench3(c: &mut Criterion, set: &str, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    bench_set(c, &format!("distance_3d_{set}"), pairs.len(), |m, i| {
        let ((a, b), (pa, pb)) = (&pairs[i], &parry[i]);
        match m {
            0 => separation3(a, b).distance,
            1 => separation3_f64(a, b).distance as f32,
            2 => parry3_distance(pa, pb),
            _ => parry3_closest(pa, pb),
        }
    });
}

fn bench2(c: &mut Criterion, set: &str, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    bench_set(c, &format!("distance_2d_{set}"), pairs.len(), |m, i| {
        let ((a, b), (pa, pb)) = (&pairs[i], &parry[i]);
        match m {
            0 => separation2(a, b).distance,
            1 => separation2_f64(a, b).distance as f32,
            2 => parry2_distance(pa, pb),
            _ => parry2_closest(pa, pb),
        }
    });
}

fn summary(since: SystemTime) {
    println!(
        "\nns per pair (criterion's estimate for the whole set / {PAIRS}); ratios are times faster:\n"
    );
    println!(
        "| set | satbox separation | satbox f64 | parry distance | parry closest_points | \
         satbox vs parry distance | satbox vs parry closest_points |"
    );
    println!("|---|{}", "---:|".repeat(6));
    for dim in ["3d", "2d"] {
        for spec in &SETS {
            let group = format!("distance_{dim}_{}", spec.name);
            let Some(t) = estimates(&group, &NAMES, since) else {
                continue;
            };
            let cells: Vec<String> = t.iter().map(|x| per_pair(*x, PAIRS)).collect();
            println!(
                "| {} {} | {} | {} | {} |",
                dim.to_uppercase(),
                spec.name,
                cells.join(" | "),
                ratio(t[0], t[2]),
                ratio(t[0], t[3]),
            );
        }
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

    println!("Agreement with satbox's f64 distance:");
    for (i, spec) in SETS.iter().enumerate() {
        agreement3(spec.name, &sets3[i], &parry3[i]);
    }
    for (i, spec) in SETS.iter().enumerate() {
        agreement2(spec.name, &sets2[i], &parry2[i]);
    }
    println!();

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    for (i, spec) in SETS.iter().enumerate() {
        bench3(&mut c, spec.name, &sets3[i], &parry3[i]);
    }
    for (i, spec) in SETS.iter().enumerate() {
        bench2(&mut c, spec.name, &sets2[i], &parry2[i]);
    }
    c.final_summary();
    summary(started);
}
