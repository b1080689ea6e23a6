//! External engines: commands that speak the engine protocol ([`super::protocol`]), asked out of
//! satbox's process, so that any engine of any version can be laid beside satbox and none can
//! hurt it.
//!
//! An external engine is named in an engines file (docs/engine-protocol.md) and registered once
//! per process ([`register`]). Each thread that asks it starts its own process of it on first use
//! and keeps it ([`ask_many`]): one engine process per worker thread. Requests are pipelined: every
//! question of a batch is written before the first answer is read.
//!
//! **A bad engine never hurts satbox.** A crash, an answer that does not come within the
//! engine's timeout, a line that is not an answer, an answer to another request, a missing hello,
//! a number that is not finite: that pair's reply is [`super::Reply::Failed`] with the engine's
//! last lines of standard error, the process is ended and started again for the next pair, and
//! after [`MOST_RESTARTS`] restarts in a run the engine is given up (`"gave up after 3 restarts:
//! …"`). A slow engine holds up only its own replies, never longer than its timeout.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use super::protocol::{self, Hello};
use super::{About, Question, Reply};

/// Restarts of one engine in a run after which it is given up.
pub const MOST_RESTARTS: u32 = 3;

/// Lines of an engine's standard error kept for a failure's message.
const STDERR_LINES: usize = 12;

/// How an external engine is started, as its engines file names it.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalSpec {
    /// Its name in satbox (`mujoco-3.11.0`): lowercase letters, digits, `-`, `_`, `.`.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Its settings, sent in the hello.
    pub settings: Map<String, Value>,
    /// How long an answer may take.
    pub timeout: Duration,
}

/// The default time an answer may take.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// An external engine, by its place among those registered in this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExternalId(u16);

/// A registered engine: its spec, its name kept for the process's life, and what the run has
/// learnt of it.
struct External {
    spec: ExternalSpec,
    name: &'static str,
    /// Its hello, once a process of it has said it.
    hello: Mutex<Option<Hello>>,
    /// Restarts so far in this run.
    restarts: AtomicU32,
    /// Why it was given up, once it is.
    gave_up: Mutex<Option<String>>,
}

static REGISTRY: RwLock<Vec<&'static External>> = RwLock::new(Vec::new());

/// Registers an external engine for this process; its id. A name already registered keeps its
/// first spec when the spec is the same, and is an error otherwise.
pub fn register(spec: ExternalSpec) -> Result<ExternalId, String> {
    check_name(&spec.name)?;
    if spec.command.is_empty() || spec.command[0].is_empty() {
        return Err(format!("engine \"{}\": its command is empty", spec.name));
    }
    let mut all = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    if let Some(k) = all.iter().position(|e| e.spec.name == spec.name) {
        return if all[k].spec == spec {
            Ok(ExternalId(k as u16))
        } else {
            Err(format!(
                "engine \"{}\" is named twice, with two commands",
                spec.name
            ))
        };
    }
    let name: &'static str = Box::leak(spec.name.clone().into_boxed_str());
    all.push(Box::leak(Box::new(External {
        spec,
        name,
        hello: Mutex::new(None),
        restarts: AtomicU32::new(0),
        gave_up: Mutex::new(None),
    })));
    Ok(ExternalId((all.len() - 1) as u16))
}

/// Whether `name` can name an external engine: lowercase letters, digits, `-`, `_`, `.`, and not
/// a built-in engine's name.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty()
        || !name
            .bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || b"-_.".contains(&c))
    {
        return Err(format!(
            "engine name \"{name}\": use lowercase letters, digits, '-', '_' and '.'"
        ));
    }
    if super::EngineName::parse(name).is_some() || name == "all" {
        return Err(format!(
            "engine name \"{name}\" is a built-in engine's: name yours otherwise (\"{name}-3.11\")"
        ));
    }
    Ok(())
}

/// The external engine registered as `name`.
pub fn find(name: &str) -> Option<ExternalId> {
    let all = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    all.iter()
        .position(|e| e.spec.name == name)
        .map(|k| ExternalId(k as u16))
}

/// Every external engine registered, in the order registered.
pub fn all() -> Vec<ExternalId> {
    let n = REGISTRY.read().unwrap_or_else(|e| e.into_inner()).len();
    (0..n).map(|k| ExternalId(k as u16)).collect()
}

fn get(id: ExternalId) -> &'static External {
    REGISTRY.read().unwrap_or_else(|e| e.into_inner())[id.0 as usize]
}

impl ExternalId {
    /// Its name in satbox.
    pub fn name(self) -> &'static str {
        get(self).name
    }

    /// Its spec.
    pub fn spec(self) -> ExternalSpec {
        get(self).spec.clone()
    }

    /// Its hello, once a process of it has said it.
    pub fn hello(self) -> Option<Hello> {
        get(self)
            .hello
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Its settings and version as satbox reads them: from its hello once said, else from the
    /// engines file.
    pub fn about(self) -> About {
        let e = get(self);
        let hello = self.hello();
        let (version, settings) = match &hello {
            Some(h) => (h.version.clone(), h.settings.clone()),
            None => ("(not started)".to_string(), e.spec.settings.clone()),
        };
        let margin = settings
            .get("margin")
            .and_then(Value::as_f64)
            .unwrap_or(0.0) as f32;
        let mut listed: Vec<(String, String)> = settings
            .iter()
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect();
        listed.push(("command".into(), e.spec.command.join(" ")));
        if let Some(h) = &hello {
            listed.insert(0, ("engine".into(), h.name.clone()));
        }
        About {
            speculative: (margin > 0.0).then_some(margin),
            rounded: true,
            ..About::manifold_of_sharp_boxes(version, listed)
        }
    }

    /// Why it was given up in this run, when it was.
    fn gave_up(self) -> Option<String> {
        get(self)
            .gave_up
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// A running process of an engine: its hello, and threads that write its input, read its
/// output and keep the last lines of its standard error.
struct Running {
    child: Child,
    to_engine: Option<mpsc::Sender<String>>,
    from_engine: Receiver<Option<String>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    hello: Hello,
    next_id: u64,
}

impl Drop for Running {
    fn drop(&mut self) {
        // closing its input ends it; one that does not end is killed
        self.to_engine = None;
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Why a process failed, with its standard error's last lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// What went wrong.
    pub why: String,
    /// The engine's last lines of standard error.
    pub stderr: String,
}

impl Running {
    /// Starts `e` and reads its hello.
    fn start(e: &ExternalSpec) -> Result<Running, Failure> {
        let failure = |why: String| Failure {
            why,
            stderr: String::new(),
        };
        let mut child = Command::new(&e.command[0])
            .args(&e.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|err| failure(format!("could not start {}: {err}", e.command[0])))?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let kept = stderr.clone();
            std::thread::spawn(move || keep_stderr(err, &kept));
        }
        let (to_engine, from_engine) = match (child.stdin.take(), child.stdout.take()) {
            (Some(input), Some(output)) => (writer(input), reader(output)),
            _ => return Err(failure("no pipes to the engine".into())),
        };
        let mut running = Running {
            child,
            to_engine: Some(to_engine),
            from_engine,
            stderr,
            hello: Hello {
                satbox_engine: protocol::VERSION,
                name: String::new(),
                version: String::new(),
                dims: Vec::new(),
                settings: Map::new(),
            },
            next_id: 0,
        };
        running.send(protocol::hello(&e.settings));
        let line = running
            .line(e.timeout)
            .map_err(|why| running.failure(format!("no hello: {why}")))?;
        running.hello = Hello::read(&line).map_err(|why| running.failure(why))?;
        Ok(running)
    }

    fn send(&self, line: String) {
        if let Some(to) = &self.to_engine {
            let _ = to.send(line);
        }
    }

    /// Its next line of output, within `timeout`.
    fn line(&mut self, timeout: Duration) -> Result<String, String> {
        match self.from_engine.recv_timeout(timeout) {
            Ok(Some(line)) => Ok(line),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                // give it a moment to say how it ended
                let status = (0..20).find_map(|_| {
                    let s = self.child.try_wait().ok().flatten();
                    if s.is_none() {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    s
                });
                Err(match status {
                    Some(s) => format!("it ended ({s})"),
                    None => "it closed its output".to_string(),
                })
            }
            Err(RecvTimeoutError::Timeout) => Err(format!("no answer within {}", seconds(timeout))),
        }
    }

    /// `why`, with the engine's last lines of standard error.
    fn failure(&self, why: String) -> Failure {
        // the threads reading its stderr may still be on their last lines
        std::thread::sleep(Duration::from_millis(20));
        let lines = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        Failure {
            why,
            stderr: lines.iter().cloned().collect::<Vec<_>>().join("\n"),
        }
    }
}

fn seconds(d: Duration) -> String {
    format!("{} s", crate::sat::fmt_num(d.as_secs_f32()))
}

/// A thread that writes each line it is sent to the engine's input, flushing whenever no more
/// are waiting: many requests go out before the first answer is read.
fn writer(mut input: ChildStdin) -> mpsc::Sender<String> {
    let (to, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        let mut out = std::io::BufWriter::new(&mut input);
        while let Ok(line) = lines.recv() {
            let mut next = Some(line);
            while let Some(line) = next {
                if out.write_all(line.as_bytes()).is_err() || out.write_all(b"\n").is_err() {
                    return;
                }
                next = lines.try_recv().ok();
            }
            if out.flush().is_err() {
                return;
            }
        }
    });
    to
}

/// A thread that reads the engine's output line by line; `None` when it ends.
fn reader(output: std::process::ChildStdout) -> Receiver<Option<String>> {
    let (to, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(output);
        loop {
            let mut line = String::new();
            match r.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    let _ = to.send(None);
                    return;
                }
                Ok(_) => {
                    if to.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    lines
}

/// Keeps the last [`STDERR_LINES`] lines of the engine's standard error.
fn keep_stderr(err: std::process::ChildStderr, kept: &Mutex<VecDeque<String>>) {
    for line in BufReader::new(err).lines() {
        let Ok(mut line) = line else { return };
        if line.len() > 300 {
            let mut end = 300;
            while !line.is_char_boundary(end) {
                end -= 1;
            }
            line.truncate(end);
            line.push('…');
        }
        let mut k = kept.lock().unwrap_or_else(|e| e.into_inner());
        if k.len() == STDERR_LINES {
            k.pop_front();
        }
        k.push_back(line);
    }
}

thread_local! {
    /// This thread's processes, by engine.
    static PROCESSES: RefCell<HashMap<ExternalId, Running>> = RefCell::new(HashMap::new());
    /// Replies asked for ahead of their questions ([`prefetch`]), by engine, in order.
    static PREFETCHED: RefCell<HashMap<ExternalId, VecDeque<(Question, Reply)>>> =
        RefCell::new(HashMap::new());
}

/// Asks engine `id` about each of `questions` now, pipelined, and keeps the replies on this
/// thread for [`ask_many`] to hand out when it is asked the same questions in the same order (a
/// `check` worker prefetches a chunk's lines, then answers them one by one). Replies not asked
/// for by the next prefetch are dropped.
pub fn prefetch(id: ExternalId, questions: &[Question]) {
    let replies = ask_now(id, questions);
    let kept: VecDeque<(Question, Reply)> = questions.iter().copied().zip(replies).collect();
    PREFETCHED.with(|p| p.borrow_mut().insert(id, kept));
}

/// Asks engine `id` about each of `questions`, pipelined (every request written before the first
/// answer is read), on this thread's process of it: one reply each, in order. A failure fails its
/// pair; the engine is started again for the pairs after it, until it is given up. Replies
/// prefetched for these questions are handed out without asking again.
pub fn ask_many(id: ExternalId, questions: &[Question]) -> Vec<Reply> {
    let mut replies = Vec::with_capacity(questions.len());
    PREFETCHED.with(|p| {
        let mut p = p.borrow_mut();
        let Some(kept) = p.get_mut(&id) else { return };
        for q in questions {
            match kept.pop_front() {
                Some((asked, reply)) if asked == *q => replies.push(reply),
                _ => {
                    kept.clear();
                    break;
                }
            }
        }
    });
    if replies.len() < questions.len() {
        replies.extend(ask_now(id, &questions[replies.len()..]));
    }
    replies
}

/// [`ask_many`] without the prefetched replies.
fn ask_now(id: ExternalId, questions: &[Question]) -> Vec<Reply> {
    let mut replies = Vec::with_capacity(questions.len());
    while replies.len() < questions.len() {
        let rest = &questions[replies.len()..];
        if let Some(why) = id.gave_up() {
            replies.extend(rest.iter().map(|_| Reply::Failed {
                why: why.clone(),
                stderr: String::new(),
            }));
            break;
        }
        match PROCESSES.with(|p| ask_running(id, &mut p.borrow_mut(), rest)) {
            Ok(done) => replies.extend(done),
            Err((done, failure)) => {
                replies.extend(done);
                replies.push(failed(id, failure));
            }
        }
    }
    replies
}

/// The reply for a pair whose asking failed, counting the restart it costs.
fn failed(id: ExternalId, failure: Failure) -> Reply {
    let e = get(id);
    // the first failure costs the first restart; the one after the last restart gives it up
    let failures = e.restarts.fetch_add(1, Ordering::SeqCst) + 1;
    if failures > MOST_RESTARTS {
        let mut gave_up = e.gave_up.lock().unwrap_or_else(|e| e.into_inner());
        gave_up.get_or_insert_with(|| {
            format!("gave up after {MOST_RESTARTS} restarts: {}", failure.why)
        });
    }
    Reply::Failed {
        why: failure.why,
        stderr: failure.stderr,
    }
}

/// Asks on this thread's process of `id` (started when it has none): every reply it gave, or those
/// before a failure and the failure (the process is then ended).
fn ask_running(
    id: ExternalId,
    processes: &mut HashMap<ExternalId, Running>,
    questions: &[Question],
) -> Result<Vec<Reply>, (Vec<Reply>, Failure)> {
    let e = get(id);
    let running = match processes.entry(id) {
        std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
        std::collections::hash_map::Entry::Vacant(v) => {
            let running = Running::start(&e.spec).map_err(|f| (Vec::new(), f))?;
            *e.hello.lock().unwrap_or_else(|e| e.into_inner()) = Some(running.hello.clone());
            v.insert(running)
        }
    };
    // the pairs it does not answer are not sent
    let asked: Vec<Option<u64>> = questions
        .iter()
        .map(|q| {
            running.hello.answers(q.pair.mode()).then(|| {
                let n = running.next_id;
                running.next_id += 1;
                running.send(protocol::request(n, q));
                n
            })
        })
        .collect();
    let mut replies = Vec::with_capacity(questions.len());
    for (q, n) in questions.iter().zip(asked) {
        let Some(n) = n else {
            replies.push(Reply::NotAsked(format!(
                "{} answers no {} pairs (its hello's dims are {:?})",
                e.name,
                q.pair.mode(),
                running.hello.dims
            )));
            continue;
        };
        match read_reply(running, n, q, e.spec.timeout) {
            Ok(reply) => replies.push(reply),
            Err(why) => {
                let failure = running.failure(why);
                processes.remove(&id);
                return Err((replies, failure));
            }
        }
    }
    Ok(replies)
}

/// The engine's reply to request `n` (question `q`), within `timeout`.
fn read_reply(
    running: &mut Running,
    n: u64,
    q: &Question,
    timeout: Duration,
) -> Result<Reply, String> {
    let line = running.line(timeout)?;
    let reply = protocol::Reply::read(&line, q.pair.mode().dim())?;
    if reply.id() != n {
        return Err(format!(
            "it answered request {} where request {n} was next",
            reply.id()
        ));
    }
    Ok(match reply {
        protocol::Reply::Answer(_, answer) => Reply::Answered(answer),
        protocol::Reply::Error(_, why) => Reply::NotAsked(why),
    })
}

/// One process of an engine driven line by line, for `satbox engine-test`: what satbox's own
/// asking does, with each step in view.
pub struct Session(Running);

impl Session {
    /// Starts the engine of `spec` and reads its hello (within its timeout).
    pub fn start(spec: &ExternalSpec) -> Result<Session, Failure> {
        Running::start(spec).map(Session)
    }

    /// Its hello.
    pub fn hello(&self) -> &Hello {
        &self.0.hello
    }

    /// Writes `line` to its input.
    pub fn send(&self, line: String) {
        self.0.send(line);
    }

    /// Its next line of output within `timeout`, or why none came (it ended, or the time ran out).
    pub fn line(&mut self, timeout: Duration) -> Result<String, String> {
        self.0.line(timeout)
    }

    /// The last lines of its standard error.
    pub fn stderr(&self) -> String {
        self.0.failure(String::new()).stderr
    }

    /// Closes its input and waits up to `timeout` for it to end: how long it took, or `None`
    /// (it is then killed).
    pub fn close(mut self, timeout: Duration) -> Option<Duration> {
        self.0.to_engine = None;
        let start = Instant::now();
        while start.elapsed() < timeout {
            if let Ok(Some(_)) = self.0.child.try_wait() {
                return Some(start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}
