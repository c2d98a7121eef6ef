//! The games layer of ply: what every front end (the terminal, the web
//! server, the Python package) needs of a game beside its rules and its
//! player:
//!
//! - [`GameKind`] ([`registry`]): the games by name, the one list every front
//!   end reads names with;
//! - [`diagram`]: a game-neutral board to draw: squares as the viewer sees
//!   them, each piece in words (colour and kind) and in text glyphs, the last
//!   move, marked squares, square numbers, edge labels, orientation;
//! - [`chess::diagram`], [`checkers::diagram`], [`othello::diagram`]: the
//!   diagram of a position of each game, and [`Draw`], the same for code
//!   generic over the game;
//! - [`playable`]: [`Playable`], what the terminal, the match referee and
//!   the web server need of a game beside its rules: move names as people
//!   type and read them, the end in words, the opening books (the ACF
//!   ballots among them) and the record formats (PGN, PDN, GGF);
//! - [`svg`]: a diagram as a standalone, scalable SVG document with ply's own
//!   vector pieces, light and dark themes, and `data-square` attributes on
//!   every square, piece and mark for pages that click on them.
//!
//! ```
//! use ply_core::Game;
//! let position = ply_chess::Position::start();
//! let e4 = position.parse_move("e4").unwrap();
//! let diagram = ply_games::chess::diagram(&position.play_unchecked(e4), Some(e4), None);
//! let svg = ply_games::svg::render(&diagram, &ply_games::svg::Options::default());
//! assert!(svg.starts_with("<svg") && svg.contains(r#"data-square="e4""#));
//! ```

pub mod checkers;
pub mod chess;
pub mod diagram;
pub mod fuzzing;
pub mod othello;
pub mod playable;
pub mod registry;
pub mod session;
pub mod svg;

pub use diagram::{Diagram, Draw};
pub use playable::Playable;
pub use registry::GameKind;
