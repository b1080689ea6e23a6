//! Every scene in `tests/regressions/` replayed against the f64 reference: the fast early-out test,
//! the full report and the reference must agree outside the rounding band of touching (the rule of
//! the window's live cross-check, [`satbox::sat::agreement`]).
//!
//! A case lands here from the window (*Save this case as a regression scene* writes straight into
//! this folder when satbox runs from its source checkout) or by hand; every file is a scene as the
//! window saves it.

use std::path::{Path, PathBuf};

use satbox::sat::agreement::Agreement;
use satbox::sat::{dim2, dim3, reference, DEGENERATE_THRESHOLD};
use satbox::scene::{Pair, Scene};

fn regression_scenes() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/regressions/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn agreement(pair: &Pair) -> Agreement {
    match pair {
        Pair::Three(a, b) => {
            let scale =
                (b.center - a.center).length() + a.half_extents.length() + b.half_extents.length();
            Agreement::of(
                &dim3::report(a, b),
                &reference::report3(a, b, DEGENERATE_THRESHOLD as f64),
                dim3::intersects(a, b),
                scale,
            )
        }
        Pair::Two(a, b) => {
            let scale =
                (b.center - a.center).length() + a.half_extents.length() + b.half_extents.length();
            Agreement::of(
                &dim2::report(a, b),
                &reference::report2(a, b),
                dim2::intersects(a, b),
                scale,
            )
        }
    }
}

#[test]
fn every_regression_scene_agrees_with_the_f64_reference() {
    let files = regression_scenes();
    assert!(files.len() >= 5, "the seed cases are there");
    let mut failures = Vec::new();
    for path in &files {
        let (scene, pair) = Scene::load(path).unwrap_or_else(|e| panic!("{e}"));
        if let Some(problem) = agreement(&pair).disagreement() {
            failures.push(format!(
                "{}: {problem} ({})",
                path.display(),
                scene.description
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_disagreement_outside_the_band_is_caught() {
    // the replay would catch a broken test: a fast test that calls a clearly separated pair
    // intersecting (padding |R| by 0.5) disagrees with the reference
    let a = satbox::sat::Obb3::default();
    let b = satbox::sat::Obb3 {
        center: glam::Vec3::new(1.9, 1.9, 0.0),
        rotation: glam::Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
        ..Default::default()
    };
    let check = Agreement::of(
        &dim3::report(&a, &b),
        &reference::report3(&a, &b, DEGENERATE_THRESHOLD as f64),
        dim3::intersects_padded(&a, &b, 0.5),
        4.0,
    );
    assert!(check
        .disagreement()
        .is_some_and(|m| m.contains("fast test says intersecting")));
}
