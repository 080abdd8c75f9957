//! A position of the base game for two players between turns, and its text
//! (`docs/notation.md`, "Positions"): `00000/00000/00000/00000/00000 1 c5,d3 c4,a1`.

use std::fmt;
use std::str::FromStr;

use crate::squares::{self, Mask};

/// Heights as level bitboards, domes, both players' workers and the player to move.
/// Small and `Copy`: playing a turn makes a new position (copy-make).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `levels[k]`: the squares whose height is at least `k + 1` (blocks, not domes).
    pub levels: [Mask; 3],
    /// Squares with a dome (on any level).
    pub domes: Mask,
    /// Each player's two worker squares, in the order the position text gives them.
    pub workers: [[u8; 2]; 2],
    /// 0 or 1.
    pub to_move: u8,
    /// The player who won by climbing, once someone has.
    pub winner: Option<u8>,
}

/// Why a text is not a position the native core plays: one line naming the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

fn error<T>(message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(message.into()))
}

impl Position {
    /// The height of square `s` (0–3, the dome not counted).
    #[inline]
    pub fn height(&self, s: u8) -> u8 {
        let bit = 1 << s;
        (self.levels[0] & bit != 0) as u8
            + (self.levels[1] & bit != 0) as u8
            + (self.levels[2] & bit != 0) as u8
    }

    /// Squares with a worker on them.
    #[inline]
    pub fn occupied(&self) -> Mask {
        let [[a, b], [c, d]] = self.workers;
        (1 << a | 1 << b | 1 << c | 1 << d) & squares::ALL
    }
}

impl FromStr for Position {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        Position::read(text, false).map(|(position, _)| position)
    }
}

impl Position {
    /// The position `text` gives, and each player's workers after two (the third and the
    /// fourth, [`squares::OFF`]: none); with `powers`, a player may have fewer than two
    /// workers (`b2`, or `-` for none: the others removed from the game) or up to four
    /// (Graeae, Jason's spare, Gaea's), which only a game with those powers accepts
    /// (`State::from_parts`).
    pub fn read(text: &str, powers: bool) -> Result<(Self, [[u8; 2]; 2]), ParseError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 4 {
            return error("a position needs a board, the player to move and two worker fields");
        }
        if fields.len() > 4 {
            return error(format!(
                "the native core plays the base game for two players between turns; not {:?}",
                fields[4..].join(" ")
            ));
        }
        let mut levels = [0; 3];
        let mut domes = 0;
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 5 || ranks.iter().any(|r| r.len() != 5) {
            return error(format!(
                "board: 5 ranks of 5 characters expected, not {:?}",
                fields[0]
            ));
        }
        for (i, rank) in ranks.iter().enumerate() {
            for (file, c) in rank.bytes().enumerate() {
                let s = (4 - i) * 5 + file;
                let (height, dome) = match c {
                    b'0'..=b'3' => (c - b'0', false),
                    b'A'..=b'D' => (c - b'A', true),
                    _ => {
                        return error(format!(
                            "board: {:?} is not a level (0-3) or a dome (A-D)",
                            c as char
                        ))
                    }
                };
                for level in levels.iter_mut().take(height as usize) {
                    *level |= 1 << s;
                }
                if dome {
                    domes |= 1 << s;
                }
            }
        }
        let to_move = match fields[1] {
            "1" => 0,
            "2" => 1,
            other => return error(format!("to-move: 1 or 2 expected, not {other:?}")),
        };
        let mut workers = [[squares::OFF; 4]; 2];
        for (p, field) in fields[2..4].iter().enumerate() {
            let squares: Vec<&str> = match *field {
                "-" if powers => vec![],
                _ => field.split(',').collect(),
            };
            if squares.len() != 2 && !(powers && squares.len() <= 4) {
                return error(format!(
                    "player-{}: two placed workers expected, not {field:?}",
                    p + 1
                ));
            }
            for (k, name) in squares.iter().enumerate() {
                let Some(s) = squares::parse(name) else {
                    return error(format!("player-{}: not a square: {name:?}", p + 1));
                };
                workers[p][k] = s;
            }
        }
        let two = workers.map(|[a, b, _, _]| [a, b]);
        let extra = workers.map(|[_, _, c, d]| [c, d]);
        Position::from_parts(levels, domes, two, to_move).map(|p| (p, extra))
    }
}

impl Position {
    /// A position from its parts, checked as its text is: the level masks (each inside
    /// the one below), the domes, each player's two workers (on distinct squares without
    /// a dome, or [`squares::OFF`]: removed from the game, which only a game with the
    /// powers that remove workers accepts, `State::from_parts`) and the player to move
    /// (0 or 1).
    pub fn from_parts(
        levels: [Mask; 3],
        domes: Mask,
        workers: [[u8; 2]; 2],
        to_move: u8,
    ) -> Result<Position, ParseError> {
        if (levels[0] | domes) & !squares::ALL != 0
            || levels[1] & !levels[0] != 0
            || levels[2] & !levels[1] != 0
        {
            return error("board: levels must stack (0-3) on the 25 squares");
        }
        if to_move > 1 {
            return error(format!("to-move: player 1 or 2, not {}", to_move + 1));
        }
        let mut seen: Mask = 0;
        for (p, pair) in workers.iter().enumerate() {
            for &s in pair {
                if s == squares::OFF {
                    continue;
                }
                if s >= 25 {
                    return error(format!("player-{}: not a square: {s}", p + 1));
                }
                if seen & 1 << s != 0 || domes & 1 << s != 0 {
                    let name = squares::name(s);
                    return error(format!(
                        "player-{}: {}{} is taken or domed",
                        p + 1,
                        name[0] as char,
                        name[1] as char
                    ));
                }
                seen |= 1 << s;
            }
        }
        Ok(Position {
            levels,
            domes,
            workers,
            to_move,
            winner: None,
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board(f)?;
        write_workers(f, [&self.workers[0], &self.workers[1]])
    }
}

/// Each player's workers as a position writes them: a removed worker ([`squares::OFF`])
/// left out, `-` for a player with none left.
pub fn write_workers(f: &mut fmt::Formatter<'_>, workers: [&[u8]; 2]) -> fmt::Result {
    for slots in workers {
        let mut sep = " ";
        for &s in slots.iter().filter(|&&s| s != squares::OFF) {
            let [file, rank] = squares::name(s);
            write!(f, "{sep}{}{}", file as char, rank as char)?;
            sep = ",";
        }
        if sep == " " {
            f.write_str(" -")?;
        }
    }
    Ok(())
}

impl Position {
    /// The board and the player to move, as a position writes them.
    pub fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..5).rev() {
            for file in 0..5 {
                let s = rank * 5 + file;
                let h = self.height(s);
                let c = if self.domes & 1 << s != 0 {
                    b'A' + h
                } else {
                    b'0' + h
                };
                write!(f, "{}", c as char)?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.to_move + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for text in [
            "00000/00000/00000/00000/00000 1 c5,d3 c4,a1",
            "01000/12131/01121/21220/10020 1 e4,b2 a2,d2",
            "0D000/00A00/00000/3B000/00000 2 a1,e5 c1,e1",
        ] {
            let position: Position = text.parse().unwrap();
            assert_eq!(position.to_string(), text);
        }
    }

    #[test]
    fn bad_text_names_the_field() {
        let cases = [
            ("00000/00000/00000/00000 1 a1,b1 c1,d1", "board"),
            ("00000/00000/00000/00000/0000E 1 a1,b1 c1,d1", "board"),
            ("00000/00000/00000/00000/00000 3 a1,b1 c1,d1", "to-move"),
            ("00000/00000/00000/00000/00000 1 a1,a1 c1,d1", "player-1"),
            ("00000/00000/00000/00000/00000 1 a1,b1 c1", "player-2"),
            ("00000/00000/00000/00000/00000 1 a1,b1 c1,z9", "player-2"),
            ("00000/00000/00000/00000/A0000 1 a1,b1 c1,d1", "player-1"),
            (
                "00000/00000/00000/00000/00000 1 a1,b1 c1,d1 powers=Apollo,-",
                "base game",
            ),
            ("00000/00000/00000/00000/00000 1 - -", "player-1"),
        ];
        for (text, field) in cases {
            let message = text.parse::<Position>().unwrap_err().0;
            assert!(message.contains(field), "{text}: {message}");
            assert!(!message.contains('\n'));
        }
    }
}
