//! Every preset scene in `assets/scenes/` says in its one-line description what it shows; this
//! checks each claim numerically against the report (and, for the verdict and the first
//! separating axis, the f64 reference), and each preset's contact manifold (built with the
//! parameters its view keeps) against its point count, kind and separations and against the f64
//! reference manifold.

use std::collections::BTreeMap;
use std::path::Path;

use satbox::sat::reference::ManifoldAgreement;
use satbox::sat::{
    dim2, dim3, reference, AxisKind, Manifold, ManifoldParams, SatReport, DEGENERATE_THRESHOLD,
};
use satbox::scene::manifold::params_from_view;
use satbox::scene::presets::{presets, presets_checked};
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
        ("3d-manifold-rotated-face-face", (hit(1, Some(0.05)), None)),
        // which of the tied axes 1 and 8 is least in f32 is rounding: checked in the manifold test
        (
            "3d-manifold-edge-ties-face",
            (Verdict { intersect: true }, None),
        ),
        ("2d-manifold-margin", (sep(0, None, Some(0.01)), None)),
        ("3d-contact-face-edge", (hit(1, Some(0.1)), None)),
        ("3d-contact-face-vertex", (hit(1, Some(0.1)), None)),
        ("3d-contact-edge-edge", (hit(11, Some(0.05)), None)),
        ("3d-contact-edge-vertex", (hit(2, Some(0.035)), None)),
        (
            "3d-parallel-edges",
            (sep(0, None, Some(0.25)), Some(&[6, 10, 14][..])),
        ),
        ("3d-touching", (hit(0, Some(0.0)), None)),
        ("3d-resting-slab-on-edge", (hit(2, Some(0.0)), None)),
        ("3d-resting-edge-on-rim", (hit(2, Some(0.0)), None)),
        ("3d-containment", (hit(0, Some(1.707)), None)),
        ("3d-deep-overlap", (hit(7, None), None)),
        ("3d-deep-overlap-face", (hit(1, Some(0.87)), None)),
        ("3d-corner-to-corner", (sep(6, None, Some(0.677)), None)),
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
        // the rounded presets' cores (their rounded answer: rounded_presets_… below)
        (
            "2d-rounded-corner-to-corner",
            (sep(0, None, Some(0.9)), None),
        ),
        (
            "3d-rounded-corner-to-corner",
            (sep(0, None, Some(1.0)), None),
        ),
        ("3d-bands-jolt-near-pair", (sep(0, None, Some(0.013)), None)),
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
                let got = r.axes[*first].gap();
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
            .filter(|a| a.degenerate())
            .map(|a| a.index())
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
                    let kind = r.axes[first].kind();
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
        "3d-deep-overlap-face",
        "3d-corner-to-corner",
        "3d-tiny-vs-huge",
        "3d-rotated-0.1deg",
        "3d-rotated-45deg",
        "3d-far-from-origin",
        "2d-touching",
        "3d-manifold-rotated-face-face",
        "3d-manifold-edge-ties-face",
        "2d-manifold-margin",
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

/// What a preset's contact manifold must be, built with its view's parameters.
struct PointsClaim {
    /// Number of points (0: no manifold).
    count: usize,
    /// `face_a`, `face_b` or `edge`.
    kind: &'static str,
    /// The chosen axis.
    axis: usize,
    /// Every point's separation, when they are all the same.
    all_at: Option<f32>,
    /// The deepest point's separation.
    deepest: Option<f32>,
}

fn points_claims() -> BTreeMap<&'static str, PointsClaim> {
    let none = || PointsClaim {
        count: 0,
        kind: "",
        axis: 0,
        all_at: None,
        deepest: None,
    };
    let at = |count, kind, axis, s: f32| PointsClaim {
        count,
        kind,
        axis,
        all_at: Some(s),
        deepest: Some(s),
    };
    let deepest = |count, kind, axis, s: f32| PointsClaim {
        count,
        kind,
        axis,
        all_at: None,
        deepest: Some(s),
    };
    BTreeMap::from([
        ("2d-separated", none()),
        // rounded boxes whose cores are further apart than the margin: no core points
        ("2d-rounded-corner-to-corner", none()),
        ("3d-rounded-corner-to-corner", none()),
        // within Jolt's speculative distance, kept by the preset's margin 0.02
        ("3d-bands-jolt-near-pair", at(4, "face_a", 0, 0.013)),
        ("2d-separated-b-axis", none()),
        // separated at t = 0: the motion presets' contact is at their time of impact
        ("2d-motion-sliding-apart", none()),
        ("3d-motion-plate-through-wall", none()),
        ("3d-motion-rod-spinning-past-corner", none()),
        ("2d-intersecting", at(1, "face_b", 3, -0.26)),
        // satbox keeps the deepest corner Box3D drops (docs/engines.md)
        (
            "3d-engines-box3d-deepest-corner",
            deepest(2, "face_b", 4, -0.468),
        ),
        // satbox's edge pair is the least overlap; ODE's and Bullet's another (docs/engines.md)
        ("3d-engines-ode-edge-pair", at(1, "edge", 7, -0.3744)),
        ("2d-contact-corner-edge", at(1, "face_a", 1, -0.08)),
        ("2d-touching", at(2, "face_a", 0, 0.0)),
        ("2d-containment", deepest(2, "face_a", 1, -1.83)),
        ("2d-manifold-margin", at(2, "face_a", 0, 0.01)),
        ("3d-separated-face-a", none()),
        ("3d-separated-face-b", none()),
        ("3d-separated-edge-edge", none()),
        ("3d-separated-edge-edge-2", none()),
        ("3d-separated-edge-edge-3", none()),
        ("3d-parallel-edges", none()),
        ("3d-tiny-vs-huge", none()),
        ("3d-rotated-0.1deg", none()),
        ("3d-rotated-45deg", none()),
        ("3d-far-from-origin", none()),
        ("3d-contact-face-face", at(4, "face_a", 1, -0.1)),
        ("3d-contact-face-edge", at(2, "face_a", 1, -0.1)),
        ("3d-contact-face-vertex", at(1, "face_a", 1, -0.1)),
        ("3d-contact-edge-edge", at(1, "edge", 11, -0.05)),
        ("3d-contact-edge-vertex", deepest(3, "face_a", 2, -0.035)),
        ("3d-touching", at(4, "face_a", 0, 0.0)),
        ("3d-resting-slab-on-edge", at(4, "face_a", 2, 0.0)),
        ("3d-resting-edge-on-rim", at(2, "face_b", 4, 0.0)),
        ("3d-containment", deepest(4, "face_a", 0, -1.707)),
        ("3d-deep-overlap", deepest(4, "face_b", 5, -1.857)),
        ("3d-deep-overlap-face", deepest(4, "face_a", 1, -0.865)),
        ("3d-corner-to-corner", none()),
        ("3d-manifold-rotated-face-face", at(4, "face_a", 1, -0.05)),
        ("3d-manifold-edge-ties-face", at(4, "face_b", 4, -0.0001)),
    ])
}

fn check_points<V: satbox::sat::Vector>(
    name: &str,
    m: Option<&Manifold<V>>,
    r: Option<&reference::ReferenceManifold>,
    claim: &PointsClaim,
) {
    // an edge resting exactly on a rim ties A's top face with B's side face: either is the
    // reference face, and which one f32 takes is rounding
    let tied_by_design = name == "3d-resting-edge-on-rim";
    let agreement = reference::compare_manifolds(m, r, 0.0, 1e-4);
    assert!(
        agreement == ManifoldAgreement::Agree
            || (tied_by_design && agreement == ManifoldAgreement::NearTie),
        "{name}: the f64 reference manifold: {agreement:?}"
    );
    let Some(m) = m else {
        assert_eq!(claim.count, 0, "{name}: claims contact points, has none");
        return;
    };
    assert_eq!(m.len(), claim.count, "{name}: number of contact points");
    assert_eq!(m.kind().name(), claim.kind, "{name}: kind");
    assert_eq!(m.choice.chosen, claim.axis, "{name}: chosen axis");
    let close = |got: f32, want: f32| (got - want).abs() <= 5e-3;
    if let Some(s) = claim.all_at {
        for p in m.points() {
            assert!(
                close(p.separation, s),
                "{name}: separation {}, claimed {s}",
                p.separation
            );
        }
    }
    if let Some(s) = claim.deepest {
        let d = m.deepest().unwrap().separation;
        assert!(close(d, s), "{name}: deepest {d}, claimed {s}");
    }
    let mut ids: Vec<u32> = m.points().iter().map(|p| p.id.key()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), m.len(), "{name}: every point has its own id");
}

#[test]
fn every_preset_has_the_contact_points_its_description_implies() {
    let table = points_claims();
    let mut seen = 0;
    for p in presets() {
        let name = p.name.as_str();
        let params = params_from_view(&p.scene.view).unwrap();
        let claim = table
            .get(name)
            .unwrap_or_else(|| panic!("{name}: add its contact points to points_claims()"));
        match p.pair {
            Pair::Three(a, b) => check_points(
                name,
                dim3::manifold_with(&a, &b, &params).as_ref(),
                reference::manifold3(&a, &b, &params).as_ref(),
                claim,
            ),
            Pair::Two(a, b) => check_points(
                name,
                dim2::manifold_with(&a, &b, &params).as_ref(),
                reference::manifold2(&a, &b, &params).as_ref(),
                claim,
            ),
        }
        seen += 1;
    }
    assert!(seen >= 27, "{seen} presets");
}

fn preset3(name: &str) -> (satbox::sat::Obb3, satbox::sat::Obb3, ManifoldParams) {
    let p = presets()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("missing preset {name}"));
    let params = params_from_view(&p.scene.view).unwrap();
    match p.pair {
        Pair::Three(a, b) => (a, b, params),
        Pair::Two(..) => panic!("{name} is 2D"),
    }
}

#[test]
fn a_block_turned_45_degrees_on_an_equal_one_clips_to_an_octagon_reduced_to_4_points() {
    let (a, b, params) = preset3("3d-manifold-rotated-face-face");
    let t = dim3::manifold_trace(&a, &b, &params);
    let f = t.face.as_ref().expect("a face contact");
    assert_eq!(f.clipped.last().unwrap().len(), 8, "the octagon");
    assert_eq!(f.below.len(), 8);
    assert_eq!(f.reduction.len(), 4);
    let m = t.manifold.unwrap();
    // the 4 kept corners span a quad of the octagon: its diagonals cross in the middle
    let c = m.points().iter().map(|p| p.point).sum::<glam::Vec3>() / 4.0;
    assert!(
        (c - glam::Vec3::new(0.0, 0.475, 0.0)).length() < 1e-4,
        "{c}"
    );
}

#[test]
fn an_edge_axis_tied_with_the_face_axis_gives_one_ghost_point_strictly_and_four_with_the_bias() {
    let (a, b, params) = preset3("3d-manifold-edge-ties-face");
    let r = dim3::report(&a, &b);
    // A.u0 × B.u2 is A.u1 up to rounding: the two overlaps tie to f32 precision
    assert!((r.axes[8].axis().dot(r.axes[1].axis()).abs() - 1.0).abs() < 1e-6);
    assert!((r.axes[8].gap() - r.axes[1].gap()).abs() < 1e-6);
    let biased = dim3::manifold_with(&a, &b, &params).unwrap();
    assert_eq!((biased.kind(), biased.len()), (AxisKind::FaceB(1), 4));
    let strict = dim3::manifold_with(&a, &b, &ManifoldParams::strict()).unwrap();
    match strict.kind() {
        AxisKind::Edge(0, 2) => assert_eq!(strict.len(), 1, "the ghost: one edge point"),
        other => assert_eq!((other, strict.len()), (AxisKind::FaceB(1), 4)),
    }
    // where the description was written (x86-64) rounding puts the strict choice on the edge
    #[cfg(target_arch = "x86_64")]
    {
        assert_eq!(strict.kind(), AxisKind::Edge(0, 2));
        assert_eq!(r.penetration.unwrap().axis_index, 8);
        assert!(biased.choice.bias.is_some());
    }
}

#[test]
fn the_deep_overlap_keeps_a_face_contact_and_reduces_six_points_to_four() {
    let (a, b, params) = preset3("3d-deep-overlap");
    let t = dim3::manifold_trace(&a, &b, &params);
    let c = t.choice.unwrap();
    assert_eq!((c.strict, c.chosen), (7, 5));
    assert_eq!(t.face.as_ref().unwrap().below.len(), 6);
    assert_eq!(t.manifold.unwrap().len(), 4);
}

#[test]
fn the_aligned_squares_0_01_apart_have_points_only_with_the_margin_their_scene_keeps() {
    let p = presets()
        .into_iter()
        .find(|p| p.name == "2d-manifold-margin")
        .unwrap();
    let Pair::Two(a, b) = p.pair else {
        panic!("2D expected")
    };
    let params = params_from_view(&p.scene.view).unwrap();
    assert_eq!(params.margin, 0.02);
    assert!(dim2::manifold(&a, &b).is_none(), "no margin, no points");
    let m = dim2::manifold_with(&a, &b, &params).unwrap();
    assert_eq!(m.len(), 2);
    // B spans y in [-0.7, 1.3], A in [-1, 1]: the points are at y = -0.7 and y = 1, x = 1.005
    let mut ys: Vec<f32> = m.points().iter().map(|p| p.point.y).collect();
    ys.sort_by(f32::total_cmp);
    assert!(
        (ys[0] + 0.7).abs() < 1e-5 && (ys[1] - 1.0).abs() < 1e-5,
        "{ys:?}"
    );
    for p in m.points() {
        assert!((p.point.x - 1.005).abs() < 1e-5);
    }
}

/// The motion presets: what the discrete test says at both ends of the step, and when the sweep
/// (or advancement) finds the boxes first touch.
#[test]
fn the_motion_presets_tunnel_swing_and_slide_apart_as_described() {
    use satbox::sat::motion::{pose_at, time_of_impact, Sweep, ToiMethod};
    use satbox::sat::Obb;
    let find = |name: &str| {
        presets()
            .into_iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("missing preset {name}"))
    };
    let apart = |a: &satbox::sat::Obb3, b: &satbox::sat::Obb3| !dim3::report(a, b).intersect;
    // the plate: apart at both ends, the sweep hits at 0.0475 on axis 0
    let p = find("3d-motion-plate-through-wall");
    let Pair::Three(a, b) = p.pair else { panic!() };
    let m = p.scene.motion().unwrap().unwrap().for_boxes::<glam::Vec3>();
    assert!(apart(&a, &b));
    assert!(apart(&pose_at(&a, &m.a, m.dt), &pose_at(&b, &m.b, m.dt)));
    let toi = time_of_impact(&a, &b, &m).unwrap();
    assert!((toi.t - 0.0475).abs() < 1e-4, "{}", toi.t);
    assert_eq!((toi.axis, toi.method), (Some(0), ToiMethod::AxisIntervals));
    // the rod: translating alone it misses, turning it hits
    let p = find("3d-motion-rod-spinning-past-corner");
    let Pair::Three(a, b) = p.pair else { panic!() };
    let m = p.scene.motion().unwrap().unwrap().for_boxes::<glam::Vec3>();
    assert!(apart(&a, &b));
    assert!(Sweep::of(&a, &b, &m).first_touch(m.dt as f64).is_none());
    let toi = time_of_impact(&a, &b, &m).unwrap();
    assert_eq!(toi.method, ToiMethod::ConservativeAdvancement);
    assert!(toi.t > 0.0 && toi.t < m.dt as f64, "{}", toi.t);
    assert!(b.center().y - 0.15 > 1.1);
    // sliding apart: no impact
    let p = find("2d-motion-sliding-apart");
    let Pair::Two(a, b) = p.pair else { panic!() };
    let m = p.scene.motion().unwrap().unwrap().for_boxes::<glam::Vec2>();
    assert!(!dim2::report(&a, &b).intersect);
    assert!(time_of_impact(&a, &b, &m).is_none());
}

/// The rounded presets say what the 15 (or 4) candidate axes cannot: the rounded boxes are apart
/// by the cores' distance less both radii, while every candidate's grown gap is below 0.
#[test]
fn rounded_presets_are_apart_though_no_candidate_axis_separates_their_grown_shadows() {
    use satbox::sat::{Answer, ManifoldParams};
    let params = ManifoldParams::default();
    for (name, distance, best_gap) in [
        ("2d-rounded-corner-to-corner", 0.9 * 2f32.sqrt() - 1.0, -0.1),
        ("3d-rounded-corner-to-corner", 3f32.sqrt() - 1.2, -0.2),
    ] {
        let p = presets()
            .into_iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("{name} is a preset"));
        let noted = p.scene.noted_pair().unwrap();
        let [ra, rb] = noted.radii;
        assert!(ra > 0.0 && rb > 0.0, "{name}: both boxes rounded");
        let answer = match noted.pair {
            Pair::Two(a, b) => {
                let r = Answer::of(&a, &b, noted.radii, &params);
                (r.intersect, r.distance, r.cores.unwrap().candidate_gap)
            }
            Pair::Three(a, b) => {
                let r = Answer::of(&a, &b, noted.radii, &params);
                (r.intersect, r.distance, r.cores.unwrap().candidate_gap)
            }
        };
        assert!(!answer.0, "{name}: the rounded boxes are apart");
        assert!(
            (answer.1 - distance).abs() < 1e-4,
            "{name}: distance {}",
            answer.1
        );
        assert!(
            (answer.2 - best_gap).abs() < 1e-4,
            "{name}: best gap {}",
            answer.2
        );
        let words = format!("{:.3}", distance);
        assert!(
            p.scene.description.contains(&words),
            "{name}: the description gives the distance {words}"
        );
    }
}

/// docs/window.md's *Presets* says how many presets there are and names each one.
#[test]
fn the_window_doc_counts_and_names_every_preset() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/window.md"))
        .unwrap();
    let from = doc
        .find("### Presets")
        .expect("docs/window.md has a Presets section");
    let section = &doc[from..from + doc[from..].find("\n### Screenshots").unwrap()];
    let all = presets_checked();
    assert!(
        section.contains(&format!("\n{} presets are compiled", all.len())),
        "docs/window.md should say there are {} presets",
        all.len()
    );
    for p in all {
        let name = p.map(|p| p.name).unwrap_or_else(|(name, _)| name);
        assert!(
            section.contains(&format!("`{name}`")),
            "docs/window.md's Presets does not name {name}"
        );
    }
}

/// A preset that tells the user to ask an engine the default build lacks (`check --compare
/// ode,bullet`, which prints only "missing" there) gives the command that builds it in.
#[test]
fn a_preset_that_asks_an_engine_not_built_by_default_gives_its_build_command() {
    use satbox::engines::EngineName;
    for p in presets() {
        let d = &p.scene.description;
        let Some(at) = d.find("--compare ") else {
            continue;
        };
        let list_after = |at: usize| {
            d[at..]
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == ',' || c == '_'))
                .next()
                .unwrap()
                .split(',')
                .collect::<Vec<_>>()
        };
        let built = d
            .find("--features ")
            .map_or(Vec::new(), |f| list_after(f + "--features ".len()));
        for name in list_after(at + "--compare ".len()) {
            let engine =
                EngineName::parse(name).unwrap_or_else(|| panic!("{}: no engine {name}", p.name));
            let by_default = matches!(
                engine,
                EngineName::Parry | EngineName::Box2d | EngineName::Box3d
            );
            assert!(
                by_default || built.contains(&name),
                "{}: asks {name} without saying how to build it in (--features {name})",
                p.name
            );
        }
    }
}
