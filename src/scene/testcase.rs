//! Exports of the current case: "copy as test" (a Rust `#[test]` on satbox), the same case as a
//! parry3d or parry2d `#[test]`, and the `satbox check` line. Each rebuilds the pair bit for bit.
//!
//! Every float is written with Rust's `{:?}`, which prints the shortest text that reads back as
//! the same `f32`. The pair is first made [`canonical`] (each quaternion the one normalisation
//! settles on), which is what `check` reads back from the line; the Rust tests then build that very
//! quaternion (a struct literal checked with `validate`, since `Obb3::new` would normalise it once
//! more), so the test, the parry test and the check line see identical boxes.

use crate::sat::{fmt_num, scale, tolerance, Obb2, Obb3, Report};
use crate::scene::boxes::rust_floats;
use crate::scene::{pair_scale, Pair, PairBox, PairQuestion};

pub use crate::scene::{canonical, check_line, stable_rotation};

/// Tolerance for the asserted numbers: a millionth of the size of the scene.
fn assert_tolerance(scale: f32) -> f32 {
    1e-6 * (1.0 + scale)
}

/// The assertions on report `r` of a pair of size `scale`: the verdict, then the first separating
/// axis and its gap or the axis of least penetration and its depth.
fn assertions<V: crate::sat::Vector>(r: &impl Report<V>, scale: f32) -> String {
    let tol = assert_tolerance(scale);
    let mut s = String::new();
    if let Some(k) = r.first_separating() {
        let t = &r.axes()[k];
        s += "    assert!(!r.intersect, \"separated\");\n";
        s += &format!(
            "    assert_eq!(r.first_separating, Some({k})); // {}, gap {}\n",
            t.kind().label(),
            fmt_num(t.gap())
        );
        s += &format!(
            "    assert!((r.axes[{k}].gap - {:?}).abs() <= {tol:?}, \"gap {{}}\", r.axes[{k}].gap);\n",
            t.gap()
        );
    } else {
        s += "    assert!(r.intersect, \"intersecting\");\n";
        s += "    assert_eq!(r.first_separating, None);\n";
        if let Some(p) = r.penetration() {
            s += "    let p = r.penetration.expect(\"an axis of least penetration\");\n";
            s += &format!(
                "    assert_eq!(p.axis_index, {}); // {}\n",
                p.axis_index,
                r.axes()[p.axis_index].kind().label()
            );
            s += &format!(
                "    assert!((p.depth - {:?}).abs() <= {tol:?}, \"depth {{}}\", p.depth);\n",
                p.depth
            );
        }
    }
    if r.touching() {
        s += "    assert!(r.touching(), \"touching: gap 0 within rounding\");\n";
    }
    s
}

/// The `use` lines, the boxes and the assertions of a satbox test of `a` and `b`.
struct SatboxTest;

impl PairQuestion for SatboxTest {
    type Answer = String;
    fn ask<B: PairBox>(self, a: &B, b: &B) -> String {
        let (uses, module) = B::rust_module();
        let report = B::report(a, b, &Default::default());
        format!(
            "{uses}{}    let r = {module}::report(&a, &b);\n{}",
            B::rust_lets(a, b),
            assertions(&report, scale(a, b))
        )
    }
}

/// The text of a `#[test]` named `name` that rebuilds the pair and asserts the verdict, the first
/// separating axis and its gap, or the axis of least penetration and the depth.
pub fn rust_test(pair: &Pair, name: &str) -> String {
    let pair = canonical(pair);
    let line = check_line(&pair);
    let body = pair.ask(SatboxTest);
    format!("#[test]\nfn {name}() {{\n    // The same case for `satbox check -`:\n    // {line}\n{body}}}\n")
}

/// What satbox says about the pair, for the parry test: (intersecting, touching, depth, verdict).
fn satbox_says(pair: &Pair) -> (bool, bool, Option<f32>, String) {
    struct Says;
    impl PairQuestion for Says {
        type Answer = (bool, bool, Option<f32>, String);
        fn ask<B: PairBox>(self, a: &B, b: &B) -> Self::Answer {
            let r = B::report(a, b, &Default::default());
            let depth = r.penetration().map(|p| p.depth);
            (r.intersect(), r.touching(), depth, r.verdict())
        }
    }
    pair.ask(Says)
}

/// The text of a parry3d (3D) or parry2d (2D) `#[test]` named `name` that builds the same
/// cuboids and poses and asserts satbox's answer: the verdict of `intersection_test` and the depth
/// of `contact`, within `1e-4 · (1 + size of the pair)`. For a touching pair (gap 0 within
/// rounding) either verdict is right, so it prints parry's answer instead of asserting it.
///
/// parry 0.31 is built on glam: `Rotation::from_xyzw(x, y, z, w)`. A comment gives the same
/// rotation for nalgebra-based parry, whose `Quaternion::new(w, i, j, k)` takes w first.
pub fn parry_test(pair: &Pair, name: &str) -> String {
    let pair = canonical(pair);
    let line = check_line(&pair);
    let (intersect, touching, depth, verdict) = satbox_says(&pair);
    let (crate_name, uses, shapes) = match &pair {
        Pair::Three(a, b) => {
            let pose = |o: &Obb3, n: &str| {
                let [x, y, z, w] = o.rotation.to_array();
                format!(
                    "    // nalgebra: UnitQuaternion::from_quaternion(Quaternion::new({}))\n    let pose_{n} = Pose::from_parts(\n        Vector::new({}),\n        Rotation::from_xyzw({}),\n    );\n    let cuboid_{n} = Cuboid::new(Vector::new({}));\n",
                    rust_floats(&[w, x, y, z]),
                    rust_floats(&o.center.to_array()),
                    rust_floats(&o.rotation.to_array()),
                    rust_floats(&o.half_extents.to_array()),
                )
            };
            (
                "parry3d",
                "    use parry3d::math::{Pose, Rotation, Vector};\n    use parry3d::query;\n    use parry3d::shape::Cuboid;\n",
                pose(a, "a") + &pose(b, "b"),
            )
        }
        Pair::Two(a, b) => {
            let pose = |o: &Obb2, n: &str| {
                format!(
                    "    let pose_{n} = Pose::new(Vector::new({}), {:?});\n    let cuboid_{n} = Cuboid::new(Vector::new({}));\n",
                    rust_floats(&o.center.to_array()),
                    o.angle,
                    rust_floats(&o.half_extents.to_array()),
                )
            };
            (
                "parry2d",
                "    use parry2d::math::{Pose, Vector};\n    use parry2d::query;\n    use parry2d::shape::Cuboid;\n",
                pose(a, "a") + &pose(b, "b"),
            )
        }
    };
    let tol = tolerance(pair_scale(&pair));
    let queries = "    let hit = query::intersection_test(&pose_a, &cuboid_a, &pose_b, &cuboid_b).unwrap();\n    let contact = query::contact(&pose_a, &cuboid_a, &pose_b, &cuboid_b, 0.0).unwrap();\n";
    let checks = match (touching, intersect, depth) {
        (true, _, _) => "    // touching (gap 0 within rounding): either verdict is right\n    println!(\"parry: intersecting {}, contact {:?}\", hit.intersecting, contact.map(|c| c.dist));\n".to_string(),
        (false, true, Some(d)) => format!(
            "    assert!(hit.intersecting, \"satbox: intersecting\");\n    let c = contact.expect(\"satbox: in contact\");\n    assert!((-c.dist - {d:?}).abs() <= {tol:?}, \"parry's depth {{}}, satbox's {d:?}\", -c.dist);\n"
        ),
        _ => "    assert!(!hit.intersecting, \"satbox: separated\");\n    assert!(contact.is_none(), \"satbox: separated\");\n".to_string(),
    };
    format!(
        "#[test]\nfn {name}() {{\n    // The same case for `satbox check -`:\n    // {line}\n    // satbox: {verdict}\n    // {crate_name} 0.31\n{uses}{shapes}{queries}{checks}}}\n"
    )
}

/// The exports checked into `tests/exported_cases.rs`: (preset, `satbox` or `parry`, test name).
#[doc(hidden)]
pub mod tests_support {
    /// See the module.
    pub const EXPORTED: [(&str, &str, &str); 7] = [
        ("3d-contact-face-face", "satbox", "satbox_face_face_contact"),
        (
            "2d-intersecting",
            "satbox",
            "satbox_rectangles_intersecting",
        ),
        ("3d-contact-face-face", "parry", "parry3d_face_face_contact"),
        ("3d-contact-edge-edge", "parry", "parry3d_edge_edge_contact"),
        (
            "3d-separated-edge-edge",
            "parry",
            "parry3d_separated_by_an_edge_axis",
        ),
        ("3d-touching", "parry", "parry3d_touching"),
        (
            "2d-intersecting",
            "parry",
            "parry2d_rectangles_intersecting",
        ),
    ];
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::scene::pair_from_json;
    use glam::{EulerRot, Quat, Vec2, Vec3};

    fn bits3(o: &Obb3) -> Vec<u32> {
        let mut v: Vec<u32> = o.center.to_array().iter().map(|x| x.to_bits()).collect();
        v.extend(o.half_extents.to_array().iter().map(|x| x.to_bits()));
        v.extend(o.rotation.to_array().iter().map(|x| x.to_bits()));
        v
    }

    fn bits2(o: &Obb2) -> Vec<u32> {
        let mut v: Vec<u32> = o.center.to_array().iter().map(|x| x.to_bits()).collect();
        v.extend(o.half_extents.to_array().iter().map(|x| x.to_bits()));
        v.push(o.angle.to_bits());
        v
    }

    fn bits(p: &Pair) -> Vec<u32> {
        match p {
            Pair::Three(a, b) => [bits3(a), bits3(b)].concat(),
            Pair::Two(a, b) => [bits2(a), bits2(b)].concat(),
        }
    }

    /// The numbers written in the statement `let <name> = …;` of the generated text.
    fn literals(text: &str, name: &str) -> Vec<f32> {
        let start = text.find(&format!("let {name} = ")).unwrap();
        let end = start + text[start..].find(";\n").unwrap();
        text[start..end]
            .split(['(', ')', ','])
            .filter_map(|t| t.trim().parse::<f32>().ok())
            .collect()
    }

    /// The pair the generated test builds, from its own literals as it builds them.
    fn pair_of_text(text: &str, mode3: bool) -> Pair {
        let (a, b) = (literals(text, "a"), literals(text, "b"));
        if mode3 {
            let o = |v: &[f32]| {
                let o = Obb3 {
                    center: Vec3::new(v[0], v[1], v[2]),
                    half_extents: Vec3::new(v[3], v[4], v[5]),
                    rotation: Quat::from_xyzw(v[6], v[7], v[8], v[9]),
                };
                o.validate().unwrap();
                o
            };
            Pair::Three(o(&a), o(&b))
        } else {
            let o =
                |v: &[f32]| Obb2::new(Vec2::new(v[0], v[1]), Vec2::new(v[2], v[3]), v[4]).unwrap();
            Pair::Two(o(&a), o(&b))
        }
    }

    /// The number written after `marker` in an exported test.
    pub(crate) fn number_after(text: &str, marker: &str) -> Option<f32> {
        let at = text.find(marker)? + marker.len();
        let rest = &text[at..];
        let end = rest.find([')', ';', ' ']).unwrap_or(rest.len());
        rest[..end].trim().parse().ok()
    }

    /// Pairs the exports are tried on: the default scene, awkward decimals, far from the origin, 2D.
    pub(crate) fn cases() -> Vec<Pair> {
        let q = Quat::from_euler(EulerRot::XYZ, 0.3, -0.5, 0.7);
        let (a3, b3) = crate::scene::presets::default_pair3();
        vec![
            // the default scene: separated by an edge axis
            Pair::Three(a3, b3),
            // intersecting, unnormalised rotation, awkward decimals
            Pair::Three(
                Obb3 {
                    center: Vec3::new(0.1, -0.2, 1e-7),
                    half_extents: Vec3::new(1.0, 0.3333333, 2.5),
                    rotation: q * 1.0000001,
                },
                Obb3 {
                    center: Vec3::new(0.7, 0.15, -0.4),
                    half_extents: Vec3::new(0.5, 0.5, 0.5),
                    rotation: Quat::from_rotation_z(0.2),
                },
            ),
            // far from the origin
            Pair::Three(
                Obb3::axis_aligned(Vec3::new(12345.678, -9876.5, 3.0), Vec3::ONE),
                Obb3::axis_aligned(Vec3::new(12347.9, -9876.5, 3.0), Vec3::ONE),
            ),
            Pair::Two(
                Obb2 {
                    center: Vec2::new(0.0, 0.0),
                    half_extents: Vec2::new(1.0, 1.0),
                    angle: 0.0,
                },
                Obb2 {
                    center: Vec2::new(2.0, 2.0),
                    half_extents: Vec2::new(1.0, 1.0),
                    angle: std::f32::consts::FRAC_PI_4,
                },
            ),
            Pair::Two(
                Obb2 {
                    center: Vec2::new(-0.3, 0.1),
                    half_extents: Vec2::new(1.6, 0.9),
                    angle: 0.3490658,
                },
                Obb2 {
                    center: Vec2::new(1.1, 0.6),
                    half_extents: Vec2::new(1.1, 0.7),
                    angle: -0.61086524,
                },
            ),
        ]
    }

    #[test]
    fn the_check_line_and_the_rust_literals_rebuild_the_same_boxes_bit_for_bit() {
        for pair in cases() {
            let text = rust_test(&pair, "case");
            let line = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("// {"))
                .map(|rest| format!("{{{rest}"))
                .expect("the check line");
            let from_line = pair_from_json(&line).unwrap();
            let from_text = pair_of_text(&text, matches!(pair, Pair::Three(..)));
            assert_eq!(bits(&from_line), bits(&from_text), "{text}");
            // and both are the boxes on screen, up to the normalisation check applies
            assert_eq!(bits(&from_line), bits(&canonical(&pair)));
            if let Pair::Two(..) = pair {
                assert_eq!(
                    bits(&from_line),
                    bits(&pair),
                    "2D boxes are not changed at all"
                );
            }
        }
    }

    #[test]
    fn the_exports_compiled_in_tests_exported_are_what_the_generators_write_now() {
        let file = include_str!("../../tests/exported/cases.rs");
        let presets = crate::scene::presets::presets();
        if std::env::var_os("SATBOX_BLESS").is_some() {
            // rewrite the file from the generators (after a deliberate change to what they write)
            let header: String = file.lines().take(2).map(|l| format!("{l}\n")).collect();
            let tests: Vec<String> = tests_support::EXPORTED
                .iter()
                .map(|(preset, kind, name)| {
                    let pair = presets.iter().find(|p| p.name == *preset).unwrap().pair;
                    let text = match *kind {
                        "satbox" => rust_test(&pair, name),
                        _ => parry_test(&pair, name),
                    };
                    format!("// preset {preset}\n{text}")
                })
                .collect();
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/exported/cases.rs");
            std::fs::write(path, format!("{header}\n{}", tests.join("\n"))).unwrap();
            return;
        }
        for (preset, kind, name) in tests_support::EXPORTED {
            let pair = presets.iter().find(|p| p.name == preset).unwrap().pair;
            let text = match kind {
                "satbox" => rust_test(&pair, name),
                _ => parry_test(&pair, name),
            };
            assert!(
                file.contains(&format!("// preset {preset}\n{text}")),
                "tests/exported/cases.rs is not what the exports write for {preset} now:\n{text}"
            );
        }
    }

    #[test]
    fn the_parry_test_builds_the_same_cuboids_and_poses_bit_for_bit() {
        for pair in cases() {
            let text = parry_test(&pair, "case");
            let numbers = |marker: &str| -> Vec<f32> {
                text.lines()
                    .filter(|l| l.contains(marker))
                    .flat_map(|l| {
                        let inner = &l[l.find(marker).unwrap() + marker.len()..];
                        let inner = &inner[..inner.find(')').unwrap()];
                        inner
                            .split(',')
                            .map(|x| x.trim().parse::<f32>().unwrap())
                            .collect::<Vec<_>>()
                    })
                    .collect()
            };
            let canon = canonical(&pair);
            match canon {
                Pair::Three(a, b) => {
                    let rotations = numbers("Rotation::from_xyzw(");
                    let expected: Vec<f32> =
                        [a.rotation.to_array(), b.rotation.to_array()].concat();
                    assert_eq!(
                        rotations.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                        expected.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
                    );
                    let vectors = numbers("Vector::new(");
                    let expected: Vec<f32> = [
                        a.center.to_array(),
                        a.half_extents.to_array(),
                        b.center.to_array(),
                        b.half_extents.to_array(),
                    ]
                    .concat();
                    assert_eq!(vectors, expected);
                    // the nalgebra comment gives the same quaternion, w first
                    let w_first = numbers("Quaternion::new(");
                    assert_eq!(w_first[0], a.rotation.w);
                    assert_eq!(w_first[1..4], a.rotation.to_array()[..3]);
                }
                Pair::Two(a, b) => {
                    assert!(text.contains(&format!(
                        "Pose::new(Vector::new({:?}, {:?}), {:?})",
                        a.center.x, a.center.y, a.angle
                    )));
                    assert!(text.contains(&format!(
                        "Cuboid::new(Vector::new({:?}, {:?}))",
                        b.half_extents.x, b.half_extents.y
                    )));
                }
            }
        }
    }

    #[test]
    fn the_test_text_names_the_function_and_the_feature() {
        let (a, b) = crate::scene::presets::default_pair3();
        let text = rust_test(&Pair::Three(a, b), "edge_case");
        assert!(text.starts_with("#[test]\nfn edge_case() {\n"), "{text}");
        assert!(text.contains("× B.u"), "{text}");
        assert!(text.trim_end().ends_with('}'));
    }
}
