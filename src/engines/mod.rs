//! Other engines' answers for the same pair, side by side with satbox's: what each says and
//! where it disagrees, as plain data for `check --compare`, the window's Engines section and the
//! audit (`satbox audit`).
//!
//! One layer for every engine: an engine is one file here behind one trait ([`Engine`]) that says
//! its name, version, the dimensions it answers and its settings ([`About`]), checks what it
//! accepts before its C or C++ code is called ([`Engine::refuse`]), and answers a [`Question`]
//! (two boxes, each one's radius, a motion) in satbox's terms ([`EngineAnswer`]: the verdict, the
//! depth, the normal from A to B, its contact points with its own feature names, the distance and
//! closest points where it has them, the time of impact where it has it). No engine's types leave
//! its file: boxes go in as satbox's, answers come out as glam vectors of satbox's own glam.
//!
//! One way to ask: [`ask::ask_all`] asks the engines named about a question, each of its answers
//! laid beside satbox's answer for the boxes it was asked about ([`compare::Truth`]) by the one
//! comparison, [`compare::compare`], which names each difference: a disagreement with its size,
//! or a difference by design with its reason. The window, `check --compare` and the audit all
//! call it; parry is an engine like any other.

pub mod ask;
pub mod compare;
#[cfg(not(target_arch = "wasm32"))]
pub mod external;
pub mod parry;
pub mod protocol;
#[cfg(not(target_arch = "wasm32"))]
pub mod repro;
pub mod simulate;

#[cfg(all(feature = "box2d", not(target_arch = "wasm32")))]
mod box2d;
#[cfg(all(feature = "box3d", not(target_arch = "wasm32")))]
mod box3d;
#[cfg(all(feature = "box3d", not(target_arch = "wasm32")))]
mod box3d_world;
#[cfg(all(feature = "bullet", not(target_arch = "wasm32")))]
mod bullet;
#[cfg(all(feature = "jolt", not(target_arch = "wasm32")))]
mod jolt;
#[cfg(all(feature = "mujoco", not(target_arch = "wasm32")))]
mod mujoco;
#[cfg(all(feature = "ode", not(target_arch = "wasm32")))]
mod ode;
#[cfg(all(any(feature = "bullet", feature = "ode"), not(target_arch = "wasm32")))]
mod shim;

use glam::Vec3;

use crate::scene::motion::MotionSpec;
use crate::scene::{Mode, Pair};

/// An engine satbox can ask, by the name used everywhere (`check --compare`, the panel, cargo
/// features).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EngineName {
    /// parry2d / parry3d 0.31.
    Parry,
    /// Box2D v3 (2D).
    Box2d,
    /// Box3D.
    Box3d,
    /// Jolt Physics.
    Jolt,
    /// MuJoCo.
    Mujoco,
    /// Bullet.
    Bullet,
    /// ODE.
    Ode,
}

impl EngineName {
    /// Every engine, in the order they are listed.
    pub const ALL: [EngineName; 7] = [
        EngineName::Parry,
        EngineName::Box2d,
        EngineName::Box3d,
        EngineName::Jolt,
        EngineName::Mujoco,
        EngineName::Bullet,
        EngineName::Ode,
    ];

    /// `"parry"`, `"box2d"`, `"box3d"`, `"jolt"`, `"mujoco"`, `"bullet"`, `"ode"`.
    pub fn name(self) -> &'static str {
        match self {
            EngineName::Parry => "parry",
            EngineName::Box2d => "box2d",
            EngineName::Box3d => "box3d",
            EngineName::Jolt => "jolt",
            EngineName::Mujoco => "mujoco",
            EngineName::Bullet => "bullet",
            EngineName::Ode => "ode",
        }
    }

    /// The engine named `name`.
    pub fn parse(name: &str) -> Option<EngineName> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The name people know it by: `Box2D v3`, `MuJoCo`.
    pub fn title(self) -> &'static str {
        match self {
            EngineName::Parry => "parry",
            EngineName::Box2d => "Box2D v3",
            EngineName::Box3d => "Box3D",
            EngineName::Jolt => "Jolt",
            EngineName::Mujoco => "MuJoCo",
            EngineName::Bullet => "Bullet",
            EngineName::Ode => "ODE",
        }
    }

    /// Whether it answers pairs of this dimension.
    pub fn answers(self, mode: Mode) -> bool {
        match self {
            EngineName::Parry => true,
            EngineName::Box2d => mode == Mode::Two,
            _ => mode == Mode::Three,
        }
    }

    /// The engine, when it is built into this satbox.
    pub fn engine(self) -> Option<&'static dyn Engine> {
        // (every arm but parry's is there only when its engine is built in)
        #[allow(unreachable_patterns)]
        match self {
            EngineName::Parry => Some(&parry::Parry),
            #[cfg(all(feature = "box2d", not(target_arch = "wasm32")))]
            EngineName::Box2d => Some(&box2d::Box2d),
            #[cfg(all(feature = "box3d", not(target_arch = "wasm32")))]
            EngineName::Box3d => Some(&box3d::Box3d),
            #[cfg(all(feature = "jolt", not(target_arch = "wasm32")))]
            EngineName::Jolt => Some(&jolt::Jolt),
            #[cfg(all(feature = "mujoco", not(target_arch = "wasm32")))]
            EngineName::Mujoco => Some(&mujoco::Mujoco),
            #[cfg(all(feature = "bullet", not(target_arch = "wasm32")))]
            EngineName::Bullet => Some(&bullet::Bullet),
            #[cfg(all(feature = "ode", not(target_arch = "wasm32")))]
            EngineName::Ode => Some(&ode::Ode),
            _ => None,
        }
    }

    /// How to build it in, when it is not.
    pub fn how_to_build(self) -> &'static str {
        if cfg!(target_arch = "wasm32") && self != EngineName::Parry {
            return "not in the browser build: the engines' C and C++ build natively; run satbox on the desktop";
        }
        match self {
            EngineName::Parry => "cargo build --release (parry is in every build)",
            EngineName::Box2d => "cargo build --release --features box2d (a C compiler only)",
            EngineName::Box3d => "cargo build --release --features box3d (a C compiler only)",
            EngineName::Jolt => "apt-get install cmake g++, then cargo build --release --features jolt (Jolt's C++ is built from the crate's sources, a few minutes)",
            EngineName::Mujoco => "scripts/mujoco.sh (libmujoco 3.17.0 from the mujoco wheel on PyPI), then cargo build --release --features mujoco",
            EngineName::Bullet => "apt-get install libbullet-dev pkg-config g++, then cargo build --release --features bullet",
            EngineName::Ode => "apt-get install libode-dev pkg-config g++, then cargo build --release --features ode",
        }
    }

    /// Every engine built in that answers pairs of `mode`.
    pub fn built_for(mode: Mode) -> Vec<EngineName> {
        Self::ALL
            .into_iter()
            .filter(|e| e.answers(mode) && e.engine().is_some())
            .collect()
    }
}

impl std::fmt::Display for EngineName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An engine satbox can ask: built in, or external (a command that speaks the engine protocol,
/// named in an engines file: [`external`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EngineId {
    /// One built into satbox.
    Built(EngineName),
    /// One out of process.
    #[cfg(not(target_arch = "wasm32"))]
    External(external::ExternalId),
}

impl From<EngineName> for EngineId {
    fn from(e: EngineName) -> Self {
        EngineId::Built(e)
    }
}

impl PartialEq<EngineName> for EngineId {
    fn eq(&self, other: &EngineName) -> bool {
        *self == EngineId::Built(*other)
    }
}

impl EngineId {
    /// Its name, as `check` and the audit write it (`"parry"`, `"mujoco-3.11.0"`).
    pub fn name(self) -> &'static str {
        match self {
            EngineId::Built(e) => e.name(),
            #[cfg(not(target_arch = "wasm32"))]
            EngineId::External(e) => e.name(),
        }
    }

    /// Its name for people: a built-in engine's title (`"Box2D v3"`), an external one's name.
    pub fn title(self) -> &'static str {
        match self {
            EngineId::Built(e) => e.title(),
            #[cfg(not(target_arch = "wasm32"))]
            EngineId::External(e) => e.name(),
        }
    }

    /// The engine named `name`: built in, or registered from an engines file.
    pub fn parse(name: &str) -> Option<EngineId> {
        if let Some(e) = EngineName::parse(name) {
            return Some(EngineId::Built(e));
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(e) = external::find(name) {
            return Some(EngineId::External(e));
        }
        None
    }

    /// Whether it may answer pairs of `mode`: a built-in engine by what it is, an external one
    /// by its hello (every mode until it has said one).
    pub fn answers(self, mode: Mode) -> bool {
        match self {
            EngineId::Built(e) => e.answers(mode),
            #[cfg(not(target_arch = "wasm32"))]
            EngineId::External(e) => e.hello().is_none_or(|h| h.answers(mode)),
        }
    }

    /// Its version and settings for `question`, when it can be asked (built in, or external).
    pub fn about(self, question: &Question) -> Option<About> {
        match self {
            EngineId::Built(e) => e.engine().map(|x| x.about_question(question)),
            #[cfg(not(target_arch = "wasm32"))]
            EngineId::External(e) => Some(e.about()),
        }
    }

    /// Every engine: the built-in ones, then the external ones registered.
    pub fn all() -> Vec<EngineId> {
        let built = EngineName::ALL.into_iter().map(EngineId::Built);
        #[cfg(not(target_arch = "wasm32"))]
        {
            built
                .chain(external::all().into_iter().map(EngineId::External))
                .collect()
        }
        #[cfg(target_arch = "wasm32")]
        {
            built.collect()
        }
    }
}

impl std::fmt::Display for EngineId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What an engine is: its version and the settings it is asked with.
#[derive(Clone, Debug, PartialEq)]
pub struct About {
    /// The engine's own version (`"3.2.0"`).
    pub version: String,
    /// The settings used, by name, each with its value and what it means: convex radius,
    /// margins, tolerances.
    pub settings: Vec<(String, String)>,
    /// How far above the surface the engine still keeps a contact point (its speculative
    /// distance), when it keeps any: such points are a difference by design.
    pub speculative: Option<f32>,
    /// Whether it answers with a contact manifold (several points) or one deepest point pair.
    pub manifold: bool,
    /// Its absolute length tolerance (Box2D's and Box3D's linear slop, in their length unit),
    /// when it has one: a verdict, depth, point or distance within it of satbox's differs by
    /// design, and its time of impact stops this short of touching.
    pub slop: Option<f32>,
    /// Which moving pairs it has a time of impact for.
    pub impact: ImpactQuery,
    /// The convex radius its boxes were made with, inside the half extents given (0: the boxes
    /// as given). A box of radius `r` has its edges and corners rounded inside its half extents:
    /// the answer is compared with satbox's for those rounded boxes (cores the half extents less
    /// `r`, radius `r`), and a length within `2r` of it differs by design (Jolt's EPA runs on the
    /// sharp boxes once the cores overlap).
    pub convex_radius: f32,
    /// It has rounded boxes of its own (Box2D's rounded polygons, Jolt's convex radius, parry's
    /// round cuboids): only such an engine is asked about boxes with a radius.
    pub rounded: bool,
    /// A known cause of a depth shallower than satbox's on a 3D pair, when the engine has one
    /// (parry3d's GJK/EPA): such a depth disagreement carries it.
    pub shallow_depth: Option<&'static str>,
}

impl About {
    /// An engine that answers the sharp boxes with a contact manifold (several points), keeps no
    /// point above the surface, has no slop and no time of impact: MuJoCo's, Bullet's and ODE's
    /// way, and the engine protocol's starting point. Others set their fields over it.
    pub fn manifold_of_sharp_boxes(version: String, settings: Vec<(String, String)>) -> About {
        About {
            version,
            settings,
            speculative: None,
            manifold: true,
            slop: None,
            impact: ImpactQuery::None,
            convex_radius: 0.0,
            rounded: false,
            shallow_depth: None,
        }
    }

    /// The settings of another of the engine's answers (`also`): the same engine, with that
    /// answer's way of answering and convex radius.
    pub fn of_also(&self, also: &Also) -> About {
        About {
            manifold: also.manifold,
            convex_radius: also.convex_radius,
            ..self.clone()
        }
    }
}

/// Which moving pairs an engine has a time-of-impact query for: a pair it has none for is not
/// a disagreement when satbox finds an impact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImpactQuery {
    /// None (MuJoCo, Bullet, ODE).
    None,
    /// Boxes that translate without turning (Jolt's shape cast).
    Translating,
    /// Boxes that translate and turn.
    Turning,
}

impl ImpactQuery {
    /// Whether the engine has a time of impact for a pair moving by `motion`.
    pub fn covers(self, motion: &MotionSpec) -> bool {
        match self {
            ImpactQuery::None => false,
            ImpactQuery::Translating => !turns(motion),
            ImpactQuery::Turning => true,
        }
    }
}

/// Whether either box of `motion` turns.
pub(crate) fn turns(motion: &MotionSpec) -> bool {
    [motion.a.angular_velocity, motion.b.angular_velocity]
        .iter()
        .any(|w| w.iter().any(|x| *x != 0.0))
}

/// One contact point of an engine, in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Midway between the two surfaces (each engine's point moved there when it reports another
    /// one, as ODE and Bullet give the point on B).
    pub point: Vec3,
    /// Signed distance between the surfaces along the normal: negative when penetrating.
    pub separation: f32,
    /// The features that meet there, in the engine's own words (`"A edge 10 → B edge 0"`).
    pub feature: String,
}

/// An engine's time of impact for a moving pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Impact {
    /// The time in seconds, in `[0, dt]`.
    pub t: f32,
    /// Its normal from A to B at the impact, when it gives one.
    pub normal: Option<Vec3>,
}

/// What an engine is asked: two boxes, each one's convex radius (0: sharp; the box's surface is
/// its core grown by it), and how they move, when they do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Question {
    /// The boxes' cores.
    pub pair: Pair,
    /// Box A's and box B's radius.
    pub radii: [f32; 2],
    /// How they move over a step.
    pub motion: Option<MotionSpec>,
}

impl Question {
    /// Sharp boxes at rest.
    pub fn of(pair: Pair) -> Self {
        Self {
            pair,
            radii: [0.0; 2],
            motion: None,
        }
    }

    /// Whether either box has a radius.
    pub fn rounded(&self) -> bool {
        self.radii != [0.0; 2]
    }
}

/// An engine's answer for a pair, in satbox's terms (2D vectors have `z = 0`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineAnswer {
    /// The engine finds the boxes intersecting (or touching): a point at or below zero, or a
    /// depth `≥ 0`.
    pub intersect: bool,
    /// The penetration depth: the deepest point's penetration for an engine that answers with
    /// points, the depth for one that answers with a depth.
    pub depth: Option<f32>,
    /// The unit normal from A to B.
    pub normal: Option<Vec3>,
    /// Its contact points (empty when it has none).
    pub points: Vec<Point>,
    /// The distance between the boxes when it finds them apart and has a distance query.
    pub distance: Option<f32>,
    /// The points of A and B that distance lies between.
    pub closest: Option<[Vec3; 2]>,
    /// With a motion: its time of impact (`None` when it finds none, or has no such query).
    pub impact: Option<Impact>,
    /// What satbox did to read the answer (an axis normalised, a point moved midway).
    pub notes: Vec<String>,
    /// The engine's other answers to the same pair, each from another of its algorithms and
    /// named after it (Bullet's GJK/EPA beside its box-box detector).
    pub also: Vec<Also>,
    /// What an engine out of process said beyond the protocol's fields, kept as it said it.
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// Another answer of the same engine, from another of its algorithms.
#[derive(Clone, Debug, PartialEq)]
pub struct Also {
    /// The algorithm's name, as `check` writes it (`"gjk_epa"`).
    pub name: &'static str,
    /// Its name for people, as the window shows it (`"GJK/EPA"`).
    pub title: &'static str,
    /// Whether it answers with a contact manifold or one deepest point pair.
    pub manifold: bool,
    /// The convex radius its boxes were made with for this answer ([`About::convex_radius`]).
    pub convex_radius: f32,
    /// Its answer (its own `also` is empty).
    pub answer: EngineAnswer,
}

impl EngineAnswer {
    /// The depth and verdict of an answer that is a set of contact points: the deepest point's
    /// penetration, and intersecting when some point is at or below zero.
    pub fn from_points(points: Vec<Point>, normal: Option<Vec3>) -> Self {
        let deepest = points
            .iter()
            .map(|p| p.separation)
            .fold(f32::INFINITY, f32::min);
        let intersect = deepest <= 0.0;
        Self {
            intersect,
            depth: intersect.then_some(-deepest.min(0.0)),
            normal: if points.is_empty() { None } else { normal },
            points,
            ..Self::default()
        }
    }
}

/// What asking an engine gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Its answer.
    Answered(Box<EngineAnswer>),
    /// It was not asked: the pair lies outside what it accepts (a zero extent, a size beyond its
    /// range), said in a sentence.
    NotAsked(String),
    /// It is not built into this satbox: how to build it.
    Missing(&'static str),
    /// An external engine failed on this pair (it crashed, hung past its timeout, or wrote a
    /// line that is not an answer): why, and its last lines of standard error.
    Failed {
        /// What went wrong.
        why: String,
        /// The engine's last lines of standard error.
        stderr: String,
    },
}

/// An engine of the layer.
pub trait Engine: Sync {
    /// Its name.
    fn name(&self) -> EngineName;
    /// Its version and settings.
    fn about(&self) -> About;
    /// Its settings for this question: [`Engine::about`], unless the question changes them (Jolt
    /// makes a rounded box with its radius as the convex radius inside its half extents).
    fn about_question(&self, question: &Question) -> About {
        let _ = question;
        self.about()
    }
    /// Why it would not accept this question (checked before its code is called), or `None`. A
    /// box with a radius reaches only an engine with rounded boxes ([`About::rounded`]).
    fn refuse(&self, question: &Question) -> Option<String>;
    /// Its answer for a question it accepts: with radii, for its own rounded boxes; with a
    /// motion, its time of impact too.
    fn answer(&self, question: &Question) -> EngineAnswer;
}

/// Asks `engine` about `question`: its answer, why it was not asked, or how to build it in. An
/// engine of the other dimension is not asked, nor one without rounded boxes about boxes with a
/// radius, nor any about a box its code must never see (one [`crate::scene::Pair::validate`] refuses).
pub fn ask(engine: impl Into<EngineId>, question: &Question) -> Reply {
    match engine.into() {
        EngineId::Built(e) => ask_built(e, question),
        #[cfg(not(target_arch = "wasm32"))]
        EngineId::External(e) => {
            let mut replies = external::ask_many(e, std::slice::from_ref(question));
            replies.pop().unwrap_or(Reply::NotAsked("no reply".into()))
        }
    }
}

/// [`ask()`] for each of `questions`: one reply each, in order (an external engine's requests
/// pipelined).
pub fn ask_many(engine: EngineId, questions: &[Question]) -> Vec<Reply> {
    match engine {
        EngineId::Built(e) => questions.iter().map(|q| ask_built(e, q)).collect(),
        #[cfg(not(target_arch = "wasm32"))]
        EngineId::External(e) => {
            // what no engine is asked about is not sent
            let refused: Vec<Option<Reply>> = questions.iter().map(refuse_any).collect();
            let asked: Vec<Question> = questions
                .iter()
                .zip(&refused)
                .filter(|(_, r)| r.is_none())
                .map(|(q, _)| *q)
                .collect();
            let mut replies = external::ask_many(e, &asked).into_iter();
            refused
                .into_iter()
                .map(|r| {
                    r.unwrap_or_else(|| {
                        replies.next().unwrap_or(Reply::NotAsked("no reply".into()))
                    })
                })
                .collect()
        }
    }
}

/// Asks each external engine of `engines` about `questions` ahead of time, pipelined, on this
/// thread: [`ask()`] and [`ask_many`] then hand out those replies when asked the same questions in
/// the same order. Built-in engines are asked when asked.
pub fn prefetch(engines: &[EngineId], questions: &[Question]) {
    #[cfg(not(target_arch = "wasm32"))]
    for engine in engines {
        if let EngineId::External(e) = *engine {
            let asked: Vec<Question> = questions
                .iter()
                .filter(|q| refuse_any(q).is_none())
                .copied()
                .collect();
            external::prefetch(e, &asked);
        }
    }
    #[cfg(target_arch = "wasm32")]
    let _ = (engines, questions);
}

/// What no engine, however built, is asked about: an invalid box, half extents 1e6 apart.
#[cfg(not(target_arch = "wasm32"))]
fn refuse_any(question: &Question) -> Option<Reply> {
    let pair = &question.pair;
    let invalid = pair
        .validate()
        .err()
        .map(|e| format!("not asked about an invalid box: {e}"));
    invalid.or_else(|| limits(pair)).map(Reply::NotAsked)
}

/// [`ask`] for a built-in engine.
fn ask_built(engine: EngineName, question: &Question) -> Reply {
    let Some(e) = engine.engine() else {
        return Reply::Missing(engine.how_to_build());
    };
    let pair = &question.pair;
    if !engine.answers(pair.mode()) {
        return Reply::NotAsked(format!(
            "{} answers no {} pairs",
            engine.title(),
            pair.mode()
        ));
    }
    let sharp_only = (question.rounded() && !e.about().rounded).then(|| {
        format!(
            "{}'s boxes are sharp: it has no rounded box to ask about boxes with a radius (set the radii to 0 to ask it about the cores)",
            engine.title()
        )
    });
    let why = refuse_invalid(engine, pair)
        .or_else(|| limits(pair))
        .or(sharp_only)
        .or_else(|| e.refuse(question));
    if let Some(why) = why {
        return Reply::NotAsked(why);
    }
    Reply::Answered(Box::new(e.answer(question)))
}

/// What no engine is asked about: boxes so far apart in size that `f32` cannot hold both (a half
/// extent more than 1e6 times another of the pair).
fn limits(pair: &Pair) -> Option<String> {
    let extents = pair.half_extents();
    let largest = extents.iter().fold(0.0f32, |m, e| m.max(*e));
    let smallest = extents
        .iter()
        .filter(|e| **e > 0.0)
        .fold(f32::INFINITY, |m, e| m.min(*e));
    (largest > 1e6 * smallest).then(|| {
        format!(
            "half extents {} and {} are more than 1e6 apart: an engine's f32 cannot hold both",
            crate::sat::fmt_num(smallest),
            crate::sat::fmt_num(largest)
        )
    })
}

/// The sentence for a box an engine's C or C++ code must never see, checked again here because a
/// box built field by field skips [`crate::sat::Obb3::new`]'s checks: a number that is NaN or
/// infinite, a negative half extent (ODE aborts the process on one, Jolt and Bullet answer
/// garbage), a zero rotation.
pub(crate) fn refuse_invalid(engine: EngineName, pair: &Pair) -> Option<String> {
    pair.validate()
        .err()
        .map(|e| format!("{} is not asked about an invalid box: {e}", engine.title()))
}

/// The sentence for an engine that takes positive half extents only, when a box has a zero one.
// (only Box2D, Box3D and MuJoCo take positive half extents only; none builds for the browser)
#[cfg_attr(
    any(
        target_arch = "wasm32",
        not(any(feature = "box2d", feature = "box3d", feature = "mujoco"))
    ),
    allow(dead_code)
)]
pub(crate) fn refuse_flat(engine: EngineName, pair: &Pair, why: &str) -> Option<String> {
    let flat = pair.half_extents().into_iter().any(|e| e <= 0.0);
    flat.then(|| format!("half extent 0 is below {}'s minimum: {why}", engine.title()))
}

/// A set of engines to compare with (`check --compare LIST`), or every one built in that answers
/// a line's dimension (`--compare all`), with the external engines named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineSet {
    built: u8,
    external: u64,
}

impl EngineSet {
    /// No engine.
    pub const NONE: EngineSet = EngineSet {
        built: 0,
        external: 0,
    };
    /// Every engine built in, for each line those of its dimension.
    pub const ALL_BUILT: EngineSet = EngineSet {
        built: 1 << 7,
        external: 0,
    };

    /// The set with `engine` in it.
    pub fn with(self, engine: impl Into<EngineId>) -> EngineSet {
        match engine.into() {
            EngineId::Built(e) => EngineSet {
                built: self.built | 1 << e as u8,
                ..self
            },
            #[cfg(not(target_arch = "wasm32"))]
            EngineId::External(e) => {
                let k = external::all().iter().position(|x| *x == e).unwrap_or(63);
                EngineSet {
                    external: self.external | 1 << k.min(63),
                    ..self
                }
            }
        }
    }

    /// Whether `engine` was named.
    pub fn names(self, engine: EngineName) -> bool {
        self.built & (1 << engine as u8) != 0
    }

    /// Nothing to compare with.
    pub fn is_empty(self) -> bool {
        self.built == 0 && self.external == 0
    }

    /// Whether it names an external engine.
    pub fn has_external(self) -> bool {
        self.external != 0
    }

    /// Whether the set is `all` (every engine built in).
    pub fn is_all(self) -> bool {
        self.built & Self::ALL_BUILT.built != 0
    }

    /// The engines to ask about a pair of `mode`, built-in ones in the order of
    /// [`EngineName::ALL`], then the external ones named: those named, or with `all` every one
    /// built in that answers `mode`.
    pub fn for_mode(self, mode: Mode) -> Vec<EngineId> {
        let built: Vec<EngineName> = if self.is_all() {
            EngineName::built_for(mode)
        } else {
            EngineName::ALL
                .into_iter()
                .filter(|e| self.names(*e))
                .collect()
        };
        #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
        let mut out: Vec<EngineId> = built.into_iter().map(EngineId::Built).collect();
        #[cfg(not(target_arch = "wasm32"))]
        out.extend(
            external::all()
                .into_iter()
                .enumerate()
                .filter(|(k, _)| self.external & (1 << (*k).min(63)) != 0)
                .map(|(_, e)| EngineId::External(e)),
        );
        out
    }

    /// Reads `parry`, `box3d,jolt`, `mujoco-3.11.0` (an external engine registered from an
    /// engines file) or `all`: names separated by commas.
    pub fn parse(list: &str) -> Result<EngineSet, String> {
        let mut set = EngineSet::NONE;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "all" {
                set.built |= Self::ALL_BUILT.built;
                continue;
            }
            let engine = EngineId::parse(name).ok_or_else(|| {
                let known: Vec<&str> = EngineId::all().iter().map(|e| e.name()).collect();
                format!(
                    "unknown engine \"{name}\": the engines are {} (or all); an engine of your own is named in an engines file (--engines FILE, docs/engine-protocol.md)",
                    known.join(", ")
                )
            })?;
            set = set.with(engine);
        }
        if set.is_empty() {
            return Err("name at least one engine (or all)".into());
        }
        Ok(set)
    }
}

/// Runs `scenario` ([`simulate`]) for `frames` steps in the engine built in; the error says what went wrong
/// (no engine built in, or the engine's own error).
pub fn record(
    scenario: simulate::Scenario,
    frames: usize,
) -> Result<Vec<simulate::SimFrame>, String> {
    if !(1..=100_000).contains(&frames) {
        return Err(format!(
            "{frames} frames: a recording has 1 to 100000 frames"
        ));
    }
    #[cfg(all(feature = "box3d", not(target_arch = "wasm32")))]
    {
        box3d_world::simulate(scenario, frames)
    }
    #[cfg(not(all(feature = "box3d", not(target_arch = "wasm32"))))]
    {
        let _ = scenario;
        Err(
            "satbox was built without Box3D, which runs the simulation: \
             cargo build --release --features box3d"
                .into(),
        )
    }
}

#[cfg(test)]
mod record_tests {
    #[test]
    fn zero_frames_is_refused_with_the_range() {
        let e = super::record(super::simulate::Scenario::Settle, 0).unwrap_err();
        assert!(e.contains("1 to 100000"), "{e}");
    }
}
