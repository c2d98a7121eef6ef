//! An annotation of a whole game, as data: each position's evaluation,
//! each move's loss against the best move and its class, the note the
//! record carries (`ply serve`'s `annotate` module runs the searches).
//!
//! The loss of a move is the best move's score minus the played move's
//! score, both for the side that moved and capped to the game's
//! [`Thresholds::cap`] (a forced win counts as the cap), so that a move
//! from a won position to a still won one costs little; a move that was
//! the only legal one or the engine's choice costs nothing. The classes
//! follow lichess's classic centipawn marks, scaled per game:
//!
//! | game | unit | inaccuracy `?!` | mistake `?` | blunder `??` | cap |
//! |---|---|---|---|---|---|
//! | chess | centipawn | 50 | 100 | 300 | 1000 |
//! | checkers | hundredth of a man | 25 | 50 | 100 | 500 |
//! | Othello | hundredth of a disc | 200 | 400 | 800 | 3200 |

use crate::playable::Marks;
use crate::registry::GameKind;
use crate::session::{self, Answer, Session};
use serde::Serialize;
/// The marks of a game as the annotation reports them: the losses from
/// which a move is an inaccuracy, a mistake or a blunder, and the cap of
/// the scores, in the game's unit (the game's [`Marks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Thresholds {
    /// The loss from which a move is an inaccuracy (`?!`).
    pub inaccuracy: i32,
    /// The loss from which a move is a mistake (`?`).
    pub mistake: i32,
    /// The loss from which a move is a blunder (`??`).
    pub blunder: i32,
    /// Scores beyond this count as this (a forced win counts as it).
    pub cap: i32,
}

impl From<Marks> for Thresholds {
    fn from(marks: Marks) -> Thresholds {
        Thresholds {
            inaccuracy: marks.inaccuracy,
            mistake: marks.mistake,
            blunder: marks.blunder,
            cap: marks.cap,
        }
    }
}
/// The evaluation of one position of the main line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Eval {
    /// Moves played before it (0: the start).
    pub ply: usize,
    /// The score for the side that moves first (White in chess, Black in
    /// checkers and Othello), capped to the game's [`Marks::cap`].
    pub score: i32,
    /// Moves to a forced win for the side that moves first (negative: to
    /// its loss), when there is one.
    pub mate: Option<i32>,
    /// The score in words for the side that moves first (`+0.35`, `#3`,
    /// `1-0` once the game is over).
    pub text: String,
    /// The best move here; none once the game is over.
    pub best: Option<String>,
    /// The depth searched (0 once the game is over).
    pub depth: u32,
}

/// The verdict on one move of the main line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// Its index in the main line (0: the first move).
    pub ply: usize,
    /// The move, in notation.
    pub notation: String,
    /// The move the engine preferred, when it was another.
    pub best: Option<String>,
    /// What the move lost against the best, in the game's unit (0 or more).
    pub loss: i32,
    /// `inaccuracy`, `mistake` or `blunder`; none for a good move.
    pub class: Option<&'static str>,
    /// `?!`, `?` or `??`, as the class.
    pub symbol: Option<&'static str>,
    /// The comment the record carries (`?? Blunder: loses 3.20, best Nf3.
    /// [%eval -2.85]`).
    pub note: String,
}

/// A game annotated (or as much of it as was done before a stop).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Annotation {
    /// The game's name.
    pub game: &'static str,
    /// The position the main line starts from.
    pub start: String,
    /// The main line, in notation.
    pub moves: Vec<String>,
    /// The positions evaluated, from the start on.
    pub evals: Vec<Eval>,
    /// One per move whose positions before and after were evaluated.
    pub marks: Vec<Mark>,
    /// Whether every move is marked (false after a stop).
    pub complete: bool,
    /// The marks' thresholds.
    pub thresholds: Thresholds,
    /// The search per position, in milliseconds.
    pub movetime_ms: u64,
}

/// The score of a search for the side to move, capped; a forced win is
/// the cap.
fn capped(answer: &Answer, cap: i32) -> i32 {
    match answer.mate {
        Some(m) if m > 0 => cap,
        Some(_) => -cap,
        None => answer.score.clamp(-cap, cap),
    }
}

/// The score, for the side to move, of a game that is over.
fn final_score(game: &dyn Session, cap: i32) -> i32 {
    if game.ending().is_some() {
        game.final_score(cap)
    } else {
        0
    }
}

/// A score for the side that moves first, in words.
fn score_words(score: i32, mate: Option<i32>) -> String {
    match mate {
        Some(m) => format!("#{m}"),
        None => format!("{:+.2}", f64::from(score) / 100.0),
    }
}

/// The evaluation of the position `game` is at, `ply` moves in, from a
/// search's `answer` (none once the game is over).
pub fn eval_of(game: &dyn Session, ply: usize, answer: Option<&Answer>, cap: i32) -> Eval {
    let sign = if game.first_to_move() { 1 } else { -1 };
    match answer {
        Some(answer) => {
            let score = sign * capped(answer, cap);
            let mate = answer.mate.map(|m| sign * m);
            Eval {
                ply,
                score,
                mate,
                text: score_words(score, mate),
                best: answer.best.clone(),
                depth: answer.depth,
            }
        }
        None => {
            let score = sign * final_score(game, cap);
            Eval {
                ply,
                score,
                mate: None,
                text: game
                    .ending()
                    .map_or_else(String::new, |e| e.result.to_owned()),
                best: None,
                depth: 0,
            }
        }
    }
}

/// The marks of the moves whose positions before and after are evaluated.
pub fn marks(
    kind: GameKind,
    start: &str,
    moves: &[String],
    evals: &[Eval],
    forced: &[bool],
) -> Vec<Mark> {
    let Ok(game) = session::new(kind, Some(start)) else {
        return Vec::new();
    };
    let thresholds = game.marks();
    let first_moves_first = game.first_to_move();
    evals
        .windows(2)
        .zip(moves)
        .zip(forced)
        .map(|((pair, notation), &forced)| {
            let (before, after) = (&pair[0], &pair[1]);
            let ply = before.ply;
            // The side that moved: the first player on even plies when it
            // moved first.
            let by_first = (ply % 2 == 0) == first_moves_first;
            let sign = if by_first { 1 } else { -1 };
            let preferred = before.best.as_ref().filter(|best| *best != notation);
            let loss = if forced || preferred.is_none() {
                0
            } else {
                (sign * (before.score - after.score)).max(0)
            };
            let class = thresholds.class(loss);
            let eval = game.evaluation_note(after.score, after.mate, &after.text);
            let note = match (class, preferred) {
                (Some((name, symbol)), Some(best)) => {
                    let mut title = name.to_owned();
                    title[..1].make_ascii_uppercase();
                    format!(
                        "{symbol} {title}: loses {:.2}, best {best}. {eval}",
                        f64::from(loss) / 100.0
                    )
                }
                _ => eval,
            };
            Mark {
                ply,
                notation: notation.clone(),
                best: preferred.cloned(),
                loss,
                class: class.map(|(name, _)| name),
                symbol: class.map(|(_, symbol)| symbol),
                note,
            }
        })
        .collect()
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_thresholds() {
        let chess = session::new(GameKind::Chess, None).unwrap().marks();
        assert_eq!(chess.class(49), None);
        assert_eq!(chess.class(50), Some(("inaccuracy", "?!")));
        assert_eq!(chess.class(100), Some(("mistake", "?")));
        assert_eq!(chess.class(300), Some(("blunder", "??")));
        for kind in GameKind::ALL {
            let t = session::new(kind, None).unwrap().marks();
            assert!(0 < t.inaccuracy && t.inaccuracy < t.mistake && t.mistake < t.blunder);
            assert!(t.blunder < t.cap);
        }
    }

    #[test]
    fn a_move_from_won_to_won_loses_little_and_a_dropped_win_is_a_blunder() {
        let eval = |ply, score, best: &str| Eval {
            ply,
            score,
            mate: None,
            text: score_words(score, None),
            best: Some(best.to_owned()),
            depth: 1,
        };
        let start = session::new(GameKind::Chess, None).unwrap().position();
        let moves = ["e4".to_owned(), "e5".to_owned(), "Qh5".to_owned()];
        // White +10 -> +10 after e4 (capped), Black's e5 keeps it, Qh5
        // drops it to -4.00.
        let evals = [
            eval(0, 1000, "d4"),
            eval(1, 1000, "Nf6"),
            eval(2, 1000, "Nf3"),
            eval(3, -400, "Nc6"),
        ];
        let marks = marks(GameKind::Chess, &start, &moves, &evals, &[false; 3]);
        assert_eq!(marks.len(), 3);
        assert_eq!(marks[0].loss, 0);
        assert_eq!(marks[1].loss, 0);
        assert_eq!(marks[2].loss, 1400);
        assert_eq!(marks[2].symbol, Some("??"));
        assert_eq!(marks[2].best.as_deref(), Some("Nf3"));
        assert!(
            marks[2]
                .note
                .starts_with("?? Blunder: loses 14.00, best Nf3. [%eval -4.00]"),
            "{}",
            marks[2].note
        );
        // A forced move costs nothing.
        let forced = super::marks(
            GameKind::Chess,
            &start,
            &moves,
            &evals,
            &[false, false, true],
        );
        assert_eq!(forced[2].loss, 0);
    }
}
