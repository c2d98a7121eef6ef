//! The games ply plays, by command-line name, and their move generators.

use crate::error::CliError;

/// Names of the games, as the command line takes them.
pub const NAMES: [&str; 3] = ["chess", "checkers", "othello"];

/// A game and, where the game has several, its move generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Chess with the bitboard generator.
    ChessBitboard,
    /// Othello with the bitboard generator.
    OthelloBitboard,
    /// Othello with the seed's line tables.
    OthelloLines,
    /// English checkers with the seed's shift generator.
    Checkers,
}

/// Reads a game name and an optional generator name.
pub fn variant(game: &str, generator: Option<&str>) -> Result<Variant, CliError> {
    match game.to_ascii_lowercase().as_str() {
        "chess" => match generator.unwrap_or("bitboard") {
            "bitboard" => Ok(Variant::ChessBitboard),
            other => Err(CliError::UnknownGenerator {
                game: "chess",
                name: other.to_owned(),
                expected: "bitboard".to_owned(),
            }),
        },
        "othello" | "reversi" => {
            let names = ply_othello::generators::NAMES;
            match generator.unwrap_or(names[0]) {
                "bitboard" => Ok(Variant::OthelloBitboard),
                "lines" => Ok(Variant::OthelloLines),
                other => Err(CliError::UnknownGenerator {
                    game: "othello",
                    name: other.to_owned(),
                    expected: names.join(", "),
                }),
            }
        }
        "checkers" => {
            let names = ply_checkers::GENERATORS;
            match generator.unwrap_or(names[0]) {
                "shifts" => Ok(Variant::Checkers),
                other => Err(CliError::UnknownGenerator {
                    game: "checkers",
                    name: other.to_owned(),
                    expected: names.join(", "),
                }),
            }
        }
        _ => Err(CliError::UnknownGame(game.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_and_generators_by_name() {
        assert_eq!(variant("othello", None).unwrap(), Variant::OthelloBitboard);
        assert_eq!(
            variant("Othello", Some("lines")).unwrap(),
            Variant::OthelloLines
        );
        let err = variant("othello", Some("magic")).unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown move generator 'magic' for othello: expected bitboard, lines"
        );
        assert_eq!(variant("checkers", None).unwrap(), Variant::Checkers);
        assert_eq!(
            variant("Checkers", Some("shifts")).unwrap(),
            Variant::Checkers
        );
        let err = variant("checkers", Some("lines")).unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown move generator 'lines' for checkers: expected shifts"
        );
        let err = variant("go", None).unwrap_err().to_string();
        assert_eq!(err, "unknown game 'go': expected chess, checkers, othello");
        assert_eq!(variant("chess", None).unwrap(), Variant::ChessBitboard);
    }
}
