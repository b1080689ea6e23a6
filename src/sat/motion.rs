//! Moving boxes: their poses over a step, and the first time they touch (the time of impact).
//!
//! A box moves with a linear velocity and turns about its centre with an angular velocity in
//! world coordinates; at time `t ∈ [0, dt]` its centre is `c + v·t` and its rotation is the turn by
//! `ω·t` applied after its own ([`Obb::turned`]). Two ways to find when a pair first touches:
//!
//! * **Axis intervals** ([`Sweep`]), exact for boxes that only translate: their axes do not turn,
//!   so on each candidate axis the shadows slide at a constant relative speed and overlap during
//!   one interval of time; the boxes first touch at the latest entry over the axes, when it comes
//!   before the earliest exit (Eberly, "Dynamic Collision Detection using Oriented Bounding
//!   Boxes", Geometric Tools; Ericson, *Real-Time Collision Detection*, §5.5). The axis whose
//!   entry is latest decides, and its interval says why the sweep hits.
//! * **Conservative advancement** ([`advance`]), for boxes that also turn (Mirtich 1996): at the
//!   current time the exact distance `d` and the direction `n` between the closest points give a
//!   plane that separates the boxes; no point of either box approaches it faster than
//!   `|v_rel·n| + |ω_A| r_A + |ω_B| r_B` (`r` the half diagonal), so the boxes cannot touch before
//!   `d` divided by that bound, and time advances by exactly that much. It never passes the first
//!   contact, and stops within a distance tolerance of it. Box2D's `b2TimeOfImpact` finds the root
//!   of a separating-axis function instead; advancement is chosen here because each step is a
//!   distance and a bound that the window can draw, and because it can never step past a contact.

use glam::{DVec3, Vec3};

use super::manifold::Manifold;
use super::obb::{scale, Obb};
use super::vector::Vector;
use super::{ManifoldParams, Report, SatParams, DEGENERATE_THRESHOLD};

/// How one box moves over the step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Motion<V> {
    /// Linear velocity (units per second).
    pub velocity: V,
    /// Angular velocity in world coordinates (rad/s); a 2D box turns by its `z`.
    pub angular_velocity: Vec3,
}

/// How a pair moves over one step of `dt` seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairMotion<V> {
    /// A's motion.
    pub a: Motion<V>,
    /// B's motion.
    pub b: Motion<V>,
    /// The step's length in seconds (> 0).
    pub dt: f32,
}

impl<V: Vector> PairMotion<V> {
    /// Whether either box turns: then only conservative advancement applies.
    pub fn turns(&self) -> bool {
        self.a.angular_velocity != Vec3::ZERO || self.b.angular_velocity != Vec3::ZERO
    }
}

/// The box `o` after `t` seconds of `motion`: the box itself at `t = 0`, and only moved (without
/// the rounding of a turn by nothing) when it does not turn.
pub fn pose_at<B: Obb>(o: &B, motion: &Motion<B::Vec>, t: f32) -> B {
    if t == 0.0 {
        *o
    } else if motion.angular_velocity == Vec3::ZERO {
        o.moved(motion.velocity * t)
    } else {
        o.turned(motion.angular_velocity, t)
            .moved(motion.velocity * t)
    }
}

/// Which method found a time of impact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToiMethod {
    /// The exact sweep of translating boxes along the candidate axes ([`Sweep`]).
    AxisIntervals,
    /// Conservative advancement, for turning boxes ([`advance`]).
    ConservativeAdvancement,
}

impl ToiMethod {
    /// `"axis_intervals"` or `"conservative_advancement"`, as `check` writes it.
    pub fn name(self) -> &'static str {
        match self {
            ToiMethod::AxisIntervals => "axis_intervals",
            ToiMethod::ConservativeAdvancement => "conservative_advancement",
        }
    }
}

/// When the two shadows on one candidate axis overlap, for translating boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisInterval {
    /// The candidate axis's index (test order).
    pub index: usize,
    /// The unit axis in `f64` (zero when degenerate).
    pub axis: DVec3,
    /// A degenerate edge axis never separates: its interval is all of time.
    pub degenerate: bool,
    /// How fast B's shadow slides relative to A's along the axis (units per second).
    pub speed: f64,
    /// The time the shadows start to overlap (`−∞` when they always did).
    pub enter: f64,
    /// The time they stop overlapping (`+∞` when they never stop); before `enter` when they never
    /// overlap at all.
    pub exit: f64,
}

impl AxisInterval {
    /// The shadows overlap at no time.
    pub fn is_empty(&self) -> bool {
        self.enter > self.exit
    }
}

/// The sweep of a translating pair: every axis's interval, and what they decide together.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    /// One interval per candidate axis, in test order.
    pub intervals: Vec<AxisInterval>,
    /// The latest entry over the non-degenerate axes.
    pub enter: f64,
    /// The earliest exit over the non-degenerate axes.
    pub exit: f64,
    /// The axis whose entry is latest: the one that decides when the boxes touch.
    pub deciding: Option<usize>,
}

impl Sweep {
    /// The sweep of `a` and `b` translating by `motion` (its angular velocities are ignored).
    pub fn of<B: Obb>(a: &B, b: &B, motion: &PairMotion<B::Vec>) -> Sweep {
        let relative = (motion.b.velocity - motion.a.velocity).to_dvec3();
        let report = B::reference(a, b, DEGENERATE_THRESHOLD as f64);
        let intervals: Vec<AxisInterval> = report
            .axes
            .iter()
            .enumerate()
            .map(|(index, r)| interval(index, r.axis, r.degenerate, r.a, r.b, relative))
            .collect();
        let live = || intervals.iter().filter(|i| !i.degenerate);
        // the latest entry, ties to the lowest index (test order, as the report's axes)
        let deciding = live()
            .fold(None::<&AxisInterval>, |best, i| match best {
                Some(b) if b.enter >= i.enter => Some(b),
                _ => Some(i),
            })
            .map(|i| i.index);
        Sweep {
            enter: live().map(|i| i.enter).fold(f64::NEG_INFINITY, f64::max),
            exit: live().map(|i| i.exit).fold(f64::INFINITY, f64::min),
            deciding,
            intervals,
        }
    }

    /// The first time in `[0, dt]` the boxes touch, if the sweep hits within the step: `0` when
    /// they already meet.
    pub fn first_touch(&self, dt: f64) -> Option<f64> {
        (self.enter <= self.exit && self.enter <= dt && self.exit >= 0.0)
            .then(|| self.enter.max(0.0))
    }
}

/// The times B's shadow `[b0, b1]` overlaps A's `[a0, a1]` while sliding at `speed` along the
/// axis: `a0 ≤ b1 + speed·t` and `b0 + speed·t ≤ a1`.
fn interval(
    index: usize,
    axis: DVec3,
    degenerate: bool,
    (a0, a1): (f64, f64),
    (b0, b1): (f64, f64),
    relative: DVec3,
) -> AxisInterval {
    let speed = relative.dot(axis);
    let (low, high) = (a0 - b1, a1 - b0);
    let (enter, exit) = if degenerate {
        (f64::NEG_INFINITY, f64::INFINITY)
    } else if speed == 0.0 {
        if low <= 0.0 && 0.0 <= high {
            (f64::NEG_INFINITY, f64::INFINITY)
        } else {
            (f64::INFINITY, f64::NEG_INFINITY)
        }
    } else if speed > 0.0 {
        (low / speed, high / speed)
    } else {
        (high / speed, low / speed)
    };
    AxisInterval {
        index,
        axis,
        degenerate,
        speed,
        enter,
        exit,
    }
}

/// One step of conservative advancement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdvanceStep {
    /// The time at the start of the step.
    pub t: f64,
    /// The exact distance between the boxes then.
    pub distance: f64,
    /// The unit direction from A's closest point to B's (zero when they touch).
    pub normal: DVec3,
    /// The fastest the boxes can approach along `normal`: `|v_rel·n| + |ω_A| r_A + |ω_B| r_B`.
    pub bound: f64,
    /// How far time advances: `distance / bound` (infinite when nothing approaches).
    pub advance: f64,
}

/// Conservative advancement's run: its steps, and the time it stopped within `tolerance` of
/// touching (`None` when the step ends first).
#[derive(Clone, Debug, PartialEq)]
pub struct Advancement {
    /// Every step, in order.
    pub steps: Vec<AdvanceStep>,
    /// The time of impact, when it comes within the step.
    pub t: Option<f64>,
    /// The distance under which the boxes count as touching.
    pub tolerance: f64,
}

/// The most steps advancement takes before it gives up (the boxes then count as not touching
/// within the step; a grazing turn can approach very slowly).
pub const MAX_ADVANCE_STEPS: usize = 500;

/// Conservative advancement of `a` and `b` over `motion`, stopping within `tolerance` of touching.
pub fn advance<B: Obb>(a: &B, b: &B, motion: &PairMotion<B::Vec>, tolerance: f64) -> Advancement {
    let relative = (motion.b.velocity - motion.a.velocity).to_dvec3();
    let spin = |m: &Motion<B::Vec>, o: &B| {
        m.angular_velocity.length() as f64 * o.half_extents().length() as f64
    };
    let turning = spin(&motion.a, a) + spin(&motion.b, b);
    let dt = motion.dt as f64;
    let mut out = Advancement {
        steps: Vec::new(),
        t: None,
        tolerance,
    };
    let mut t = 0.0f64;
    while out.steps.len() < MAX_ADVANCE_STEPS && t <= dt {
        let (pa, pb) = (
            pose_at(a, &motion.a, t as f32),
            pose_at(b, &motion.b, t as f32),
        );
        let distance = B::distance_f64(&pa, &pb);
        let normal = closest_direction(&pa, &pb);
        let bound = relative.dot(normal).abs() + turning;
        let advance = if bound > 0.0 {
            distance / bound
        } else {
            f64::INFINITY
        };
        out.steps.push(AdvanceStep {
            t,
            distance,
            normal,
            bound,
            advance,
        });
        if distance <= tolerance {
            out.t = Some(t);
            break;
        }
        t += advance;
    }
    out
}

/// The unit direction from A's closest point to B's; zero when the boxes meet.
fn closest_direction<B: Obb>(a: &B, b: &B) -> DVec3 {
    B::separation(a, b)
        .closest_points
        .map_or(DVec3::ZERO, |[p, q]| {
            (q.to_dvec3() - p.to_dvec3()).normalize_or_zero()
        })
}

/// When and where a moving pair first touches.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeOfImpact<B: Obb> {
    /// The time of impact, in `[0, dt]`: a time the boxes can be posed at (`t as f32` is exact),
    /// at which [`pose_at`] gives boxes that read touching (see [`time_of_impact`]).
    pub t: f64,
    /// The unit normal from A to B at that time.
    pub normal: B::Vec,
    /// The candidate axis that decides (the sweep's latest entry); `None` when the boxes already
    /// met at the start or when advancement found the time.
    pub axis: Option<usize>,
    /// The boxes at the time of impact.
    pub poses: (B, B),
    /// The contact manifold there (built with a margin of [`toi_margin`], since the boxes only
    /// touch to within rounding).
    pub manifold: Option<Manifold<B::Vec>>,
    /// How it was found.
    pub method: ToiMethod,
}

/// The distance within which moving boxes count as touching: `1e-5 · (1 + scale)` ([`scale`]).
pub fn toi_margin<B: Obb>(a: &B, b: &B) -> f32 {
    1e-5 * (1.0 + scale(a, b))
}

/// The time of impact of `a` and `b` over `motion`: by the axis intervals when neither box turns,
/// else by conservative advancement. `None` when they do not touch within the step.
///
/// The time is settled on an `f32` time at which the boxes posed by [`pose_at`] read touching
/// (the gap zero within the rounding of `f32` at their size): the intervals' exact time rounds to
/// one; advancement's, up to its tolerance short of the contact, is bisected to one between a time
/// the boxes read apart and one they overlap. It is never after the first contact by more than the
/// touching band.
pub fn time_of_impact<B: Obb>(
    a: &B,
    b: &B,
    motion: &PairMotion<B::Vec>,
) -> Option<TimeOfImpact<B>> {
    let margin = toi_margin(a, b);
    let (t, axis, method) = if motion.turns() {
        let run = advance(a, b, motion, margin as f64 / 2.0);
        (run.t?, None, ToiMethod::ConservativeAdvancement)
    } else {
        let sweep = Sweep::of(a, b, motion);
        let t = sweep.first_touch(motion.dt as f64)?;
        let axis = (t > 0.0).then_some(sweep.deciding).flatten();
        (t, axis, ToiMethod::AxisIntervals)
    };
    let t = settle(a, b, motion, t);
    let poses = (
        pose_at(a, &motion.a, t as f32),
        pose_at(b, &motion.b, t as f32),
    );
    let params = ManifoldParams {
        margin,
        ..ManifoldParams::default()
    };
    let manifold = B::manifold(&poses.0, &poses.1, &params);
    let normal = contact_normal(&poses, axis, manifold.as_ref());
    Some(TimeOfImpact {
        t,
        normal,
        axis,
        poses,
        manifold,
        method,
    })
}

/// How the boxes posed at one time read: apart, touching (the gap zero within the rounding of
/// `f32` at their size, [`Report::touching`]) or overlapping deeper than that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    Apart,
    Touching,
    Overlapping,
}

/// How the boxes read at time `t` of `motion`.
fn reading<B: Obb>(a: &B, b: &B, motion: &PairMotion<B::Vec>, t: f32) -> Reading {
    let (pa, pb) = (pose_at(a, &motion.a, t), pose_at(b, &motion.b, t));
    let r = B::report(&pa, &pb, &SatParams::default());
    match (r.touching(), r.intersect()) {
        (true, _) => Reading::Touching,
        (false, true) => Reading::Overlapping,
        (false, false) => Reading::Apart,
    }
}

/// The time of impact `t` settled on a time the boxes can be shown at: the `f32` time at which
/// the boxes posed by [`pose_at`] read touching, nearest `t`.
///
/// The axis intervals' exact time rounds to such a time. Advancement stops as much as its
/// tolerance before the contact, where the boxes still read apart: the time is then bracketed
/// between an `f32` time they read apart and a later one they overlap (steps that double from one
/// unit in the last place), and bisected until the boxes read touching. When the boxes read
/// apart to the end of the step (a graze that comes within the tolerance and parts again), `t`
/// is kept; when no `f32` time between apart and overlapping reads touching, the last one apart
/// is. So the time is never after the first contact by more than the touching band.
fn settle<B: Obb>(a: &B, b: &B, motion: &PairMotion<B::Vec>, t: f64) -> f64 {
    let at = |t: f32| reading(a, b, motion, t);
    let t0 = t as f32;
    let found = match at(t0) {
        Reading::Touching => return t0 as f64,
        Reading::Apart => bracket(t0, motion.dt, 1.0, &at),
        Reading::Overlapping => bracket(t0, 0.0, -1.0, &at).map_err(|(o, a)| (a, o)),
    };
    let (mut apart, mut overlapping) = match found {
        Ok(touching) => return touching as f64,
        Err(pair) => pair,
    };
    if at(apart) != Reading::Apart || at(overlapping) != Reading::Overlapping {
        // the step ends (or begins) before the boxes change how they read
        return t0 as f64;
    }
    loop {
        let mid = ((apart as f64 + overlapping as f64) / 2.0) as f32;
        if mid == apart || mid == overlapping {
            return apart as f64;
        }
        match at(mid) {
            Reading::Touching => return mid as f64,
            Reading::Apart => apart = mid,
            Reading::Overlapping => overlapping = mid,
        }
    }
}

/// From `from` towards `limit` (`direction` +1 later, −1 earlier) in steps that double from one
/// unit in the last place: a time that reads touching (`Ok`), or the last time read as at `from`
/// and the first read otherwise (`Err`; the second is `limit` when nothing changes before it).
fn bracket(
    from: f32,
    limit: f32,
    direction: f32,
    at: &dyn Fn(f32) -> Reading,
) -> Result<f32, (f32, f32)> {
    let first = at(from);
    let mut last = from;
    let mut step = (from.abs() * f32::EPSILON).max(f32::MIN_POSITIVE);
    loop {
        let next = from + direction * step;
        let next = if (next - limit) * direction >= 0.0 {
            limit
        } else {
            next
        };
        match at(next) {
            Reading::Touching => return Ok(next),
            r if r == first && next != limit => last = next,
            _ => return Err((last, next)),
        }
        step *= 2.0;
    }
}

/// The normal at the time of impact: the deciding axis turned from A to B, else the manifold's,
/// else from centre to centre.
fn contact_normal<B: Obb>(
    (a, b): &(B, B),
    axis: Option<usize>,
    manifold: Option<&Manifold<B::Vec>>,
) -> B::Vec {
    let offset = b.center() - a.center();
    if let Some(k) = axis {
        let r = B::reference(a, b, DEGENERATE_THRESHOLD as f64);
        let l = r.axes[k].axis;
        let l = B::Vec::from_coords([l.x as f32, l.y as f32, l.z as f32]);
        return if offset.dot(l) < 0.0 { -l } else { l };
    }
    if let Some(m) = manifold {
        return m.normal;
    }
    let length = offset.length();
    if length > 0.0 {
        offset * (1.0 / length)
    } else {
        B::Vec::unit(0)
    }
}
