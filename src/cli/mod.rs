//! Headless commands: everything satbox does without opening a window.

pub mod answer;
pub mod audit;
pub mod check;
#[cfg(not(target_arch = "wasm32"))]
pub mod engine;
#[cfg(not(target_arch = "wasm32"))]
pub mod engine_test;
#[cfg(not(target_arch = "wasm32"))]
pub mod engines_file;
pub mod json;
pub mod link;
pub mod pipeline;
pub mod record;
#[cfg(not(target_arch = "wasm32"))]
pub mod repro;
