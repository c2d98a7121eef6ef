//! A slow, obviously-correct chess move generator for cross-checking: a
//! mailbox board, moves found by walking directions square by square,
//! pseudo-legal moves filtered by playing them and looking for an attack on
//! the king.

#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub white: bool,
    pub kind: Kind,
}

/// A position: `board[rank][file]`, rank 0 = rank 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub board: [[Option<Man>; 8]; 8],
    pub white_to_move: bool,
    /// K, Q, k, q.
    pub castling: [bool; 4],
    pub en_passant: Option<(i32, i32)>,
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A move as (from, to, promotion letter), squares as (file, rank).
type RawMove = ((i32, i32), (i32, i32), Option<char>);

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Board {
    /// Reads the first four FEN fields.
    pub fn from_fen(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [[None; 8]; 8];
        for (row, text) in fields[0].split('/').enumerate() {
            let r = 7 - row;
            let mut f = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else {
                    let kind = match c.to_ascii_lowercase() {
                        'p' => Kind::Pawn,
                        'n' => Kind::Knight,
                        'b' => Kind::Bishop,
                        'r' => Kind::Rook,
                        'q' => Kind::Queen,
                        _ => Kind::King,
                    };
                    board[r][f] = Some(Man {
                        white: c.is_ascii_uppercase(),
                        kind,
                    });
                    f += 1;
                }
            }
        }
        let castling = ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c));
        let en_passant = (fields[3] != "-").then(|| {
            let b = fields[3].as_bytes();
            (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
        });
        Board {
            board,
            white_to_move: fields[1] == "w",
            castling,
            en_passant,
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<Man> {
        self.board[r as usize][f as usize]
    }

    /// Whether a piece of colour `white` attacks (f, r).
    pub fn attacked_by(&self, f: i32, r: i32, white: bool) -> bool {
        let is = |ff: i32, rr: i32, kinds: &[Kind]| {
            on_board(ff, rr)
                && self
                    .at(ff, rr)
                    .is_some_and(|m| m.white == white && kinds.contains(&m.kind))
        };
        let pawn_rank = if white { r - 1 } else { r + 1 };
        if is(f - 1, pawn_rank, &[Kind::Pawn]) || is(f + 1, pawn_rank, &[Kind::Pawn]) {
            return true;
        }
        if KNIGHT
            .iter()
            .any(|&(df, dr)| is(f + df, r + dr, &[Kind::Knight]))
        {
            return true;
        }
        if KING
            .iter()
            .any(|&(df, dr)| is(f + df, r + dr, &[Kind::King]))
        {
            return true;
        }
        for (steps, kinds) in [
            (&ROOK, [Kind::Rook, Kind::Queen]),
            (&BISHOP, [Kind::Bishop, Kind::Queen]),
        ] {
            for &(df, dr) in steps {
                let (mut ff, mut rr) = (f + df, r + dr);
                while on_board(ff, rr) {
                    if let Some(m) = self.at(ff, rr) {
                        if m.white == white && kinds.contains(&m.kind) {
                            return true;
                        }
                        break;
                    }
                    ff += df;
                    rr += dr;
                }
            }
        }
        false
    }

    fn king_square(&self, white: bool) -> (i32, i32) {
        for r in 0..8 {
            for f in 0..8 {
                if self.at(f, r)
                    == Some(Man {
                        white,
                        kind: Kind::King,
                    })
                {
                    return (f, r);
                }
            }
        }
        panic!("no king");
    }

    pub fn in_check(&self) -> bool {
        let (f, r) = self.king_square(self.white_to_move);
        self.attacked_by(f, r, !self.white_to_move)
    }

    /// Pseudo-legal moves as (from, to, promotion letter).
    fn pseudo_moves(&self) -> Vec<RawMove> {
        let us = self.white_to_move;
        let mut moves = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                let Some(man) = self.at(f, r) else { continue };
                if man.white != us {
                    continue;
                }
                let mut add = |to: (i32, i32)| moves.push(((f, r), to, None));
                match man.kind {
                    Kind::Pawn => {
                        let dir = if us { 1 } else { -1 };
                        let start = if us { 1 } else { 6 };
                        let mut targets = Vec::new();
                        if on_board(f, r + dir) && self.at(f, r + dir).is_none() {
                            targets.push((f, r + dir));
                            if r == start && self.at(f, r + 2 * dir).is_none() {
                                targets.push((f, r + 2 * dir));
                            }
                        }
                        for df in [-1, 1] {
                            let to = (f + df, r + dir);
                            if !on_board(to.0, to.1) {
                                continue;
                            }
                            if self.at(to.0, to.1).is_some_and(|m| m.white != us)
                                || self.en_passant == Some(to)
                            {
                                targets.push(to);
                            }
                        }
                        for to in targets {
                            if to.1 == 0 || to.1 == 7 {
                                for p in ['q', 'r', 'b', 'n'] {
                                    moves.push(((f, r), to, Some(p)));
                                }
                            } else {
                                moves.push(((f, r), to, None));
                            }
                        }
                    }
                    Kind::Knight | Kind::King => {
                        let steps = if man.kind == Kind::Knight {
                            &KNIGHT
                        } else {
                            &KING
                        };
                        for &(df, dr) in steps {
                            let to = (f + df, r + dr);
                            if on_board(to.0, to.1)
                                && self.at(to.0, to.1).is_none_or(|m| m.white != us)
                            {
                                add(to);
                            }
                        }
                    }
                    _ => {
                        let steps: Vec<(i32, i32)> = match man.kind {
                            Kind::Bishop => BISHOP.to_vec(),
                            Kind::Rook => ROOK.to_vec(),
                            _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                        };
                        for (df, dr) in steps {
                            let (mut ff, mut rr) = (f + df, r + dr);
                            while on_board(ff, rr) {
                                match self.at(ff, rr) {
                                    None => add((ff, rr)),
                                    Some(m) => {
                                        if m.white != us {
                                            add((ff, rr));
                                        }
                                        break;
                                    }
                                }
                                ff += df;
                                rr += dr;
                            }
                        }
                    }
                }
            }
        }
        // Castling: rights, empty path, king not in check, not passing or landing on attack.
        let r = if us { 0 } else { 7 };
        let rights = if us {
            [self.castling[0], self.castling[1]]
        } else {
            [self.castling[2], self.castling[3]]
        };
        if !self.in_check() {
            if rights[0]
                && self.at(5, r).is_none()
                && self.at(6, r).is_none()
                && !self.attacked_by(5, r, !us)
                && !self.attacked_by(6, r, !us)
            {
                moves.push(((4, r), (6, r), None));
            }
            if rights[1]
                && self.at(1, r).is_none()
                && self.at(2, r).is_none()
                && self.at(3, r).is_none()
                && !self.attacked_by(3, r, !us)
                && !self.attacked_by(2, r, !us)
            {
                moves.push(((4, r), (2, r), None));
            }
        }
        moves
    }

    /// The position after a pseudo-legal move.
    pub fn play(&self, from: (i32, i32), to: (i32, i32), promotion: Option<char>) -> Board {
        let mut next = self.clone();
        let man = self.at(from.0, from.1).unwrap();
        next.board[from.1 as usize][from.0 as usize] = None;
        if man.kind == Kind::Pawn && Some(to) == self.en_passant && self.at(to.0, to.1).is_none() {
            next.board[from.1 as usize][to.0 as usize] = None;
        }
        let placed = match promotion {
            Some('q') => Man {
                white: man.white,
                kind: Kind::Queen,
            },
            Some('r') => Man {
                white: man.white,
                kind: Kind::Rook,
            },
            Some('b') => Man {
                white: man.white,
                kind: Kind::Bishop,
            },
            Some('n') => Man {
                white: man.white,
                kind: Kind::Knight,
            },
            _ => man,
        };
        next.board[to.1 as usize][to.0 as usize] = Some(placed);
        if man.kind == Kind::King && (to.0 - from.0).abs() == 2 {
            let (rook_from, rook_to) = if to.0 == 6 { (7, 5) } else { (0, 3) };
            next.board[from.1 as usize][rook_to] = next.board[from.1 as usize][rook_from];
            next.board[from.1 as usize][rook_from] = None;
        }
        for (i, (f, r)) in [(7, 0), (0, 0), (7, 7), (0, 7)].into_iter().enumerate() {
            if from == (f, r) || to == (f, r) {
                next.castling[i] = false;
            }
        }
        if from == (4, 0) {
            next.castling[0] = false;
            next.castling[1] = false;
        }
        if from == (4, 7) {
            next.castling[2] = false;
            next.castling[3] = false;
        }
        next.en_passant = (man.kind == Kind::Pawn && (to.1 - from.1).abs() == 2)
            .then(|| (from.0, (from.1 + to.1) / 2));
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Legal moves in UCI notation, sorted.
    pub fn legal_uci(&self) -> Vec<String> {
        let mut legal: Vec<String> = self
            .pseudo_moves()
            .into_iter()
            .filter(|&(from, to, promotion)| {
                let next = self.play(from, to, promotion);
                let (kf, kr) = next.king_square(self.white_to_move);
                !next.attacked_by(kf, kr, !self.white_to_move)
            })
            .map(|(from, to, promotion)| {
                let mut s = name(from.0, from.1) + &name(to.0, to.1);
                if let Some(p) = promotion {
                    s.push(p);
                }
                s
            })
            .collect();
        legal.sort();
        legal
    }

    /// The piece placement field of the FEN.
    pub fn placement(&self) -> String {
        let mut out = String::new();
        for r in (0..8).rev() {
            let mut gap = 0;
            for f in 0..8 {
                match self.at(f, r) {
                    None => gap += 1,
                    Some(m) => {
                        if gap > 0 {
                            out.push_str(&gap.to_string());
                            gap = 0;
                        }
                        let c = match m.kind {
                            Kind::Pawn => 'p',
                            Kind::Knight => 'n',
                            Kind::Bishop => 'b',
                            Kind::Rook => 'r',
                            Kind::Queen => 'q',
                            Kind::King => 'k',
                        };
                        out.push(if m.white { c.to_ascii_uppercase() } else { c });
                    }
                }
            }
            if gap > 0 {
                out.push_str(&gap.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        out
    }

    /// Perft by the slow generator.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_uci()
            .iter()
            .map(|m| {
                let b = m.as_bytes();
                let from = (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'));
                let to = (i32::from(b[2] - b'a'), i32::from(b[3] - b'1'));
                self.play(from, to, b.get(4).map(|&c| char::from(c)))
                    .perft(depth - 1)
            })
            .sum()
    }
}
