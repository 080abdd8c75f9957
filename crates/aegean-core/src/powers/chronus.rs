//! Chronus (card 16), God of Time — *Win Condition*: you also win when there are at least
//! five Complete Towers on the board (RULINGS #33: domes on level 3 only, so lower domes
//! do not count; it works during an opponent's turn too). Only a build completes a tower,
//! so the count is checked after every build: his own (`wins_with`) and the opponent's
//! (`wins_on`).

use super::{default_wins_with, Power, TurnShape};
use crate::state::{State, Termination};
use crate::steps::{self, Step, KIND_BUILD};

/// Complete Towers on the board that make Chronus win.
pub const TOWERS_TO_WIN: u32 = 5;

pub struct Chronus;

/// Domes standing on level 3 (SANTORINI.md §1; RULINGS #20).
pub fn complete_towers(state: &State) -> u32 {
    (state.domes & state.levels[2]).count_ones()
}

fn fifth_tower(state: &State, step: Step) -> Option<Termination> {
    (steps::kind(step) == KIND_BUILD && complete_towers(state) >= TOWERS_TO_WIN)
        .then_some(Termination::Power)
}

impl Power for Chronus {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    /// His build can win too.
    fn only_first_move_wins(&self) -> bool {
        false
    }

    fn wins_with(&self, state: &State, _player: usize, step: Step) -> Option<Termination> {
        default_wins_with(state, step).or_else(|| fifth_tower(state, step))
    }

    fn claims_wins_on(&self) -> bool {
        true
    }

    fn wins_on(
        &self,
        state: &State,
        _owner: usize,
        _player: usize,
        step: Step,
    ) -> Option<Termination> {
        fifth_tower(state, step)
    }
}
