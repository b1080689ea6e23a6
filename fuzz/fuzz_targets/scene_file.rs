//! A scene file: any text is read or refused with a message, never a panic, and a scene that
//! reads writes back to a file that reads as the same boxes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satbox::scene::file::Scene;

fuzz_target!(|text: &str| {
    match Scene::from_json_with_notes(text) {
        Ok((scene, noted)) => {
            let again = Scene::new(&noted.pair, scene.description.clone(), scene.view.clone());
            let (_, pair) = Scene::from_json(&again.to_json()).expect("a written scene reads");
            assert_eq!(pair, noted.pair);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
