//! Tartarus (card 43), God of the Abyss — *Setup*: place your workers first. After all
//! workers are placed, secretly mark one unoccupied space as the Abyss. *Lose Condition*:
//! a player whose worker enters the Abyss loses at once; no worker can win by entering
//! the Abyss.
//!
//! As the reference (`powers/tartarus.py`) reads it (RULINGS #6, #60): the Abyss,
//! `tartarus.abyss=c3`, is marked at setup (which the reference plays) and secret: the core
//! plays the true board, and an AI that cannot see it searches boards sampled from its
//! own view (`aegean.ai.determinize`). After any step, a worker standing on the Abyss
//! loses the game for its owner, whoever moved or forced it there, his own included; no
//! worker wins by entering it.

use super::{default_wins_with, Power, Token, TurnShape};
use crate::squares;
use crate::state::{State, Termination};
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position: the square of the Abyss.
pub const TOKEN: &str = "tartarus.abyss";

pub struct Tartarus;

impl Tartarus {
    /// The square of the Abyss, once marked.
    fn abyss(state: &State, owner: usize) -> Option<u8> {
        state.tokens[owner].checked_sub(1)
    }
}

impl Power for Tartarus {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &squares::NAMES,
        })
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        match Self::abyss(state, owner) {
            None => Err("the Abyss is marked at setup"),
            Some(_) => Ok(()),
        }
    }

    fn watches_steps(&self) -> bool {
        true
    }

    /// A worker on the Abyss loses the game for its owner, at once.
    fn after_step(&self, state: &mut State, owner: usize, _player: usize, _step: Step) {
        let Some(abyss) = Self::abyss(state, owner) else {
            return;
        };
        if state.decided.is_none() {
            if let Some(loser) = state.owner(abyss) {
                state.decided = Some((1 - loser as u8, Termination::Power));
            }
        }
    }

    fn wins_with(&self, state: &State, player: usize, step: Step) -> Option<Termination> {
        let owner = player;
        let entered =
            steps::kind(step) == KIND_MOVE && Self::abyss(state, owner) == Some(steps::dst(step));
        if entered {
            None
        } else {
            default_wins_with(state, step)
        }
    }

    /// No win by entering the Abyss, nor any once a worker has fallen in.
    fn vetoes_win(&self, state: &mut State, owner: usize, _player: usize, step: Step) -> bool {
        Self::abyss(state, owner).is_some_and(|abyss| {
            (steps::kind(step) == KIND_MOVE && steps::dst(step) == abyss)
                || state.owner(abyss).is_some()
        })
    }
}
