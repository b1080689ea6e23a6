//! External engines asked off the frame: one thread of the window's keeps their processes and
//! asks them about the pair on screen; a frame hands it the question and reads the replies when
//! they have come, and never waits for them (the Engines section says "asking…" meanwhile).
//! While an engine answers, newer questions wait and only the newest is asked next.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, OnceLock};

use crate::engines::ask::{ask_batch, Asked};
use crate::engines::compare::Truth;
use crate::engines::{EngineId, Question};

/// A question for the external engines, and satbox's answer to hold them to.
struct Job {
    question: Question,
    truth: Truth,
    engines: Vec<EngineId>,
}

/// The thread asking the external engines, and its replies not yet read.
struct Asker {
    jobs: Sender<Job>,
    replies: Receiver<(Question, Vec<Asked>)>,
    /// Replies read but not yet taken, by their question.
    ready: Vec<(Question, Vec<Asked>)>,
}

fn asker() -> &'static Mutex<Asker> {
    static ASKER: OnceLock<Mutex<Asker>> = OnceLock::new();
    ASKER.get_or_init(|| {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (outbox, replies) = mpsc::channel();
        std::thread::spawn(move || {
            while let Ok(mut job) = inbox.recv() {
                // only the newest question is worth asking
                while let Ok(newer) = inbox.try_recv() {
                    job = newer;
                }
                let asked = job
                    .engines
                    .iter()
                    .map(|&e| {
                        let mut one = ask_batch(
                            e,
                            std::slice::from_ref(&job.question),
                            std::slice::from_ref(&job.truth),
                        );
                        one.pop()
                    })
                    .collect::<Option<Vec<Asked>>>()
                    .unwrap_or_default();
                if outbox.send((job.question, asked)).is_err() {
                    return;
                }
            }
        });
        Mutex::new(Asker {
            jobs,
            replies,
            ready: Vec::new(),
        })
    })
}

/// Asks `engines` (external ones) about `question`, off the frame.
pub(crate) fn ask(question: Question, truth: Truth, engines: Vec<EngineId>) {
    let a = asker().lock().unwrap_or_else(|e| e.into_inner());
    let _ = a.jobs.send(Job {
        question,
        truth,
        engines,
    });
}

/// The replies to `question`, once they have come.
pub(crate) fn take(question: &Question) -> Option<Vec<Asked>> {
    let mut a = asker().lock().unwrap_or_else(|e| e.into_inner());
    while let Ok(reply) = a.replies.try_recv() {
        a.ready.push(reply);
    }
    let k = a.ready.iter().position(|(q, _)| q == question)?;
    let (_, asked) = a.ready.swap_remove(k);
    // older questions' replies are of no use any more
    a.ready.clear();
    Some(asked)
}
