//! Writes a few diagrams as SVG files into the folder given (the current one
//! by default), to look at: `cargo run -p ply-games --example boards -- DIR`.

use ply_core::Game;
use ply_games::svg::{Options, Theme, render};
use ply_games::{checkers, chess, othello};

fn main() -> std::io::Result<()> {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let write = |name: &str, svg: String| std::fs::write(dir.join(name), svg);
    let light = Options::default();
    let dark = Options {
        theme: Theme::Dark,
        ..Options::default()
    };

    let start = ply_chess::Position::start();
    let mut position = start;
    let mut last = None;
    for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"] {
        let mv = position.parse_move(text).expect("legal");
        position = position.play_unchecked(mv);
        last = Some(mv);
    }
    let selected = "f6".parse().ok();
    write(
        "chess.svg",
        render(&chess::diagram(&position, last, selected), &light),
    )?;
    write(
        "chess-dark-flipped.svg",
        render(&chess::diagram(&position, last, None).flipped(), &dark),
    )?;

    let position = ply_checkers::Checkers::parse_position("B:WK18,21,22,26,30:B1,5,K9,14,15")
        .expect("a position");
    let mv = position.parse_move("14x23").ok();
    let after = mv.map_or(position, |mv| position.play_unchecked(mv));
    write(
        "checkers.svg",
        render(&checkers::diagram(&after, mv, true, None), &light),
    )?;
    write(
        "checkers-dark.svg",
        render(&checkers::diagram(&after, mv, false, None), &dark),
    )?;

    let start = ply_othello::Othello::start();
    let mut position = start;
    let mut last = None;
    for text in ["f5", "d6", "c3", "d3", "c4"] {
        let mv = position.parse_move(text).expect("legal");
        position = position.play_unchecked(mv);
        last = Some(mv);
    }
    write(
        "othello.svg",
        render(&othello::diagram(&position, last), &light),
    )?;
    write(
        "othello-dark.svg",
        render(&othello::diagram(&position, last), &dark),
    )?;
    Ok(())
}
