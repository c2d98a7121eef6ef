//! Chess diagrams: White at the bottom, the last move's from- and to-squares
//! (the king's for castling), and on request the legal targets of one piece.

use crate::diagram::{self, Cell, Color, Diagram, Draw, Kind, Piece, Surface};
use ply_chess::{File, Move, Position, Rank, Square};

/// The diagram of `position` as White sees it, with `last` (the move played
/// into it) highlighted and, when `selected` names a square, that square
/// selected and its piece's legal targets marked.
pub fn diagram(position: &Position, last: Option<Move>, selected: Option<Square>) -> Diagram {
    let targets: Vec<Square> = match selected {
        Some(from) => position
            .legal_moves()
            .iter()
            .filter(|mv| mv.from() == from)
            .map(|mv| mv.king_to())
            .collect(),
        None => Vec::new(),
    };
    diagram::build(
        "chess",
        Surface::Checkered,
        ('1'..='8').rev(),
        |row, column| {
            let (file, rank) = (column, 7 - row);
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            Cell {
                square: Some(square.to_string()),
                piece: position
                    .piece_on(square)
                    .map(|p| piece(p.color, p.role.index())),
                dark: (file + rank) % 2 == 0,
                last: last.is_some_and(|mv| mv.from() == square || mv.king_to() == square),
                marked: targets.contains(&square),
                selected: selected == Some(square),
                number: None,
            }
        },
    )
}

/// The diagram's piece for a chess piece of `color` and role index `role`
/// (pawn 0 .. king 5).
fn piece(color: ply_chess::Color, role: usize) -> Piece {
    let color = match color {
        ply_chess::Color::White => Color::White,
        ply_chess::Color::Black => Color::Black,
    };
    Piece::new(color, Kind::CHESS[role])
}

impl Draw for Position {
    fn diagram(&self, last: Option<Move>, _numbers: bool) -> Diagram {
        diagram(self, last, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell<'a>(diagram: &'a Diagram, name: &str) -> &'a Cell {
        diagram.find(name).map(|(_, _, cell)| cell).unwrap()
    }

    #[test]
    fn pieces_stand_on_their_squares_with_white_at_the_bottom() {
        let diagram = diagram(&Position::start(), None, None);
        assert_eq!(diagram.find("a8").map(|(r, c, _)| (r, c)), Some((0, 0)));
        assert_eq!(diagram.find("h1").map(|(r, c, _)| (r, c)), Some((7, 7)));
        let king = Piece::new(Color::White, Kind::King);
        assert_eq!(cell(&diagram, "e1").piece, Some(king));
        let knight = Piece::new(Color::Black, Kind::Knight);
        assert_eq!(cell(&diagram, "g8").piece, Some(knight));
        assert_eq!(cell(&diagram, "e4").piece, None);
        assert!(cell(&diagram, "a1").dark && !cell(&diagram, "h1").dark);
        assert_eq!(
            diagram
                .cells()
                .filter(|(_, _, c)| c.piece.is_some())
                .count(),
            32
        );
        assert_eq!(diagram.row_labels[0], "8");
        assert_eq!(diagram.column_labels[0], "a");
    }

    #[test]
    fn the_last_move_and_a_pieces_targets_are_shown() {
        let start = Position::start();
        let e4 = start.parse_move("e4").unwrap();
        let after = start.play_unchecked(e4);
        let diagram = diagram(&after, Some(e4), None);
        let last: Vec<&str> = diagram
            .cells()
            .filter(|(_, _, c)| c.last)
            .filter_map(|(_, _, c)| c.square.as_deref())
            .collect();
        assert_eq!(last, ["e4", "e2"]);
        assert!(diagram.cells().all(|(_, _, c)| !c.marked && !c.selected));

        let g8 = "g8".parse().unwrap();
        let selected = super::diagram(&after, Some(e4), Some(g8));
        let mut marked: Vec<&str> = selected
            .cells()
            .filter(|(_, _, c)| c.marked)
            .filter_map(|(_, _, c)| c.square.as_deref())
            .collect();
        marked.sort_unstable();
        assert_eq!(marked, ["f6", "h6"]);
        assert!(cell(&selected, "g8").selected);
    }

    #[test]
    fn castling_highlights_the_kings_squares() {
        let position = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = position.parse_move("O-O").unwrap();
        let diagram = diagram(&position.play_unchecked(castle), Some(castle), None);
        assert!(cell(&diagram, "e1").last && cell(&diagram, "g1").last);
        assert!(!cell(&diagram, "h1").last);
    }

    #[test]
    fn a_flipped_board_has_black_at_the_bottom() {
        let diagram = diagram(&Position::start(), None, None).flipped();
        assert!(diagram.flipped);
        assert_eq!(diagram.find("h1").map(|(r, c, _)| (r, c)), Some((0, 0)));
        assert_eq!(diagram.find("a8").map(|(r, c, _)| (r, c)), Some((7, 7)));
        assert_eq!(diagram.row_labels[0], "1");
        assert_eq!(diagram.column_labels[0], "h");
    }
}
