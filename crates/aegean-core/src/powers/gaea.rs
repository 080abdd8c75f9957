//! Gaea (card 35), Goddess of the Earth — *Setup*: take 2 extra workers of your color and
//! keep them on your card. *Any Build*: when any worker builds a dome, Gaea may at once
//! place a worker from her card on a ground-level space neighboring that dome.
//!
//! As the reference (`powers/gaea.py`) reads it (RULINGS #52): any dome, built by any
//! worker in any turn, at any level, lets her place a spare at once on a free ground-level
//! space next to it holding no token; her step inside the turn (an interjection, which
//! no restriction sees), `b2-c3^d4@e5`, or declined, `b2-c3^d4~`; asked only while her card
//! holds a spare and a space qualifies. A placed spare is an ordinary worker of hers (up to
//! four on the board: `state::SLOTS`). Placing is not moving: it never wins. Token:
//! `gaea=<n>` the spares left on her card once she has placed one (absent: 2); the dome
//! she decides about is the turn's last step (the reference's `gaea.dome`).

use super::{default_apply_step, Power, Token, TurnShape};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, Step, INSERTED, KIND_BUILD, KIND_PASS, KIND_PLACE, PASS};

/// The spares on her card at the start.
const SPARES: u8 = 2;

pub struct Gaea;

/// The spares still on her card (her token: the count plus one; 0 for both).
fn on_card(state: &State, owner: usize) -> u8 {
    match state.tokens[owner] {
        0 => SPARES,
        token => token - 1,
    }
}

/// Free ground-level spaces next to the dome on `dome`, holding no token.
fn spots(state: &State, dome: u8) -> Mask {
    let blocked = state.occupied() | state.domes | state.levels[0] | state.token_squares();
    NEIGHBORS[dome as usize] & !blocked
}

impl Power for Gaea {
    fn token(&self) -> Option<Token> {
        Some(Token {
            key: "gaea",
            values: &["0", "1"],
        })
    }

    fn workers_in_game(&self, state: &State, owner: usize) -> u8 {
        2 + SPARES - on_card(state, owner)
    }

    fn most_workers(&self) -> usize {
        4
    }

    fn interjects(&self) -> bool {
        true
    }

    fn may_interject(&self, state: &State, owner: usize) -> bool {
        on_card(state, owner) > 0
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    /// Right after a dome is built, while a spare is on her card and a space qualifies:
    /// each placement, then the decline.
    fn interjection_steps(&self, state: &State, owner: usize, _player: usize, out: &mut StepList) {
        let Some(last) = state.turn.last() else {
            return;
        };
        let dome = steps::dst(last);
        if last & INSERTED != 0
            || steps::kind(last) != KIND_BUILD
            || state.domes & 1 << dome == 0
            || on_card(state, owner) == 0
        {
            return;
        }
        let spots = spots(state, dome);
        if spots != 0 {
            for s in squares::iter(spots) {
                out.push(steps::place_step(s));
            }
            out.push(PASS);
        }
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        match steps::kind(step) {
            KIND_PLACE => {
                state.add_worker(player, steps::dst(step));
                state.tokens[player] = on_card(state, player); // (one fewer, plus one)
            }
            KIND_PASS => {}
            _ => default_apply_step(state, step),
        }
    }
}
