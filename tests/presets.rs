//! Every preset scene in `assets/scenes/` says in its one-line description what it shows; this
//! checks each claim numerically against the report (and, for the verdict and the first
//! separating axis, the f64 reference).

use std::collections::BTreeMap;
use std::path::Path;

use satbox::sat::{dim2, dim3, reference, AxisKind, SatReport, DEGENERATE_THRESHOLD};
use satbox::scene::presets::presets_checked;
use satbox::scene::{Mode, Pair, Scene};

/// What a preset claims.
#[derive(Clone, Debug)]
enum Claim {
    /// Separated, and `first` is the first separating axis.
    Separated {
        first: usize,
        /// Every separating axis, when the description says "only".
        only: Option<&'static [usize]>,
        /// The gap on `first`, to the 2 or 3 decimals the description gives.
        gap: Option<f32>,
    },
    /// Intersecting, least penetration on `min` with this depth (to the decimals given).
    Intersecting { min: usize, depth: Option<f32> },
    /// Separated or not, nothing more (scenes written by hand elsewhere).
    Verdict { intersect: bool },
}

use Claim::*;

/// The claims, by file name; plus the axes that must be degenerate, when the description says so.
fn claims() -> BTreeMap<&'static str, (Claim, Option<&'static [usize]>)> {
    let sep = |first, only, gap| Separated { first, only, gap };
    let hit = |min, depth| Intersecting { min, depth };
    BTreeMap::from([
        ("2d-separated", (sep(0, None, Some(0.41)), None)),
        ("2d-intersecting", (hit(3, Some(0.26)), None)),
        ("2d-separated-b-axis", (sep(2, Some(&[2][..]), None), None)),
        ("2d-contact-corner-edge", (hit(1, Some(0.08)), None)),
        ("2d-touching", (hit(0, Some(0.0)), None)),
        ("2d-containment", (hit(1, None), None)),
        ("3d-separated-face-a", (sep(1, None, Some(0.3)), None)),
        ("3d-separated-face-b", (sep(3, None, Some(0.15)), None)),
        (
            "3d-separated-edge-edge",
            (sep(7, Some(&[7][..]), Some(0.1)), None),
        ),
        (
            "3d-separated-edge-edge-2",
            (sep(12, Some(&[12][..]), Some(0.05)), None),
        ),
        (
            "3d-separated-edge-edge-3",
            (sep(6, Some(&[6][..]), Some(0.12)), None),
        ),
        ("3d-contact-face-face", (hit(1, Some(0.1)), None)),
        ("3d-contact-face-edge", (hit(1, Some(0.1)), None)),
        ("3d-contact-face-vertex", (hit(1, Some(0.1)), None)),
        ("3d-contact-edge-edge", (hit(11, Some(0.05)), None)),
        ("3d-contact-edge-vertex", (hit(2, Some(0.035)), None)),
        (
            "3d-parallel-edges",
            (sep(0, None, Some(0.25)), Some(&[6, 10, 14][..])),
        ),
        ("3d-touching", (hit(0, Some(0.0)), None)),
        ("3d-containment", (hit(0, Some(1.707)), None)),
        ("3d-deep-overlap", (hit(7, None), None)),
        ("3d-tiny-vs-huge", (sep(1, None, Some(0.01)), None)),
        ("3d-rotated-0.1deg", (sep(0, None, None), Some(&[14][..]))),
        (
            "3d-rotated-45deg",
            (sep(3, None, Some(0.02)), Some(&[14][..])),
        ),
        (
            "3d-far-from-origin",
            (sep(8, Some(&[8][..]), Some(0.25)), None),
        ),
    ])
}

fn check<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    name: &str,
    r: &SatReport<V, N>,
    reference: &reference::ReferenceReport,
    claim: &Claim,
    degenerate: Option<&[usize]>,
) {
    let seps: Vec<usize> = r.separating_axes().collect();
    match claim {
        Separated { first, only, gap } => {
            assert!(
                !r.intersect,
                "{name}: claims separated, report says intersecting"
            );
            assert_eq!(
                r.first_separating,
                Some(*first),
                "{name}: first separating axis"
            );
            assert_eq!(
                reference.first_separating,
                Some(*first),
                "{name}: f64 reference"
            );
            if let Some(only) = only {
                assert_eq!(&seps[..], *only, "{name}: the only separating axes");
            }
            if let Some(g) = gap {
                let got = r.axes[*first].gap;
                assert!((got - g).abs() <= 5e-3, "{name}: gap {got}, claimed {g}");
            }
        }
        Intersecting { min, depth } => {
            assert!(
                r.intersect,
                "{name}: claims intersecting, separated by {seps:?}"
            );
            assert!(reference.intersect, "{name}: f64 reference says separated");
            let p = r.penetration.expect("an axis of least penetration");
            assert_eq!(p.axis_index, *min, "{name}: axis of least penetration");
            if let Some(d) = depth {
                assert!(
                    (p.depth - d).abs() <= 5e-3,
                    "{name}: depth {}, claimed {d}",
                    p.depth
                );
            }
        }
        Verdict { intersect } => assert_eq!(r.intersect, *intersect, "{name}: verdict"),
    }
    if let Some(deg) = degenerate {
        let got: Vec<usize> = r
            .axes
            .iter()
            .filter(|a| a.degenerate)
            .map(|a| a.index)
            .collect();
        assert_eq!(&got[..], deg, "{name}: degenerate axes");
    }
}

/// A preset not in the table still has to agree with the words of its description.
fn claim_from_words(description: &str) -> Claim {
    let d = description.to_lowercase();
    let intersect = ["intersect", "contact", "overlap", "touch", "inside"]
        .iter()
        .any(|w| d.contains(w))
        && !d.contains("separated");
    Verdict { intersect }
}

#[test]
fn every_preset_does_what_its_description_says() {
    let table = claims();
    let mut seen = Vec::new();
    for p in presets_checked() {
        let p = p.unwrap_or_else(|(name, e)| panic!("preset {name} does not load: {e}"));
        let name = p.name.as_str();
        let d = &p.scene.description;
        assert!(
            !d.trim().is_empty() && !d.contains('\n'),
            "{name}: one-line description"
        );
        let prefix = match p.scene.mode {
            Mode::Two => "2d-",
            Mode::Three => "3d-",
        };
        assert!(
            name.starts_with(prefix),
            "{name}: mode {} but named {name}",
            p.scene.mode
        );
        let (claim, degenerate) = table
            .get(name)
            .cloned()
            .unwrap_or_else(|| (claim_from_words(d), None));
        match &p.pair {
            Pair::Three(a, b) => {
                let r = dim3::report(a, b);
                let reference = reference::report3(a, b, DEGENERATE_THRESHOLD as f64);
                check(name, &r, &reference, &claim, degenerate);
                // the edge-edge separations name an edge axis, the face ones a face axis
                if let Separated { first, .. } = claim {
                    let kind = r.axes[first].kind;
                    if name.contains("edge-edge") || name.contains("far") {
                        assert!(matches!(kind, AxisKind::Edge(..)), "{name}: {kind:?}");
                    }
                    if name.contains("face-a") {
                        assert!(matches!(kind, AxisKind::FaceA(_)), "{name}: {kind:?}");
                    }
                    if name.contains("face-b") {
                        assert!(matches!(kind, AxisKind::FaceB(_)), "{name}: {kind:?}");
                    }
                }
            }
            Pair::Two(a, b) => {
                let r = dim2::report(a, b);
                check(name, &r, &reference::report2(a, b), &claim, degenerate);
            }
        }
        seen.push(name.to_string());
    }
    assert!(seen.len() >= 14, "{seen:?}");
    for name in table.keys() {
        // the table may name a preset another change has not added yet, but not a misspelling
        // of one that exists
        if !seen.iter().any(|s| s == name) {
            assert!(
                name.starts_with("2d-separated") || name.starts_with("2d-intersecting"),
                "{name} is in the table but not among the presets"
            );
        }
    }
}

#[test]
fn the_presets_cover_both_modes_and_every_kind_of_case() {
    let names: Vec<String> = presets_checked()
        .into_iter()
        .filter_map(Result::ok)
        .map(|p| p.name)
        .collect();
    for needed in [
        "3d-separated-face-a",
        "3d-separated-face-b",
        "3d-separated-edge-edge",
        "3d-separated-edge-edge-2",
        "3d-contact-face-face",
        "3d-contact-face-edge",
        "3d-contact-face-vertex",
        "3d-contact-edge-edge",
        "3d-contact-edge-vertex",
        "3d-parallel-edges",
        "3d-touching",
        "3d-containment",
        "3d-deep-overlap",
        "3d-tiny-vs-huge",
        "3d-rotated-0.1deg",
        "3d-rotated-45deg",
        "3d-far-from-origin",
        "2d-touching",
    ] {
        assert!(names.iter().any(|n| n == needed), "missing preset {needed}");
    }
}

#[test]
fn the_compiled_presets_are_the_files_on_disk() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes");
    let compiled = presets_checked();
    let on_disk = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .count();
    assert_eq!(compiled.len(), on_disk, "rebuild after adding a preset");
    for p in compiled.into_iter().filter_map(Result::ok) {
        let (scene, pair) = Scene::load(&dir.join(format!("{}.json", p.name))).unwrap();
        assert_eq!(scene, p.scene, "{}", p.name);
        assert_eq!(pair, p.pair, "{}", p.name);
    }
}
