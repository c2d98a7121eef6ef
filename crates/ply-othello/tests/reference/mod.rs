//! A slow, obviously-correct Othello for cross-checking: an array of cells,
//! moves found by walking the eight directions square by square.

#![allow(dead_code)]

use ply_othello::{Move, Square};

/// A cell: empty, or the disc of the side to move / the other side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Mine,
    Theirs,
}

/// A position from the side to move's point of view.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reference {
    pub cells: [Cell; 64],
}

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Reference {
    pub fn from_bitboards(player: u64, opponent: u64) -> Reference {
        let mut cells = [Cell::Empty; 64];
        for (i, cell) in cells.iter_mut().enumerate() {
            if player >> i & 1 == 1 {
                *cell = Cell::Mine;
            } else if opponent >> i & 1 == 1 {
                *cell = Cell::Theirs;
            }
        }
        Reference { cells }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Cell> {
        ((0..8).contains(&file) && (0..8).contains(&rank))
            .then(|| self.cells[(rank * 8 + file) as usize])
    }

    /// The discs flipped by the side to move playing on `square`, as a bitboard.
    pub fn flips(&self, square: usize) -> u64 {
        if self.cells[square] != Cell::Empty {
            return 0;
        }
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut flips = 0u64;
        for (df, dr) in DIRECTIONS {
            let mut run = 0u64;
            let (mut f, mut r) = (file + df, rank + dr);
            while self.at(f, r) == Some(Cell::Theirs) {
                run |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            if self.at(f, r) == Some(Cell::Mine) {
                flips |= run;
            }
        }
        flips
    }

    /// Squares where the side to move can play.
    pub fn move_squares(&self) -> u64 {
        (0..64)
            .filter(|&sq| self.flips(sq) != 0)
            .fold(0, |m, sq| m | 1 << sq)
    }

    /// The same discs with the other side to move.
    pub fn swapped(&self) -> Reference {
        let mut cells = self.cells;
        for cell in &mut cells {
            *cell = match *cell {
                Cell::Mine => Cell::Theirs,
                Cell::Theirs => Cell::Mine,
                Cell::Empty => Cell::Empty,
            };
        }
        Reference { cells }
    }

    /// Legal moves: the squares, else a pass if the opponent can move, else none.
    pub fn moves(&self) -> Vec<Move> {
        let squares: Vec<Move> = (0..64u8)
            .filter(|&sq| self.flips(usize::from(sq)) != 0)
            .map(|sq| Move::place(Square::new(sq)))
            .collect();
        if !squares.is_empty() {
            squares
        } else if self.swapped().move_squares() != 0 {
            vec![Move::PASS]
        } else {
            Vec::new()
        }
    }

    /// The position after a legal move, with the other side to move.
    pub fn play(&self, mv: Move) -> Reference {
        let mut next = self.clone();
        if let Some(square) = mv.square() {
            let flips = self.flips(square.index());
            assert!(flips != 0, "illegal reference move {mv}");
            next.cells[square.index()] = Cell::Mine;
            for sq in 0..64 {
                if flips >> sq & 1 == 1 {
                    next.cells[sq] = Cell::Mine;
                }
            }
        }
        next.swapped()
    }

    /// Move paths of exactly `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|&mv| self.play(mv).perft(depth - 1))
            .sum()
    }

    /// Passes played and finished games met strictly inside the first `depth` plies.
    pub fn passes_and_game_ends(&self, depth: u32) -> (u64, u64) {
        if depth == 0 {
            return (0, 0);
        }
        let moves = self.moves();
        let mut totals = (0, u64::from(moves.is_empty()));
        for &mv in &moves {
            let (passes, ends) = self.play(mv).passes_and_game_ends(depth - 1);
            totals.0 += passes + u64::from(mv.is_pass());
            totals.1 += ends;
        }
        totals
    }

    /// Disc difference for the side to move, empties to the side with more discs.
    pub fn final_score(&self) -> i32 {
        let mine = self.cells.iter().filter(|&&c| c == Cell::Mine).count() as i32;
        let theirs = self.cells.iter().filter(|&&c| c == Cell::Theirs).count() as i32;
        let empties = 64 - mine - theirs;
        if mine > theirs {
            mine - theirs + empties
        } else if mine < theirs {
            mine - theirs - empties
        } else {
            0
        }
    }
}
