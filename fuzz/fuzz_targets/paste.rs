//! The engine-format paste parser: any text, for every engine in both modes, gives boxes or a
//! message, never a panic; boxes it gives are valid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satbox::scene::paste::{paste, Engine};
use satbox::scene::{Mode, Pair};

fuzz_target!(|text: &str| {
    for engine in Engine::ALL {
        for mode in [Mode::Two, Mode::Three] {
            match paste(engine, mode, text) {
                Ok(noted) => match noted.pair {
                    Pair::Two(a, b) => assert!(a.validate().is_ok() && b.validate().is_ok()),
                    Pair::Three(a, b) => assert!(a.validate().is_ok() && b.validate().is_ok()),
                },
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
});
