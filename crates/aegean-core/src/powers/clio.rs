//! Clio (card 33), Muse of History — *Your Build*: put a Coin token on each of the first 3
//! blocks your workers build. *Opponent's Turn*: opponents treat spaces holding your Coin
//! tokens as if they held only a dome.
//!
//! As the reference (`powers/clio.py`) reads it (RULINGS #50, with the designer's ruling):
//! a coin rides on the block it was put on, only on blocks her workers build in her own
//! turns, the first three; a dome built later on a coin keeps it, a block built on it
//! (only she can) buries it, and that block earns a coin while fewer than three were
//! handed out. Opponents take no step onto a coin (`dome_tokens`), and her workers
//! standing on coins are out of reach of their powers: no force of them, no removal
//! ([`Power::shields`], asked by Bia and Medusa). Tokens: `clio=<squares>` the coins (the
//! state's `marks`) and `clio.placed=<1-3>` how many she has handed out.

use super::{dome_tokens, Power, SquareToken, Token, TurnShape};
use crate::state::State;
use crate::steps::{self, Step, KIND_BUILD, KIND_FORCE};

/// Coins on the card at the start: the first three blocks get one each.
const CARD_COINS: u8 = 3;

pub struct Clio;

impl Power for Clio {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn square_token(&self) -> Option<SquareToken> {
        Some(SquareToken {
            key: "clio",
            most: usize::from(CARD_COINS),
        })
    }

    fn token(&self) -> Option<Token> {
        Some(Token {
            key: "clio.placed",
            values: &["1", "2", "3"],
        })
    }

    fn watches_steps(&self) -> bool {
        true
    }

    fn after_step(&self, state: &mut State, owner: usize, player: usize, step: Step) {
        if steps::kind(step) != KIND_BUILD {
            return;
        }
        let square = steps::dst(step);
        if state.domes & 1 << square != 0 {
            return; // a dome: not a block, and the coin under it stays
        }
        state.marks[owner] &= !(1 << square); // a block built on a coin buries it
        if player == owner
            && state.tokens[owner] < CARD_COINS
            && state.owner(steps::src(step)) == Some(owner)
        {
            state.marks[owner] |= 1 << square;
            state.tokens[owner] += 1;
        }
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    fn allows_opponent_step(&self, state: &State, owner: usize, player: usize, step: Step) -> bool {
        let coins = state.marks[owner];
        // (Asked of her own workers too: whether a Harpies slide may end on a coin.)
        coins == 0
            || player == owner
            || !(dome_tokens::goes_onto(state, player, step, coins)
                || steps::kind(step) == KIND_FORCE
                    && self.shields(state, owner, player, steps::src(step)))
    }

    fn shields(&self, state: &State, owner: usize, player: usize, square: u8) -> bool {
        player != owner && state.marks[owner] & state.workers_of(owner) & 1 << square != 0
    }
}
