//! "Copy as test": a Rust `#[test]` that rebuilds a box pair bit for bit and asserts satbox's
//! verdict, with the equivalent `satbox check` input line in a comment.
//!
//! Every float is written with Rust's `{:?}`, which prints the shortest text that reads back as
//! the same `f32`; the boxes are rebuilt with `Obb3::new` / `Obb2::new`, the same validation the
//! `check` command applies to its input, so the test and the check line see identical boxes.

use crate::sat::{dim2, dim3, fmt_num, Obb2, Obb3, SatReport};
use crate::scene::Pair;

pub use crate::scene::{canonical, check_line, stable_rotation};

fn floats(v: &[f32]) -> String {
    v.iter()
        .map(|x| format!("{x:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn obb3_expr(o: &Obb3) -> String {
    format!(
        "Obb3::new(\n        Vec3::new({}),\n        Vec3::new({}),\n        Quat::from_xyzw({}),\n    )\n    .unwrap()",
        floats(&o.center.to_array()),
        floats(&o.half_extents.to_array()),
        floats(&o.rotation.to_array()),
    )
}

fn obb2_expr(o: &Obb2) -> String {
    format!(
        "Obb2::new(Vec2::new({}), Vec2::new({}), {:?}).unwrap()",
        floats(&o.center.to_array()),
        floats(&o.half_extents.to_array()),
        o.angle,
    )
}

/// Tolerance for the asserted numbers: a millionth of the size of the scene.
fn tolerance(scale: f32) -> f32 {
    1e-6 * (1.0 + scale)
}

fn assertions<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    r: &SatReport<V, N>,
    scale: f32,
) -> String {
    let tol = tolerance(scale);
    let mut s = String::new();
    if let Some(t) = r.first_separating_axis() {
        s += "    assert!(!r.intersect, \"separated\");\n";
        s += &format!(
            "    assert_eq!(r.first_separating, Some({})); // {}, gap {}\n",
            t.index,
            t.kind.label(),
            fmt_num(t.gap)
        );
        s += &format!(
            "    assert!((r.axes[{}].gap - {:?}).abs() <= {:?}, \"gap {{}}\", r.axes[{}].gap);\n",
            t.index, t.gap, tol, t.index
        );
    } else {
        s += "    assert!(r.intersect, \"intersecting\");\n";
        s += "    assert_eq!(r.first_separating, None);\n";
        if let Some(p) = &r.penetration {
            s += "    let p = r.penetration.expect(\"an axis of least penetration\");\n";
            s += &format!(
                "    assert_eq!(p.axis_index, {}); // {}\n",
                p.axis_index,
                r.axes[p.axis_index].kind.label()
            );
            s += &format!(
                "    assert!((p.depth - {:?}).abs() <= {:?}, \"depth {{}}\", p.depth);\n",
                p.depth, tol
            );
        }
    }
    s
}

fn scale3(a: &Obb3, b: &Obb3) -> f32 {
    (b.center - a.center).length() + a.half_extents.element_sum() + b.half_extents.element_sum()
}

fn scale2(a: &Obb2, b: &Obb2) -> f32 {
    (b.center - a.center).length() + a.half_extents.element_sum() + b.half_extents.element_sum()
}

/// The text of a `#[test]` named `name` that rebuilds the pair and asserts the verdict, the first
/// separating axis and its gap, or the axis of least penetration and the depth.
pub fn rust_test(pair: &Pair, name: &str) -> String {
    let pair = canonical(pair);
    let line = check_line(&pair);
    let (uses, boxes, report) = match &pair {
        Pair::Three(a, b) => (
            "    use glam::{Quat, Vec3};\n    use satbox::sat::{dim3, Obb3};\n",
            format!(
                "    let a = {};\n    let b = {};\n",
                obb3_expr(a),
                obb3_expr(b)
            ),
            format!(
                "    let r = dim3::report(&a, &b);\n{}",
                assertions(&dim3::report(a, b), scale3(a, b))
            ),
        ),
        Pair::Two(a, b) => (
            "    use glam::Vec2;\n    use satbox::sat::{dim2, Obb2};\n",
            format!(
                "    let a = {};\n    let b = {};\n",
                obb2_expr(a),
                obb2_expr(b)
            ),
            format!(
                "    let r = dim2::report(&a, &b);\n{}",
                assertions(&dim2::report(a, b), scale2(a, b))
            ),
        ),
    };
    format!(
        "#[test]\nfn {name}() {{\n    // The same case for `satbox check -`:\n    // {line}\n{uses}{boxes}{report}}}\n"
    )
}

#[cfg(test)]
mod tests {
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
        let end = start + text[start..].find(".unwrap()").unwrap();
        text[start..end]
            .split(['(', ')', ','])
            .filter_map(|t| t.trim().parse::<f32>().ok())
            .collect()
    }

    /// The pair the generated test builds, by running its own literals through the constructors.
    fn pair_of_text(text: &str, mode3: bool) -> Pair {
        let (a, b) = (literals(text, "a"), literals(text, "b"));
        if mode3 {
            let o = |v: &[f32]| {
                Obb3::new(
                    Vec3::new(v[0], v[1], v[2]),
                    Vec3::new(v[3], v[4], v[5]),
                    Quat::from_xyzw(v[6], v[7], v[8], v[9]),
                )
                .unwrap()
            };
            Pair::Three(o(&a), o(&b))
        } else {
            let o =
                |v: &[f32]| Obb2::new(Vec2::new(v[0], v[1]), Vec2::new(v[2], v[3]), v[4]).unwrap();
            Pair::Two(o(&a), o(&b))
        }
    }

    fn number_after(text: &str, marker: &str) -> Option<f32> {
        let at = text.find(marker)? + marker.len();
        let rest = &text[at..];
        let end = rest.find([')', ';', ' ']).unwrap_or(rest.len());
        rest[..end].trim().parse().ok()
    }

    fn cases() -> Vec<Pair> {
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
    fn the_asserted_numbers_are_the_reports() {
        for pair in cases() {
            let text = rust_test(&pair, "case");
            let from_line = pair_from_json(&check_line(&pair)).unwrap();
            let out = crate::cli::check::answer(&from_line);
            if out.intersect {
                assert!(text.contains("assert!(r.intersect"), "{text}");
                let axis = number_after(&text, "assert_eq!(p.axis_index, ").unwrap();
                assert_eq!(Some(axis as usize), out.min_axis);
                let depth = number_after(&text, "assert!((p.depth - ").unwrap();
                assert_eq!(Some(depth), out.depth);
            } else {
                assert!(text.contains("assert!(!r.intersect"), "{text}");
                let first = number_after(&text, "r.first_separating, Some(").unwrap();
                assert_eq!(Some(first as usize), out.first_separating_axis);
                let k = first as usize;
                let gap = number_after(&text, &format!("assert!((r.axes[{k}].gap - ")).unwrap();
                assert_eq!(gap, out.axes[k].gap);
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
