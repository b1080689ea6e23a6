//! External engines asked off the frame: each external engine has a thread of the window's that
//! keeps its process and asks it about the pair on screen; a frame hands the question to each and
//! reads the replies that have come, and never waits for them (the Engines section says
//! "asking…" for the others). While an engine answers, newer questions wait and only the newest
//! is asked next; a slow engine holds up only its own row.

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, OnceLock};

use crate::engines::ask::{ask_batch, Asked};
use crate::engines::compare::Truth;
use crate::engines::{EngineId, Question};

/// A question for an external engine, and satbox's answer to hold it to.
struct Job {
    question: Question,
    truth: Truth,
}

/// The threads asking the external engines, and their replies not yet taken.
struct Asker {
    /// Each engine's thread, by engine.
    jobs: HashMap<EngineId, Sender<Job>>,
    /// Every thread's replies.
    outbox: Sender<(Question, Asked)>,
    replies: Receiver<(Question, Asked)>,
    /// Replies read but not yet taken.
    ready: Vec<(Question, Asked)>,
}

fn asker() -> &'static Mutex<Asker> {
    static ASKER: OnceLock<Mutex<Asker>> = OnceLock::new();
    ASKER.get_or_init(|| {
        let (outbox, replies) = mpsc::channel();
        Mutex::new(Asker {
            jobs: HashMap::new(),
            outbox,
            replies,
            ready: Vec::new(),
        })
    })
}

/// The thread that asks `engine`, one question at a time, the newest first.
fn thread_for(engine: EngineId, outbox: Sender<(Question, Asked)>) -> Sender<Job> {
    let (jobs, inbox) = mpsc::channel::<Job>();
    std::thread::spawn(move || {
        while let Ok(mut job) = inbox.recv() {
            // only the newest question is worth asking
            while let Ok(newer) = inbox.try_recv() {
                job = newer;
            }
            let asked = ask_batch(
                engine,
                std::slice::from_ref(&job.question),
                std::slice::from_ref(&job.truth),
            );
            for a in asked {
                if outbox.send((job.question, a)).is_err() {
                    return;
                }
            }
        }
    });
    jobs
}

/// Asks each of `engines` (external ones) about `question`, off the frame.
pub(crate) fn ask(question: Question, truth: Truth, engines: &[EngineId]) {
    let mut guard = asker().lock().unwrap_or_else(|e| e.into_inner());
    let a = &mut *guard;
    for &engine in engines {
        let outbox = a.outbox.clone();
        let jobs = a
            .jobs
            .entry(engine)
            .or_insert_with(|| thread_for(engine, outbox));
        let _ = jobs.send(Job {
            question,
            truth: truth.clone(),
        });
    }
}

/// The replies to `question` that have come since last taken, in no particular order.
pub(crate) fn take(question: &Question) -> Vec<Asked> {
    let mut a = asker().lock().unwrap_or_else(|e| e.into_inner());
    while let Ok(reply) = a.replies.try_recv() {
        a.ready.push(reply);
    }
    // older questions' replies are of no use any more
    let (this, _older): (Vec<_>, Vec<_>) = a.ready.drain(..).partition(|(q, _)| q == question);
    this.into_iter().map(|(_, asked)| asked).collect()
}
