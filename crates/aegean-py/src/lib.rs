//! `aegean._core`: the PyO3 binding of `aegean-core`. Thin on purpose: positions cross as
//! their text, turns as the Python engine's packed step codes; `aegean.santorini.native`
//! is the Python API on top.

// pyo3 0.22's #[pyfunction] expands to a `PyErr` -> `PyErr` conversion that this clippy flags.
#![allow(clippy::useless_conversion)]

use aegean_core::perft::{perft as perft_make, perft_bulk};
use aegean_core::playout::{generator, playout, random_placement};
use aegean_core::rules::{legal_turns as list_turns, play as apply, winner, TurnList};
use aegean_core::Position;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

fn position(text: &str) -> PyResult<Position> {
    text.parse()
        .map_err(|e: aegean_core::ParseError| PyValueError::new_err(e.0))
}

/// The number of sequences of `depth` full turns from `position` (the GIL released).
/// ``bulk``: count the last level's turns without playing them.
#[pyfunction]
#[pyo3(signature = (position, depth, bulk = true))]
fn perft(py: Python<'_>, position: &str, depth: u32, bulk: bool) -> PyResult<u64> {
    let start = self::position(position)?;
    Ok(py.allow_threads(|| {
        if bulk {
            perft_bulk(&start, depth)
        } else {
            perft_make(&start, depth)
        }
    }))
}

/// Every legal turn of the player to move, each a tuple of packed step codes.
#[pyfunction]
fn legal_turns(position: &str) -> PyResult<Vec<Vec<u32>>> {
    let start = self::position(position)?;
    let mut list = TurnList::default();
    list_turns(&start, &mut list);
    Ok(list
        .as_slice()
        .iter()
        .map(|t| t.steps().collect())
        .collect())
}

/// Every legal turn of the player to move, in turn notation.
#[pyfunction]
fn legal_turn_names(position: &str) -> PyResult<Vec<String>> {
    let start = self::position(position)?;
    let mut list = TurnList::default();
    list_turns(&start, &mut list);
    Ok(list.as_slice().iter().map(|t| t.notation()).collect())
}

/// ``games`` uniform random playouts from random placements, seeded: (player 1's wins,
/// player 2's wins, turns played in all). The GIL is released.
#[pyfunction]
fn random_playouts(py: Python<'_>, games: u64, seed: u64) -> (u64, u64, u64) {
    py.allow_threads(|| {
        let mut rng = generator(seed);
        let mut wins = [0u64; 2];
        let mut turns = 0u64;
        for _ in 0..games {
            let ending = playout(random_placement(&mut rng), &mut rng);
            wins[ending.winner as usize] += 1;
            turns += u64::from(ending.turns);
        }
        (wins[0], wins[1], turns)
    })
}

/// The position after the legal turn `steps` (packed step codes), and the winner if the
/// game is over then (0 or 1: a climb, or the next player has no legal turn).
#[pyfunction]
fn play(position: &str, steps: Vec<u32>) -> PyResult<(String, Option<u8>)> {
    let start = self::position(position)?;
    let mut list = TurnList::default();
    list_turns(&start, &mut list);
    let Some(&turn) = list
        .as_slice()
        .iter()
        .find(|t| t.steps().eq(steps.iter().copied()))
    else {
        return Err(PyValueError::new_err(format!(
            "not a legal turn here: {steps:?}"
        )));
    };
    let next = apply(&start, turn);
    Ok((next.to_string(), winner(&next)))
}

/// The winner of `position` if the game is over (the player to move has no legal turn).
#[pyfunction]
fn outcome(position: &str) -> PyResult<Option<u8>> {
    Ok(winner(&self::position(position)?))
}

/// The position's text as the core reads and writes it (a check of the round trip).
#[pyfunction]
fn normalise(position: &str) -> PyResult<String> {
    Ok(self::position(position)?.to_string())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(legal_turns, m)?)?;
    m.add_function(wrap_pyfunction!(legal_turn_names, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(normalise, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(outcome, m)?)?;
    Ok(())
}
