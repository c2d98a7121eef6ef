//! English checkers diagrams: Black (squares 1-12) at the top, pieces on the
//! dark squares, square numbers 1-32 on request, every square the last move
//! touched, and on request the squares a selected piece can move to.

use crate::diagram::{self, Cell, Color, Diagram, Draw, Kind, Piece, Surface};
use ply_checkers::{Checkers, Move, Square};
use ply_core::Game;

/// The diagram of `position` with White at the bottom, `last` (the move
/// played into it: its start, landings and end) highlighted, the square
/// numbers shown when `numbers` is set, and when `selected` names a square,
/// that square selected and the end squares of its piece's legal moves
/// marked.
pub fn diagram(
    position: &Checkers,
    last: Option<Move>,
    numbers: bool,
    selected: Option<Square>,
) -> Diagram {
    let targets: Vec<Square> = match selected {
        Some(from) => position
            .legal_moves()
            .iter()
            .filter(|mv| mv.from() == from)
            .map(|mv| mv.to())
            .collect(),
        None => Vec::new(),
    };
    let (black, white, kings) = (position.black(), position.white(), position.kings());
    diagram::build(
        "checkers",
        Surface::Checkered,
        ('1'..='8').rev(),
        |row, file| {
            let Some(square) = Square::from_coords(row, file) else {
                return Cell::default();
            };
            let bit = square.bit();
            let kind = if kings & bit != 0 {
                Kind::CheckersKing
            } else {
                Kind::Man
            };
            let piece = if black & bit != 0 {
                Some(Piece::new(Color::Black, kind))
            } else if white & bit != 0 {
                Some(Piece::new(Color::White, kind))
            } else {
                None
            };
            Cell {
                square: Some(square.number().to_string()),
                piece,
                dark: true,
                last: last.is_some_and(|mv| mv.squares().any(|s| s == square)),
                marked: targets.contains(&square),
                selected: selected == Some(square),
                number: numbers.then(|| square.number() as u8),
            }
        },
    )
}

impl Draw for Checkers {
    fn diagram(&self, last: Option<Move>, numbers: bool) -> Diagram {
        diagram(self, last, numbers, None)
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
    fn men_stand_on_the_dark_squares_black_at_the_top() {
        let diagram = diagram(&Checkers::start(), None, false, None);
        let numbers: Vec<String> = (1..=32).map(|n: u32| n.to_string()).collect();
        let mut all = named(&diagram, |_| true);
        all.sort_by_key(|n| n.parse::<u32>().unwrap());
        assert_eq!(all, numbers);
        assert!(
            diagram
                .cells()
                .all(|(_, _, c)| c.square.is_some() == c.dark)
        );
        let black_man = Piece::new(Color::Black, Kind::Man);
        let white_man = Piece::new(Color::White, Kind::Man);
        assert_eq!(named(&diagram, |c| c.piece == Some(black_man)).len(), 12);
        assert_eq!(named(&diagram, |c| c.piece == Some(white_man)).len(), 12);
        // Square 1 is in the top row, 32 in the bottom row.
        let (row, _, cell) = diagram.find("1").unwrap();
        assert_eq!((row, cell.piece), (0, Some(black_man)));
        let (row, _, cell) = diagram.find("32").unwrap();
        assert_eq!((row, cell.piece), (7, Some(white_man)));
        assert!(diagram.cells().all(|(_, _, c)| c.number.is_none()));
    }

    #[test]
    fn kings_numbers_and_the_last_jump() {
        let position = Checkers::parse_position("B:WK18,26:B14,K9").unwrap();
        // 14 jumps the king on 18 and the man on 26.
        let jump = position.parse_move("14x23x30").unwrap();
        let after = position.play_unchecked(jump);
        let diagram = diagram(&after, Some(jump), true, None);
        assert_eq!(named(&diagram, |c| c.last), ["14", "23", "30"]);
        let (_, _, nine) = diagram.find("9").unwrap();
        assert_eq!(
            nine.piece,
            Some(Piece::new(Color::Black, Kind::CheckersKing))
        );
        assert_eq!(nine.number, Some(9));
        assert!(
            diagram
                .cells()
                .all(|(_, _, c)| c.number.is_some() == c.dark)
        );
    }

    #[test]
    fn a_selected_man_marks_where_it_can_go() {
        let start = Checkers::start();
        let mut marked = named(
            &diagram(&start, None, false, Square::from_number(11)),
            |c| c.marked,
        );
        marked.sort();
        assert_eq!(marked, ["15", "16"]);
        let flipped = diagram(&start, None, false, None).flipped();
        assert_eq!(flipped.find("32").map(|(r, _, _)| r), Some(0));
        assert_eq!(flipped.row_labels[0], "1");
    }
}
