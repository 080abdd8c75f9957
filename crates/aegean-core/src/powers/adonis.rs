//! Adonis (card 47), Devastatingly Handsome — *End of Your Turn*: once, choose an opponent
//! worker; if possible, it must end the opponent's next turn neighbouring one of your
//! workers.
//!
//! As the reference (`powers/adonis.py`) reads it (RULINGS #72, the printed text): after
//! his move and build he may mark one opponent worker, `b2-c3^d4*c4`, which spends the
//! power. The mark tags that worker however it moves or is forced, until the end of the
//! opponent's next turn. "If possible": if some legal turn of the opponent (under every
//! other rule in play) ends with the chosen worker next to one of his, only such turns
//! are legal; a win ends the turn too (`if_possible.rs`, as Persephone's rule).
//!
//! Token: `adonis=used` once spent (the bit above [`TAG`]), `adonis.target=<square>` (the
//! tag, in [`TAG`]) from his mark to the end of the opponent's next turn.

use std::borrow::Cow;
use std::cell::RefCell;

use super::if_possible::{self, Memo, Rule};
use super::{
    default_apply_step, default_turn_steps, hero_token, Power, Token, TokenText, TurnShape,
};
use crate::squares::{self, NEIGHBORS};
use crate::state::{State, StepList, TAG};
use crate::steps::{self, Step, END, KIND_BUILD, KIND_MARK};

/// The token's keys in a position: his power spent, and the chosen worker.
pub const TOKEN: &str = "adonis";
pub const TARGET: &str = "adonis.target";
const USED: u8 = TAG + 1;

pub struct Adonis;

impl Adonis {
    /// The chosen worker stands next to one of his.
    fn beside(state: &State, owner: usize) -> bool {
        match state.tokens[owner] & TAG {
            0 => false,
            target => {
                let near = state.workers[owner]
                    .iter()
                    .fold(0, |m, &w| m | NEIGHBORS[w as usize]);
                near & 1 << (target - 1) != 0
            }
        }
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// His rule: the turn ends with the chosen worker next to one of his.
static BESIDE: Rule = Rule {
    met: Adonis::beside,
    memo: &MEMO,
};

impl Power for Adonis {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildMark
    }

    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn second_key(&self) -> Option<&'static str> {
        Some(TARGET)
    }

    fn tags_a_worker(&self) -> bool {
        true
    }

    fn read_token(
        &self,
        _state: &State,
        _owner: usize,
        key: &str,
        value: &str,
        token: u8,
    ) -> Option<u8> {
        match key {
            TOKEN => (value == super::USED).then_some(token | USED),
            _ => {
                let square = squares::NAMES.iter().position(|&n| n == value)? as u8;
                Some(token & !TAG | (square + 1))
            }
        }
    }

    fn write_token(&self, _state: &State, _owner: usize, token: u8, out: &mut TokenText) {
        if token & USED != 0 {
            out.push((TOKEN, Cow::Borrowed(super::USED)));
        }
        if token & TAG != 0 {
            out.push((
                TARGET,
                Cow::Borrowed(squares::NAMES[usize::from(token & TAG) - 1]),
            ));
        }
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        match state.tokens[owner] & TAG {
            0 => Ok(()),
            target if state.owner(target - 1) == Some(1 - owner) => Ok(()),
            _ => Err("adonis.target names an opponent worker's square"),
        }
    }

    /// After his build, while his power is unused: a mark on each opponent worker, or the
    /// end of the turn.
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let after_build = state
            .turn
            .last()
            .is_some_and(|s| steps::kind(s) == KIND_BUILD);
        if after_build && state.tokens[player] & USED == 0 {
            for w in state.live_workers(1 - player) {
                out.push(steps::mark_square_step(w));
            }
            return out.push(END);
        }
        default_turn_steps(self, state, player, out);
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_MARK {
            state.tokens[player] = USED | (steps::dst(step) + 1);
        } else {
            default_apply_step(state, step);
        }
    }

    /// The chosen worker is free again once the opponent's turn is over.
    fn end_of_turn_state(&self, state: &mut State, owner: usize, player: usize) {
        if player != owner {
            state.tokens[owner] &= !TAG;
        }
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    fn judges_whole_turns(&self, state: &State, owner: usize) -> bool {
        state.tokens[owner] & TAG != 0
    }

    fn allows_opponent_step(
        &self,
        state: &State,
        owner: usize,
        _player: usize,
        step: Step,
    ) -> bool {
        state.tokens[owner] & TAG == 0 || if_possible::allows(&BESIDE, state, owner, step)
    }
}
