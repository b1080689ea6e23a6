//! JSON Lines read one case at a time, in constant memory: the input of `satbox check` and of
//! recordings.
//!
//! Each non-blank line is one case. A line that is just `{` (after trimming) opens a case written
//! over several lines, a pretty-printed scene for instance: it runs to the end of the line on which
//! its braces and brackets (counted outside strings) balance again, and is numbered by its first
//! line. Such an object is at most [`MAX_OBJECT_LINES`] lines and [`MAX_OBJECT_BYTES`] bytes; one
//! that is longer, or not closed when the input ends, is answered as an error on its first line and
//! reading goes on after it. Blank lines are skipped but counted, so line numbers are the file's.

use std::io::BufRead;

/// The most lines one multi-line object may span.
pub const MAX_OBJECT_LINES: usize = 10_000;
/// The most bytes one multi-line object may hold.
pub const MAX_OBJECT_BYTES: usize = 1 << 20;

/// One case of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// 1-based number of its (first) line.
    pub line: usize,
    /// Its JSON text, or what is wrong with the bytes (not UTF-8, an object never closed).
    pub text: Result<String, String>,
}

/// The cases of a reader, in order. An I/O error ends the iteration with that error.
pub struct Cases<R> {
    reader: R,
    line: usize,
    buf: Vec<u8>,
    /// Texts of cases answered, handed back ([`Cases::recycle`]) to read later lines into.
    spare: Vec<Vec<u8>>,
    failed: bool,
}

/// The most texts [`Cases::recycle`] keeps.
const MAX_SPARE: usize = 1024;
/// The largest text [`Cases::recycle`] keeps (a line's, not a long object's).
const MAX_SPARE_BYTES: usize = 64 << 10;

impl<R: BufRead> Cases<R> {
    /// Reads cases from `reader`.
    pub fn new(reader: R) -> Self {
        Self {
            reader,
            line: 0,
            buf: Vec::new(),
            spare: Vec::new(),
            failed: false,
        }
    }

    /// Whether the reader holds no more buffered bytes: the next case may have to wait for input
    /// (answers written so far should be flushed then).
    pub fn would_wait(&self) -> bool
    where
        R: HasBuffer,
    {
        self.reader.buffered_is_empty()
    }

    /// Takes back the texts of cases answered, to read later lines into: reading a file then
    /// allocates nothing once a few chunks of lines are in use.
    pub fn recycle(&mut self, cases: Vec<Case>) {
        for case in cases {
            if self.spare.len() >= MAX_SPARE {
                return;
            }
            if let Ok(text) = case.text {
                if text.capacity() <= MAX_SPARE_BYTES {
                    self.spare.push(text.into_bytes());
                }
            }
        }
    }

    /// The next raw line, without its line ending; `None` at the end.
    fn next_line(&mut self) -> Option<std::io::Result<Result<String, ()>>> {
        self.buf.clear();
        match read_line(&mut self.reader, &mut self.buf) {
            Ok(0) => None,
            Ok(_) => {
                self.line += 1;
                while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
                    self.buf.pop();
                }
                // the line keeps the buffer; the next line gets one handed back, else one as large
                // (lines of a file are much alike), so it is read without growing
                let next = self
                    .spare
                    .pop()
                    .unwrap_or_else(|| Vec::with_capacity(self.buf.capacity()));
                Some(Ok(into_string(std::mem::replace(&mut self.buf, next))))
            }
            Err(e) => Some(Err(e)),
        }
    }

    /// Gathers the lines of an object opened by a line `{` on line `first`.
    fn object(&mut self, first: usize, opening: String) -> std::io::Result<Case> {
        let mut text = opening;
        let mut depth = Depth::default();
        depth.scan(&text);
        let mut bad_line = None;
        loop {
            if self.line - first + 1 >= MAX_OBJECT_LINES || text.len() >= MAX_OBJECT_BYTES {
                return Ok(Case {
                    line: first,
                    text: Err(format!(
                        "the object opened on line {first} is not closed by line {} (an object over several lines is at most {MAX_OBJECT_LINES} lines and {} MiB)",
                        self.line,
                        MAX_OBJECT_BYTES >> 20
                    )),
                });
            }
            match self.next_line() {
                None => {
                    return Ok(Case {
                        line: first,
                        text: Err(format!(
                            "the object opened on line {first} is not closed when the input ends (line {})",
                            self.line
                        )),
                    })
                }
                Some(Err(e)) => return Err(e),
                Some(Ok(Err(()))) => {
                    bad_line.get_or_insert(self.line);
                }
                Some(Ok(Ok(line))) => {
                    depth.scan(&line);
                    text.push('\n');
                    text.push_str(&line);
                }
            }
            if depth.closed() {
                let text = match bad_line {
                    Some(n) => Err(format!(
                        "line {n}, inside the object opened on line {first}, is not valid UTF-8"
                    )),
                    None => Ok(text),
                };
                return Ok(Case { line: first, text });
            }
        }
    }
}

/// The line's bytes as a string; `Err` when they are not UTF-8.
fn into_string(bytes: Vec<u8>) -> Result<String, ()> {
    // with `cli` (check's lines), checked a vector at a time
    #[cfg(feature = "cli")]
    {
        simdutf8::basic::from_utf8(&bytes).map_err(|_| ())?;
        // SAFETY: the bytes were just checked to be UTF-8
        Ok(unsafe { String::from_utf8_unchecked(bytes) })
    }
    #[cfg(not(feature = "cli"))]
    String::from_utf8(bytes).map_err(|_| ())
}

/// `BufRead::read_until(b'\n')` with a vectorised search for the line's end.
fn read_line<R: BufRead>(reader: &mut R, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let (done, used) = {
            let available = match reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            match memchr::memchr(b'\n', available) {
                Some(i) => {
                    buf.extend_from_slice(&available[..=i]);
                    (true, i + 1)
                }
                None => {
                    buf.extend_from_slice(available);
                    (available.is_empty(), available.len())
                }
            }
        };
        reader.consume(used);
        read += used;
        if done {
            return Ok(read);
        }
    }
}

/// Brace and bracket depth outside strings, over successive lines.
#[derive(Default)]
struct Depth {
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl Depth {
    fn scan(&mut self, text: &str) {
        for b in text.bytes() {
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => self.depth -= 1,
                _ => {}
            }
        }
    }

    fn closed(&self) -> bool {
        self.depth <= 0
    }
}

impl<R: BufRead> Iterator for Cases<R> {
    type Item = std::io::Result<Case>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            let line = match self.next_line()? {
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
                Ok(line) => line,
            };
            let number = self.line;
            let text = match line {
                Err(()) => {
                    return Some(Ok(Case {
                        line: number,
                        text: Err("line is not valid UTF-8".into()),
                    }))
                }
                Ok(text) => text,
            };
            match text.trim() {
                "" => continue,
                "{" => {
                    let case = self.object(number, text);
                    if case.is_err() {
                        self.failed = true;
                    }
                    return Some(case);
                }
                _ => {
                    return Some(Ok(Case {
                        line: number,
                        text: Ok(text),
                    }))
                }
            }
        }
    }
}

/// A reader that can tell whether it holds buffered bytes (so that answers can be flushed before
/// it blocks waiting for more input).
pub trait HasBuffer {
    /// No bytes are buffered.
    fn buffered_is_empty(&self) -> bool;
}

impl<R: std::io::Read> HasBuffer for std::io::BufReader<R> {
    fn buffered_is_empty(&self) -> bool {
        self.buffer().is_empty()
    }
}

impl HasBuffer for &[u8] {
    fn buffered_is_empty(&self) -> bool {
        self.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases(text: &str) -> Vec<(usize, Result<String, String>)> {
        Cases::new(text.as_bytes())
            .map(|c| c.unwrap())
            .map(|c| (c.line, c.text))
            .collect()
    }

    #[test]
    fn each_non_blank_line_is_a_case_numbered_as_in_the_file() {
        let got = cases("\n{\"a\":1}\r\n  \n[1]\nnot json");
        assert_eq!(
            got,
            vec![
                (2, Ok("{\"a\":1}".to_string())),
                (4, Ok("[1]".to_string())),
                (5, Ok("not json".to_string())),
            ]
        );
    }

    #[test]
    fn a_pretty_object_over_several_lines_is_one_case_on_its_first_line() {
        let text =
            "{\n  \"a\": {\"s\": \"} ] \\\" {\"},\n  \"b\": [\n    1\n  ]\n}\n{\"next\": 1}\n";
        let got = cases(text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, 1);
        let v: serde_json::Value = serde_json::from_str(got[0].1.as_ref().unwrap()).unwrap();
        assert_eq!(v["b"][0], 1);
        assert_eq!(got[1], (7, Ok("{\"next\": 1}".to_string())));
    }

    #[test]
    fn a_truncated_one_line_object_stays_one_bad_line() {
        let got = cases("{\"a\": {\"center\": [0,0,0]\n{\"b\": 2}\n");
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], (2, Ok("{\"b\": 2}".to_string())));
    }

    #[test]
    fn an_object_never_closed_is_an_error_on_its_first_line() {
        let got = cases("{\"x\": 1}\n{\n  \"a\": [1,\n");
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].0, 2);
        assert!(
            got[1].1.as_ref().unwrap_err().contains("not closed"),
            "{got:?}"
        );
    }

    #[test]
    fn an_endless_object_is_cut_at_the_limit_and_reading_goes_on() {
        let mut text = String::from("{\n");
        for _ in 0..MAX_OBJECT_LINES + 5 {
            text.push_str("  [1,\n");
        }
        let got = cases(&text);
        assert!(got[0]
            .1
            .as_ref()
            .unwrap_err()
            .contains("at most 10000 lines"));
        // the lines after the cut are read as lines of their own
        assert_eq!(got.len(), 7, "{:?}", &got[1..]);
        assert_eq!(got[1].0, MAX_OBJECT_LINES + 1);
    }

    #[test]
    fn bad_utf8_is_an_error_case_and_the_next_line_is_still_read() {
        let bytes = b"\xff\xfe\n{\"b\": 2}\n";
        let got: Vec<Case> = Cases::new(&bytes[..]).map(|c| c.unwrap()).collect();
        assert_eq!(got[0].text, Err("line is not valid UTF-8".to_string()));
        assert_eq!(got[1].line, 2);
    }

    #[test]
    fn lines_read_into_texts_handed_back_are_the_lines_exactly() {
        // long and short lines, so that a text handed back is sometimes longer than the line
        // read into it, and one not UTF-8 among them
        let lines: Vec<Vec<u8>> = (0..300)
            .map(|k: usize| match k % 7 {
                3 => b"\xff{\"bad\": 1}".to_vec(),
                _ => format!(
                    "{{\"k\": {k}, \"pad\": \"{}\"}}",
                    "x".repeat((k * 37) % 200)
                )
                .into_bytes(),
            })
            .collect();
        let text = lines.join(&b'\n');
        let mut cases = Cases::new(&text[..]);
        let mut chunk = Vec::new();
        let mut line = 0;
        while let Some(case) = cases.next() {
            let case = case.unwrap();
            line += 1;
            assert_eq!(case.line, line);
            match &case.text {
                Ok(t) => assert_eq!(t.as_bytes(), &lines[line - 1][..]),
                Err(e) => assert_eq!((line % 7, e.as_str()), (4, "line is not valid UTF-8")),
            }
            chunk.push(case);
            if chunk.len() == line % 5 + 1 {
                cases.recycle(std::mem::take(&mut chunk));
            }
        }
        assert_eq!(line, lines.len());
    }
}
