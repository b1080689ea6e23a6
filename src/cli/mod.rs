//! Headless commands: everything satbox does without opening a window.

pub mod check;
pub mod link;
