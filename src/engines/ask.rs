//! The one way to ask engines about a pair: each engine named is asked the [`Question`], and each
//! of its answers (its main one and those of its other algorithms) is laid beside satbox's answer
//! for the boxes it was asked about by the one comparison ([`compare`]). The window's Engines
//! section, `check --compare` and the audit all call [`ask_all`].

use super::compare::{compare, Comparison, Truth};
use super::{ask_many, About, EngineAnswer, EngineId, Question, Reply};

/// One engine asked about a question: what it replied and how each of its answers compares.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    /// The engine.
    pub engine: EngineId,
    /// Its version and settings, when it is built in.
    pub about: Option<About>,
    /// Its answer, why it was not asked, or how to build it in.
    pub reply: Reply,
    /// How its main answer compares with satbox's, when it answered.
    pub comparison: Option<Comparison>,
    /// Its other algorithms' answers, each compared on its own (Bullet's GJK/EPA, Jolt at its
    /// default convex radius).
    pub also: Vec<AskedAlso>,
    /// How long it took, in microseconds (`None` where the platform has no clock).
    pub micros: Option<f32>,
}

/// Another of an engine's answers to the same question, compared on its own.
#[derive(Clone, Debug, PartialEq)]
pub struct AskedAlso {
    /// Its algorithm's name as `check` writes it (`"gjk_epa"`).
    pub name: &'static str,
    /// Its name for people (`"GJK/EPA"`).
    pub title: &'static str,
    /// Its settings: the engine's, with this answer's way of answering and convex radius.
    pub about: About,
    /// The answer.
    pub answer: EngineAnswer,
    /// How it compares with satbox's answer for the boxes it was asked about.
    pub comparison: Comparison,
}

impl Asked {
    /// Its main answer, when it answered.
    pub fn answer(&self) -> Option<&EngineAnswer> {
        match &self.reply {
            Reply::Answered(a) => Some(a),
            _ => None,
        }
    }

    /// Whether any of its answers disagrees with satbox's.
    pub fn disagrees(&self) -> bool {
        self.comparison
            .iter()
            .chain(self.also.iter().map(|a| &a.comparison))
            .any(|c| !c.disagreements.is_empty())
    }
}

/// Asks each of `engines` about `question` and compares every answer with satbox's: `truth` is
/// satbox's answer for the question's boxes ([`Truth::of`]); an answer for boxes the engine made
/// otherwise (Jolt's default convex radius inside the half extents) is compared with satbox's
/// answer for those boxes ([`Truth::rounded_inside`]).
pub fn ask_all(question: &Question, truth: &Truth, engines: &[EngineId]) -> Vec<Asked> {
    engines
        .iter()
        .map(|&engine| ask_one(engine, question, truth))
        .collect()
}

/// [`ask_all`] for one engine.
pub fn ask_one(engine: impl Into<EngineId>, question: &Question, truth: &Truth) -> Asked {
    let engine = engine.into();
    let (mut replies, micros) = timed(|| ask_many(engine, std::slice::from_ref(question)));
    let reply = replies.pop().unwrap_or(Reply::NotAsked("no reply".into()));
    compared(engine, question, truth, reply, micros)
}

/// `engine` asked about each of `questions` at once (an external engine's requests pipelined),
/// each reply compared with its truth (`truths[k]` for `questions[k]`).
pub fn ask_batch(engine: EngineId, questions: &[Question], truths: &[Truth]) -> Vec<Asked> {
    let (replies, micros) = timed(|| ask_many(engine, questions));
    let each = micros.map(|m| m / questions.len().max(1) as f32);
    replies
        .into_iter()
        .zip(questions.iter().zip(truths))
        .map(|(reply, (q, t))| compared(engine, q, t, reply, each))
        .collect()
}

/// What `engine` replied to `question`, its answers compared with `truth`.
fn compared(
    engine: EngineId,
    question: &Question,
    truth: &Truth,
    reply: Reply,
    micros: Option<f32>,
) -> Asked {
    let about = engine.about(question);
    let motion = question.motion.as_ref();
    let (comparison, also) = match (&reply, &about) {
        (Reply::Answered(answer), Some(about)) => {
            let title = engine.title();
            let comparison = compare(title, about, answer, truth, motion);
            let also = answer
                .also
                .iter()
                .map(|other| {
                    let about = about.of_also(other);
                    let own;
                    let truth = if about.convex_radius > 0.0 {
                        own = Truth::rounded_inside(&question.pair, about.convex_radius);
                        &own
                    } else {
                        truth
                    };
                    let title = format!("{title} {}", other.title);
                    AskedAlso {
                        name: other.name,
                        title: other.title,
                        comparison: compare(&title, &about, &other.answer, truth, motion),
                        about,
                        answer: other.answer.clone(),
                    }
                })
                .collect();
            (Some(comparison), also)
        }
        _ => (None, Vec::new()),
    };
    Asked {
        engine,
        about,
        reply,
        comparison,
        also,
        micros,
    }
}

/// `f()` and how long it took in microseconds, where the platform has a clock
/// (`std::time::Instant` panics on wasm32-unknown-unknown).
fn timed<T>(f: impl FnOnce() -> T) -> (T, Option<f32>) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let started = std::time::Instant::now();
        let value = f();
        (value, Some(started.elapsed().as_secs_f32() * 1e6))
    }
    #[cfg(target_arch = "wasm32")]
    {
        (f(), None)
    }
}
