//! Cases answered on every core, written in input order: the reading, the answering and the
//! writing overlap, and no worker waits for a slow one.
//!
//! This thread reads the input into chunks of at most [`CHUNK`] cases and hands each to a
//! work-stealing pool (`rayon`) as soon as it is read; a worker answers a chunk into its own
//! buffer and sends it back; this thread writes the buffers in the order of their chunks, keeping
//! those that arrive early until their turn. At most [`AHEAD`] chunks per worker are in flight,
//! so memory stays bounded however long the input: a slow case holds back the writing of what
//! follows it, not the answering, until that many chunks have been answered behind it.
//!
//! A chunk also ends when the input has nothing more buffered (a program feeding `check` a line
//! at a time): everything read is then answered, written and flushed before reading on, so each
//! answer comes out as soon as it is computed.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::mpsc;

use crate::scene::cases::{Case, Cases, HasBuffer};

/// The most cases in one chunk.
pub const CHUNK: usize = 128;
/// Chunks in flight per worker, at most.
pub const AHEAD: usize = 8;

/// How many workers answer: `requested`, or every core this process may use when it is 0.
pub fn workers(requested: usize) -> usize {
    if requested > 0 {
        return requested;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How a run ended.
#[derive(Debug)]
pub enum Ended {
    /// Every case was answered; `true` when some answer was an error line.
    Answered(bool),
    /// The output would not take more (a closed pipe): stopped quietly.
    OutputClosed(bool),
    /// The input could not be read further, after the answers before it.
    Unreadable(std::io::Error, bool),
}

/// What answers a chunk's cases, one after the other, carrying something from each case to the
/// next (the line before's manifold, for `since_previous`). A chunk's first case gets the carry of
/// the case before it, which the previous chunk answered: [`Answerer::prime`] builds it again from
/// that case.
pub trait Answerer: Send + Sync + 'static {
    /// What is carried from a case to the next; what is left after a chunk's last case is handed
    /// back, in input order (a chunk's figures, for a summary).
    type Carry: Default + Send + 'static;
    /// Appends the answer to `case` (without its line ending) to `out`, updating `carry`; returns
    /// whether it was answered rather than an error.
    fn answer(&self, case: &Case, carry: &mut Self::Carry, out: &mut Vec<u8>) -> bool;
    /// The carry a chunk starts with when `before` is the case before its first.
    fn prime(&self, before: &Case) -> Self::Carry;
    /// Called on the answering thread before a chunk's cases are answered, with all of them: to
    /// ask what is best asked of the whole chunk at once (an engine out of process, pipelined).
    fn prepare(&self, chunk: &[Case]) {
        let _ = chunk;
    }
}

/// A function answering each case on its own.
struct Plain<F>(F);

impl<F> Answerer for Plain<F>
where
    F: Fn(&Case, &mut Vec<u8>) -> bool + Send + Sync + 'static,
{
    type Carry = ();
    fn answer(&self, case: &Case, _: &mut (), out: &mut Vec<u8>) -> bool {
        (self.0)(case, out)
    }
    fn prime(&self, _: &Case) {}
}

/// Answers every case of `cases` with `answer` (which appends one answer, without its line
/// ending, to the buffer and says whether it was answered rather than an error) on `workers`
/// threads, writing the answers to `out` in input order, one line each.
pub fn run<R, F>(cases: &mut Cases<R>, workers: usize, answer: F, out: &mut dyn Write) -> Ended
where
    R: BufRead + HasBuffer,
    F: Fn(&Case, &mut Vec<u8>) -> bool + Send + Sync + 'static,
{
    run_carrying(cases, workers, Plain(answer), out, &mut |()| {})
}

/// [`run`] with an [`Answerer`] that carries something from case to case. `tally` gets the
/// carries that together cover every case answered, in input order: each chunk's last carry as
/// its answers are written (on one worker, the one carry at the end).
pub fn run_carrying<R, A>(
    cases: &mut Cases<R>,
    workers: usize,
    answer: A,
    out: &mut dyn Write,
    tally: &mut dyn FnMut(A::Carry),
) -> Ended
where
    R: BufRead + HasBuffer,
    A: Answerer,
{
    if workers <= 1 {
        return run_here(cases, &answer, out, tally);
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(workers).build() {
        Ok(pool) => pool,
        // no threads to be had: answer here
        Err(_) => return run_here(cases, &answer, out, tally),
    };
    let answer = std::sync::Arc::new(answer);
    let (done, answers) = mpsc::channel::<(usize, Vec<u8>, bool, A::Carry, Vec<Case>)>();
    let mut order = Order::default();
    let ahead = AHEAD * workers;
    let mut last: Option<Case> = None;
    loop {
        // hand out chunks while there is room
        let mut stop = None;
        while order.in_flight() < ahead {
            let (chunk, stopped) = read_chunk(cases);
            if !chunk.is_empty() {
                let before = std::mem::replace(&mut last, chunk.last().cloned());
                let (answer, done) = (answer.clone(), done.clone());
                let seq = order.sent();
                pool.spawn(move || {
                    let (bytes, bad, carry) = answer_chunk(&chunk, before.as_ref(), &*answer);
                    // the receiver is gone only when writing has stopped
                    let _ = done.send((seq, bytes, bad, carry, chunk));
                });
            }
            if stopped.is_some() {
                stop = stopped;
                break;
            }
        }
        // write what has arrived; wait for the next in line when reading must wait
        let wait_all = stop.is_some();
        loop {
            let must_wait = order.in_flight() >= ahead || (wait_all && order.in_flight() > 0);
            let got = if must_wait {
                answers.recv().ok()
            } else {
                answers.try_recv().ok()
            };
            let Some((seq, bytes, bad, carry, chunk)) = got else {
                break;
            };
            cases.recycle(chunk);
            if !order.arrived(seq, (bytes, carry), bad, out, tally) {
                return Ended::OutputClosed(order.bad);
            }
        }
        match stop {
            None => {}
            Some(Stop::Waits) if out.flush().is_err() => return Ended::OutputClosed(order.bad),
            Some(Stop::Waits) => {}
            Some(Stop::Ended) => return Ended::Answered(order.bad),
            Some(Stop::Unreadable(e)) => return Ended::Unreadable(e, order.bad),
        }
    }
}

/// The run on this thread alone: the carry goes on from chunk to chunk, and `tally` gets it at
/// the end.
fn run_here<R: BufRead + HasBuffer, A: Answerer>(
    cases: &mut Cases<R>,
    answer: &A,
    out: &mut dyn Write,
    tally: &mut dyn FnMut(A::Carry),
) -> Ended {
    let mut bad = false;
    let mut buffer = Vec::with_capacity(CHUNK * 1024);
    let mut carry = A::Carry::default();
    loop {
        let (chunk, stopped) = read_chunk(cases);
        buffer.clear();
        answer.prepare(&chunk);
        for case in &chunk {
            bad |= !answer.answer(case, &mut carry, &mut buffer);
            buffer.push(b'\n');
        }
        cases.recycle(chunk);
        if out.write_all(&buffer).is_err() {
            return Ended::OutputClosed(bad);
        }
        match stopped {
            None => {}
            Some(Stop::Waits) if out.flush().is_err() => return Ended::OutputClosed(bad),
            Some(Stop::Waits) => {}
            Some(Stop::Ended) => {
                tally(carry);
                return Ended::Answered(bad);
            }
            Some(Stop::Unreadable(e)) => {
                tally(carry);
                return Ended::Unreadable(e, bad);
            }
        }
    }
}

/// A chunk's answers, one line each, whether any was an error, and the carry after its last
/// case; `before` is the case before its first.
fn answer_chunk<A: Answerer>(
    chunk: &[Case],
    before: Option<&Case>,
    answer: &A,
) -> (Vec<u8>, bool, A::Carry) {
    let mut bytes = Vec::with_capacity(chunk.len() * 1024);
    let mut bad = false;
    let mut carry = before.map_or_else(A::Carry::default, |b| answer.prime(b));
    answer.prepare(chunk);
    for case in chunk {
        bad |= !answer.answer(case, &mut carry, &mut bytes);
        bytes.push(b'\n');
    }
    (bytes, bad, carry)
}

/// Why reading stopped before a chunk was full.
#[derive(Debug)]
enum Stop {
    /// The input has nothing more buffered: answer, write and flush before waiting for more.
    Waits,
    /// The input ended.
    Ended,
    /// The input could not be read further.
    Unreadable(std::io::Error),
}

/// Reads the next chunk of cases: [`CHUNK`] of them (`None`: more may follow at once), or fewer
/// and why reading stopped.
fn read_chunk<R: BufRead + HasBuffer>(cases: &mut Cases<R>) -> (Vec<Case>, Option<Stop>) {
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        match cases.next() {
            None => return (chunk, Some(Stop::Ended)),
            Some(Ok(case)) => chunk.push(case),
            Some(Err(e)) => return (chunk, Some(Stop::Unreadable(e))),
        }
        if cases.would_wait() {
            return (chunk, Some(Stop::Waits));
        }
        if chunk.len() == CHUNK {
            return (chunk, None);
        }
    }
}

/// The chunks handed out and written: the answers that came back before their turn wait here.
struct Order<C> {
    /// Chunks handed out.
    sent: usize,
    /// Chunks written.
    written: usize,
    /// Answered chunks waiting for the ones before them, with their carries.
    waiting: BTreeMap<usize, (Vec<u8>, C)>,
    /// Some answer was an error.
    bad: bool,
}

impl<C> Default for Order<C> {
    fn default() -> Self {
        Self {
            sent: 0,
            written: 0,
            waiting: BTreeMap::new(),
            bad: false,
        }
    }
}

impl<C> Order<C> {
    /// The number of the next chunk handed out.
    fn sent(&mut self) -> usize {
        self.sent += 1;
        self.sent - 1
    }

    /// Chunks handed out and not yet written.
    fn in_flight(&self) -> usize {
        self.sent - self.written
    }

    /// Chunk `seq` is answered: writes it and every chunk after it that waited, in order, handing
    /// each one's carry to `tally`. `false` when the output would not take them.
    fn arrived(
        &mut self,
        seq: usize,
        answered: (Vec<u8>, C),
        bad: bool,
        out: &mut dyn Write,
        tally: &mut dyn FnMut(C),
    ) -> bool {
        self.bad |= bad;
        self.waiting.insert(seq, answered);
        while let Some((bytes, carry)) = self.waiting.remove(&self.written) {
            if out.write_all(&bytes).is_err() {
                return false;
            }
            tally(carry);
            self.written += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    fn lines(n: usize) -> Vec<u8> {
        (1..=n)
            .map(|k| format!("{{\"k\":{k}}}\n"))
            .collect::<String>()
            .into_bytes()
    }

    /// The answer to a line: its number.
    fn echo(case: &Case, out: &mut Vec<u8>) -> bool {
        out.extend_from_slice(case.line.to_string().as_bytes());
        true
    }

    #[test]
    fn answers_come_out_in_input_order_whatever_the_number_of_workers() {
        let input = lines(10_000);
        let expected: String = (1..=10_000).map(|k| format!("{k}\n")).collect();
        for workers in [1, 2, 3, 8] {
            let mut out = Vec::new();
            let mut cases = Cases::new(&input[..]);
            let ended = run(&mut cases, workers, echo, &mut out);
            assert!(matches!(ended, Ended::Answered(false)), "{ended:?}");
            assert_eq!(
                String::from_utf8(out).unwrap(),
                expected,
                "{workers} workers"
            );
        }
    }

    /// Every 4,096th line is slow: it is not answered until lines well after it have been, so
    /// the run can only finish if the other workers' lines keep flowing while it waits.
    #[test]
    fn a_slow_line_does_not_hold_back_the_answering_of_the_lines_after_it() {
        let input = lines(3 * 4096);
        let answered = Arc::new(AtomicUsize::new(0));
        let seen = answered.clone();
        let answer = move |case: &Case, out: &mut Vec<u8>| {
            if case.line.is_multiple_of(4096) && case.line < 3 * 4096 {
                // wait until 300 lines after this one have been answered (at most 20 s)
                let start = Instant::now();
                while seen.load(Ordering::SeqCst) < case.line + 300 {
                    assert!(
                        start.elapsed() < Duration::from_secs(20),
                        "line {}: the lines after it were not answered meanwhile",
                        case.line
                    );
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            seen.fetch_max(case.line, Ordering::SeqCst);
            echo(case, out)
        };
        let mut out = Vec::new();
        let mut cases = Cases::new(&input[..]);
        let ended = run(&mut cases, 2, answer, &mut out);
        assert!(matches!(ended, Ended::Answered(false)), "{ended:?}");
        let text = String::from_utf8(out).unwrap();
        let numbers: Vec<usize> = text.lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(numbers, (1..=3 * 4096).collect::<Vec<_>>());
        assert!(answered.load(Ordering::SeqCst) >= 3 * 4096 - 1);
    }

    #[test]
    fn an_error_line_is_reported_and_the_others_still_answered() {
        let input = lines(500);
        let answer = |case: &Case, out: &mut Vec<u8>| {
            out.extend_from_slice(case.line.to_string().as_bytes());
            case.line != 250
        };
        let mut out = Vec::new();
        let ended = run(&mut Cases::new(&input[..]), 2, answer, &mut out);
        assert!(matches!(ended, Ended::Answered(true)), "{ended:?}");
        assert_eq!(out.iter().filter(|&&c| c == b'\n').count(), 500);
    }
}
