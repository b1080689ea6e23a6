//! The agreement census of the `sat` bench: before any timing, every method's verdict and depth
//! against the `f64` reference, and satbox's and parry's contact manifolds against the reference
//! manifold, counted and printed per set.

use super::common::*;
use super::*;

/// One pair as the reference sees it.
struct Truth {
    class: Class,
    /// Largest gap over the non-degenerate axes: > 0 separated, else minus the depth.
    deciding_gap: f64,
    intersect: bool,
    depth: Option<f64>,
    /// The same with every edge axis longer than [`EXACT_THRESHOLD`] kept.
    exact_intersect: bool,
    exact_depth: Option<f64>,
}

fn deciding_gap(r: &reference::ReferenceReport) -> f64 {
    r.axes
        .iter()
        .filter(|a| !a.degenerate)
        .map(|a| a.gap)
        .fold(f64::NEG_INFINITY, f64::max)
}

fn truth3(i: usize, a: &Obb3, b: &Obb3) -> Truth {
    let r = reference::report3(a, b, DEGENERATE_THRESHOLD as f64);
    let x = reference::report3(a, b, EXACT_THRESHOLD);
    Truth {
        class: Class::of(i),
        deciding_gap: deciding_gap(&r),
        intersect: r.intersect,
        depth: r.depth,
        exact_intersect: x.intersect,
        exact_depth: x.depth,
    }
}

fn truth2(i: usize, a: &Obb2, b: &Obb2) -> Truth {
    let r = reference::report2(a, b);
    Truth {
        class: Class::of(i),
        deciding_gap: deciding_gap(&r),
        intersect: r.intersect,
        depth: r.depth,
        exact_intersect: r.intersect,
        exact_depth: r.depth,
    }
}

/// Disagreements of one method with the reference on one set.
#[derive(Default)]
struct Tally {
    /// Verdicts that differ outside the band, per class.
    verdict: [usize; 3],
    /// Of those, how many agree with the exact reference (the degenerate-axis rule decided).
    verdict_exact_agrees: usize,
    /// Verdict misses of each kind: said intersecting when separated, and the other way.
    false_hit: usize,
    false_miss: usize,
    /// Depths that differ by more than [`DEPTH_TOL`], per class (both intersecting, outside band).
    depth: [usize; 3],
    /// Of those, how many are within tolerance of the exact reference's depth.
    depth_exact_agrees: usize,
    /// Depth compared on this many pairs.
    depth_compared: usize,
    /// Largest depth difference.
    max_depth_err: f64,
    /// Has a depth at all.
    has_depth: bool,
    /// The first few depth disagreements: (pair index, method's depth, reference depth).
    examples: Vec<(usize, f64, f64)>,
}

impl Tally {
    fn add(&mut self, i: usize, t: &Truth, verdict: bool, depth: Option<f64>) {
        if t.deciding_gap.abs() <= BAND {
            return;
        }
        let c = Class::ALL.iter().position(|&c| c == t.class).unwrap();
        if verdict != t.intersect {
            self.verdict[c] += 1;
            if verdict {
                self.false_hit += 1;
            } else {
                self.false_miss += 1;
            }
            if verdict == t.exact_intersect {
                self.verdict_exact_agrees += 1;
            }
            return;
        }
        if let (Some(d), Some(r)) = (depth, t.depth) {
            self.has_depth = true;
            self.depth_compared += 1;
            let err = (d - r).abs();
            self.max_depth_err = self.max_depth_err.max(err);
            if err > DEPTH_TOL {
                self.depth[c] += 1;
                if self.examples.len() < 4 {
                    self.examples.push((i, d, r));
                }
                if t.exact_depth.is_some_and(|x| (d - x).abs() <= DEPTH_TOL) {
                    self.depth_exact_agrees += 1;
                }
            }
        }
    }

    fn print(&self, method: &str) {
        let v: usize = self.verdict.iter().sum();
        let per_class = |n: &[usize; 3]| {
            Class::ALL
                .iter()
                .zip(n)
                .filter(|(_, &n)| n > 0)
                .map(|(c, n)| format!("{} {n}", c.name()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut line = format!("  {method:<26} verdict {v:>4}");
        if v > 0 {
            line += &format!(
                " ({}; {} said intersecting, {} said separated; {} match the exact reference)",
                per_class(&self.verdict),
                self.false_hit,
                self.false_miss,
                self.verdict_exact_agrees
            );
        }
        if self.has_depth {
            let d: usize = self.depth.iter().sum();
            line += &format!(
                " | depth {d:>4} of {:>4} (max |err| {:.2e}",
                self.depth_compared, self.max_depth_err
            );
            if d > 0 {
                line += &format!(
                    "; {}; {} match the exact reference",
                    per_class(&self.depth),
                    self.depth_exact_agrees
                );
            }
            line += ")";
        }
        println!("{line}");
        for (i, d, r) in &self.examples {
            println!("    pair {i}: depth {d:.5}, reference {r:.5}");
        }
    }
}

pub(super) fn agreement3(set: &Set3) {
    let (pairs, parry) = (&set.pairs, &set.parry);
    let truths: Vec<Truth> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| truth3(i, a, b))
        .collect();
    header("3d", set.name, &truths);
    let mut batch = vec![false; pairs.len()];
    intersects_many(&set.batch.0, &set.batch.1, &mut batch);
    let mut t = [(); 9].map(|_| Tally::default());
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let truth = &truths[i];
        t[0].add(i, truth, dim3::intersects(a, b), None);
        let (fa, fb) = &set.frames[i];
        t[1].add(i, truth, fa.intersects(fb), None);
        t[2].add(i, truth, batch[i], None);
        let (ra, rb) = &set.rtcd[i];
        t[3].add(i, truth, rtcd_test_obb_obb(ra, rb), None);
        let r = dim3::report(a, b);
        t[4].add(i, truth, r.intersect, r.penetration.map(|p| p.depth as f64));
        let p = plain3(a, b);
        t[5].add(i, truth, p.is_some(), p.map(f64::from));
        t[6].add(i, truth, parry3_intersects(pa, pb), None);
        let c = parry3_contact(pa, pb).filter(|c| c.dist <= 0.0);
        t[7].add(i, truth, c.is_some(), c.map(|c| -c.dist as f64));
        let v = dim3::verdicts(a, b);
        assert_eq!(
            v,
            r.to_verdicts(),
            "pair {i}: the verdicts are the report's"
        );
        t[8].add(i, truth, v.intersect, v.penetration.map(|p| p.depth as f64));
        assert_eq!(
            fa.verdicts(fb),
            v,
            "pair {i}: the frames' verdicts are the boxes'"
        );
    }
    let same = (0..pairs.len())
        .filter(|&i| batch[i] == set.frames[i].0.intersects(&set.frames[i].1))
        .count();
    for (tally, name) in t
        .iter()
        .zip(NAMES3.iter().filter(|n| **n != "reference_f64"))
    {
        tally.print(name);
    }
    println!(
        "  intersects_many gives {same} of {} pairs the verdict of Obb3Frame::intersects",
        pairs.len()
    );
    // Is parry's contact a valid way out? Move B by its depth (plus 1e-3) along its normal.
    for &(i, _, _) in &t[7].examples {
        let (a, b) = &pairs[i];
        let c = parry3_contact(&parry[i].0, &parry[i].1).expect("intersecting");
        let n = Vec3::from_array(c.normal1.to_array());
        let moved = Obb3 {
            center: b.center + n * (-c.dist + 1e-3),
            ..*b
        };
        let r = reference::report3(a, &moved, DEGENERATE_THRESHOLD as f64);
        let e = a.half_extents.min(b.half_extents).min_element();
        println!(
            "    pair {i}: after moving B by parry's depth + 1e-3 the reference says {} (depth left {:.4}); smallest half extent {e:.3}",
            if r.intersect { "still intersecting" } else { "separated" },
            r.depth.unwrap_or(0.0)
        );
    }
}

pub(super) fn agreement2(spec: &SetSpec, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    let truths: Vec<Truth> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| truth2(i, a, b))
        .collect();
    header("2d", spec.name, &truths);
    let mut t = [(); 5].map(|_| Tally::default());
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let truth = &truths[i];
        t[0].add(i, truth, dim2::intersects(a, b), None);
        let r = dim2::report(a, b);
        t[1].add(i, truth, r.intersect, r.penetration.map(|p| p.depth as f64));
        let p = plain2(a, b);
        t[2].add(i, truth, p.is_some(), p.map(f64::from));
        t[3].add(i, truth, parry2_intersects(pa, pb), None);
        let c = parry2_contact(pa, pb).filter(|c| c.dist <= 0.0);
        t[4].add(i, truth, c.is_some(), c.map(|c| -c.dist as f64));
    }
    for (tally, name) in t
        .iter()
        .zip(NAMES.iter().filter(|n| **n != "reference_f64"))
    {
        tally.print(name);
    }
}

fn header(dim: &str, name: &str, truths: &[Truth]) {
    let hits = truths.iter().filter(|t| t.intersect).count();
    let band = truths
        .iter()
        .filter(|t| t.deciding_gap.abs() <= BAND)
        .count();
    let rule = truths
        .iter()
        .filter(|t| t.intersect != t.exact_intersect)
        .count();
    println!(
        "{dim} {name}: {} pairs, {hits} intersecting ({:.0}%), {band} within {BAND:e} of touching (not counted), {rule} decided by the degenerate-axis rule",
        truths.len(),
        100.0 * hits as f64 / truths.len() as f64
    );
}

/// A parry manifold in world space, in f64: the normal and, per point, the midpoint of its two
/// surface points and its separation.
struct ParryPoints {
    normal: DVec3,
    points: Vec<(DVec3, f64)>,
}

fn parry3_points(a: &P3, b: &P3, m: &ParryManifold3) -> ParryPoints {
    let d = |v: parry3d::math::Vector| DVec3::from_array(v.to_array().map(f64::from));
    ParryPoints {
        normal: d(a.0.rotation * m.local_n1),
        points: m
            .points
            .iter()
            .map(|c| {
                (
                    (d(a.0 * c.local_p1) + d(b.0 * c.local_p2)) * 0.5,
                    c.dist as f64,
                )
            })
            .collect(),
    }
}

fn parry2_points(a: &P2, b: &P2, m: &ParryManifold2) -> ParryPoints {
    let d = |v: parry2d::math::Vector| DVec3::new(v.x as f64, v.y as f64, 0.0);
    ParryPoints {
        normal: d(a.0.rotation * m.local_n1),
        points: m
            .points
            .iter()
            .map(|c| {
                (
                    (d(a.0 * c.local_p1) + d(b.0 * c.local_p2)) * 0.5,
                    c.dist as f64,
                )
            })
            .collect(),
    }
}

/// Points further than this from the reference (or separations further apart) disagree.
const POINT_TOL: f64 = 1e-3;

/// How satbox's and parry's manifolds compare with the f64 reference manifold on one set.
#[derive(Default)]
struct ManifoldTally {
    /// Pairs where the reference (with satbox's defaults) has a manifold.
    contacts: usize,
    /// satbox against the reference (defaults): agree, near a decision, disagree.
    satbox: [usize; 3],
    /// Pairs where the strict reference (no bias, as parry) has a manifold, away from decisions.
    compared: usize,
    /// parry has no points there.
    parry_missing: usize,
    /// parry also returns points above the other surface (positive distance): its clipped points
    /// are all kept, for its solver to treat as speculative.
    parry_above: usize,
    /// parry's normal differs from the strict reference's.
    parry_normal: usize,
    /// Same normal, a different number of touching or penetrating points: on face contacts, on
    /// edge contacts.
    parry_count: [usize; 2],
    /// ... of which parry has more than 4 (it does not reduce).
    parry_over_4: usize,
    /// Same normal, and some parry point is not a corner of the reference's contact polygon
    /// (before reduction), or its separation differs: on face contacts, on edge contacts.
    parry_points: [usize; 2],
    /// Compared face contacts, edge contacts.
    kinds: [usize; 2],
    /// Same normal, and parry's deepest separation differs from the reference's.
    parry_deepest: usize,
    /// A few examples: (pair, what).
    examples: Vec<(usize, String)>,
}

impl ManifoldTally {
    fn add(
        &mut self,
        i: usize,
        fast: ManifoldAgreement,
        has_contact: bool,
        strict: Option<&ReferenceManifold>,
        parry: &ParryPoints,
    ) {
        if has_contact {
            self.contacts += 1;
        }
        match fast {
            ManifoldAgreement::Agree => self.satbox[0] += 1,
            ManifoldAgreement::NearTie => self.satbox[1] += 1,
            ManifoldAgreement::Disagree(what) => {
                self.satbox[2] += 1;
                self.example(i, format!("satbox: {what}"));
            }
        }
        let Some(r) = strict else { return };
        if r.closeness < 1e-4 {
            return;
        }
        self.compared += 1;
        if parry.points.is_empty() {
            self.parry_missing += 1;
            self.example(i, format!("parry: no points, reference {}", r.points.len()));
            return;
        }
        if (parry.normal - r.normal).length() > POINT_TOL {
            self.parry_normal += 1;
            self.example(
                i,
                format!(
                    "parry: normal {:.4?}, reference {:.4?} (axis {})",
                    parry.normal.to_array(),
                    r.normal.to_array(),
                    r.chosen
                ),
            );
            return;
        }
        // the points parry keeps above the other surface are its speculative ones: left out
        let touching: Vec<(DVec3, f64)> = parry
            .points
            .iter()
            .copied()
            .filter(|(_, s)| *s <= 1e-5)
            .collect();
        if touching.len() < parry.points.len() {
            self.parry_above += 1;
        }
        let k = usize::from(matches!(r.kind, satbox::sat::AxisKind::Edge(..)));
        self.kinds[k] += 1;
        if touching.len() != r.points.len() {
            self.parry_count[k] += 1;
            if touching.len() > 4 && k == 0 {
                self.parry_over_4 += 1;
            } else {
                self.example(
                    i,
                    format!(
                        "parry: {} touching points, reference {} ({:?} contact)",
                        touching.len(),
                        r.points.len(),
                        r.kind
                    ),
                );
            }
        }
        let off = touching.iter().any(|(p, s)| {
            !r.candidates.iter().any(|c| {
                (c.point - *p).length() <= POINT_TOL && (c.separation - s).abs() <= POINT_TOL
            })
        });
        if off {
            self.parry_points[k] += 1;
            self.example(
                i,
                "parry: a point off the reference's contact polygon".into(),
            );
        }
        let deepest = |it: &mut dyn Iterator<Item = f64>| it.fold(f64::INFINITY, f64::min);
        let dp = deepest(&mut touching.iter().map(|(_, s)| *s));
        let dr = deepest(&mut r.points.iter().map(|c| c.separation));
        if (dp - dr).abs() > POINT_TOL {
            self.parry_deepest += 1;
            self.example(i, format!("parry: deepest {dp:.4}, reference {dr:.4}"));
        }
    }

    fn example(&mut self, i: usize, what: String) {
        if self.examples.len() < 4 {
            self.examples.push((i, what));
        }
    }

    fn print(&self, dim: &str, name: &str) {
        println!(
            "{dim} {name} manifolds: {} pairs in contact; satbox against the f64 reference: {} agree, \
             {} within rounding of a decision, {} disagree",
            self.contacts, self.satbox[0], self.satbox[1], self.satbox[2]
        );
        println!(
            "  parry against the strict f64 reference on {} pairs ({} face, {} edge contacts): {} \
             without points, {} with points above the other surface too (left out below), {} \
             another normal, {} another deepest separation",
            self.compared,
            self.kinds[0],
            self.kinds[1],
            self.parry_missing,
            self.parry_above,
            self.parry_normal,
            self.parry_deepest
        );
        println!(
            "  another count of touching points: {} face contacts ({} of them more than 4 \
             points), {} edge contacts; a point off the reference's contact polygon: {} face, {} \
             edge contacts",
            self.parry_count[0],
            self.parry_over_4,
            self.parry_count[1],
            self.parry_points[0],
            self.parry_points[1]
        );
        for (i, what) in &self.examples {
            println!("    pair {i}: {what}");
        }
    }
}

pub(super) fn manifold_agreement3(name: &str, pairs: &[(Obb3, Obb3)], parry: &[(P3, P3)]) {
    let (defaults, strict) = (ManifoldParams::default(), ManifoldParams::strict());
    let mut t = ManifoldTally::default();
    let mut pm = ParryManifold3::new();
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let r = reference::manifold3(a, b, &defaults);
        let scale =
            (b.center - a.center).length() + (a.half_extents + b.half_extents).element_sum();
        let fast = reference::compare_manifolds(
            dim3::manifold(a, b).as_ref(),
            r.as_ref(),
            defaults.margin,
            1e-4 * (1.0 + scale as f64),
        );
        parry3_manifold(pa, pb, &mut pm);
        let rs = reference::manifold3(a, b, &strict);
        t.add(
            i,
            fast,
            r.is_some(),
            rs.as_ref(),
            &parry3_points(pa, pb, &pm),
        );
    }
    t.print("3d", name);
}

pub(super) fn manifold_agreement2(spec: &SetSpec, pairs: &[(Obb2, Obb2)], parry: &[(P2, P2)]) {
    let (defaults, strict) = (ManifoldParams::default(), ManifoldParams::strict());
    let mut t = ManifoldTally::default();
    let mut pm = ParryManifold2::new();
    for (i, ((a, b), (pa, pb))) in pairs.iter().zip(parry).enumerate() {
        let r = reference::manifold2(a, b, &defaults);
        let scale =
            (b.center - a.center).length() + (a.half_extents + b.half_extents).element_sum();
        let fast = reference::compare_manifolds(
            dim2::manifold(a, b).as_ref(),
            r.as_ref(),
            defaults.margin,
            1e-4 * (1.0 + scale as f64),
        );
        parry2_manifold(pa, pb, &mut pm);
        let rs = reference::manifold2(a, b, &strict);
        t.add(
            i,
            fast,
            r.is_some(),
            rs.as_ref(),
            &parry2_points(pa, pb, &pm),
        );
    }
    t.print("2d", spec.name);
}
