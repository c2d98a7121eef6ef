//! Openings: a start position and moves from it, read from a file or taken
//! from the game's own book (common chess openings, the ACF three-move
//! ballots, the named Othello openings): what `ply match` starts its games
//! from and training starts its self-play from.
//!
//! Formats: `epd`/`fen` (one position a line; in chess the first four EPD
//! fields), `pgn`/`pdn`/`ggf` (every game of the file, its set-up and
//! moves), `ballots` (the ACF ballot table: the tournament deck), `lines`
//! (`name | moves` lines, as ply's books).

use super::Playable;
use super::book::parse_named_lines;
use ply_core::Game;
use ply_core::GameHistory;

/// One opening.
#[derive(Clone, Debug)]
pub struct Opening<G: Game> {
    /// Its name (or the position, or its place in the file).
    pub name: String,
    /// Where it starts.
    pub start: G,
    /// The moves from there.
    pub moves: Vec<G::Move>,
}

/// The lines of `G`'s opening book, each from the start position.
pub fn book<G: Playable>() -> Vec<Opening<G>> {
    G::book()
        .lines()
        .iter()
        .map(|line| Opening {
            name: line.name.clone(),
            start: G::start(),
            moves: line.moves.clone(),
        })
        .collect()
}

/// Reads openings of `format` from `text`.
pub fn parse<G: Playable>(text: &str, format: &str) -> Result<Vec<Opening<G>>, String> {
    match format {
        "epd" | "fen" | "txt" => positions(text),
        "pgn" | "pdn" | "ggf" => games(split_games(text, format)),
        "ballots" | "tsv" => {
            let ballots = super::checkers::parse_ballots(text)?;
            let lines = ballots
                .into_iter()
                .filter(|b| !b.barred)
                .map(|b| (format!("ACF #{} {}", b.number, b.name), b.moves))
                .collect();
            replay_lines(lines)
        }
        "lines" | "book" => replay_lines(parse_named_lines(text)?),
        other => Err(format!(
            "unknown opening format '{other}': expected epd, fen, pgn, pdn, ggf, ballots or lines"
        )),
    }
}

fn positions<G: Playable>(text: &str) -> Result<Vec<Opening<G>>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let start = parse_position::<G>(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        openings.push(Opening {
            name: line.to_owned(),
            start,
            moves: Vec::new(),
        });
    }
    Ok(openings)
}

/// A position line: as it stands, or (chess EPD) its first four fields.
fn parse_position<G: Playable>(line: &str) -> Result<G, String> {
    let text = line.split(';').next().unwrap_or(line).trim();
    G::parse_position(text).or_else(|error| {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() >= 4 {
            let fen = format!("{} 0 1", fields[..4].join(" "));
            G::parse_position(&fen).map_err(|_| error.to_string())
        } else {
            Err(error.to_string())
        }
    })
}

/// The games of a record file of `format` (`pgn`, `pdn`: each with its
/// tags and movetext; `ggf`: each `(;...;)`), as they stand in the file.
pub fn split_games(text: &str, format: &str) -> Vec<String> {
    match format {
        "ggf" => text.split("(;").skip(1).map(|g| format!("(;{g}")).collect(),
        _ => split_pgn(text),
    }
}

/// The games of a PGN or PDN file, each with its tags and movetext.
fn split_pgn(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && in_moves {
            games.push(std::mem::take(&mut current));
            in_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

fn games<G: Playable>(texts: Vec<String>) -> Result<Vec<Opening<G>>, String> {
    texts
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let record = G::read_record(text).map_err(|e| format!("game {}: {e}", index + 1))?;
            Ok(Opening {
                name: format!("game {}", index + 1),
                start: record.start().clone(),
                moves: record.moves().to_vec(),
            })
        })
        .collect()
}

fn replay_lines<G: Playable>(lines: Vec<(String, Vec<String>)>) -> Result<Vec<Opening<G>>, String> {
    lines
        .into_iter()
        .map(|(name, moves)| {
            let record =
                GameHistory::replay(G::start(), moves.iter().map(String::as_str), |p, t| {
                    p.read_move(t)
                })
                .map_err(|e| format!("{name}: {e}"))?;
            Ok(Opening {
                name,
                start: G::start(),
                moves: record.moves().to_vec(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_checkers::Checkers;
    use ply_chess::Position;
    use ply_othello::Othello;

    #[test]
    fn every_game_has_a_book() {
        assert_eq!(book::<Checkers>().len(), 156);
        assert!(book::<Position>().len() >= 20);
        assert!(book::<Othello>().len() >= 20);
    }

    #[test]
    fn files_of_each_format() {
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\n# c\n";
        let openings = parse::<Position>(epd, "epd").unwrap();
        assert_eq!(openings.len(), 1);
        assert!(openings[0].moves.is_empty());
        let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[SetUp \"1\"]\n\
                   [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e3 *\n";
        let openings = parse::<Position>(pgn, "pgn").unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].moves.len(), 2);
        assert_eq!(openings[1].start.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let othello = "---------------------------OX------XO--------------------------- X\n";
        assert_eq!(parse::<Othello>(othello, "fen").unwrap().len(), 1);
        let lines = "tiger | f5 d6 c3 d3 c4\n";
        assert_eq!(parse::<Othello>(lines, "lines").unwrap()[0].moves.len(), 5);
        let err = parse::<Position>("not a fen\n", "epd").unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        assert!(
            parse::<Position>("", "xyz")
                .unwrap_err()
                .contains("unknown opening format")
        );
        let pdn = "[Event \"x\"]\n1. 11-15 23-19 *\n";
        assert_eq!(parse::<Checkers>(pdn, "pdn").unwrap()[0].moves.len(), 2);
    }
}
