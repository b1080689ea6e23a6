//! The scene link decoder: any text opens a pair or is refused with a message, never a panic,
//! and a pair it opens encodes to a link that opens the same pair.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satbox::scene::link::{decode, encode};

fuzz_target!(|text: &str| {
    match decode(text) {
        Ok(noted) => {
            let again = decode(&encode(&noted.pair)).expect("an encoded pair decodes");
            assert_eq!(again.pair, noted.pair);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
