//! Contacts over time: what survives of one frame's manifold in the next.
//!
//! A solver warm-starts each contact point with the impulse of the point it matches in the frame
//! before. Engines match two ways: by feature id (Box2D, Box3D) or by position within a distance
//! (Jolt, 1 cm, in the bodies' frames). [`between`] measures both side by side for two frames of
//! one pair, from the two manifolds and the boxes' poses of both frames:
//!
//! * **by id**: a point of this frame is *persisted* when the frame before had a point with the
//!   same [`ContactId`](super::ContactId), else *new*; a point of the frame before with no point of
//!   its id now is *lost*;
//! * **by position**: a point is persisted when a point of the frame before, carried by A's motion
//!   between the frames (where that point of A's material is now), lies within the distance
//!   ([`DEFAULT_MATCH_DISTANCE`] by default); each point of the frame before matches at most one,
//!   the nearest pairs first;
//! * **drift**: the largest distance a point persisted by id moved, against **boxes moved**: the
//!   largest distance either box's material moved at those points (Genesis #3245's measure: a
//!   point travelling far while the bodies barely move is the construction's doing, not the
//!   bodies');
//! * **flipped**: the construction changed between a face of A, a face of B and an edge pair.
//!
//! [`axis_cache`] simulates Box3D's separating-axis cache (`b3SATCache`) on the same two frames:
//! would the frame before's axis still be valid (its gap moved by less than the linear slop), and
//! how far is the manifold built on it from the fresh one?
//!
//! Pure functions on [`Obb`] boxes: the same code for 2D and 3D.

use arrayvec::ArrayVec;

use super::manifold::{FeatureChoice, Manifold, ManifoldParams};
use super::{AxisKind, Obb, Vector};

/// Jolt's distance for matching points by position: 1 cm (in length units).
pub const DEFAULT_MATCH_DISTANCE: f32 = 0.01;

/// What a manifold is built on: a face of A, a face of B or an edge of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Construction {
    /// A face of A is the reference face.
    FaceA,
    /// A face of B is the reference face.
    FaceB,
    /// An edge of A against an edge of B.
    Edge,
}

impl Construction {
    /// The construction of a manifold built on an axis of this kind.
    pub fn of(kind: AxisKind) -> Self {
        match kind {
            AxisKind::FaceA(_) => Construction::FaceA,
            AxisKind::FaceB(_) => Construction::FaceB,
            AxisKind::Edge(..) => Construction::Edge,
        }
    }

    /// `face A`, `face B`, `edge`.
    pub fn label(self) -> &'static str {
        match self {
            Construction::FaceA => "face A",
            Construction::FaceB => "face B",
            Construction::Edge => "edge",
        }
    }
}

/// One frame of a pair: the boxes and their manifold (`None` when apart).
#[derive(Clone, Copy, Debug)]
pub struct Snapshot<'a, B: Obb> {
    /// Box A.
    pub a: &'a B,
    /// Box B.
    pub b: &'a B,
    /// Their manifold.
    pub manifold: Option<&'a Manifold<B::Vec>>,
}

/// What became of one point of this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PointFate {
    /// The index of the point of the frame before with the same id.
    pub by_id: Option<usize>,
    /// The index of the point of the frame before matched by position.
    pub by_position: Option<usize>,
    /// How far it moved from the point of its id (when persisted by id).
    pub drift: f32,
    /// How far either box's material moved at it (when persisted by id).
    pub boxes_moved: f32,
}

/// The lifecycle of the points between two frames of one pair ([`between`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lifecycle {
    /// Points in the frame before.
    pub previous: usize,
    /// Points in this frame.
    pub current: usize,
    /// Points of this frame whose id the frame before had.
    pub persisted_by_id: usize,
    /// Points of this frame within the distance of a point of the frame before (carried by A).
    pub persisted_by_position: usize,
    /// Points of this frame whose id the frame before did not have.
    pub new: usize,
    /// Points of the frame before whose id this frame does not have.
    pub lost: usize,
    /// The construction of the frame before, if it had a manifold.
    pub from: Option<Construction>,
    /// The construction of this frame, if it has a manifold.
    pub to: Option<Construction>,
    /// The largest distance a point persisted by id moved (0 when none persisted).
    pub drift: f32,
    /// The largest distance either box's material moved at the points persisted by id.
    pub boxes_moved: f32,
    /// Each point of this frame, in the manifold's order.
    pub points: ArrayVec<PointFate, 4>,
}

impl Lifecycle {
    /// Whether the construction changed (face A, face B, edge) between two frames that both
    /// have a manifold.
    pub fn flipped(&self) -> bool {
        matches!((self.from, self.to), (Some(f), Some(t)) if f != t)
    }

    /// The share of the frame before's points a solver matching by id warm-starts (`None` when
    /// the frame before had none).
    pub fn warm_start_by_id(&self) -> Option<f32> {
        (self.previous > 0).then(|| self.persisted_by_id as f32 / self.previous as f32)
    }

    /// The same share for a solver matching by position.
    pub fn warm_start_by_position(&self) -> Option<f32> {
        (self.previous > 0).then(|| self.persisted_by_position as f32 / self.previous as f32)
    }

    /// Drift over boxes moved: `None` when no point persisted by id, `0` when neither moved,
    /// infinite when the points drifted while the boxes did not move at all.
    pub fn drift_ratio(&self) -> Option<f32> {
        if self.persisted_by_id == 0 {
            None
        } else if self.drift == 0.0 {
            Some(0.0)
        } else {
            Some(self.drift / self.boxes_moved)
        }
    }
}

/// A box's pose in two frames, for where its material moved.
struct Motion<V> {
    before_center: V,
    now_center: V,
    before_axes: ArrayVec<V, 3>,
    now_axes: ArrayVec<V, 3>,
}

impl<V: Vector> Motion<V> {
    fn of<B: Obb<Vec = V>>(before: &B, now: &B) -> Self {
        Self {
            before_center: before.center(),
            now_center: now.center(),
            before_axes: before.axis_vectors(),
            now_axes: now.axis_vectors(),
        }
    }

    /// Where the material at world point `p` of this frame was in the frame before.
    fn before(&self, p: V) -> V {
        let d = p - self.now_center;
        let mut q = self.before_center;
        for (u_now, u_before) in self.now_axes.iter().zip(&self.before_axes) {
            q += *u_before * d.dot(*u_now);
        }
        q
    }

    /// Where the material at world point `p` of the frame before is in this frame.
    fn now(&self, p: V) -> V {
        let d = p - self.before_center;
        let mut q = self.now_center;
        for (u_now, u_before) in self.now_axes.iter().zip(&self.before_axes) {
            q += *u_now * d.dot(*u_before);
        }
        q
    }
}

/// The lifecycle of the points from frame `before` to frame `now` of one pair, matching by
/// position within `distance` (see the module docs).
pub fn between<B: Obb>(before: Snapshot<'_, B>, now: Snapshot<'_, B>, distance: f32) -> Lifecycle {
    let old = before.manifold.map_or(&[][..], |m| m.points());
    let new = now.manifold.map_or(&[][..], |m| m.points());
    let mut out = Lifecycle {
        previous: old.len(),
        current: new.len(),
        from: before.manifold.map(|m| Construction::of(m.kind())),
        to: now.manifold.map(|m| Construction::of(m.kind())),
        points: new.iter().map(|_| PointFate::default()).collect(),
        ..Lifecycle::default()
    };
    if old.is_empty() || new.is_empty() {
        out.new = out.current;
        out.lost = out.previous;
        return out;
    }
    let (moved_a, moved_b) = (Motion::of(before.a, now.a), Motion::of(before.b, now.b));
    for (fate, p) in out.points.iter_mut().zip(new) {
        let Some(k) = old.iter().position(|q| q.id == p.id) else {
            continue;
        };
        fate.by_id = Some(k);
        fate.drift = (p.point - old[k].point).length();
        fate.boxes_moved = (p.point - moved_a.before(p.point))
            .length()
            .max((p.point - moved_b.before(p.point)).length());
    }
    // by position: the nearest pairs first, each point matched once
    let carried: ArrayVec<B::Vec, 4> = old.iter().map(|q| moved_a.now(q.point)).collect();
    let mut pairs: ArrayVec<(f32, usize, usize), 16> = ArrayVec::new();
    for (i, p) in new.iter().enumerate() {
        for (k, &q) in carried.iter().enumerate() {
            let d = (p.point - q).length();
            if d <= distance {
                pairs.push((d, i, k));
            }
        }
    }
    pairs.sort_unstable_by(|x, y| x.0.total_cmp(&y.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    let mut taken = [false; 4];
    for (_, i, k) in pairs {
        if out.points[i].by_position.is_none() && !taken[k] {
            out.points[i].by_position = Some(k);
            taken[k] = true;
        }
    }
    for f in &out.points {
        if f.by_id.is_some() {
            out.persisted_by_id += 1;
            out.drift = out.drift.max(f.drift);
            out.boxes_moved = out.boxes_moved.max(f.boxes_moved);
        }
        out.persisted_by_position += usize::from(f.by_position.is_some());
    }
    out.new = out.current - out.persisted_by_id;
    out.lost = out.previous - out.persisted_by_id;
    out
}

/// A whole recording's figures, frame after frame ([`Summary::add`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Frames compared with the frame before (every frame but the first).
    pub frames: usize,
    /// Points of the frames before, summed.
    pub previous: usize,
    /// Points persisted by id, summed.
    pub persisted_by_id: usize,
    /// Points persisted by position, summed.
    pub persisted_by_position: usize,
    /// New points, summed.
    pub new: usize,
    /// Lost points, summed.
    pub lost: usize,
    /// The frames (their index in the recording) where the construction flipped.
    pub flips: Vec<usize>,
    /// The frame with the largest drift ratio: its index, drift and boxes moved.
    pub worst_drift: Option<(usize, f32, f32)>,
}

impl Summary {
    /// Adds frame `frame`'s lifecycle against the frame before.
    pub fn add(&mut self, frame: usize, l: &Lifecycle) {
        self.frames += 1;
        self.previous += l.previous;
        self.persisted_by_id += l.persisted_by_id;
        self.persisted_by_position += l.persisted_by_position;
        self.new += l.new;
        self.lost += l.lost;
        if l.flipped() {
            self.flips.push(frame);
        }
        if let Some(r) = l.drift_ratio() {
            let worse = match self.worst_drift {
                None => true,
                Some((_, d, m)) => r > ratio(d, m),
            };
            if worse && r > 0.0 {
                self.worst_drift = Some((frame, l.drift, l.boxes_moved));
            }
        }
    }

    /// Adds the figures of the frames that follow these (a later part of the same recording).
    pub fn merge(&mut self, later: &Summary) {
        self.frames += later.frames;
        self.previous += later.previous;
        self.persisted_by_id += later.persisted_by_id;
        self.persisted_by_position += later.persisted_by_position;
        self.new += later.new;
        self.lost += later.lost;
        self.flips.extend_from_slice(&later.flips);
        if let Some((k, d, m)) = later.worst_drift {
            let worse = self
                .worst_drift
                .is_none_or(|(_, d0, m0)| ratio(d, m) > ratio(d0, m0));
            if worse {
                self.worst_drift = Some((k, d, m));
            }
        }
    }

    /// The share of the frames before's points persisted by id, over the whole recording.
    pub fn persistence_by_id(&self) -> Option<f32> {
        (self.previous > 0).then(|| self.persisted_by_id as f32 / self.previous as f32)
    }

    /// The same share by position.
    pub fn persistence_by_position(&self) -> Option<f32> {
        (self.previous > 0).then(|| self.persisted_by_position as f32 / self.previous as f32)
    }

    /// One line: `persisted by id 98.5 % (690 of 700), by position 100.0 %, new 10, lost 10,
    /// flips 2 (frames 12, 40), worst drift 1.2e-3 against 1e-6 moved (×1200) at frame 40`.
    pub fn line(&self) -> String {
        let share = |s: Option<f32>| s.map_or("–".to_string(), |s| format!("{:.1} %", s * 100.0));
        let frames = |f: &[usize]| {
            let mut t: Vec<String> = f.iter().take(8).map(|k| k.to_string()).collect();
            if f.len() > 8 {
                t.push("…".into());
            }
            t.join(", ")
        };
        let flips = match self.flips.len() {
            0 => "no flip".to_string(),
            1 => format!("1 flip (frame {})", self.flips[0]),
            n => format!("{n} flips (frames {})", frames(&self.flips)),
        };
        let drift = match self.worst_drift {
            None => "no drift".to_string(),
            Some((k, d, m)) => format!(
                "worst drift {d:.3e} against {m:.3e} moved (×{}) at frame {k}",
                fmt_ratio(ratio(d, m))
            ),
        };
        format!(
            "{} frames: persisted by id {} ({} of {}), by position {}, new {}, lost {}, {flips}, {drift}",
            self.frames,
            share(self.persistence_by_id()),
            self.persisted_by_id,
            self.previous,
            share(self.persistence_by_position()),
            self.new,
            self.lost,
        )
    }
}

/// `drift / moved`, infinite when only the points moved.
fn ratio(drift: f32, moved: f32) -> f32 {
    if drift == 0.0 {
        0.0
    } else {
        drift / moved
    }
}

/// A drift ratio in few characters: `∞`, `1.2e6`, `340`, `1.5`.
pub fn fmt_ratio(r: f32) -> String {
    if r.is_infinite() {
        "∞".into()
    } else if r >= 1e4 {
        format!("{r:.1e}")
    } else if r >= 10.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.2}")
    }
}

/// Box3D's linear slop (`B3_LINEAR_SLOP`, 0.005 m): a cached axis is reused while its gap moved by
/// less than this.
pub const LINEAR_SLOP: f32 = 0.005;

/// A simulated separating-axis cache between two frames ([`axis_cache`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CacheCheck {
    /// The cached axis: the one the frame before's manifold was built on.
    pub axis: usize,
    /// Its gap in the frame before.
    pub cached_gap: f32,
    /// Its gap in this frame (`−∞` when it gives no contact here: its edges no longer cross).
    pub gap_now: f32,
    /// The cache would be reused: the axis gives a contact and its gap moved by less than the
    /// linear slop.
    pub valid: bool,
    /// The fresh manifold is built on the same axis.
    pub same_axis: bool,
    /// The largest distance from a point of either manifold (the reused one, the fresh one) to
    /// the nearest point of the other; infinite when only one of them has points.
    pub distance: f32,
}

/// Box3D's separating-axis cache, simulated: the axis the frame before's manifold `before` was
/// built on, forced on boxes `a`, `b` of this frame (with `params`, the parameters both frames
/// were built with), against this frame's fresh manifold `fresh`. `None` when the frame before
/// had no manifold (nothing cached).
pub fn axis_cache<B: Obb>(
    before: Option<&Manifold<B::Vec>>,
    a: &B,
    b: &B,
    fresh: Option<&Manifold<B::Vec>>,
    params: &ManifoldParams,
) -> Option<CacheCheck> {
    let before = before?;
    let axis = before.choice.chosen;
    let forced = FeatureChoice::Axis(u8::try_from(axis).ok()?);
    let reused = B::manifold(a, b, &params.with_feature(forced));
    let kept = reused.as_ref().filter(|m| m.choice.chosen == axis);
    let gap_now = kept.map_or(f32::NEG_INFINITY, |m| m.choice.gap);
    let far = |from: &Manifold<B::Vec>, to: &Manifold<B::Vec>| {
        from.points()
            .iter()
            .map(|p| {
                to.points()
                    .iter()
                    .map(|q| (p.point - q.point).length())
                    .fold(f32::INFINITY, f32::min)
            })
            .fold(0.0f32, f32::max)
    };
    let distance = match (reused.as_ref(), fresh) {
        (Some(r), Some(f)) => far(r, f).max(far(f, r)),
        (None, None) => 0.0,
        _ => f32::INFINITY,
    };
    Some(CacheCheck {
        axis,
        cached_gap: before.choice.gap,
        gap_now,
        valid: (gap_now - before.choice.gap).abs() < LINEAR_SLOP,
        same_axis: fresh.is_some_and(|f| f.choice.chosen == axis),
        distance,
    })
}

/// A recording's simulated axis cache, frame after frame ([`CacheTally::add`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CacheTally {
    /// Frames with an axis cached (the frame before had a manifold).
    pub frames: usize,
    /// Of those, frames where the cache would be reused.
    pub valid: usize,
    /// Of the valid ones, frames where the fresh manifold is built on another axis.
    pub other_axis: usize,
    /// The valid frame whose reused manifold is farthest from the fresh one: its index and that
    /// distance.
    pub worst: Option<(usize, f32)>,
}

impl CacheTally {
    /// Adds frame `frame`'s check.
    pub fn add(&mut self, frame: usize, c: &CacheCheck) {
        self.frames += 1;
        if !c.valid {
            return;
        }
        self.valid += 1;
        self.other_axis += usize::from(!c.same_axis);
        if c.distance > self.worst.map_or(0.0, |w| w.1) {
            self.worst = Some((frame, c.distance));
        }
    }

    /// One line: `axis cache valid on 190 of 199 frames (another axis fresh on 12), reused
    /// points at most 3.1e-3 from fresh ones (frame 40)`.
    pub fn line(&self) -> String {
        let worst = match self.worst {
            None => "the reused points are the fresh ones".to_string(),
            Some((k, d)) => format!("reused points at most {d:.3e} from fresh ones (frame {k})"),
        };
        format!(
            "axis cache valid on {} of {} frames (another axis fresh on {}), {worst}",
            self.valid, self.frames, self.other_axis
        )
    }
}
