//! Two boxes from arbitrary finite floats: no panic, and every answer satbox gives agrees with
//! the others and with the `f64` reference (`sat::agreement::audit`: the fast test,
//! the report and the reference outside the rounding band, the contact manifold against the
//! reference manifold, the exact distance against its `f64` twin). A box the numbers do not make
//! (negative extent, zero quaternion, beyond ±1e7) must be refused with a message instead.
#![no_main]

use glam::{Quat, Vec2, Vec3};
use libfuzzer_sys::fuzz_target;
use satbox::sat::agreement::audit;
use satbox::sat::{Obb2, Obb3};

/// 10 numbers per 3D box (centre, half extents, quaternion x y z w), 5 per 2D one.
fn floats(data: &[u8]) -> Vec<f32> {
    data.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn box3(v: &[f32]) -> Option<Obb3> {
    let b = Obb3::new(
        Vec3::new(v[0], v[1], v[2]),
        Vec3::new(v[3], v[4], v[5]),
        Quat::from_xyzw(v[6], v[7], v[8], v[9]),
    );
    match b {
        Ok(b) => Some(b),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            None
        }
    }
}

fn box2(v: &[f32]) -> Option<Obb2> {
    match Obb2::new(Vec2::new(v[0], v[1]), Vec2::new(v[2], v[3]), v[4]) {
        Ok(b) => Some(b),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let v = floats(data);
    if v.len() >= 20 {
        if let (Some(a), Some(b)) = (box3(&v[..10]), box3(&v[10..20])) {
            let problems = audit(&a, &b);
            assert!(problems.is_empty(), "{a:?} {b:?}: {problems:?}");
        }
    }
    if v.len() >= 10 {
        if let (Some(a), Some(b)) = (box2(&v[..5]), box2(&v[5..10])) {
            let problems = audit(&a, &b);
            assert!(problems.is_empty(), "{a:?} {b:?}: {problems:?}");
        }
    }
});
