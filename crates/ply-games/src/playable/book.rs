//! Opening books: named lines of moves from the start position. The computer
//! plays the next move of a line chosen at random among those that agree with
//! the game so far, and leaves the book when none does.

use ply_core::Game;
pub use ply_core::rng::Rng;

/// A seed that differs from run to run, for games without `--seed`.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut rng = Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32));
    // Keep seeds short enough to type back.
    rng.next_u64() % 1_000_000
}

/// One named line of the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    /// The opening's name.
    pub name: String,
    /// Its moves from the start position.
    pub moves: Vec<M>,
}

/// An opening book for one game.
#[derive(Clone, Debug, Default)]
pub struct Book<M> {
    lines: Vec<Line<M>>,
}

impl<M: Copy + Eq> Book<M> {
    /// A book of `lines` given as (name, move names), each replayed from `G`'s
    /// start position with `read`; the error names the line and the move that
    /// is not legal.
    pub fn from_lines<G, N, S>(
        lines: impl IntoIterator<Item = (N, Vec<S>)>,
        read: impl Fn(&G, &str) -> Result<M, String>,
    ) -> Result<Book<M>, String>
    where
        G: Game<Move = M>,
        N: Into<String>,
        S: AsRef<str>,
    {
        let mut book = Book { lines: Vec::new() };
        for (name, texts) in lines {
            let name = name.into();
            let mut position = G::start();
            let mut moves = Vec::with_capacity(texts.len());
            for text in &texts {
                let text = text.as_ref();
                let mv = read(&position, text)
                    .map_err(|e| format!("book line '{name}': move {text}: {e}"))?;
                position = position.play_unchecked(mv);
                moves.push(mv);
            }
            if moves.is_empty() {
                return Err(format!("book line '{name}' has no moves"));
            }
            book.lines.push(Line { name, moves });
        }
        Ok(book)
    }

    /// The lines.
    pub fn lines(&self) -> &[Line<M>] {
        &self.lines
    }

    /// A move to play after `played` (the game's moves from the standard start),
    /// from a line chosen at random among those that begin with `played` and go
    /// on; with the chosen line's name.
    pub fn choose(&self, played: &[M], rng: &mut Rng) -> Option<(M, &str)> {
        let candidates: Vec<&Line<M>> = self
            .lines
            .iter()
            .filter(|line| line.moves.len() > played.len() && line.moves.starts_with(played))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let line = candidates[rng.below(candidates.len())];
        Some((line.moves[played.len()], &line.name))
    }

    /// The name of the longest line that the game `played` has followed to its
    /// end (the opening being played), if any.
    pub fn name(&self, played: &[M]) -> Option<&str> {
        self.lines
            .iter()
            .filter(|line| played.starts_with(&line.moves))
            .max_by_key(|line| line.moves.len())
            .map(|line| line.name.as_str())
    }
}

/// Reads a book file of `name | move move ...` lines; `#` starts a comment
/// line, blank lines are skipped.
pub fn parse_named_lines(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, moves) = line
            .split_once('|')
            .ok_or_else(|| format!("book line {}: expected 'name | moves'", number + 1))?;
        let moves: Vec<String> = moves.split_whitespace().map(str::to_owned).collect();
        lines.push((name.trim().to_owned(), moves));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_othello::Othello;

    fn read(p: &Othello, t: &str) -> Result<ply_othello::Move, String> {
        p.parse_move(t).map_err(|e| e.to_string())
    }

    #[test]
    fn random_numbers_are_reproducible_and_spread() {
        let a: Vec<u64> = {
            let mut r = Rng::new(7);
            (0..5).map(|_| r.next_u64()).collect()
        };
        let mut r = Rng::new(7);
        assert_eq!(a, (0..5).map(|_| r.next_u64()).collect::<Vec<_>>());
        let mut counts = [0; 4];
        for _ in 0..4000 {
            counts[r.below(4)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
    }

    #[test]
    fn choose_follows_the_game_and_names_the_opening() {
        let text = "# test\nTiger | f5 d6 c3 d3 c4\n\nRose-ish | f5 d6 c5\nParallel | f5 f4\n";
        let book =
            Book::from_lines::<Othello, _, _>(parse_named_lines(text).unwrap(), read).unwrap();
        assert_eq!(book.lines().len(), 3);
        let mut rng = Rng::new(1);
        let start = Othello::start();
        let f5 = start.parse_move("f5").unwrap();
        for _ in 0..20 {
            let (mv, _) = book.choose(&[], &mut rng).unwrap();
            assert_eq!(mv, f5);
        }
        let after = start.play_unchecked(f5);
        let d6 = after.parse_move("d6").unwrap();
        let replies: std::collections::HashSet<String> = (0..50)
            .map(|_| book.choose(&[f5], &mut rng).unwrap().0.to_string())
            .collect();
        assert_eq!(replies.len(), 2, "{replies:?}");
        let c5 = after.play_unchecked(d6).parse_move("c5").unwrap();
        assert_eq!(book.choose(&[f5, d6, c5], &mut rng), None);
        assert_eq!(book.name(&[f5, d6, c5]), Some("Rose-ish"));
        assert_eq!(book.name(&[f5, d6]), None);
    }

    #[test]
    fn bad_lines_are_refused_with_their_name() {
        let err =
            Book::from_lines::<Othello, _, _>(vec![("Bad", vec!["f5", "a1"])], read).unwrap_err();
        assert!(err.starts_with("book line 'Bad': move a1"), "{err}");
        assert!(parse_named_lines("no bar here").is_err());
    }
}
