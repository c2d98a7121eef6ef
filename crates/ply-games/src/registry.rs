//! The games ply knows, by name: the one list every front end (the `ply`
//! command, the Python package, the web server) reads a game's name with,
//! so that a name works everywhere or nowhere.

use std::fmt;

/// A game ply plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Chess (`ply_chess`).
    Chess,
    /// English checkers, also called English draughts (`ply_checkers`).
    Checkers,
    /// Othello, also called Reversi (`ply_othello`).
    Othello,
}

impl GameKind {
    /// Every game, in the order lists show them.
    pub const ALL: [GameKind; 3] = [GameKind::Chess, GameKind::Checkers, GameKind::Othello];

    /// The game's name (`"chess"`), as commands and the Python package take
    /// it and print it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Checkers => "checkers",
            GameKind::Othello => "othello",
        }
    }

    /// Other names the game is known by, also accepted.
    #[must_use]
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            GameKind::Chess => &[],
            GameKind::Checkers => &["draughts"],
            GameKind::Othello => &["reversi"],
        }
    }

    /// The game called `name` (any case, aliases too), if ply knows it.
    #[must_use]
    pub fn named(name: &str) -> Option<GameKind> {
        let name = name.trim().to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name || kind.aliases().contains(&name.as_str()))
    }

    /// The games' names, as errors list them: `chess, checkers, othello`.
    #[must_use]
    pub fn names() -> String {
        GameKind::ALL.map(GameKind::name).join(", ")
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_find_their_game() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::named(kind.name()), Some(kind));
            assert_eq!(GameKind::named(&kind.name().to_uppercase()), Some(kind));
            for alias in kind.aliases() {
                assert_eq!(GameKind::named(alias), Some(kind));
            }
        }
        assert_eq!(GameKind::named("Reversi"), Some(GameKind::Othello));
        assert_eq!(GameKind::named("draughts"), Some(GameKind::Checkers));
        assert_eq!(GameKind::named("go"), None);
        assert_eq!(GameKind::names(), "chess, checkers, othello");
        assert_eq!(GameKind::Othello.to_string(), "othello");
    }
}
