//! One `satbox check` input line: any text gives an answer line or an error line, never a
//! panic, and an answer is one JSON object with the contract's keys. The full answer is compared
//! with every engine built in (`--compare all`): no input crashes the process through an engine.
//! Whatever check's fast reader reads, the general reader reads the same, to the bit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satbox::cli::check::{answer_text, Options};

fuzz_target!(|text: &str| {
    if let Some(fast) = satbox::scene::read_case_fast(text) {
        let general = satbox::scene::read_case_general(text, 1).expect("the general reader reads it");
        assert_eq!(format!("{fast:?}"), format!("{general:?}"), "{text}");
    }
    for compact in [false, true] {
        let options = Options {
            compact,
            compare: if compact {
                satbox::engines::EngineSet::NONE
            } else {
                satbox::engines::EngineSet::ALL_BUILT
            },
            ..Default::default()
        };
        match answer_text(1, text, &options) {
            Ok(line) => {
                let v: serde_json::Value = serde_json::from_str(&line).expect("answers are JSON");
                assert!(v["intersect"].is_boolean(), "{line}");
                assert!(!line.contains('\n'), "one line: {line}");
            }
            Err(line) => {
                let v: serde_json::Value = serde_json::from_str(&line).expect("errors are JSON");
                assert!(v["error"].is_string(), "{line}");
            }
        }
    }
});
