//! Headless commands: everything satbox does without opening a window.

pub mod answer;
pub mod audit;
pub mod check;
pub mod json;
pub mod link;
pub mod pipeline;
pub mod record;
