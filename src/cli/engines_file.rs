//! The engines file: the external engines a user has ([`crate::engines::external`]), in TOML,
//! named by `--engines FILE` or found in the user's config folder
//! (`$XDG_CONFIG_HOME/satbox/engines.toml`, else `~/.config/satbox/engines.toml`), never in the
//! current folder unless named:
//!
//! ```toml
//! [engines."mujoco-3.11.0"]
//! command = ["/home/me/engines/mujoco-3.11.0/bin/python", "/home/me/satbox/adapters/mujoco.py"]
//! settings = { margin = 0.0 }
//! timeout_s = 10
//! ```
//!
//! A command runs only when its user names it there: nothing a scene, link, recording or check
//! line holds can start a program.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::engines::external::{self, ExternalSpec, DEFAULT_TIMEOUT};

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    engines: std::collections::BTreeMap<String, Entry>,
}

/// One engine as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    command: Vec<String>,
    #[serde(default)]
    settings: toml::Table,
    #[serde(default)]
    timeout_s: Option<f64>,
}

/// Where the user's own engines file is, when it exists: `$XDG_CONFIG_HOME/satbox/engines.toml`,
/// else `~/.config/satbox/engines.toml`.
pub fn user_file() -> Option<PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    let path = config.join("satbox").join("engines.toml");
    path.is_file().then_some(path)
}

/// Reads the engines of `text` (from `path`, for messages).
pub fn parse(text: &str, path: &Path) -> Result<Vec<ExternalSpec>, String> {
    let file: File = toml::from_str(text).map_err(|e| {
        format!(
            "{}: {}",
            path.display(),
            e.to_string().trim_end().replace('\n', " ")
        )
    })?;
    file.engines
        .into_iter()
        .map(|(name, entry)| {
            let at = |why: String| format!("{}: engine \"{name}\": {why}", path.display());
            external::check_name(&name).map_err(&at)?;
            if entry.command.is_empty() {
                return Err(at(
                    "its command is empty: command = [\"program\", \"arg\", …]".into(),
                ));
            }
            let timeout = match entry.timeout_s {
                None => DEFAULT_TIMEOUT,
                Some(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => Duration::from_secs_f64(t),
                Some(t) => {
                    return Err(at(format!("timeout_s {t}: seconds above 0, at most a day")))
                }
            };
            let settings = serde_json::to_value(&entry.settings)
                .map_err(|e| at(format!("its settings: {e}")))?;
            let serde_json::Value::Object(settings) = settings else {
                unreachable!("a TOML table is a JSON object")
            };
            Ok(ExternalSpec {
                name,
                command: entry.command,
                settings,
                timeout,
            })
        })
        .collect()
}

/// Registers the engines of the file `named` (`--engines FILE`), else of the user's own file when
/// there is one; the names registered. An error names the file and what is wrong.
pub fn load(named: Option<&Path>) -> Result<Vec<String>, String> {
    let path = match named {
        Some(p) => p.to_path_buf(),
        None => match user_file() {
            Some(p) => p,
            None => return Ok(Vec::new()),
        },
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read the engines file {}: {e}", path.display()))?;
    let specs = parse(&text, &path)?;
    specs
        .into_iter()
        .map(|spec| {
            let name = spec.name.clone();
            external::register(spec).map(|_| name)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engines_file_names_each_engine_with_its_command_settings_and_timeout() {
        let text = r#"
[engines."mujoco-3.11.0"]
command = ["/venv/bin/python", "adapters/mujoco.py"]
settings = { margin = 0.001 }

[engines.mine]
command = ["./my-engine"]
timeout_s = 2.5
"#;
        let specs = parse(text, Path::new("engines.toml")).unwrap();
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].name, "mine");
        assert_eq!(specs[0].timeout, Duration::from_millis(2500));
        assert_eq!(specs[1].settings["margin"], 0.001);
        assert_eq!(specs[1].timeout, DEFAULT_TIMEOUT);
    }

    #[test]
    fn a_bad_engines_file_says_where_and_what() {
        for (text, says) in [
            (
                "[engines.mujoco]\ncommand = [\"x\"]\n",
                "is a built-in engine's",
            ),
            ("[engines.A]\ncommand = [\"x\"]\n", "lowercase letters"),
            ("[engines.x]\ncommand = []\n", "its command is empty"),
            (
                "[engines.x]\ncommand = [\"x\"]\ntimeout_s = -1\n",
                "timeout_s -1",
            ),
            (
                "[engines.x]\ncommand = [\"x\"]\nwhat = 1\n",
                "unknown field",
            ),
            ("[engines.x\n", "engines.toml"),
        ] {
            let e = parse(text, Path::new("engines.toml")).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
