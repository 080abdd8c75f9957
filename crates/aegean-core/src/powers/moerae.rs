//! Moerae (card 40), Goddesses of Fate — *Setup*: behind your screen, secretly choose a
//! 2 × 2 square of Fate spaces. Place 3 workers of your color. *Win Condition*: if an
//! opponent worker attempts to win by moving into one of your Fate spaces, you win
//! instead.
//!
//! As the reference (`powers/moerae.py`) reads it (RULINGS #57): the Fate square is named
//! by its lower-left corner, `moerae.fate=b2` (b2, c2, b3, c3), chosen at setup (which the
//! reference plays) and secret: the core plays the true board, and an AI that cannot see it
//! searches boards sampled from its own view (`aegean.ai.determinize`). "Attempts to win":
//! an opponent's own move into a Fate space that the mover's power says wins; Moerae
//! vetoes that win (`vetoes_win`) and claims it (`wins_on`).

use super::{Power, Token, TurnShape};
use crate::squares::Mask;
use crate::state::{State, Termination};
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position: the lower-left corner of the Fate square.
pub const TOKEN: &str = "moerae.fate";

/// The corners a Fate square may have (files a-d, ranks 1-4), in square order.
const CORNERS: [&str; 16] = [
    "a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4",
];

pub struct Moerae;

impl Moerae {
    /// The Fate spaces (none before the square is chosen).
    fn fate(state: &State, owner: usize) -> Mask {
        match usize::from(state.tokens[owner]).checked_sub(1) {
            None => 0,
            Some(i) => {
                let corner = (i / 4 * 5 + i % 4) as u32;
                (0b11 | 0b11 << 5) << corner
            }
        }
    }

    /// Whether `step` is opponent `player`'s own move into a Fate space.
    fn fated(state: &State, owner: usize, player: usize, step: Step) -> bool {
        steps::kind(step) == KIND_MOVE
            && player == state.to_move as usize
            && player != owner
            && Self::fate(state, owner) & 1 << steps::dst(step) != 0
    }
}

impl Power for Moerae {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &CORNERS,
        })
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        if state.tokens[owner] == 0 {
            Err("the Fate square is chosen at setup")
        } else {
            Ok(())
        }
    }

    fn workers_in_game(&self, _state: &State, _owner: usize) -> u8 {
        3
    }

    fn most_workers(&self) -> usize {
        3
    }

    fn vetoes_win(&self, state: &mut State, owner: usize, player: usize, step: Step) -> bool {
        Self::fated(state, owner, player, step)
    }

    fn claims_wins_on(&self) -> bool {
        true
    }

    /// Only a move attempts a win: the opponent's shapes hold.
    fn claims_wins_on_builds(&self) -> bool {
        false
    }

    fn wins_on(
        &self,
        state: &State,
        owner: usize,
        player: usize,
        step: Step,
    ) -> Option<Termination> {
        let attempted = state.powers[player]
            .wins_with(state, player, step)
            .is_some();
        (Self::fated(state, owner, player, step) && attempted).then_some(Termination::Power)
    }
}
