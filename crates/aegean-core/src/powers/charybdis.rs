//! Charybdis (card 32), Whirlpool Monster — *Setup*: put 2 Whirlpool tokens on your card.
//! *End of Your Turn*: you may place a Whirlpool token from your card on any unoccupied
//! space. *Any Time*: while both Whirlpool tokens lie on unoccupied spaces, a worker that
//! moves onto one of them must immediately move to the other token's space; this counts
//! as a move in the same direction as the move before it. A Whirlpool token that is built
//! on or removed goes back to your card.
//!
//! As the reference (`powers/charybdis.py`) reads the printed text (RULINGS #49): after her
//! build an optional `MARK` puts a whirlpool from the card on a free space holding no
//! token, `b2-c3^d4*e5`. A worker that *moves* onto one whirlpool while no worker stands on
//! the other, and did not come from it, at once moves on to it: her step inside the mover's
//! turn (an interjection), recorded as inserted, `b2-c3-e5^e4`, checked for the mover's
//! win as a move from the first whirlpool's level (it may rise any number of levels). A
//! whirlpool whose space is built on, or changes level otherwise (Ares, Medusa), goes back
//! to the card. Tokens: `charybdis=<squares>` (the state's `marks`) and
//! `charybdis.levels=<levels>` their levels when placed (a dome counts 4 more), packed in
//! her token: bit 7 set while any lies on the board, bit 6 while two do, then three bits
//! each, the lower square's first.

use std::borrow::Cow;

use super::{
    base_turn_before_mark, default_apply_step, marks_then_end, Power, SquareToken, Token,
    TokenText, TurnShape,
};
use crate::squares::{self, ALL};
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_MARK, KIND_MOVE};

/// The key of the whirlpools' levels in a position.
const LEVELS: &str = "charybdis.levels";
/// Whirlpools on the card at the start.
const CARD_POOLS: usize = 2;
/// The token's bits: some whirlpool on the board; two of them.
const PLACED: u8 = 0x80;
const TWO: u8 = 0x40;

pub struct Charybdis;

/// The level of `s` as the whirlpools remember it: a dome counts 4 above it.
fn level(state: &State, s: u8) -> u8 {
    state.height(s) + 4 * u8::from(state.domes & 1 << s != 0)
}

/// The whirlpools on the board as (square, level when placed), by square; the levels of
/// the moment where the position gave none (the token 0), as the reference reads them.
fn whirlpools(state: &State, owner: usize) -> impl Iterator<Item = (u8, u8)> + '_ {
    let token = state.tokens[owner];
    squares::iter(state.marks[owner])
        .enumerate()
        .map(move |(i, s)| {
            if token == 0 {
                (s, level(state, s))
            } else {
                (s, token >> (3 * i) & 7)
            }
        })
}

/// Put `pools` (by square) on the board as the owner's whirlpools.
fn set_whirlpools(state: &mut State, owner: usize, pools: &[(u8, u8)]) {
    state.marks[owner] = pools.iter().fold(0, |m, &(s, _)| m | 1 << s);
    state.tokens[owner] = match *pools {
        [] => 0,
        [(_, a)] => PLACED | a,
        [(_, a), (_, b), ..] => PLACED | TWO | a | b << 3,
    };
}

/// Send back to the card each whirlpool whose space was built on (`built`) or whose level
/// changed since it was placed (a build outside any step: Medusa's).
fn settle(state: &mut State, owner: usize, built: Option<u8>) {
    let mut kept = [(0, 0); CARD_POOLS];
    let mut n = 0;
    let mut all = 0;
    for (s, placed) in whirlpools(state, owner) {
        all += 1;
        if Some(s) != built && level(state, s) == placed && n < CARD_POOLS {
            kept[n] = (s, placed);
            n += 1;
        }
    }
    if n != all {
        set_whirlpools(state, owner, &kept[..n]);
    }
}

impl Power for Charybdis {
    fn square_token(&self) -> Option<SquareToken> {
        Some(SquareToken {
            key: "charybdis",
            most: CARD_POOLS,
        })
    }

    fn token(&self) -> Option<Token> {
        Some(Token {
            key: LEVELS,
            values: &[],
        })
    }

    fn read_token(
        &self,
        _state: &State,
        _owner: usize,
        key: &str,
        value: &str,
        _token: u8,
    ) -> Option<u8> {
        if key != LEVELS {
            return None;
        }
        let levels: Vec<u8> = value
            .split(',')
            .map(|l| l.parse().ok().filter(|&l: &u8| l < 8))
            .collect::<Option<_>>()?;
        match levels[..] {
            [a] => Some(PLACED | a),
            [a, b] => Some(PLACED | TWO | a | b << 3),
            _ => None,
        }
    }

    fn write_token(&self, state: &State, owner: usize, _token: u8, out: &mut TokenText) {
        let levels: Vec<String> = whirlpools(state, owner)
            .map(|(_, l)| l.to_string())
            .collect();
        out.push((LEVELS, Cow::Owned(levels.join(","))));
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        let (pools, token) = (state.marks[owner].count_ones(), state.tokens[owner]);
        match (pools, token) {
            (_, 0) => Ok(()), // (no levels given: those of the moment, as the reference takes them)
            (1, t) if t & TWO == 0 => Ok(()),
            (2, t) if t & TWO != 0 => Ok(()),
            _ => Err("one level per whirlpool of charybdis"),
        }
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        if base_turn_before_mark(self, state, player, out)
            && (state.marks[player].count_ones() as usize) < CARD_POOLS
        {
            // The end of her turn: a whirlpool from the card, or none.
            let blocked = state.occupied() | state.domes | state.token_squares();
            marks_then_end(ALL & !blocked, out);
        }
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_MARK {
            let s = steps::dst(step);
            let mut pools: Vec<(u8, u8)> = whirlpools(state, player).collect();
            pools.push((s, level(state, s)));
            pools.sort_unstable();
            return set_whirlpools(state, player, &pools);
        }
        default_apply_step(state, step); // (the whirlpool jump too: a move)
    }

    fn interjects(&self) -> bool {
        true
    }

    fn may_interject(&self, state: &State, owner: usize) -> bool {
        state.marks[owner].count_ones() as usize == CARD_POOLS
    }

    /// The base turn, then a whirlpool from her card or none (while she may not interject:
    /// with both on the board her turns are walked).
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildMark
    }

    fn interjection_order(&self) -> i8 {
        -1
    }

    /// The whirlpool jump, right after a move onto a whirlpool while the other lies on a
    /// space without a worker and is not where the worker came from.
    fn interjection_steps(&self, state: &State, owner: usize, _player: usize, out: &mut StepList) {
        let pools = state.marks[owner];
        let Some(last) = state.turn.last() else {
            return;
        };
        let arrived = steps::dst(last);
        if steps::kind(last) != KIND_MOVE || pools.count_ones() != 2 || pools & 1 << arrived == 0 {
            return;
        }
        let other = (pools & !(1 << arrived)).trailing_zeros() as u8;
        if state.owner(arrived).is_some()
            && state.occupied() & 1 << other == 0
            && steps::src(last) != other
        {
            out.push(steps::move_step(arrived, other));
        }
    }

    fn watches_steps(&self) -> bool {
        true
    }

    fn after_step(&self, state: &mut State, owner: usize, _player: usize, step: Step) {
        if state.marks[owner] != 0 {
            let built = matches!(steps::kind(step), steps::KIND_BUILD | steps::KIND_REMOVE)
                .then(|| steps::dst(step));
            settle(state, owner, built);
        }
    }

    fn start_of_turn_state(&self, state: &mut State, owner: usize, _player: usize) {
        if state.marks[owner] != 0 {
            settle(state, owner, None);
        }
    }
}
