//! Othello diagrams: a1 at the top left on green felt, the last disc played,
//! the legal moves of the side to move marked while the game goes on.

use crate::diagram::{self, Cell, Color, Diagram, Draw, Kind, Piece, Surface};
use ply_core::Game;
use ply_othello::{Move, Othello, Square};

/// The diagram of `position` (rows 1-8 from the top), `last` (the move
/// played into it) highlighted and the legal moves marked unless the game is
/// over.
pub fn diagram(position: &Othello, last: Option<Move>) -> Diagram {
    let (black, white) = (position.black(), position.white());
    let marks = if position.outcome().is_none() {
        position.move_squares()
    } else {
        0
    };
    diagram::build("othello", Surface::Felt, '1'..='8', |rank, file| {
        let square = Square::from_coords(file, rank);
        let bit = square.bit();
        let piece = if black & bit != 0 {
            Some(Piece::new(Color::Black, Kind::Disc))
        } else if white & bit != 0 {
            Some(Piece::new(Color::White, Kind::Disc))
        } else {
            None
        };
        Cell {
            square: Some(square.to_string()),
            piece,
            dark: false,
            last: last.and_then(Move::square) == Some(square),
            marked: marks & bit != 0,
            selected: false,
            number: None,
        }
    })
}

impl Draw for Othello {
    fn diagram(&self, last: Option<Move>, _numbers: bool) -> Diagram {
        diagram(self, last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(diagram: &Diagram, test: impl Fn(&Cell) -> bool) -> Vec<String> {
        diagram
            .cells()
            .filter(|(_, _, c)| test(c))
            .filter_map(|(_, _, c)| c.square.clone())
            .collect()
    }

    #[test]
    fn the_start_has_four_discs_and_four_marks() {
        let diagram = diagram(&Othello::start(), None);
        assert_eq!(diagram.surface, Surface::Felt);
        assert_eq!(diagram.find("a1").map(|(r, c, _)| (r, c)), Some((0, 0)));
        assert_eq!(diagram.find("h8").map(|(r, c, _)| (r, c)), Some((7, 7)));
        let black = Piece::new(Color::Black, Kind::Disc);
        let white = Piece::new(Color::White, Kind::Disc);
        assert_eq!(named(&diagram, |c| c.piece == Some(black)), ["e4", "d5"]);
        assert_eq!(named(&diagram, |c| c.piece == Some(white)), ["d4", "e5"]);
        assert_eq!(named(&diagram, |c| c.marked), ["d3", "c4", "f5", "e6"]);
        assert_eq!(diagram.row_labels[0], "1");
    }

    #[test]
    fn the_last_disc_is_highlighted_and_a_finished_game_has_no_marks() {
        let start = Othello::start();
        let d3 = start.parse_move("d3").unwrap();
        let diagram = diagram(&start.play_unchecked(d3), Some(d3));
        assert_eq!(named(&diagram, |c| c.last), ["d3"]);
        assert_eq!(named(&diagram, |c| c.marked), ["c3", "e3", "c5"]);
        let full = Othello::parse_position(&format!("{} O", "X".repeat(64))).unwrap();
        let diagram = super::diagram(&full, None);
        assert!(diagram.cells().all(|(_, _, c)| !c.marked));
    }
}
