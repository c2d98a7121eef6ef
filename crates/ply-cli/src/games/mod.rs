//! The game registry: the one place that knows the games `ply` plays.
//!
//! Each game is one [`GameEntry`] implementation ([`chess`], [`checkers`],
//! [`othello`]) holding what the commands need of it: its names, its move
//! generators for perft, the boards its engine runs on and their evaluation,
//! its bench positions, an exact solver where it has one, and its
//! [`GameEntry::Board`], the board that `ply play`, the protocols and
//! `ply match` use (whose [`MatchGame`] and [`crate::play::playable::Playable`]
//! implementations give the front end, the notation and the record format).
//!
//! A command finds its game with [`game`] or [`engine_game`] and hands
//! [`Kind::dispatch`] a [`GameTask`], which runs generic over the entry: one
//! dispatch per command, nothing dynamic in the search. Adding a game means
//! one new [`GameEntry`] implementation and its [`Kind`].

pub mod checkers;
pub mod chess;
pub mod othello;

use crate::arena::game::MatchGame;
use crate::engines::EngineTask;
use crate::error::CliError;
use ply_core::Game;

/// What the commands need of one game.
pub trait GameEntry {
    /// The name the command line takes (`"chess"`).
    const NAME: &'static str;
    /// Other names the command line takes for it (`"reversi"`).
    const ALIASES: &'static [&'static str] = &[];

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

    /// Hands `task` the engine board `name` and the game's evaluation;
    /// `None` when the engine does not run on such a board.
    fn with_engine_board<T: EngineTask>(name: &str, task: T) -> Option<T::Output>;

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

    /// The exact answer for `ply best` at full strength: the game's solver's
    /// on the position `fen` when the game has one and the position is
    /// within the reach of solves at `depth`; `None` otherwise, the engine
    /// searches.
    ///
    /// # Errors
    /// A bad position, or a solver that cannot start.
    fn solve_for_best(fen: &str, depth: u32, hash_mb: usize) -> Result<Option<Solved>, CliError> {
        let _ = (fen, depth, hash_mb);
        Ok(None)
    }
}

/// An exact solve's answer for `ply best`.
pub struct Solved {
    /// The best move's name.
    pub best: String,
    /// The final score with perfect play, in the game's units (discs).
    pub score: i32,
    /// The empty squares solved.
    pub empties: u32,
    /// The solver's nodes.
    pub nodes: u64,
    /// The best line, as names.
    pub pv: Vec<String>,
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

/// The games, by their entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Chess: [`chess::Chess`].
    Chess,
    /// English checkers: [`checkers::Checkers`].
    Checkers,
    /// Othello: [`othello::Othello`].
    Othello,
}

impl Kind {
    /// Every game, in the order the command line lists them.
    pub const ALL: [Kind; 3] = [Kind::Chess, Kind::Checkers, Kind::Othello];

    /// Runs `task` with this game's entry: the one place that turns a game
    /// into its type.
    pub fn dispatch<T: GameTask>(self, task: T) -> T::Output {
        match self {
            Kind::Chess => task.run::<chess::Chess>(),
            Kind::Checkers => task.run::<checkers::Checkers>(),
            Kind::Othello => task.run::<othello::Othello>(),
        }
    }

    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        self.dispatch(Name)
    }

    /// The game called `name` (any case, aliases too), if `ply` knows it.
    pub fn named(name: &str) -> Option<Kind> {
        let name = name.to_ascii_lowercase();
        Kind::ALL.into_iter().find(|kind| {
            let (known, aliases) = kind.dispatch(Names);
            known == name || aliases.contains(&name.as_str())
        })
    }
}

/// The [`GameTask`] of [`Kind::name`].
struct Name;

impl GameTask for Name {
    type Output = &'static str;
    fn run<G: GameEntry>(self) -> &'static str {
        G::NAME
    }
}

/// The [`GameTask`] of [`Kind::named`]: a game's name and aliases.
struct Names;

impl GameTask for Names {
    type Output = (&'static str, &'static [&'static str]);
    fn run<G: GameEntry>(self) -> Self::Output {
        (G::NAME, G::ALIASES)
    }
}

/// The games' names, as errors list them ("chess, checkers, othello").
pub fn names() -> String {
    Kind::ALL.map(Kind::name).join(", ")
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
pub fn with_engine_board<G: GameEntry, T: EngineTask>(
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

    /// The engine board an [`EngineTask`] was handed, by its type.
    struct EngineBoardName;

    impl EngineTask for EngineBoardName {
        type Output = &'static str;
        fn run<G: ply_core::search::Searchable, E: ply_core::search::Evaluator<G> + 'static>(
            self,
            _: E,
        ) -> &'static str {
            std::any::type_name::<G>()
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
            std::any::type_name::<ply_othello::Position<ply_othello::Lines>>()
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
