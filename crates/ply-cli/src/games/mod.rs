//! The game registry: the one place that knows the games `ply` plays.
//!
//! Each game is one [`GameEntry`] implementation ([`chess`], [`checkers`],
//! [`othello`]) holding what the commands need of it: its names, its move
//! generators for perft, the boards its engine runs on and their evaluation,
//! its bench positions, and its
//! [`GameEntry::Board`], the board that `ply play`, the protocols and
//! `ply match` use (whose [`MatchGame`] and [`crate::play::playable::Playable`]
//! implementations give the front end, the notation and the record format).
//!
//! A command finds its game with [`game`] or [`engine_game`] and hands
//! [`Dispatch::dispatch`] a [`GameTask`], which runs generic over the entry: one
//! dispatch per command, nothing dynamic in the search. Adding a game means
//! one new [`GameEntry`] implementation and its [`Kind`].

pub mod checkers;
pub mod chess;
pub mod othello;

use crate::arena::game::MatchGame;
use crate::engines::PlayerTask;
use crate::error::CliError;
use ply_core::Game;

/// What the commands need of one game.
pub trait GameEntry {
    /// The game in the registry.
    const KIND: Kind;
    /// The name the command line takes (`"chess"`).
    const NAME: &'static str = Self::KIND.name();

    /// The board people play on, the protocols speak and `ply match`
    /// referees, with its engine's evaluation.
    type Board: MatchGame;

    /// The move generators `ply perft --gen` takes, the fastest (the default)
    /// first.
    const GENERATORS: &'static [&'static str];

    /// Hands `task` the board of move generator `name`; `None` when the game
    /// has no such generator.
    fn with_generator<T: BoardTask>(name: &str, task: T) -> Option<T::Output>;

    /// The boards the engine runs on (`--gen` of `ply best` and `ply bench`),
    /// [`GameEntry::Board`]'s first: a subset of the generators.
    const ENGINE_BOARDS: &'static [&'static str];

    /// Hands `task` the game's player on the engine board `name`; `None`
    /// when the engine does not run on such a board.
    fn with_engine_board<T: PlayerTask>(name: &str, task: T) -> Option<T::Output>;

    /// Checks what the game's evaluation loads at run time (chess: the
    /// network named by `PLY_CHESS_NET`) before [`with_engine_board`]
    /// hands it out.
    ///
    /// # Errors
    /// A file that cannot be used.
    fn engine_ready() -> Result<(), CliError> {
        Ok(())
    }

    /// The positions `ply bench` searches.
    const BENCH_POSITIONS: &'static [&'static str];
    /// The depth `ply bench` searches them to by default (a few seconds).
    const BENCH_DEPTH: u32;
}

/// Something done with a board, whatever its game: perft.
pub trait BoardTask {
    /// The result.
    type Output;
    /// Does it with board `B`.
    fn run<B: Game>(self) -> Self::Output;
}

/// Something done with a game, whatever it is: a command.
pub trait GameTask {
    /// The result.
    type Output;
    /// Does it with game `G`.
    fn run<G: GameEntry>(self) -> Self::Output;
}

/// The games, by name: ply-games' one registry, `ply_games::GameKind`, which
/// the Python package reads names with too.
pub use ply_games::GameKind as Kind;

/// Turns a game into its entry: the one place that does.
pub trait Dispatch {
    /// Runs `task` with this game's entry.
    fn dispatch<T: GameTask>(self, task: T) -> T::Output;
}

impl Dispatch for Kind {
    fn dispatch<T: GameTask>(self, task: T) -> T::Output {
        match self {
            Kind::Chess => task.run::<chess::Chess>(),
            Kind::Checkers => task.run::<checkers::Checkers>(),
            Kind::Othello => task.run::<othello::Othello>(),
        }
    }
}

/// The games' names, as errors list them ("chess, checkers, othello").
pub fn names() -> String {
    Kind::names()
}

/// Reads a game name.
///
/// # Errors
/// [`CliError::UnknownGame`] for a game `ply` does not know.
pub fn game(name: &str) -> Result<Kind, CliError> {
    Kind::named(name).ok_or_else(|| CliError::UnknownGame {
        name: name.to_owned(),
        expected: names(),
    })
}

/// Reads a game name for a command that needs an engine.
///
/// # Errors
/// [`CliError::NoEngine`] for a game without one.
pub fn engine_game(name: &str) -> Result<Kind, CliError> {
    Kind::named(name).ok_or_else(|| CliError::NoEngine {
        name: name.to_owned(),
        expected: names(),
    })
}

/// Runs `task` on `G`'s move generator `name` (`--gen`; the default when
/// `None`).
///
/// # Errors
/// [`CliError::UnknownGenerator`] for a generator the game does not have.
pub fn with_generator<G: GameEntry, T: BoardTask>(
    name: Option<&str>,
    task: T,
) -> Result<T::Output, CliError> {
    let name = name.unwrap_or(G::GENERATORS[0]);
    G::with_generator(name, task).ok_or_else(|| unknown_generator::<G>(name))
}

/// Runs `task` on `G`'s engine board `name` (`--gen`; [`GameEntry::Board`]
/// when `None`).
///
/// # Errors
/// [`CliError::UnknownGenerator`] for a generator the game does not have or
/// its engine does not run on.
pub fn with_engine_board<G: GameEntry, T: PlayerTask>(
    name: Option<&str>,
    task: T,
) -> Result<T::Output, CliError> {
    let name = name.unwrap_or(G::ENGINE_BOARDS[0]);
    G::engine_ready()?;
    G::with_engine_board(name, task).ok_or_else(|| {
        if G::GENERATORS.contains(&name) {
            let boards = if G::ENGINE_BOARDS.len() == 1 {
                "board"
            } else {
                "boards"
            };
            CliError::UnknownGenerator {
                game: G::NAME,
                name: name.to_owned(),
                expected: format!("{} (the engine's {boards})", G::ENGINE_BOARDS.join(", ")),
            }
        } else {
            unknown_generator::<G>(name)
        }
    })
}

fn unknown_generator<G: GameEntry>(name: &str) -> CliError {
    CliError::UnknownGenerator {
        game: G::NAME,
        name: name.to_owned(),
        expected: G::GENERATORS.join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator a [`BoardTask`] was handed, by its game's name and the
    /// board's type.
    struct BoardName;

    impl BoardTask for BoardName {
        type Output = &'static str;
        fn run<B: Game>(self) -> &'static str {
            std::any::type_name::<B>()
        }
    }

    /// The engine board a [`PlayerTask`] was handed, by its type.
    struct EngineBoardName;

    impl PlayerTask for EngineBoardName {
        type Output = &'static str;
        fn run<P: ply_core::Player>(self) -> &'static str {
            std::any::type_name::<P::Game>()
        }
    }

    /// `with_generator` of the game `name`.
    struct Generator<'a>(Option<&'a str>);

    impl GameTask for Generator<'_> {
        type Output = Result<&'static str, CliError>;
        fn run<G: GameEntry>(self) -> Self::Output {
            with_generator::<G, _>(self.0, BoardName)
        }
    }

    /// `with_engine_board` of the game `name`.
    struct EngineBoard<'a>(Option<&'a str>);

    impl GameTask for EngineBoard<'_> {
        type Output = Result<&'static str, CliError>;
        fn run<G: GameEntry>(self) -> Self::Output {
            with_engine_board::<G, _>(self.0, EngineBoardName)
        }
    }

    fn generator(game_name: &str, name: Option<&str>) -> Result<&'static str, String> {
        game(game_name)
            .and_then(|kind| kind.dispatch(Generator(name)))
            .map_err(|e| e.to_string())
    }

    fn engine_board(game_name: &str, name: Option<&str>) -> Result<&'static str, String> {
        engine_game(game_name)
            .and_then(|kind| kind.dispatch(EngineBoard(name)))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn games_by_name() {
        assert_eq!(Kind::named("chess"), Some(Kind::Chess));
        assert_eq!(Kind::named("Checkers"), Some(Kind::Checkers));
        assert_eq!(Kind::named("OTHELLO"), Some(Kind::Othello));
        assert_eq!(Kind::named("reversi"), Some(Kind::Othello));
        assert_eq!(Kind::named("go"), None);
        assert_eq!(names(), "chess, checkers, othello");
        let err = game("go").unwrap_err().to_string();
        assert_eq!(err, "unknown game 'go': expected chess, checkers, othello");
        let err = engine_game("go").unwrap_err().to_string();
        assert_eq!(err, "no engine for 'go': expected chess, checkers, othello");
        for kind in Kind::ALL {
            assert_eq!(Kind::named(kind.name()), Some(kind));
        }
    }

    #[test]
    fn generators_by_name() {
        let othello = std::any::type_name::<ply_othello::Othello>();
        assert_eq!(generator("othello", None).unwrap(), othello);
        assert_eq!(
            generator("Othello", Some("lines")).unwrap(),
            std::any::type_name::<ply_othello::Position<ply_othello::LineTableGenerator>>()
        );
        assert_eq!(
            generator("othello", Some("magic")).unwrap_err(),
            "unknown move generator 'magic' for othello: expected bitboard, lines"
        );
        let checkers = std::any::type_name::<ply_checkers::Checkers>();
        assert_eq!(generator("checkers", None).unwrap(), checkers);
        assert_eq!(generator("Checkers", Some("shifts")).unwrap(), checkers);
        assert_eq!(
            generator("checkers", Some("lines")).unwrap_err(),
            "unknown move generator 'lines' for checkers: expected shifts"
        );
        let chess = std::any::type_name::<ply_chess::Position>();
        assert_eq!(generator("chess", None).unwrap(), chess);
        assert_eq!(
            generator("chess", Some("gnu")).unwrap(),
            std::any::type_name::<ply_chess::gnu::GnuBoard>()
        );
        assert_eq!(
            generator("chess", Some("attackmap")).unwrap(),
            std::any::type_name::<ply_chess::attackmap::AttackBoard>()
        );
        assert_eq!(
            generator("chess", Some("lines")).unwrap_err(),
            "unknown move generator 'lines' for chess: expected bitboard, gnu, attackmap"
        );
    }

    #[test]
    fn engine_boards_by_name() {
        assert_eq!(
            engine_board("chess", Some("attackmap")).unwrap(),
            std::any::type_name::<ply_chess::attackmap::AttackBoard>()
        );
        assert_eq!(
            engine_board("reversi", None).unwrap(),
            std::any::type_name::<ply_othello::Othello>()
        );
        assert_eq!(
            engine_board("othello", Some("lines")).unwrap_err(),
            "unknown move generator 'lines' for othello: expected bitboard (the engine's board)"
        );
        assert_eq!(
            engine_board("othello", Some("magic")).unwrap_err(),
            "unknown move generator 'magic' for othello: expected bitboard, lines"
        );
        assert_eq!(
            engine_board("checkers", None).unwrap(),
            std::any::type_name::<ply_checkers::Checkers>()
        );
    }

    /// Every game's bench positions are positions of its engine board, and
    /// its default generator and engine board are the first it lists.
    #[test]
    fn every_entry_is_consistent() {
        struct Check;
        impl GameTask for Check {
            type Output = ();
            fn run<G: GameEntry>(self) {
                assert!(G::ENGINE_BOARDS.iter().all(|b| G::GENERATORS.contains(b)));
                for text in G::BENCH_POSITIONS {
                    assert!(
                        G::Board::parse_position(text).is_ok(),
                        "{}: {text}",
                        G::NAME
                    );
                }
                assert!(G::with_generator(G::GENERATORS[0], BoardName).is_some());
                assert_eq!(
                    G::with_engine_board(G::ENGINE_BOARDS[0], EngineBoardName),
                    Some(std::any::type_name::<G::Board>())
                );
            }
        }
        for kind in Kind::ALL {
            kind.dispatch(Check);
        }
    }
}
