//! An engine out of process's repro: the lines satbox writes it (the hello with the settings of
//! the engines file, then the request) in `request.jsonl`, and its command from the engines file
//! in `run.sh`, which feeds it those lines: its last line of output is its answer.

use super::{Program, RUN_HEADER};
use crate::engines::external::ExternalSpec;
use crate::engines::{protocol, Question};

/// The program: `request.jsonl` and `run.sh`.
pub fn program(spec: &ExternalSpec, question: &Question) -> Program {
    let lines = format!(
        "{}\n{}\n",
        protocol::hello(&spec.settings),
        protocol::request(1, question)
    );
    let command: Vec<String> = spec.command.iter().map(|a| quoted(a)).collect();
    let run = format!(
        "{RUN_HEADER}# {}'s command, from the engines file; it answers the request after its hello\n{} < request.jsonl\n",
        spec.name,
        command.join(" ")
    );
    Program {
        files: vec![("request.jsonl", lines), ("run.sh", run)],
        install: format!(
            "the engine named `{}` in satbox's engines file, whose command `run.sh` runs as the file names it (edit its paths if the engine lies elsewhere).",
            spec.name
        ),
        asks: "the engine protocol's request, after its hello: both boxes in satbox's own form, every number the shortest text that reads back to the same `f32`.".into(),
    }
}

/// `arg` quoted for a POSIX shell: as it is when it holds only safe characters, else in single
/// quotes.
fn quoted(arg: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !arg.is_empty() && arg.chars().all(safe) {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_quoted_for_the_shell_only_where_it_must_be() {
        assert_eq!(quoted("/usr/bin/python3"), "/usr/bin/python3");
        assert_eq!(quoted("my engine.py"), "'my engine.py'");
        assert_eq!(quoted("it's"), "'it'\\''s'");
        assert_eq!(quoted(""), "''");
    }
}
