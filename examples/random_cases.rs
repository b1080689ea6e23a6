//! Prints N random `satbox check` lines (3D, one pair in four touching, a mix of separated and
//! overlapping), for measuring `check`'s throughput: `cargo run --release --example random_cases
//! -- 1000000 > cases.jsonl` (see `scripts/check-throughput.sh`).

use std::io::Write;

use glam::{Quat, Vec3};
use satbox::sat::Obb3;
use satbox::scene::{check_line, Pair};

/// splitmix64: small, fast, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }

    fn vec(&mut self, lo: f32, hi: f32) -> Vec3 {
        Vec3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }

    fn quat(&mut self) -> Quat {
        Quat::from_xyzw(
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
        )
        .normalize()
    }
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let mut rng = Rng(0x5a7b_c4ec);
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for k in 0..n {
        let a = Obb3::new(rng.vec(-10.0, 10.0), rng.vec(0.2, 2.0), rng.quat()).unwrap();
        let b = if k % 4 == 0 {
            // face to face on A's u0 face: touching
            let h = rng.vec(0.2, 2.0);
            let c = a.center + a.rotation * Vec3::X * (a.half_extents.x + h.x);
            Obb3::new(c, h, a.rotation).unwrap()
        } else {
            let c = a.center + rng.vec(-3.0, 3.0);
            Obb3::new(c, rng.vec(0.2, 2.0), rng.quat()).unwrap()
        };
        if writeln!(out, "{}", check_line(&Pair::Three(a, b))).is_err() {
            return;
        }
    }
}
