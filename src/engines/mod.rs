//! Other engines' answers for the same pair, side by side with satbox's (behind the `parry`
//! feature): what they say and where they disagree, as plain data for `check --compare` and the
//! window.

pub mod parry;
