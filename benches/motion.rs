//! Speed of the time of impact of translating boxes: satbox's axis intervals beside parry's
//! `cast_shapes`, on the separated set of `benches/sat.rs` with seeded velocities (B moves towards
//! A's centre and past it, A drifts), whole set per iteration:
//!
//! * `satbox_sweep` — [`Sweep::of`] and [`Sweep::first_touch`]: the time alone;
//! * `satbox_time_of_impact` — [`time_of_impact`]: the time, the normal and the manifold there;
//! * `parry_cast_shapes` — `parry3d::query::cast_shapes` with `stop_at_penetration`.
//!
//! Before timing, the three are compared and the pairs that hit and the disagreements printed.
//! `cargo bench --bench motion` runs it in about half a minute.

use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput};
use glam::Vec3;
use parry3d::math as p3;
use parry3d::query::{cast_shapes, ShapeCastOptions};
use satbox::sat::motion::{time_of_impact, Motion, PairMotion, Sweep};
use satbox::sat::Obb3;

mod common;
use common::*;

const NAMES: [&str; 3] = ["satbox_sweep", "satbox_time_of_impact", "parry_cast_shapes"];

/// The step's length.
const DT: f32 = 1.0;

/// Each pair's motion: B heads for A's centre at 1 to 4 units a second with a sideways drift, A
/// drifts slowly.
fn motions(pairs: &[(Obb3, Obb3)], seed: u64) -> Vec<PairMotion<Vec3>> {
    let mut rng = Rng(seed);
    pairs
        .iter()
        .map(|(a, b)| {
            let towards = (a.center - b.center).normalize_or_zero() * rng.range(1.0, 4.0);
            let drift = Vec3::new(
                rng.range(-0.5, 0.5),
                rng.range(-0.5, 0.5),
                rng.range(-0.5, 0.5),
            );
            PairMotion {
                a: Motion {
                    velocity: drift * 0.2,
                    ..Default::default()
                },
                b: Motion {
                    velocity: towards + drift,
                    ..Default::default()
                },
                dt: DT,
            }
        })
        .collect()
}

fn parry_time(pa: &P3, pb: &P3, m: &PairMotion<Vec3>) -> Option<f32> {
    let v = |x: Vec3| p3::Vector::from_array(x.to_array());
    let options = ShapeCastOptions {
        max_time_of_impact: m.dt,
        stop_at_penetration: true,
        ..Default::default()
    };
    cast_shapes(
        &pa.0,
        v(m.a.velocity),
        &pa.1,
        &pb.0,
        v(m.b.velocity),
        &pb.1,
        options,
    )
    .ok()
    .flatten()
    .map(|h| h.time_of_impact)
}

fn main() {
    let started = SystemTime::now();
    let spec = &SETS[0];
    let pairs = pairs3(spec);
    let parry: Vec<(P3, P3)> = pairs
        .iter()
        .map(|(a, b)| (to_parry3(a), to_parry3(b)))
        .collect();
    let moves = motions(&pairs, spec.seed ^ 0x70f);

    let (mut hits, mut differ, mut worst) = (0, 0, 0.0f32);
    for ((a, b), ((pa, pb), m)) in pairs.iter().zip(parry.iter().zip(&moves)) {
        let ours = Sweep::of(a, b, m)
            .first_touch(m.dt as f64)
            .map(|t| t as f32);
        let theirs = parry_time(pa, pb, m);
        hits += ours.is_some() as usize;
        match (ours, theirs) {
            (Some(s), Some(p)) => worst = worst.max((s - p).abs()),
            (None, None) => {}
            _ => differ += 1,
        }
    }
    println!(
        "{} pairs, {hits} hit within the step; satbox and parry: {differ} verdicts differ, \
         times at most {worst:e} apart\n",
        pairs.len()
    );

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    let mut g = c.benchmark_group("time_of_impact_3d");
    g.throughput(Throughput::Elements(pairs.len() as u64));
    for (k, name) in NAMES.iter().enumerate() {
        g.bench_function(*name, |bench| {
            bench.iter(|| {
                let mut sum = 0.0f32;
                for i in 0..pairs.len() {
                    let ((a, b), (pa, pb), m) = (&pairs[i], &parry[i], &moves[black_box(i)]);
                    sum += match k {
                        0 => Sweep::of(a, b, m).first_touch(m.dt as f64).unwrap_or(-1.0) as f32,
                        1 => time_of_impact(a, b, m).map_or(-1.0, |t| t.t as f32),
                        _ => parry_time(pa, pb, m).unwrap_or(-1.0),
                    };
                }
                sum
            })
        });
    }
    g.finish();
    c.final_summary();
    println!("\nns per pair (criterion's estimate for the whole set / {PAIRS}):\n");
    if let Some(t) = estimates("time_of_impact_3d", &NAMES, started) {
        println!("| satbox sweep | satbox time_of_impact | parry cast_shapes | sweep vs parry |");
        println!("|---:|---:|---:|---:|");
        println!(
            "| {} | {} | {} | {} |",
            per_pair(t[0], PAIRS),
            per_pair(t[1], PAIRS),
            per_pair(t[2], PAIRS),
            ratio(t[0], t[2])
        );
    }
}
