//! A slow, obviously-correct checkers for cross-checking: an 8x8 array of
//! cells addressed by (row, file), moves found by walking the diagonals one
//! square at a time, multi-jumps by plain recursion.

#![allow(dead_code)]

/// A piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Piece {
    Man { black: bool },
    King { black: bool },
}

impl Piece {
    fn is_black(self) -> bool {
        match self {
            Piece::Man { black } | Piece::King { black } => black,
        }
    }

    fn is_king(self) -> bool {
        matches!(self, Piece::King { .. })
    }
}

/// A move as every program prints it: the start square, each landing square
/// and the squares of the captured pieces (sorted), all as PDN numbers.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct RefMove {
    pub from: u32,
    pub landings: Vec<u32>,
    pub captured: Vec<u32>,
}

/// A position: cells[row][file], row 0 at the top (rank 8, Black's side).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reference {
    pub cells: [[Option<Piece>; 8]; 8],
    pub black_to_move: bool,
}

/// The PDN number of a dark square.
pub fn number(row: i32, file: i32) -> u32 {
    assert!((row + file) % 2 == 1, "light square {row},{file}");
    (row * 4 + file / 2 + 1) as u32
}

/// The (row, file) of PDN square `n`.
pub fn coords(n: u32) -> (i32, i32) {
    let index = n as i32 - 1;
    let row = index / 4;
    let file = (index % 4) * 2 + if row % 2 == 0 { 1 } else { 0 };
    (row, file)
}

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

impl Reference {
    /// From boards with bit `n - 1` for square `n`.
    pub fn from_boards(black: u32, white: u32, kings: u32, black_to_move: bool) -> Reference {
        let mut cells = [[None; 8]; 8];
        for n in 1..=32u32 {
            let bit = 1u32 << (n - 1);
            let (row, file) = coords(n);
            let piece = if black & bit != 0 {
                Some(true)
            } else if white & bit != 0 {
                Some(false)
            } else {
                None
            };
            cells[row as usize][file as usize] = piece.map(|black| {
                if kings & bit != 0 {
                    Piece::King { black }
                } else {
                    Piece::Man { black }
                }
            });
        }
        Reference {
            cells,
            black_to_move,
        }
    }

    /// The boards (black, white, kings).
    pub fn boards(&self) -> (u32, u32, u32) {
        let (mut black, mut white, mut kings) = (0, 0, 0);
        for n in 1..=32u32 {
            let (row, file) = coords(n);
            if let Some(piece) = self.cells[row as usize][file as usize] {
                let bit = 1u32 << (n - 1);
                if piece.is_black() {
                    black |= bit;
                } else {
                    white |= bit;
                }
                if piece.is_king() {
                    kings |= bit;
                }
            }
        }
        (black, white, kings)
    }

    fn at(&self, row: i32, file: i32) -> Option<Option<Piece>> {
        ((0..8).contains(&row) && (0..8).contains(&file))
            .then(|| self.cells[row as usize][file as usize])
    }

    /// The row where the side to move's men are crowned.
    fn crowning_row(&self) -> i32 {
        if self.black_to_move { 7 } else { 0 }
    }

    /// The diagonals a piece may use: all four for a king, the two forward
    /// ones for a man (down for Black, up for White).
    fn directions(&self, piece: Piece) -> Vec<(i32, i32)> {
        let forward = if piece.is_black() { 1 } else { -1 };
        DIAGONALS
            .iter()
            .copied()
            .filter(|&(dr, _)| piece.is_king() || dr == forward)
            .collect()
    }

    /// Every legal move: the captures if there are any, else the steps.
    pub fn moves(&self) -> Vec<RefMove> {
        let mut captures = Vec::new();
        let mut steps = Vec::new();
        for row in 0..8 {
            for file in 0..8 {
                let Some(Some(piece)) = self.at(row, file) else {
                    continue;
                };
                if piece.is_black() != self.black_to_move {
                    continue;
                }
                let from = number(row, file);
                self.jumps(
                    piece,
                    (row, file),
                    from,
                    (row, file),
                    &mut Vec::new(),
                    &mut Vec::new(),
                    &mut captures,
                );
                for (dr, df) in self.directions(piece) {
                    if self.at(row + dr, file + df) == Some(None) {
                        steps.push(RefMove {
                            from,
                            landings: vec![number(row + dr, file + df)],
                            captured: Vec::new(),
                        });
                    }
                }
            }
        }
        if captures.is_empty() { steps } else { captures }
    }

    /// Follows the jumps of `piece`, which left `start` and stands on `at`
    /// after landing on `landings` and taking `taken`; complete paths go to `out`.
    #[allow(clippy::too_many_arguments)]
    fn jumps(
        &self,
        piece: Piece,
        start: (i32, i32),
        from: u32,
        at: (i32, i32),
        landings: &mut Vec<u32>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<RefMove>,
    ) {
        let crowned = !piece.is_king() && !landings.is_empty() && at.0 == self.crowning_row();
        let mut went_on = false;
        if !crowned {
            for (dr, df) in self.directions(piece) {
                let over = (at.0 + dr, at.1 + df);
                let land = (at.0 + 2 * dr, at.1 + 2 * df);
                let Some(Some(victim)) = self.at(over.0, over.1) else {
                    continue;
                };
                if victim.is_black() == piece.is_black() || taken.contains(&over) {
                    continue;
                }
                // The landing square must be empty; the jumping piece's own
                // start square is empty now.
                match self.at(land.0, land.1) {
                    Some(None) => {}
                    Some(Some(_)) if land == start => {}
                    _ => continue,
                }
                went_on = true;
                landings.push(number(land.0, land.1));
                taken.push(over);
                self.jumps(piece, start, from, land, landings, taken, out);
                landings.pop();
                taken.pop();
            }
        }
        if !went_on && !landings.is_empty() {
            let mut captured: Vec<u32> = taken.iter().map(|&(r, f)| number(r, f)).collect();
            captured.sort_unstable();
            out.push(RefMove {
                from,
                landings: landings.clone(),
                captured,
            });
        }
    }

    /// The position after `mv`, which must be legal.
    pub fn play(&self, mv: &RefMove) -> Reference {
        assert!(self.moves().contains(mv), "illegal reference move {mv:?}");
        let mut next = self.clone();
        let (row, file) = coords(mv.from);
        let mut piece = next.cells[row as usize][file as usize].take().unwrap();
        for &n in &mv.captured {
            let (r, f) = coords(n);
            next.cells[r as usize][f as usize] = None;
        }
        let (row, file) = coords(*mv.landings.last().unwrap());
        if row == self.crowning_row() {
            piece = Piece::King {
                black: piece.is_black(),
            };
        }
        next.cells[row as usize][file as usize] = Some(piece);
        next.black_to_move = !self.black_to_move;
        next
    }

    /// Move paths of exactly `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|mv| self.play(mv).perft(depth - 1))
            .sum()
    }
}
