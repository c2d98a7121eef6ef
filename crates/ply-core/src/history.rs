//! [`GameHistory`]: a game as played, from its start position, with undo and
//! the end-of-game rules that look back (repetition, move-count draws), which
//! each game states through the hooks of [`Game`].

use crate::game::{Game, IllegalMove, Outcome, Side};
use std::fmt;

/// A move of a game being replayed that could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({text}): {error}")]
pub struct ReplayError<E> {
    /// The move's number, counted from 1.
    pub number: usize,
    /// The move as given.
    pub text: String,
    /// Why it could not be read or played.
    pub error: E,
}

/// The positions of a game from its start, the moves between them, and for
/// each position the plies since the last irreversible move.
pub struct GameHistory<G: Game> {
    /// The start position, then the position after each move.
    positions: Vec<G>,
    /// The moves played.
    moves: Vec<G::Move>,
    /// For each position, the plies since the last irreversible move (or
    /// since the start).
    quiet_plies: Vec<u32>,
}

impl<G: Game> Clone for GameHistory<G> {
    fn clone(&self) -> Self {
        GameHistory {
            positions: self.positions.clone(),
            moves: self.moves.clone(),
            quiet_plies: self.quiet_plies.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for GameHistory<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameHistory")
            .field("start", &self.start().position_string())
            .field("moves", &self.moves)
            .finish()
    }
}

impl<G: Game> GameHistory<G> {
    /// A game starting at `start`, no move played.
    #[must_use]
    pub fn new(start: G) -> Self {
        GameHistory {
            positions: vec![start],
            moves: Vec::new(),
            quiet_plies: vec![0],
        }
    }

    /// Replays `moves`, read one after another with `read` (usually
    /// [`Game::parse_move`]), from `start`.
    ///
    /// # Errors
    /// [`ReplayError`]: the move that could not be read or played (its number
    /// counted from 1, its text) and `read`'s error.
    pub fn replay<'a, E>(
        start: G,
        moves: impl IntoIterator<Item = &'a str>,
        read: impl Fn(&G, &str) -> Result<G::Move, E>,
    ) -> Result<Self, ReplayError<E>> {
        let mut history = GameHistory::new(start);
        for (index, text) in moves.into_iter().enumerate() {
            let mv = read(history.position(), text).map_err(|error| ReplayError {
                number: index + 1,
                text: text.to_owned(),
                error,
            })?;
            history.push(mv);
        }
        Ok(history)
    }

    /// Starts a new game at `start`, keeping the memory (for many games in a
    /// row, as in batched self-play).
    pub fn restart(&mut self, start: G) {
        self.positions.clear();
        self.moves.clear();
        self.quiet_plies.clear();
        self.positions.push(start);
        self.quiet_plies.push(0);
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &G {
        self.positions
            .last()
            .expect("a history holds its start position")
    }

    /// Every position, the start first and the current one last.
    #[must_use]
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves played, oldest first.
    #[must_use]
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<G::Move> {
        self.moves.last().copied()
    }

    /// The side that made move number `ply` (0: the first move).
    ///
    /// # Panics
    /// If fewer than `ply + 1` moves were played.
    #[must_use]
    pub fn mover(&self, ply: usize) -> Side {
        assert!(ply < self.moves.len(), "move {ply} was not played");
        self.positions[ply].side_to_move()
    }

    /// Whether the game started from the game's standard start position.
    #[must_use]
    pub fn starts_from_standard(&self) -> bool {
        self.start().position_string() == G::start().position_string()
    }

    /// Hashes of the positions before the current one, oldest first (what a
    /// search needs to see repetitions).
    #[must_use]
    pub fn earlier_hashes(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1]
            .iter()
            .map(Game::hash)
            .collect()
    }

    /// Plays `mv`, which must be legal now (a move from [`Game::generate_moves`]
    /// or [`Game::parse_move`]); [`GameHistory::play`] checks it first.
    ///
    /// # Panics
    /// In debug builds, if `mv` is not legal.
    pub fn push(&mut self, mv: G::Move) {
        debug_assert!(
            self.position().legal_moves().contains(&mv),
            "{mv:?} is not legal"
        );
        let next = self.position().play_unchecked(mv);
        self.append(mv, next);
    }

    /// Appends `mv` and the position it leads to, `next`.
    fn append(&mut self, mv: G::Move, next: G) {
        let quiet = if self.position().is_irreversible(mv) {
            0
        } else {
            self.quiet_plies() + 1
        };
        self.positions.push(next);
        self.moves.push(mv);
        self.quiet_plies.push(quiet);
    }

    /// Plays `mv` if it is legal now.
    ///
    /// # Errors
    /// [`IllegalMove`], listing the legal moves, if it is not.
    pub fn play(&mut self, mv: G::Move) -> Result<(), IllegalMove> {
        let next = self.position().play(mv)?;
        self.append(mv, next);
        Ok(())
    }

    /// Reads a move in the game's notation ([`Game::parse_move`], which checks
    /// that it is legal) and plays it.
    ///
    /// # Errors
    /// The game's move error if the move is malformed, ambiguous or illegal.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, G::MoveError> {
        let mv = self.position().parse_move(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// Takes back the last move, if any, and returns it.
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        Some(mv)
    }

    /// Keeps the first `plies` moves (all of them if there are fewer).
    pub fn truncate(&mut self, plies: usize) {
        self.moves.truncate(plies);
        self.positions.truncate(plies + 1);
        self.quiet_plies.truncate(plies + 1);
    }

    /// Plies since the last irreversible move ([`Game::is_irreversible`]) or
    /// since the start.
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        *self.quiet_plies.last().expect("one count per position")
    }

    /// How many times the current position has occurred ([`Game::repeats`]),
    /// this time included; positions before the last irreversible move cannot
    /// come back and are not looked at.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        // The current position counts once; earlier ones with the same side to
        // move are every second position back.
        1 + self
            .positions
            .iter()
            .rev()
            .take(self.quiet_plies() as usize + 1)
            .skip(2)
            .step_by(2)
            .filter(|&earlier| now.repeats(earlier))
            .count()
    }

    /// The result if the game is over, by the position or by the rules that
    /// look back ([`Game::outcome_in_history`]).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<G::EndReason>> {
        self.position()
            .outcome_in_history(self.quiet_plies(), self.repetitions())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movelist::MoveList;

    /// A token on a ring of eight points, moved one step forward (`+`) or
    /// back (`-`) by each side in turn, or "home" to point 0 (`0`, which no
    /// later position can undo: irreversible). The third occurrence of a
    /// position draws.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Ring {
        at: u8,
        side: Side,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("'{0}' is not a ring move")]
    struct BadMove(String);

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Repeated;

    impl fmt::Display for Repeated {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("repetition")
        }
    }

    impl Game for Ring {
        type Move = char;
        type PositionError = BadMove;
        type MoveError = BadMove;
        type EndReason = Repeated;
        const NAME: &'static str = "ring";
        fn no_moves_score(&self) -> crate::NoMoves {
            crate::NoMoves::Lost
        }

        fn start() -> Self {
            Ring {
                at: 0,
                side: Side::First,
            }
        }
        fn side_to_move(&self) -> Side {
            self.side
        }
        fn generate_moves(&self, moves: &mut MoveList<char>) {
            moves.extend(['+', '-', '0']);
        }
        fn play_unchecked(&self, mv: char) -> Self {
            let at = match mv {
                '+' => (self.at + 1) % 8,
                '-' => (self.at + 7) % 8,
                _ => 0,
            };
            Ring {
                at,
                side: self.side.opponent(),
            }
        }
        fn outcome(&self) -> Option<Outcome<Repeated>> {
            None
        }
        fn outcome_in_history(&self, _: u32, repetitions: usize) -> Option<Outcome<Repeated>> {
            (repetitions >= 3).then_some(Outcome::Draw { reason: Repeated })
        }
        fn is_irreversible(&self, mv: char) -> bool {
            mv == '0'
        }
        fn hash(&self) -> u64 {
            u64::from(self.at) * 2 + self.side.index() as u64
        }
        fn parse_position(text: &str) -> Result<Self, BadMove> {
            Err(BadMove(text.to_owned()))
        }
        fn position_string(&self) -> String {
            format!("{} {:?}", self.at, self.side)
        }
        fn parse_move(&self, text: &str) -> Result<char, BadMove> {
            match text {
                "+" | "-" | "0" => Ok(text.chars().next().unwrap()),
                _ => Err(BadMove(text.to_owned())),
            }
        }
        fn move_name(&self, mv: char) -> String {
            mv.to_string()
        }
    }

    #[test]
    fn plays_undoes_and_truncates() {
        let mut game = GameHistory::replay(Ring::start(), ["+", "+", "-"], Ring::parse_move)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.moves(), ['+', '+', '-']);
        assert_eq!(game.positions().len(), 4);
        assert_eq!(game.position().at, 1);
        assert_eq!(game.last_move(), Some('-'));
        assert_eq!(game.mover(1), Side::Second);
        assert_eq!(game.earlier_hashes().len(), 3);
        assert!(game.starts_from_standard());
        assert_eq!(game.undo(), Some('-'));
        assert_eq!(game.position().at, 2);
        game.truncate(1);
        assert_eq!(game.moves(), ['+']);
        assert_eq!(game.quiet_plies(), 1);
        assert_eq!(game.undo(), Some('+'));
        assert_eq!(game.undo(), None);
        let err = GameHistory::replay(Ring::start(), ["+", "x"], Ring::parse_move).unwrap_err();
        assert_eq!(err.to_string(), "move 2 (x): 'x' is not a ring move");
        assert_eq!(err.number, 2);
    }

    #[test]
    fn illegal_moves_are_refused_with_the_legal_ones() {
        let mut game = GameHistory::new(Ring::start());
        let err = game.play('*').unwrap_err();
        assert_eq!(*err.legal, ["+", "-", "0"]);
        assert_eq!(err.legal.to_string(), "+ - 0");
        assert!(game.moves().is_empty());
        game.play('+').unwrap();
        assert!(game.play_text("?").is_err());
        assert_eq!(game.play_text("-").unwrap(), '-');
        assert_eq!(game.moves().len(), 2);
    }

    #[test]
    fn repetitions_count_since_the_last_irreversible_move() {
        let mut game = GameHistory::new(Ring::start());
        for mv in ['+', '-', '+', '-'] {
            assert_eq!(game.outcome(), None);
            game.push(mv);
        }
        // The start position, a third time.
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.outcome(), Some(Outcome::Draw { reason: Repeated }));
        game.undo();
        game.push('0');
        assert_eq!(game.quiet_plies(), 0);
        assert_eq!(game.repetitions(), 1);
        // Back on the same point with the same side to move, but only the
        // positions since the irreversible move count.
        game.push('+');
        game.push('-');
        assert_eq!(
            game.position(),
            &game.positions()[game.positions().len() - 3]
        );
        assert_eq!(game.repetitions(), 2);
        assert_eq!(game.outcome(), None);
    }
}
