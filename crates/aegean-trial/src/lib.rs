//! Trial of the Gods at native speed: a fast path of the Python reference
//! (`aegean.trial`), for the search bot's playouts.
//!
//! The Python engine is the rules reference. This crate plays the same game on the same
//! state, decision for decision: the same legal choices in the same order, the same state
//! after each, the same shuffles and dice from the same generator state ([`rng`]), and
//! the heuristic policy making the same choices ([`heuristic`]). The Python suite
//! (`tests/trial/test_native.py`) compares the two after every decision of seeded games.
//! A content set with hook effects (Python code) is refused; the reference plays it.

pub mod choice;
pub mod content;
pub mod determinize;
pub mod engine;
pub mod heuristic;
pub mod playout;
pub mod rng;
pub mod search;
pub mod state;

pub use choice::Choice;
pub use content::Content;
pub use engine::Game;
pub use heuristic::{Knowledge, Policy};
pub use playout::Evaluation;
pub use rng::PyRandom;
pub use state::State;
