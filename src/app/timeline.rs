//! A recording opened as a timeline, with no window in it: every frame's verdict, deciding axis,
//! contact, parry's agreement and what became of the contact points since the frame before
//! ([`lifecycle`]) computed once when the file opens, where they change, and which frame is
//! shown (stepped, dragged or played). The panel's view is [`super::ui::timeline`].

use super::dim::Dim;
use super::motion::Tunnel;
use crate::engines::ask::ask_one;
use crate::engines::compare::Truth;
use crate::engines::{EngineName, Question};
use crate::sat::lifecycle::{
    self, CacheCheck, CacheTally, Construction, Lifecycle, Snapshot, Summary,
    DEFAULT_MATCH_DISTANCE,
};
use crate::sat::{Manifold, ManifoldParams, SatParams};
use crate::sat::{Obb, Report};
use crate::scene::motion::MotionSpec;
use crate::scene::recording::{RecordedContact, Recording};
use crate::scene::PairBox;
use crate::scene::{Mode, Pair};

/// What one frame of the recording shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Mark {
    /// 1-based line of the file.
    pub line: usize,
    /// Its time, when the file gives one.
    pub t: Option<f64>,
    /// Its label, when the file gives one.
    pub label: Option<String>,
    /// The pair, or why the line could not be read.
    pub pair: Result<Pair, String>,
    /// The verdict sentence (empty for an error frame).
    pub verdict: String,
    /// Intersecting, touching (gap 0 within rounding).
    pub intersect: bool,
    /// The gap is zero within rounding.
    pub touching: bool,
    /// The deciding axis: the first separating one, or the least penetration; and its label.
    pub axis: Option<(usize, String)>,
    /// The feature pair in contact.
    pub features: Option<String>,
    /// Contact points in the manifold (no margin).
    pub points: usize,
    /// The axis the manifold is built on, when it is not the deciding axis: its index, label and
    /// why (the face preference, supporting edges that do not cross, or a tie within rounding).
    pub contact_axis: Option<(usize, String, &'static str)>,
    /// parry's disagreements with satbox on this frame (the one comparison's): their kind
    /// ([`crate::engines::compare::Kind`]) and the sentence.
    pub parry: Vec<(&'static str, String)>,
    /// The boxes tunnel between this frame and the next readable one ([`Tunnel`]).
    pub tunnel: Option<Tunnelling>,
    /// What became of the contact points of the readable frame before ([`lifecycle`]); `None`
    /// on the first readable frame and on a frame that does not read.
    pub since: Option<Lifecycle>,
    /// What this frame's manifold is built on, when it has one.
    pub construction: Option<Construction>,
    /// The frame before's axis, cached as Box3D caches it, checked on this frame.
    pub cache: Option<CacheCheck>,
    /// The engine's own contact, in a frame recorded from a simulation.
    pub engine: Option<RecordedContact>,
}

/// How a frame tunnels before the next: how, the motion from this frame to the next (each box's
/// displacement and turn over the time between them) and the time of impact in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Tunnelling {
    /// Missed between two frames apart, or pushed on through.
    pub kind: Tunnel,
    /// The motion from this frame to the next.
    pub spec: MotionSpec,
    /// When the boxes first touch in it (0 when they already touch at this frame).
    pub toi: f64,
}

/// A recording being scrubbed.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Timeline {
    /// The file's name.
    pub name: String,
    /// The mode of its frames.
    pub mode: Mode,
    /// Every frame, error frames included.
    pub marks: Vec<Mark>,
    /// The frame shown.
    pub current: usize,
    /// Playing.
    pub playing: bool,
    /// Frames per second when playing.
    pub fps: f32,
    /// The contact points over the whole recording: persistence, flips, worst drift.
    pub summary: Summary,
    /// The simulated axis cache over the whole recording.
    pub cache: CacheTally,
    /// Time since the last frame while playing, seconds.
    clock: f32,
    /// The frame last put into the scene.
    applied: Option<usize>,
}

fn mark<D: Dim>(frame: &crate::scene::recording::RecordedFrame, params: &SatParams) -> Mark {
    let mut m = Mark {
        line: frame.line,
        t: frame.t,
        label: frame.label.clone(),
        pair: Err(String::new()),
        verdict: String::new(),
        intersect: false,
        touching: false,
        axis: None,
        features: None,
        points: 0,
        contact_axis: None,
        parry: Vec::new(),
        tunnel: None,
        since: None,
        construction: None,
        cache: None,
        engine: frame.engine.clone(),
    };
    let (pair, radii) = match &frame.case {
        Err(e) => {
            m.pair = Err(e.to_string());
            return m;
        }
        Ok(noted) => (noted.pair, noted.radii),
    };
    let Some((a, b)) = D::Obb::of_pair(&pair) else {
        m.pair = Err(format!(
            "a {} frame in a {} recording",
            pair.mode(),
            D::MODE
        ));
        return m;
    };
    let super::mode::Analysis {
        answer,
        report,
        contact: trace,
    } = super::mode::analyse::<D>(&a, &b, radii, params, &ManifoldParams::default());
    let axis = answer.first_separating.or(answer.axis);
    let points = trace.manifold.as_ref().map_or(0, |m| m.points().len());
    let contact_axis = trace
        .manifold
        .as_ref()
        .filter(|m| Some(m.choice.chosen) != axis)
        .map(|m| {
            (
                m.choice.chosen,
                m.choice.kind.label(),
                m.choice.why_not_strict(),
            )
        });
    let question = Question {
        pair,
        radii,
        motion: None,
    };
    let parry = ask_one(EngineName::Parry, &question, &Truth::of(&a, &b, &answer));
    Mark {
        pair: Ok(pair),
        verdict: answer.verdict(report.axes()),
        intersect: answer.intersect,
        touching: answer.touching,
        axis: axis.map(|i| (i, report.axes()[i].kind().label())),
        features: super::analysis::contact_features::<D::Obb>(&a, &b, &answer),
        points,
        construction: trace.manifold.as_ref().map(|m| Construction::of(m.kind())),
        contact_axis,
        parry: parry
            .comparison
            .iter()
            .flat_map(|c| &c.disagreements)
            .map(|d| (d.kind.name(), d.description.clone()))
            .collect(),
        ..m
    }
}

/// Marks each frame whose boxes tunnel before the next readable frame. The time between frames
/// is the difference of their `t`, or 1 when either has none.
fn mark_tunnels<D: Dim>(marks: &mut [Mark]) {
    let boxes = |m: &Mark| m.pair.as_ref().ok().and_then(D::Obb::of_pair);
    let readable: Vec<usize> = (0..marks.len())
        .filter(|&i| boxes(&marks[i]).is_some())
        .collect();
    for w in readable.windows(2) {
        let (i, j) = (w[0], w[1]);
        let (Some(from), Some(to)) = (boxes(&marks[i]), boxes(&marks[j])) else {
            continue;
        };
        let dt = match (marks[i].t, marks[j].t) {
            (Some(t0), Some(t1)) => (t1 - t0) as f32,
            _ => 1.0,
        };
        let Some(kind) = super::motion::tunnels(&from, &to, dt) else {
            continue;
        };
        let Some(spec) = super::motion::between_frames(&from, &to, dt) else {
            continue;
        };
        let motion = spec.for_boxes::<D::Vec>();
        let toi = crate::sat::motion::time_of_impact(&from.0, &from.1, &motion);
        marks[i].tunnel = toi.map(|toi| Tunnelling {
            kind,
            spec,
            toi: toi.t,
        });
    }
}

/// A readable frame's boxes and their manifold.
type FrameContact<D> = (
    <D as Dim>::Obb,
    <D as Dim>::Obb,
    Option<Manifold<<D as Dim>::Vec>>,
);

/// Each readable frame's lifecycle against the readable frame before it, and the recording's
/// summary (frames numbered from 1, as the window shows them).
fn mark_lifecycles<D: Dim>(marks: &mut [Mark]) -> (Summary, CacheTally) {
    let mut summary = Summary::default();
    let mut cache = CacheTally::default();
    let params = ManifoldParams::default();
    let mut before: Option<FrameContact<D>> = None;
    for (i, mark) in marks.iter_mut().enumerate() {
        let Some((a, b)) = mark.pair.as_ref().ok().and_then(D::Obb::of_pair) else {
            continue;
        };
        let m = D::Obb::manifold(&a, &b, &params);
        if let Some((a0, b0, m0)) = &before {
            let l = lifecycle::between(
                Snapshot {
                    a: a0,
                    b: b0,
                    manifold: m0.as_ref(),
                },
                Snapshot {
                    a: &a,
                    b: &b,
                    manifold: m.as_ref(),
                },
                DEFAULT_MATCH_DISTANCE,
            );
            summary.add(i + 1, &l);
            mark.since = Some(l);
            mark.cache = lifecycle::axis_cache(m0.as_ref(), &a, &b, m.as_ref(), &params);
            if let Some(c) = &mark.cache {
                cache.add(i + 1, c);
            }
        }
        before = Some((a, b, m));
    }
    (summary, cache)
}

impl Timeline {
    /// The timeline of a recording of `D`'s mode, every frame measured now; `None` when it has
    /// fewer than two readable frames (one case opens as a scene).
    pub(crate) fn of<D: Dim>(
        name: &str,
        recording: &Recording,
        params: &SatParams,
    ) -> Option<Self> {
        if recording.good_frames().count() < 2 {
            return None;
        }
        let mut marks: Vec<Mark> = recording
            .frames
            .iter()
            .map(|f| mark::<D>(f, params))
            .collect();
        mark_tunnels::<D>(&mut marks);
        let (summary, cache) = mark_lifecycles::<D>(&mut marks);
        Some(Self {
            summary,
            cache,
            name: name.to_string(),
            mode: D::MODE,
            marks,
            current: 0,
            playing: false,
            fps: 10.0,
            clock: 0.0,
            applied: None,
        })
    }

    /// Whether frame `i` shows something new against the readable frame before it: another
    /// verdict, deciding axis or feature pair.
    /// The engine that recorded the frames' own contacts (its name's first word), when the
    /// recording was made in a simulation.
    pub(crate) fn engine(&self) -> Option<&str> {
        self.marks
            .iter()
            .find_map(|m| m.engine.as_ref())
            .and_then(|e| e.name.split_whitespace().next())
    }

    pub(crate) fn changes(&self, i: usize) -> bool {
        let Some(now) = self.marks.get(i).filter(|m| m.pair.is_ok()) else {
            return false;
        };
        let before = self.marks[..i].iter().rev().find(|m| m.pair.is_ok());
        before.is_some_and(|b| {
            (b.intersect, b.touching, &b.axis, &b.features)
                != (now.intersect, now.touching, &now.axis, &now.features)
        })
    }

    /// The frames whose boxes tunnel before the next one.
    pub(crate) fn tunnelling(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.marks.len()).filter(|&i| self.marks[i].tunnel.is_some())
    }

    /// Whether parry disagrees with satbox on frame `i` (differences by design are not
    /// disagreements).
    pub(crate) fn parry_differs(&self, i: usize) -> bool {
        !self.marks[i].parry.is_empty()
    }

    /// Shows frame `i` (clamped to the recording).
    pub(crate) fn go(&mut self, i: usize) {
        self.current = i.min(self.marks.len() - 1);
        self.clock = 0.0;
    }

    /// Plays or pauses; playing from the last frame starts again at the first.
    pub(crate) fn play(&mut self, on: bool) {
        if on && self.current + 1 >= self.marks.len() {
            self.current = 0;
        }
        self.playing = on;
        self.clock = 0.0;
    }

    /// Advances a playing timeline by `dt` seconds; it stops at the last frame.
    pub(crate) fn tick(&mut self, dt: f32) {
        if !self.playing {
            return;
        }
        self.clock += dt;
        let step = 1.0 / self.fps.max(0.1);
        while self.clock >= step && self.playing {
            self.clock -= step;
            if self.current + 1 < self.marks.len() {
                self.current += 1;
            } else {
                self.playing = false;
            }
        }
    }

    /// The pair of the frame shown and its description, once each time the frame changes (an
    /// error frame has none).
    pub(crate) fn take_frame(&mut self) -> Option<(Pair, String, Option<MotionSpec>)> {
        if self.applied == Some(self.current) {
            return None;
        }
        self.applied = Some(self.current);
        let mark = &self.marks[self.current];
        let pair = mark.pair.clone().ok()?;
        let time = mark.t.map(|t| format!(", t = {t}")).unwrap_or_default();
        let description = format!(
            "frame {} of {} of the recording {} (line {}{time})",
            self.current + 1,
            self.marks.len(),
            self.name,
            mark.line
        );
        Some((pair, description, mark.tunnel.map(|t| t.spec)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::three::Three;

    /// Box B of a readable 3D frame.
    fn box_b(m: &Mark) -> crate::sat::Obb3 {
        crate::sat::Obb3::of_pair(m.pair.as_ref().unwrap())
            .unwrap()
            .1
    }

    /// The timeline of a recording shipped in `assets/recordings/`.
    fn shipped(name: &str) -> Timeline {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/recordings")
            .join(name);
        let recording = Recording::load(&path).unwrap();
        Timeline::of::<Three>(name, &recording, &SatParams::default()).unwrap()
    }

    fn settling() -> Timeline {
        shipped("box-settling.jsonl")
    }

    #[test]
    fn a_box_simulated_onto_a_plate_rolling_on_its_edge_a_hair_above_it_never_tunnels() {
        // Box3D holds the landing box 1e-5 above the plate while it rolls on an edge: the sweep
        // between two such frames (one velocity, one spin) grazes the plate within its own error
        assert_eq!(shipped("box3d-settle.jsonl").tunnelling().count(), 0);
    }

    /// What `check --summary` prints for the jittered stack (`tests/cli_check.rs` pins the same
    /// text): the window and `check` agree.
    const STACK_SUMMARY: &str = "199 frames: persisted by id 100.0 % (796 of 796), by \
        position 100.0 %, new 0, lost 0, 4 flips (frames 75, 76, 122, 123), worst drift \
        1.467e-4 against 1.407e-4 moved (×1.04) at frame 3";

    /// Every frame of the jittered stack after the first has its lanes, the summary adds them up,
    /// and it is `check --summary`'s.
    #[test]
    fn the_lanes_of_the_jittered_stack_add_up_to_its_summary() {
        let tl = shipped("stack-jitter.jsonl");
        assert!(tl.marks[0].since.is_none());
        let mut sum = Summary::default();
        for (k, m) in tl.marks.iter().enumerate().skip(1) {
            let l = m
                .since
                .as_ref()
                .expect("a readable frame after the first has its lanes");
            assert_eq!(l.persisted_by_id + l.new, m.points);
            sum.add(k + 1, l);
        }
        assert_eq!(sum, tl.summary);
        assert_eq!(tl.summary.line(), STACK_SUMMARY);
    }

    #[test]
    fn the_settling_recording_falls_touches_and_tunnels_with_parry_short_on_the_tunnel() {
        let t = settling();
        assert_eq!(t.mode, Mode::Three);
        assert!(t.marks.iter().all(|m| m.pair.is_ok()));
        let kinds = |f: fn(&Mark) -> bool| t.marks.iter().filter(|m| f(m)).count();
        assert!(kinds(|m| !m.intersect) > 0 && kinds(|m| m.intersect && !m.touching) > 0);
        assert!(kinds(|m| m.touching) > 0, "the box settles to touching");
        // the deciding axis moves between a face axis and edge axes
        let axes: std::collections::BTreeSet<&str> = t
            .marks
            .iter()
            .filter_map(|m| m.axis.as_ref().map(|(_, l)| l.as_str()))
            .collect();
        assert!(axes.iter().any(|a| a.contains('×')) && axes.iter().any(|a| !a.contains('×')));
        let changes = (0..t.marks.len()).filter(|&i| t.changes(i)).count();
        assert!(changes >= 4, "{changes} changes");
        // parry3d's known short depth on the tunnelling frames
        let short = kinds(|m| m.parry.iter().any(|(what, _)| *what == "depth"));
        assert!(short >= 11, "{short} frames with parry's depth short");
        // its "tunnelling" frames are the box sunk deep into the plate: 0.01 deep on top of it at
        // frame 140, it is 1.43 deep at frame 141 with its centre past the plate's middle, so a
        // push-out sends it on through; the strip marks frame 140 (index 139), and only it
        assert!(t.marks[140].intersect && t.marks[140].label.as_deref() == Some("tunnelling"));
        assert_eq!(t.tunnelling().collect::<Vec<_>>(), vec![139]);
        let tunnel = t.marks[139].tunnel.unwrap();
        let Tunnel::Through { depth } = tunnel.kind else {
            panic!("{tunnel:?}")
        };
        assert!((depth - 1.434).abs() < 1e-3, "{depth}");
        // opening frame 140 shows the motion to frame 141: its end is frame 141's boxes
        let end = crate::sat::motion::pose_at(
            &box_b(&t.marks[139]),
            &tunnel.spec.for_boxes::<glam::Vec3>().b,
            tunnel.spec.dt,
        );
        let next = box_b(&t.marks[140]);
        assert!((end.center - next.center).length() < 1e-4);
        assert!(end.rotation.dot(next.rotation).abs() > 1.0 - 1e-5);
    }

    #[test]
    fn two_frames_a_box_passes_through_between_are_marked_as_tunnelling() {
        let line = |t: f32, x: f32| {
            format!(
                r#"{{"t":{t},"a":{{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}},"b":{{"center":[{x},0,0],"half_extents":[1,0.1,1],"rotation":[0,0,0,1]}}}}"#
            )
        };
        let text = [line(0.0, -3.0), line(0.1, 3.0), line(0.2, 3.5)].join("\n");
        let recording = Recording::from_text(&text);
        let mut t = Timeline::of::<Three>("pass.jsonl", &recording, &SatParams::default()).unwrap();
        assert_eq!(t.tunnelling().collect::<Vec<_>>(), vec![0]);
        let tunnel = t.marks[0].tunnel.unwrap();
        assert_eq!(tunnel.kind, Tunnel::Missed);
        let (spec, toi) = (tunnel.spec, tunnel.toi);
        assert!((spec.b.velocity[0] - 60.0).abs() < 1e-3 && (toi - 1.0 / 60.0).abs() < 1e-5);
        // opening the frame hands its motion over with it
        let (_, _, motion) = t.take_frame().unwrap();
        assert_eq!(motion, Some(spec));
    }

    #[test]
    fn playing_steps_at_its_rate_stops_at_the_end_and_hands_each_frame_over_once() {
        let mut t = settling();
        assert!(t.take_frame().is_some());
        assert!(t.take_frame().is_none(), "a frame is put in the scene once");
        t.fps = 10.0;
        t.play(true);
        t.tick(0.25);
        assert_eq!(t.current, 2);
        assert!(t.take_frame().is_some());
        let n = t.marks.len();
        t.tick(1000.0);
        assert_eq!(t.current, n - 1);
        assert!(!t.playing, "it stops at the last frame");
        t.play(true);
        assert_eq!(t.current, 0, "playing from the end starts again");
        t.go(usize::MAX);
        assert_eq!(t.current, n - 1);
    }
}
