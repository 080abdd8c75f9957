//! Santorini at native speed: the base game for two players on bitboards.
//!
//! The Python engine (`aegean.santorini`) is the rules reference; this crate must agree
//! with it on every position it supports, and `tests/native/` in the Python suite checks
//! that on seeded random positions (legal turns, perft, wins). Squares, step codes and
//! notation are the Python engine's own (`docs/notation.md`), so a turn means the same
//! packed integers on both sides.
//!
//! ```
//! use aegean_core::{perft, Position};
//! let position: Position = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2".parse().unwrap();
//! assert_eq!(perft::perft_bulk(&position, 2), 6176);
//! ```

pub mod eval;
pub mod fastpath;
pub mod perft;
pub mod playout;
pub mod position;
pub mod powers;
pub mod rules;
pub mod search;
pub mod squares;
pub mod state;
pub mod steps;
pub mod zobrist;

pub use fastpath::{Turn, TurnList};
pub use position::{ParseError, Position};
