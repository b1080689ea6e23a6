//! Moving boxes: the time of impact from the axis intervals is the first contact a bisection on
//! the `f64` vertex projections finds, and conservative advancement never reports a time after the
//! first contact.

mod common;

use common::Rng;
use glam::{DVec3, Vec2, Vec3};
use satbox::sat::motion::{
    advance, pose_at, time_of_impact, toi_margin, Motion, PairMotion, Sweep, ToiMethod,
};
use satbox::sat::reference::Box64;
use satbox::sat::{Obb, Obb3};

/// The corners of a box in `f64`, moved by `shift`.
fn corners(o: &Box64, shift: DVec3) -> Vec<DVec3> {
    let n = if o.dim == 3 { 8 } else { 4 };
    (0..n)
        .map(|k| {
            let s = |bit: usize| if k & (1 << bit) != 0 { 1.0 } else { -1.0 };
            (0..o.dim).fold(o.center + shift, |p, i| p + o.axes[i] * (s(i) * o.half[i]))
        })
        .collect()
}

/// The candidate axes of the pair in `f64`: the face axes, and the edge crosses not shorter than
/// the degenerate threshold.
fn candidate_axes(a: &Box64, b: &Box64) -> Vec<DVec3> {
    let mut axes: Vec<DVec3> = (0..a.dim).map(|i| a.axes[i]).collect();
    axes.extend((0..b.dim).map(|j| b.axes[j]));
    if a.dim == 3 {
        for i in 0..3 {
            for j in 0..3 {
                let c = a.axes[i].cross(b.axes[j]);
                if c.length() >= satbox::sat::DEGENERATE_THRESHOLD as f64 {
                    axes.push(c.normalize());
                }
            }
        }
    }
    axes
}

/// Whether A and B, B moved by `shift`, overlap on every candidate axis (vertex projection, `f64`).
fn meet(a: &Box64, b: &Box64, shift: DVec3) -> bool {
    let (ca, cb) = (corners(a, DVec3::ZERO), corners(b, shift));
    candidate_axes(a, b).iter().all(|l| {
        let span = |c: &[DVec3]| {
            c.iter()
                .map(|p| p.dot(*l))
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                    (lo.min(x), hi.max(x))
                })
        };
        let ((a0, a1), (b0, b1)) = (span(&ca), span(&cb));
        a0 <= b1 && b0 <= a1
    })
}

/// The first time in `[0, dt]` at which `touching(t)` holds: sampled, then bisected to 1e-12·dt.
fn first_contact(dt: f64, touching: impl Fn(f64) -> bool) -> Option<f64> {
    const SAMPLES: usize = 2000;
    if touching(0.0) {
        return Some(0.0);
    }
    let k = (1..=SAMPLES).find(|&k| touching(dt * k as f64 / SAMPLES as f64))?;
    let (mut lo, mut hi) = (
        dt * (k - 1) as f64 / SAMPLES as f64,
        dt * k as f64 / SAMPLES as f64,
    );
    while hi - lo > 1e-12 * dt {
        let mid = 0.5 * (lo + hi);
        if touching(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

fn velocity3(rng: &mut Rng) -> Vec3 {
    Vec3::new(
        rng.range(-6.0, 6.0),
        rng.range(-6.0, 6.0),
        rng.range(-6.0, 6.0),
    )
}

/// A translating pair's time of impact from its axis intervals, and bisection's first contact.
fn both_times<B: Obb>(a: &B, b: &B, motion: &PairMotion<B::Vec>) -> (Option<f64>, Option<f64>) {
    let sweep = Sweep::of(a, b, motion).first_touch(motion.dt as f64);
    let (a64, b64) = (a.to_box64(), b.to_box64());
    let relative = motion.b.velocity - motion.a.velocity;
    let relative = satbox::sat::Vector::to_dvec3(relative);
    let bisected = first_contact(motion.dt as f64, |t| meet(&a64, &b64, relative * t));
    (sweep, bisected)
}

#[test]
fn the_axis_intervals_give_the_first_contact_bisection_finds_for_translating_boxes() {
    let mut rng = Rng(21);
    let (mut hits, mut misses) = (0, 0);
    for _ in 0..1500 {
        let (a, b) = (rng.obb3(), rng.obb3());
        let motion = PairMotion {
            a: Motion {
                velocity: velocity3(&mut rng),
                ..Default::default()
            },
            b: Motion {
                velocity: velocity3(&mut rng),
                ..Default::default()
            },
            dt: 1.0,
        };
        let (sweep, bisected) = both_times(&a, &b, &motion);
        match (sweep, bisected) {
            (Some(s), Some(t)) => {
                assert!(
                    (s - t).abs() <= 1e-6,
                    "{a:?} {b:?} {motion:?}: {s} against {t}"
                );
                hits += 1;
            }
            (None, None) => misses += 1,
            // a graze the samples step over, or a touch the sweep's rounding misses
            (s, t) => panic!("{a:?} {b:?} {motion:?}: sweep {s:?}, bisection {t:?}"),
        }
    }
    assert!(hits > 300 && misses > 300, "{hits} hits, {misses} misses");
}

#[test]
fn the_axis_intervals_give_the_first_contact_for_translating_rectangles() {
    let mut rng = Rng(22);
    let mut hits = 0;
    for _ in 0..1500 {
        let (a, b) = (rng.obb2(), rng.obb2());
        let motion = PairMotion {
            a: Motion::default(),
            b: Motion {
                velocity: Vec2::new(rng.range(-8.0, 8.0), rng.range(-8.0, 8.0)),
                ..Default::default()
            },
            dt: 0.5,
        };
        let (sweep, bisected) = both_times(&a, &b, &motion);
        match (sweep, bisected) {
            (Some(s), Some(t)) => {
                assert!((s - t).abs() <= 1e-6 * 0.5, "{a:?} {b:?}: {s} against {t}");
                hits += 1;
            }
            (None, None) => {}
            (s, t) => panic!("{a:?} {b:?} {motion:?}: sweep {s:?}, bisection {t:?}"),
        }
    }
    assert!(hits > 300, "{hits}");
}

#[test]
fn conservative_advancement_never_reports_a_time_after_the_first_contact() {
    let mut rng = Rng(23);
    let (mut found, mut compared) = (0, 0);
    for _ in 0..300 {
        let (a, b) = (rng.obb3(), rng.obb3());
        let spin = Vec3::new(
            rng.range(-4.0, 4.0),
            rng.range(-4.0, 4.0),
            rng.range(-4.0, 4.0),
        );
        let motion = PairMotion {
            a: Motion::default(),
            b: Motion {
                velocity: velocity3(&mut rng),
                angular_velocity: spin,
            },
            dt: 1.0,
        };
        let run = advance(&a, &b, &motion, toi_margin(&a, &b) as f64 / 2.0);
        let first = first_contact(1.0, |t| {
            let (pa, pb) = (
                pose_at(&a, &motion.a, t as f32),
                pose_at(&b, &motion.b, t as f32),
            );
            Obb3::reference(&pa, &pb, satbox::sat::DEGENERATE_THRESHOLD as f64).intersect
        });
        if let (Some(t), Some(first)) = (run.t, first) {
            // the poses are f32: a contact a rounding early is the same contact
            assert!(
                t <= first + 1e-6,
                "{a:?} {b:?} {motion:?}: {t} after {first}"
            );
            found += 1;
        }
        if let (None, Some(first)) = (run.t, first) {
            panic!("{a:?} {b:?} {motion:?}: advancement missed the contact at {first}");
        }
        compared += 1;
        // every step it took was separated by more than it advanced past
        for s in &run.steps {
            assert!(s.distance >= 0.0 && s.bound >= 0.0);
        }
    }
    assert!(found > 60, "{found} of {compared}");
}

#[test]
fn a_plate_thrown_through_a_wall_between_two_frames_is_hit_by_the_sweep() {
    // a wall 0.1 thick at x = 0; a plate 0.02 thick starts 1 to its left, moves 2 to the right
    let wall = Obb3::new(Vec3::ZERO, Vec3::new(0.05, 2.0, 2.0), glam::Quat::IDENTITY).unwrap();
    let plate = Obb3::new(
        Vec3::new(-1.0, 0.0, 0.0),
        Vec3::new(0.01, 0.5, 0.5),
        glam::Quat::IDENTITY,
    )
    .unwrap();
    let motion = PairMotion {
        a: Motion::default(),
        b: Motion {
            velocity: Vec3::new(120.0, 0.0, 0.0),
            ..Default::default()
        },
        dt: 1.0 / 60.0,
    };
    let end = pose_at(&plate, &motion.b, motion.dt);
    assert!(!satbox::sat::dim3::report(&wall, &plate).intersect);
    assert!(
        !satbox::sat::dim3::report(&wall, &end).intersect,
        "the discrete test misses"
    );
    let toi = time_of_impact(&wall, &plate, &motion).expect("the sweep hits");
    assert_eq!(toi.method, ToiMethod::AxisIntervals);
    // it touches when it has moved 1 − 0.05 − 0.01 = 0.94 at 120 per second
    assert!((toi.t - 0.94 / 120.0).abs() < 1e-9, "{}", toi.t);
    assert_eq!(toi.axis, Some(0));
    // from the wall (A) towards the plate (B), which comes from the left
    assert_eq!(toi.normal, Vec3::NEG_X);
    assert_eq!(
        toi.manifold.expect("points at the contact").points().len(),
        4
    );
}

#[test]
fn boxes_sliding_apart_never_touch_and_boxes_that_meet_touch_at_zero() {
    let a = Obb3::new(Vec3::ZERO, Vec3::ONE, glam::Quat::IDENTITY).unwrap();
    let apart = Obb3::new(Vec3::new(3.0, 0.0, 0.0), Vec3::ONE, glam::Quat::IDENTITY).unwrap();
    let away = PairMotion {
        a: Motion {
            velocity: Vec3::new(-1.0, 0.0, 0.0),
            ..Default::default()
        },
        b: Motion {
            velocity: Vec3::new(1.0, 0.5, 0.0),
            ..Default::default()
        },
        dt: 10.0,
    };
    assert!(time_of_impact(&a, &apart, &away).is_none());
    let overlapping = Obb3::new(Vec3::new(1.5, 0.0, 0.0), Vec3::ONE, glam::Quat::IDENTITY).unwrap();
    let toi = time_of_impact(&a, &overlapping, &away).unwrap();
    assert_eq!((toi.t, toi.axis), (0.0, None));
}

#[test]
fn a_long_box_spinning_past_a_corner_is_hit_only_when_its_turn_is_counted() {
    // a long thin box beside a cube: sliding alone passes it, turning a quarter swings into it
    let cube = Obb3::new(Vec3::ZERO, Vec3::splat(0.5), glam::Quat::IDENTITY).unwrap();
    let rod = Obb3::new(
        Vec3::new(0.0, 2.0, 0.0),
        Vec3::new(2.0, 0.1, 0.1),
        glam::Quat::IDENTITY,
    )
    .unwrap();
    let slide = Motion {
        velocity: Vec3::new(0.5, 0.0, 0.0),
        ..Default::default()
    };
    let translation = PairMotion {
        a: Motion::default(),
        b: slide,
        dt: 1.0,
    };
    assert!(time_of_impact(&cube, &rod, &translation).is_none());
    let spinning = PairMotion {
        b: Motion {
            angular_velocity: Vec3::new(0.0, 0.0, std::f32::consts::FRAC_PI_2),
            ..slide
        },
        ..translation
    };
    let toi = time_of_impact(&cube, &rod, &spinning).expect("the turn swings it into the cube");
    assert_eq!(toi.method, ToiMethod::ConservativeAdvancement);
    assert!(toi.t > 0.0 && toi.t < 1.0);
    let (pa, pb) = toi.poses;
    let gap = Obb3::distance_f64(&pa, &pb);
    assert!(gap <= toi_margin(&cube, &rod) as f64, "{gap}");
    assert!(toi.manifold.is_some());
}

/// satbox's time of impact beside parry's casts (`cast_shapes` for translation,
/// `cast_shapes_nonlinear` with turns) on random pairs, held to each other by the one comparison:
/// they agree within `engines::compare::time_tolerance` (1e-4 of the step plus the time to close
/// the length tolerance) except on the few pairs counted here.
#[cfg(feature = "parry")]
#[test]
fn satbox_and_parry_casts_agree_on_random_moving_pairs() {
    use satbox::engines::ask::ask_one;
    use satbox::engines::compare::{Kind, Truth};
    use satbox::engines::{EngineName, Question};
    use satbox::scene::motion::{BoxMotion, MotionSpec};
    use satbox::scene::Pair;
    let mut rng = Rng(24);
    let (mut translating, mut turning) = ((0, 0, 0), (0, 0, 0));
    for k in 0..600 {
        let (a, b) = (rng.obb3(), rng.obb3());
        let turns = k % 2 == 1;
        let spec = MotionSpec {
            a: BoxMotion::default(),
            b: BoxMotion {
                velocity: velocity3(&mut rng).to_array(),
                angular_velocity: if turns {
                    [
                        rng.range(-3.0, 3.0),
                        rng.range(-3.0, 3.0),
                        rng.range(-3.0, 3.0),
                    ]
                } else {
                    [0.0; 3]
                },
            },
            dt: 1.0,
        };
        let question = Question {
            motion: Some(spec),
            ..Question::of(Pair::Three(a, b))
        };
        let truth = Truth::of_question(&question);
        let ours = truth.impact;
        let parry = ask_one(EngineName::Parry, &question, &truth);
        let tally = if turns {
            &mut turning
        } else {
            &mut translating
        };
        tally.0 += 1;
        if ours.is_some() {
            tally.1 += 1;
        }
        let found = parry.comparison.unwrap().disagreements;
        if let Some(d) = found.iter().find(|d| d.kind == Kind::TimeOfImpact) {
            eprintln!("{}: {a:?} {b:?} {spec:?}", d.description);
            tally.2 += 1;
        }
    }
    eprintln!("translating (pairs, hits, disagreements) {translating:?}, turning {turning:?}");
    assert!(
        translating.1 > 60 && turning.1 > 60,
        "{translating:?} {turning:?}"
    );
    assert_eq!(translating.2, 0, "translation: the sweep is exact");
    assert!(turning.2 <= 3, "{turning:?}");
}

/// The largest motions `check` accepts, on points, flat boxes and far boxes: every line is
/// answered, with a finite time inside the step or none.
#[test]
fn extreme_motions_are_answered_with_a_time_inside_the_step_or_none() {
    use satbox::cli::check::{answer_text, Options};
    let boxes = [
        r#""a":{"center":[0,0,0],"half_extents":[0,0,0]},"b":{"center":[1,0,0],"half_extents":[0,0,0]}"#,
        r#""a":{"center":[0,0,0],"half_extents":[1,1,0]},"b":{"center":[0,0,3],"half_extents":[1,0,1]}"#,
        r#""a":{"center":[9e6,9e6,9e6],"half_extents":[1e-6,1e6,1]},"b":{"center":[-9e6,0,0],"half_extents":[1,1,1]}"#,
    ];
    let motions = [
        r#""motion":{"b":{"velocity":[-1e7,0,0]},"dt":1e7}"#,
        r#""motion":{"b":{"velocity":[-1,0,-1],"angular_velocity":[1e7,-1e7,1e7]},"dt":1e-7}"#,
        r#""motion":{"a":{"angular_velocity":[0,0,1e7]},"b":{"velocity":[-3,1e-30,0]},"dt":10}"#,
    ];
    for b in boxes {
        for m in motions {
            let text = format!("{{{b},{m}}}");
            let out = answer_text(1, &text, &Options::default()).expect(&text);
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            let toi = &v["time_of_impact"];
            assert!(
                v.as_object().unwrap().contains_key("time_of_impact"),
                "{out}"
            );
            if let Some(t) = toi["t"].as_f64() {
                assert!(t.is_finite() && t >= 0.0, "{text}: {out}");
            }
        }
    }
}

/// The boxes posed at the time of impact read touching (the gap zero within the rounding of
/// `f32`), whichever method found it: the start-up scene's B thrown at A (the axis intervals) and
/// the rod that turns into the cube (conservative advancement, which stops within a distance
/// tolerance and is then settled on a time whose poses touch).
#[test]
fn the_boxes_posed_at_the_time_of_impact_read_touching_by_either_method() {
    let (a, b) = satbox::scene::presets::default_pair3();
    let thrown = PairMotion {
        a: Motion::default(),
        b: Motion {
            velocity: (a.center - b.center) * 7.5,
            ..Default::default()
        },
        dt: 0.1,
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenes/3d-motion-rod-spinning-past-corner.json");
    let (scene, pair) =
        satbox::scene::Scene::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let satbox::scene::Pair::Three(rod_a, rod_b) = pair else {
        unreachable!()
    };
    let turning = scene.motion().unwrap().unwrap().for_boxes::<Vec3>();
    for (a, b, motion, method) in [
        (a, b, thrown, ToiMethod::AxisIntervals),
        (rod_a, rod_b, turning, ToiMethod::ConservativeAdvancement),
    ] {
        let toi = time_of_impact(&a, &b, &motion).expect("they meet");
        assert_eq!(toi.method, method);
        let t = toi.t as f32;
        assert_eq!(t as f64, toi.t, "a time the boxes can be posed at");
        let (pa, pb) = (pose_at(&a, &motion.a, t), pose_at(&b, &motion.b, t));
        assert_eq!((pa, pb), toi.poses);
        let r = satbox::sat::dim3::report(&pa, &pb);
        assert!(r.touching(), "{method:?} at t = {t}: {}", r.verdict());
    }
}
