//! Writes `assets/recordings/box-settling.jsonl`: a recorded timeline of a long box B and a tilted
//! plate A, one pair per frame at 60 frames a second, for the window's timeline and for
//! `satbox check`.
//!
//! ```sh
//! cargo run --example record_settling
//! ```
//!
//! Three acts, each frame labelled:
//!
//! 1. **falling, settling** (frames 1–70): B drops onto the plate turned 4° and 3° off flat
//!    (separated by the plate's face axis A.u2), lands 0.03 deep, and is pushed out (touching)
//!    every fifth frame, sinking back in by less each time while its tilt dies down to 0.05°. With
//!    B nearly flat the least penetration runs along the edge axis A.u1 × B.u2, a hair off the
//!    plate's normal, not along the face axis itself.
//! 2. **sliding, tipping** (frames 71–140): B slides 0.01 deep towards the plate's end, turning
//!    slowly about the plate's normal: the face axis A.u2 takes over, then the edge axis
//!    A.u0 × B.u0; as B's centre passes the end it tips over it, and A.u1 × B.u2 decides again.
//! 3. **tunnelling** (frames 141–181): a fast body replayed through the plate along its length,
//!    about 1.3 deep (edge axis A.u0 × B.u2), with a stretch of 11 frames (160–170) where
//!    parry3d's `contact` (GJK/EPA) returns a depth 0.157 too shallow, which
//!    `satbox check --compare parry` flags.
//!
//! Everything is computed in A's frame and placed with A's pose; B sits a fixed depth into A
//! (found by bisection on its height) while it is in contact, or exactly touching where a frame
//! says "pushed out".

use glam::{Quat, Vec3};
use satbox::sat::{dim3, Obb3};
use satbox::scene::{check_line, Pair};

/// The plate: thin along its own z, tilted in the world.
fn plate() -> Obb3 {
    Obb3::new(
        Vec3::ZERO,
        Vec3::new(1.518946, 0.9340308, 0.25878918),
        Quat::from_xyzw(0.77224326, 0.46140754, 0.32082605, -0.29633445),
    )
    .expect("a valid plate")
}

/// B's half extents: a long box.
const B_HALF: Vec3 = Vec3::new(0.84906733, 0.5522, 1.5770404);

/// B lying flat on the plate, in the plate's frame: its short axis (u1) up the plate's normal, its
/// long axis (u2) along the plate's length.
fn flat() -> Quat {
    Quat::from_mat3(&glam::Mat3::from_cols(Vec3::Y, Vec3::Z, Vec3::X))
}

/// The largest gap over the axes (positive: apart by at least that; negative: minus the depth).
fn margin(a: &Obb3, b: &Obb3) -> f32 {
    let r = dim3::report(a, b);
    match r.penetration {
        Some(p) => -p.depth,
        None => r
            .separating_axes()
            .map(|k| r.axes[k].gap())
            .fold(0.0, f32::max),
    }
}

/// B at `local_xy` in the plate's frame with orientation `local_q`, at the height where the
/// margin is `-sunk` (bisection along the plate's normal).
fn resting(a: &Obb3, local_xy: (f32, f32), local_q: Quat, sunk: f32) -> Obb3 {
    let at = |z: f32| Obb3 {
        center: a.center + a.rotation * Vec3::new(local_xy.0, local_xy.1, z),
        half_extents: B_HALF,
        rotation: (a.rotation * local_q).normalize(),
    };
    let (mut lo, mut hi) = (0.0f32, 4.0f32);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if margin(a, &at(mid)) > -sunk {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    at(hi)
}

/// B moved out by satbox's own push-out, `depth · normal`: touching.
fn pushed_out(a: &Obb3, b: Obb3) -> Obb3 {
    match dim3::report(a, &b).penetration {
        Some(p) => Obb3 {
            center: b.center + p.normal * p.depth,
            ..b
        },
        None => b,
    }
}

/// One line of the recording.
fn line(frame: usize, label: &str, a: &Obb3, b: &Obb3) -> String {
    let t = format!("{:.4}", frame as f64 / 60.0);
    let t = t.trim_end_matches('0').trim_end_matches('.');
    let t = if t.is_empty() { "0" } else { t };
    let pair = check_line(&Pair::Three(*a, *b));
    format!("{{\"t\":{t},\"label\":\"{label}\",{}", &pair[1..])
}

/// Every line of the recording, in order.
pub fn frames() -> Vec<String> {
    let a = plate();
    let mut out = Vec::new();
    let deg = |d: f32| d.to_radians();

    // Act 1: falling onto the plate, tilted, then settling.
    let tilt = |k: f32| {
        // (4°, -3°) dying down to (0.05°, 0) over the act
        let f = (-k / 14.0).exp();
        Quat::from_rotation_x(deg(0.05 + 3.95 * f)) * Quat::from_rotation_y(deg(-3.0 * f)) * flat()
    };
    let start = (-0.2, 0.1);
    let rest = resting(&a, start, tilt(0.0), 0.0);
    let up = a.rotation * Vec3::Z;
    for k in 0..24 {
        // free fall from 0.9 above the first touch, landing at frame 23 with a 0.03 overshoot
        let s = k as f32 / 23.0;
        let height = 0.9 * (1.0 - s * s) - 0.03 * s * s;
        let b = Obb3 {
            center: rest.center + up * height,
            ..rest
        };
        out.push(line(out.len(), "falling", &a, &b));
    }
    for k in 0..46 {
        let q = tilt(k as f32 + 1.0);
        // sinks back in by a decaying amount, pushed out every fifth frame
        let sunk = 0.03 * (-(k as f32) / 10.0).exp();
        let b = resting(&a, start, q, sunk);
        let (b, label) = if k % 5 == 4 || k == 45 {
            (pushed_out(&a, b), "settling, pushed out")
        } else {
            (b, "settling")
        };
        out.push(line(out.len(), label, &a, &b));
    }

    // Act 2: sliding along the plate, turning about its normal, tipping over its end.
    let settled = tilt(47.0);
    for k in 0..70 {
        let s = k as f32 / 69.0;
        let x = -0.2 + 2.4 * s;
        let yaw = Quat::from_rotation_z(deg(12.0 * s));
        // once B's centre is past the plate's end (x = 1.52) it tips about the plate's y axis
        let tip = deg(30.0 * ((x - 1.45) / 0.75).clamp(0.0, 1.0));
        let q = Quat::from_rotation_y(tip) * yaw * settled;
        let b = resting(&a, (x, 0.1), q, 0.01);
        let label = if tip > 0.0 {
            "tipping over the end"
        } else {
            "sliding"
        };
        out.push(line(out.len(), label, &a, &b));
    }

    // Act 3: a fast body through the plate, replayed along the plate's length; parry3d's depth
    // is short for a stretch in the middle.
    let through = Obb3 {
        center: Vec3::new(0.7212764, -0.71368563, 0.14598837),
        half_extents: B_HALF,
        rotation: Quat::from_xyzw(-0.12507834, 0.17065175, -0.96883315, 0.12882482),
    };
    for k in 0..41 {
        let dx = -0.2 + 0.01 * k as f32;
        let b = Obb3 {
            center: through.center + Vec3::X * dx,
            ..through
        };
        out.push(line(out.len(), "tunnelling", &a, &b));
    }
    out
}

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join("recordings")
        .join("box-settling.jsonl");
    let text = frames().join("\n") + "\n";
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("create assets/recordings");
    }
    std::fs::write(&path, text).expect("write the recording");
    println!("wrote {}", path.display());
}
