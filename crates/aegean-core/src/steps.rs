//! Steps packed into integers exactly as the Python engine packs them
//! (`aegean/santorini/steps.py`): bits 0–4 the target square, 5–9 the actor square,
//! 10–13 the kind, 14 an explicit dome. A turn of the base game is a move, then a build
//! unless the move won.

use crate::squares;

/// A packed step.
pub type Step = u32;

/// A worker from the player's supply goes onto the target square (Jason's spare).
pub const KIND_PLACE: u32 = 1;
pub const KIND_MOVE: u32 = 2;
pub const KIND_BUILD: u32 = 3;
/// A power moves a worker that does not move by it (Charon's ferry): forced is not moved.
pub const KIND_FORCE: u32 = 4;
pub const KIND_END: u32 = 5;
/// The worker on the actor square removes the top block of the target square (Ares).
pub const KIND_REMOVE: u32 = 6;
/// A power turns its token to a direction (Aeolus's Wind: `*ne`); the direction plus one
/// in the bits from `ARG_SHIFT` on.
pub const KIND_MARK: u32 = 7;
/// A choice offered inside another player's turn, declined (Gaea's placement): `~`.
pub const KIND_PASS: u32 = 8;
const ARG_SHIFT: u32 = 15;
const SRC_SHIFT: u32 = 5;
const KIND_SHIFT: u32 = 10;
/// An explicit dome, below level 3 (Atlas): `c3^d4D`.
pub const DOME_FLAG: u32 = 1 << 14;
/// Declining a choice offered inside the turn (Gaea's placement).
pub const PASS: Step = KIND_PASS << KIND_SHIFT;
/// A step another power takes inside the mover's turn (Charybdis's whirlpool jump), as the
/// turn records it: the reference's `INSERTED`, a step's highest bit. The steps offered
/// never carry it; a turn handed back in may.
pub const INSERTED: Step = 1 << 25;
/// Declining the optional steps left: the turn ends (never listed at the end of a turn).
pub const END: Step = KIND_END << KIND_SHIFT;

/// A worker from the supply is placed on `dst`: `@a1`.
pub const fn place_step(dst: u8) -> Step {
    KIND_PLACE << KIND_SHIFT | dst as u32
}

/// The worker on `src` moves to `dst`.
pub const fn move_step(src: u8, dst: u8) -> Step {
    dst as u32 | (src as u32) << SRC_SHIFT | KIND_MOVE << KIND_SHIFT
}

/// The worker on `builder` builds on `dst` (the piece that fits the level).
pub const fn build_step(builder: u8, dst: u8) -> Step {
    dst as u32 | (builder as u32) << SRC_SHIFT | KIND_BUILD << KIND_SHIFT
}

/// The worker on `src` is forced to `dst` (Charon's ferry).
pub const fn force_step(src: u8, dst: u8) -> Step {
    dst as u32 | (src as u32) << SRC_SHIFT | KIND_FORCE << KIND_SHIFT
}

/// The worker on `worker` removes the top block of `dst` (Ares).
pub const fn remove_step(worker: u8, dst: u8) -> Step {
    dst as u32 | (worker as u32) << SRC_SHIFT | KIND_REMOVE << KIND_SHIFT
}

/// A dome built on `dst` below level 3 (Atlas).
pub const fn dome_step(builder: u8, dst: u8) -> Step {
    build_step(builder, dst) | DOME_FLAG
}

/// A power's token points in direction `d` (an index into `squares::DIRECTIONS`): `*ne`.
pub const fn mark_step(d: u8) -> Step {
    KIND_MARK << KIND_SHIFT | (d as u32 + 1) << ARG_SHIFT
}

/// A power's token goes on square `dst` (Europa's Talus): `*b3`.
pub const fn mark_square_step(dst: u8) -> Step {
    KIND_MARK << KIND_SHIFT | dst as u32
}

/// The direction a `MARK` step points in, if it names one.
pub const fn mark_direction(step: Step) -> Option<u8> {
    match (step >> ARG_SHIFT) & 0xF {
        0 => None,
        arg => Some(arg as u8 - 1),
    }
}

pub const fn kind(step: Step) -> u32 {
    step >> KIND_SHIFT & 0xF
}

pub const fn src(step: Step) -> u8 {
    (step >> SRC_SHIFT & 0x1F) as u8
}

pub const fn dst(step: Step) -> u8 {
    (step & 0x1F) as u8
}

/// A step in the project's notation: `b2-c3` for a move, `c3^d4` for a build, `c3>a1` for
/// a force, `a1xb1` for a removal.
pub fn format(step: Step, out: &mut String) {
    if kind(step) == KIND_PASS {
        return out.push('~');
    }
    if kind(step) == KIND_PLACE {
        out.push('@');
        return out.extend(squares::name(dst(step)).map(char::from));
    }
    if kind(step) == KIND_MARK {
        out.push('*');
        match mark_direction(step) {
            Some(d) => out.push_str(squares::DIRECTION_NAMES[d as usize]),
            None => out.extend(squares::name(dst(step)).map(char::from)),
        }
        return;
    }
    let op = match kind(step) {
        KIND_MOVE => '-',
        KIND_FORCE => '>',
        KIND_REMOVE => 'x',
        _ => '^',
    };
    out.extend(squares::name(src(step)).map(char::from));
    out.push(op);
    out.extend(squares::name(dst(step)).map(char::from));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_matches_the_python_engine() {
        // steps.move(7, 13) and steps.build(13, 19) in aegean.santorini.steps
        assert_eq!(move_step(7, 13), 13 | 7 << 5 | 2 << 10);
        assert_eq!(build_step(13, 19), 19 | 13 << 5 | 3 << 10);
        let s = move_step(7, 13);
        assert_eq!((kind(s), src(s), dst(s)), (KIND_MOVE, 7, 13));
    }

    #[test]
    fn notation() {
        let mut text = String::new();
        format(move_step(6, 12), &mut text);
        format(build_step(12, 18), &mut text);
        assert_eq!(text, "b2-c3c3^d4");
        text.clear();
        format(force_step(12, 0), &mut text);
        format(remove_step(0, 1), &mut text);
        assert_eq!(text, "c3>a1a1xb1");
        text.clear();
        format(mark_step(1), &mut text);
        assert_eq!(text, "*ne");
        text.clear();
        format(mark_square_step(11), &mut text);
        assert_eq!(text, "*b3");
        // steps.mark(direction=1) in aegean.santorini.steps
        assert_eq!(mark_step(1), 7 << 10 | 2 << 15);
    }
}
