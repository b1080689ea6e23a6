//! The preset scenes compiled into the binary from `assets/scenes/` (so the scene menu works from
//! any working directory), and the two start-up scenes.

use glam::{Quat, Vec2, Vec3};

use super::{Pair, Scene, SceneError};
use crate::sat::{Obb2, Obb3};

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/presets.rs"));
}

/// A preset scene from `assets/scenes/`.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// File name without `.json`.
    pub name: String,
    /// The scene as written.
    pub scene: Scene,
    /// Its validated boxes.
    pub pair: Pair,
}

/// Every preset compiled into the binary, sorted by name (2D first, then 3D). A preset that does
/// not parse is returned as an error with its name (the tests make sure there are none).
pub fn presets_checked() -> Vec<Result<Preset, (String, SceneError)>> {
    compiled::PRESETS
        .iter()
        .map(|(file, text)| {
            let name = file.trim_end_matches(".json").to_string();
            match Scene::from_json(text) {
                Ok((scene, pair)) => Ok(Preset { name, scene, pair }),
                Err(e) => Err((name, e)),
            }
        })
        .collect()
}

/// Every preset that parses.
pub fn presets() -> Vec<Preset> {
    presets_checked()
        .into_iter()
        .filter_map(Result::ok)
        .collect()
}

/// The 3D default: two rotated boxes whose edges cross with a small gap, so that only an
/// edge–edge axis separates them: the case the 9 cross products exist for.
pub fn default_pair3() -> (Obb3, Obb3) {
    let ea = Vec3::new(1.2, 0.8, 0.9);
    // tip A so that d (below) points straight up: B then rests above A, edges crossing like an X
    let qa = Quat::from_rotation_y(0.45) * Quat::from_rotation_x(-(0.6f32).atan2(0.8));
    // In A's frame: A's edge along x at (y, z) = (ea.y, ea.z); d points out of that edge.
    let d = Vec3::new(0.0, 0.8, 0.6);
    let e = d.cross(Vec3::X).normalize();
    let n1 = (Vec3::X - d) * std::f32::consts::FRAC_1_SQRT_2;
    let n2 = (-Vec3::X - d) * std::f32::consts::FRAC_1_SQRT_2;
    // B's edge along e lies a gap of 0.12 beyond A's edge; its faces there face back towards A.
    let eb = Vec3::new(1.0, 0.7, 0.8);
    let p = Vec3::new(0.0, ea.y, ea.z) + d * 0.12;
    let cb = p - n1 * eb.y - n2 * eb.z;
    let e = if e.dot(n1.cross(n2)) < 0.0 { -e } else { e };
    let qb_local = Quat::from_mat3(&glam::Mat3::from_cols(e, n1, n2));
    let ca = Vec3::new(-0.3, 1.2, -0.2);
    let a = Obb3 {
        center: ca,
        half_extents: ea,
        rotation: qa,
    };
    let b = Obb3 {
        center: ca + qa * cb,
        half_extents: eb,
        rotation: (qa * qb_local).normalize(),
    };
    (a, b)
}

/// The 2D default: two rectangles close to touching.
pub fn default_pair2() -> (Obb2, Obb2) {
    (
        Obb2 {
            center: Vec2::new(-1.3, -0.2),
            half_extents: Vec2::new(1.6, 0.9),
            angle: 20f32.to_radians(),
        },
        Obb2 {
            center: Vec2::new(1.6, 1.1),
            half_extents: Vec2::new(1.1, 0.7),
            angle: -35f32.to_radians(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_compiled_preset_parses() {
        let all = presets_checked();
        assert!(all.len() >= 14);
        for p in all {
            if let Err((name, e)) = p {
                panic!("preset {name}: {e}");
            }
        }
    }

    #[test]
    fn every_preset_writes_its_f32s_as_their_shortest_text() {
        for (file, text) in compiled::PRESETS {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            let mut short = v.clone();
            super::super::number::shorten_f32_numbers(&mut short);
            assert_eq!(
                short, v,
                "{file}: write each f32 as its shortest text (0.3, not 0.30000001192092896)"
            );
        }
    }
}
