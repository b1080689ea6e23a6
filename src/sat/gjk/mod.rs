//! GJK and EPA beside SAT: the answer most engines give for two boxes, computed in `f64`, step by
//! step, so that it can be laid beside the separating-axis test.
//!
//! Both work on the Minkowski difference `A ⊖ B = {a − b}` ([`minkowski`]): the boxes intersect
//! exactly when the origin is inside it, their distance is the origin's distance to it, and their
//! penetration depth is the origin's distance to its boundary. Its support point in direction `d`
//! is `support_A(d) − support_B(−d)`, and that is all either algorithm asks of the boxes.
//!
//! * [`gjk`](search::gjk) closes a simplex of support points in on the origin: the distance of
//!   separated boxes (Gilbert, Johnson and Keerthi 1988; van den Bergen 2003, ch. 4; Ericson,
//!   *Real-Time Collision Detection*, §9.5).
//! * [`epa`](epa::epa) grows a polytope from GJK's last simplex to the boundary: the depth of
//!   intersecting boxes (van den Bergen 2001).
//! * [`query`] runs both, as parry's `query::contact` does for two cuboids, and [`trace`] runs the
//!   same code keeping every step.
//!
//! The tolerances and stopping rules are parry's ([`GjkParams::PARRY`]), so that the steps explain
//! parry's numbers; unlike parry, everything is in `f64` and written once for both dimensions
//! (a 2D box is a flat 3D one, [`Box64`]).

pub mod epa;
pub mod minkowski;
pub mod search;
pub mod simplex;

use glam::DVec3;

pub use epa::{EpaRun, EpaStep, Facet};
pub use minkowski::{MinkowskiDifference, MinkowskiFace};
pub use search::{GjkRun, GjkStep};
pub use simplex::{Simplex, SupportPoint};

use crate::sat::reference::Box64;

/// Why GJK or EPA stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The bounds met exactly: GJK found no support point nearer than its simplex, or EPA's
    /// support point lay on its nearest facet.
    Converged,
    /// The bounds met within the tolerance ([`GjkParams::relative`] for GJK,
    /// [`GjkParams::epa_tolerance`] for EPA).
    Tolerance,
    /// [`GjkParams::max_iterations`] iterations without meeting.
    IterationCap,
    /// EPA could not grow: no facet saw the new point, or a new facet had no normal.
    Degenerate,
}

impl Stop {
    /// `"converged"`, `"tolerance"`, `"iteration_cap"` or `"degenerate"`, as `check` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Converged => "converged",
            Stop::Tolerance => "tolerance",
            Stop::IterationCap => "iteration_cap",
            Stop::Degenerate => "degenerate",
        }
    }
}

/// The tolerances and the iteration cap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkParams {
    /// GJK: the origin is on the simplex when nearer than this (parry: `10 ε`, `ε` of `f32`).
    pub on_simplex: f64,
    /// GJK stops when its upper and lower bounds on the distance are within this fraction of
    /// the upper one (parry: `√(10 ε)`, about 1.1e-3).
    pub relative: f64,
    /// EPA stops when its nearest facet is within this of the least support distance seen
    /// (parry: `100 ε`, about 1.2e-5).
    pub epa_tolerance: f64,
    /// Iterations of each before giving up (parry: 100).
    pub max_iterations: usize,
}

impl GjkParams {
    /// parry 0.31's values (`query::gjk::eps_tol`, `query::epa::EPA::closest_points`).
    pub const PARRY: GjkParams = GjkParams {
        on_simplex: 10.0 * f32::EPSILON as f64,
        relative: 0.001_086_2, // √(10 · f32::EPSILON)
        epa_tolerance: 100.0 * f32::EPSILON as f64,
        max_iterations: 100,
    };
}

impl Default for GjkParams {
    fn default() -> Self {
        Self::PARRY
    }
}

/// Where a run's steps go: nowhere ([`NoSteps`]) or into a `Vec`. The traced and untraced runs are
/// the same code.
pub trait Sink<T> {
    /// Keeps the step `make` builds (only called when kept).
    fn keep(&mut self, make: impl FnOnce() -> T);
}

/// Keeps no steps.
pub struct NoSteps;

impl<T> Sink<T> for NoSteps {
    #[inline(always)]
    fn keep(&mut self, _make: impl FnOnce() -> T) {}
}

impl<T> Sink<T> for Vec<T> {
    fn keep(&mut self, make: impl FnOnce() -> T) {
        self.push(make());
    }
}

/// GJK's and EPA's answer for a pair, as `check` writes it (`"gjk"`).
#[derive(Clone, Debug, PartialEq)]
pub struct GjkAnswer {
    /// The distance, when GJK finds the boxes apart.
    pub distance: Option<f64>,
    /// The penetration depth, when EPA ran (the boxes intersect or touch).
    pub depth: Option<f64>,
    /// The unit normal from A to B (of the distance or of the depth); `None` when EPA could not
    /// build a polytope.
    pub normal: Option<DVec3>,
    /// GJK's iterations.
    pub iterations: usize,
    /// EPA's iterations, when it ran.
    pub epa_iterations: Option<usize>,
    /// Why the last of them stopped.
    pub stopped: Stop,
    /// Support points evaluated by both.
    pub support_evaluations: usize,
    /// parry's rule on the same EPA run ([`EpaRun::parry_pick`]): its depth and normal.
    pub parry_pick: Option<(f64, DVec3)>,
}

/// Everything GJK and EPA did on a pair: each step, and the answer.
#[derive(Clone, Debug, PartialEq)]
pub struct GjkTrace {
    /// GJK's steps.
    pub gjk: Vec<GjkStep>,
    /// GJK's conclusion.
    pub run: GjkRun,
    /// EPA's steps (empty when the boxes are apart).
    pub epa: Vec<EpaStep>,
    /// EPA's conclusion, when it ran and could build a polytope.
    pub epa_run: Option<EpaRun>,
    /// The answer.
    pub answer: GjkAnswer,
}

/// GJK, then EPA when the origin is in `A ⊖ B`, with `params`; the steps into the two sinks.
pub fn run(
    a: &Box64,
    b: &Box64,
    params: &GjkParams,
    gjk_steps: &mut impl Sink<GjkStep>,
    epa_steps: &mut impl Sink<EpaStep>,
) -> (GjkRun, Option<EpaRun>, GjkAnswer) {
    let run = search::gjk(a, b, params, gjk_steps);
    let epa_run = match run.separated {
        Some(_) => None,
        None => epa::epa(a, b, &run.simplex, params, epa_steps),
    };
    let answer = answer(&run, epa_run.as_ref());
    (run, epa_run, answer)
}

fn answer(run: &GjkRun, epa: Option<&EpaRun>) -> GjkAnswer {
    let mut out = GjkAnswer {
        distance: None,
        depth: None,
        normal: None,
        iterations: run.iterations,
        epa_iterations: None,
        stopped: run.stopped,
        support_evaluations: run.support_evaluations,
        parry_pick: None,
    };
    if let Some((distance, _, normal)) = run.separated {
        out.distance = Some(distance);
        out.normal = Some(normal);
    } else if let Some(e) = epa {
        // a facet a rounding below the origin is a touching pair: depth 0, not negative
        out.depth = Some(e.depth.max(0.0));
        out.normal = Some(e.normal);
        out.epa_iterations = Some(e.iterations);
        out.stopped = e.stopped;
        out.support_evaluations += e.support_evaluations;
        out.parry_pick = e.parry_pick;
    } else {
        out.epa_iterations = Some(0);
        out.stopped = Stop::Degenerate;
    }
    out
}

/// GJK and EPA's answer for the pair with parry's tolerances.
pub fn query(a: &Box64, b: &Box64) -> GjkAnswer {
    run(a, b, &GjkParams::PARRY, &mut NoSteps, &mut NoSteps).2
}

/// The same run keeping every step.
pub fn trace(a: &Box64, b: &Box64, params: &GjkParams) -> GjkTrace {
    let (mut gjk, mut epa) = (Vec::new(), Vec::new());
    let (run, epa_run, answer) = self::run(a, b, params, &mut gjk, &mut epa);
    GjkTrace {
        gjk,
        run,
        epa,
        epa_run,
        answer,
    }
}
