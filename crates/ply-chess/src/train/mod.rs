//! Training the chess evaluations: the pipelines behind `ply train chess`
//! ([`generate`], [`fit`] and [`info`] for the linear evaluation, whose
//! [`Trainable`](ply_fit::Trainable) implementation is in [`linear`];
//! [`datagen`] and [`nnue`] for the network), each taking its options (with
//! the `clap` feature, the command line's arguments) and a
//! [`Ui`](ply_fit::run::Ui); and, in this module, the network's training
//! data.
//!
//! Training data for a neural network evaluation: positions with a search
//! score and a game result in the 32-byte "marlinformat" `PackedBoard`, the
//! format that marlinflow's trainer reads and that bullet converts into its
//! own (`bullet-utils convert --from marlinformat`).
//!
//! A data file is nothing but records, one after the other, with no header:
//! files concatenate (`cat a.bin b.bin > all.bin`) into a valid file, and a
//! file's length is a multiple of [`RECORD_BYTES`].
//!
//! One record, all integers little-endian:
//!
//! | bytes | field | meaning |
//! |---|---|---|
//! | 0..8 | occupancy | `u64`, bit `i` set when square `i` holds a piece (a1 = 0, b1 = 1, ..., h8 = 63) |
//! | 8..24 | pieces | 32 four-bit codes, one per set bit of the occupancy in order of the squares (the lowest square first); code `n` is the low nibble of byte `8 + n / 2` for even `n`, the high nibble for odd `n`; unused codes 0 |
//! | 24 | side to move and en passant | bit 7: 1 when Black is to move; bits 0..7: the en passant target square, 64 when there is none |
//! | 25 | halfmove clock | `u8` (a larger clock is stored as 255) |
//! | 26..28 | fullmove number | `u16`, from 1 |
//! | 28..30 | score | `i16`, centipawns **from White's point of view** (positive: White is better) |
//! | 30 | result | White's result: 0 Black won, 1 draw, 2 White won |
//! | 31 | extra | free for the writer; ply sets bit 0 ([`EXTRA_GAME_START`]) on the first record of each game |
//!
//! A piece code is the colour in bit 3 (0 White, 1 Black) and in bits 0..3
//! the role: 0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king, or 6, a
//! rook that may still castle (a castling right; the king side one when the
//! rook stands on the far side of its king from the a-file, so Chess960
//! rights fit too).
//!
//! The en passant square is written only when a pawn of the side to move
//! can capture there (as [`Position::en_passant`] keeps it).

pub mod data;
pub mod datagen;
pub mod fit;
pub mod generate;
pub mod linear;
pub mod nnue;

use crate::{Color, Piece, Position, Role, Square};
use std::io::Read;
use std::path::Path;

/// Bytes of one record.
pub const RECORD_BYTES: usize = 32;

/// The bit of the extra byte set on the first record of each game.
pub const EXTRA_GAME_START: u8 = 1;

/// The piece code of a rook that may still castle.
const UNMOVED_ROOK: u8 = 6;
/// The en passant field when there is no en passant square.
const NO_EN_PASSANT: u8 = 64;

/// How a game ended, from White's point of view (the record's result byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// Black won (0).
    BlackWon = 0,
    /// A draw (1).
    Draw = 1,
    /// White won (2).
    WhiteWon = 2,
}

impl Wdl {
    /// The result as a training target for White: 0, ½ or 1.
    #[must_use]
    pub fn white_score(self) -> f32 {
        f32::from(self as u8) / 2.0
    }

    /// The result of a game whose winner is `winner` (`None`: a draw).
    #[must_use]
    pub fn from_winner(winner: Option<Color>) -> Wdl {
        match winner {
            Some(Color::White) => Wdl::WhiteWon,
            Some(Color::Black) => Wdl::BlackWon,
            None => Wdl::Draw,
        }
    }
}

/// One position of the training data: the board, its search score and how
/// its game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainingPosition {
    /// The position (castling rights, en passant square and both move
    /// counters are kept; a halfmove clock above 255 comes back as 255).
    pub position: Position,
    /// The search score in centipawns from White's point of view.
    pub score: i16,
    /// How the game ended.
    pub wdl: Wdl,
    /// The extra byte (bit 0: [`EXTRA_GAME_START`]).
    pub extra: u8,
}

/// Why 32 bytes hold no valid record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PackedError(pub String);

/// A failure to read a data file.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file ends inside a record.
    #[error(
        "cut short: {0} bytes after the last whole record (a file of 32-byte records has a length that is a multiple of 32)"
    )]
    Truncated(usize),
    /// A record holds no valid position.
    #[error("record {index}: {error} (not a file of 32-byte marlinformat records?)")]
    Record {
        /// Its index in the file, from 0.
        index: u64,
        /// What is wrong with it.
        error: PackedError,
    },
}

impl TrainingPosition {
    /// The record's 32 bytes.
    #[must_use]
    pub fn pack(&self) -> [u8; RECORD_BYTES] {
        let position = &self.position;
        let mut bytes = [0u8; RECORD_BYTES];
        let occupied = position.occupied();
        bytes[0..8].copy_from_slice(&occupied.0.to_le_bytes());
        let castling = position.castling_rights();
        let castling_rooks: Vec<Square> = Color::ALL
            .into_iter()
            .flat_map(|color| {
                [true, false]
                    .into_iter()
                    .filter_map(move |kingside| castling.rook_square(color, kingside))
            })
            .collect();
        for (n, square) in occupied.into_iter().enumerate() {
            let piece = position.piece_on(square).expect("an occupied square");
            let role = if piece.role == Role::Rook && castling_rooks.contains(&square) {
                UNMOVED_ROOK
            } else {
                piece.role.index() as u8
            };
            let code = role | (piece.color.index() as u8) << 3;
            bytes[8 + n / 2] |= code << (4 * (n % 2));
        }
        let side = u8::from(position.turn() == Color::Black) << 7;
        let en_passant = position
            .en_passant()
            .map_or(NO_EN_PASSANT, |square| square.index() as u8);
        bytes[24] = side | en_passant;
        bytes[25] = position.halfmove_clock().min(255) as u8;
        bytes[26..28].copy_from_slice(&position.fullmove_number().to_le_bytes());
        bytes[28..30].copy_from_slice(&self.score.to_le_bytes());
        bytes[30] = self.wdl as u8;
        bytes[31] = self.extra;
        bytes
    }

    /// The record stored in `bytes`.
    ///
    /// # Errors
    /// [`PackedError`] when the bytes hold no legal position, an unknown
    /// piece code, result or en passant square.
    pub fn unpack(bytes: &[u8; RECORD_BYTES]) -> Result<TrainingPosition, PackedError> {
        let bad = |message: String| Err(PackedError(message));
        let occupancy = u64::from_le_bytes(bytes[0..8].try_into().expect("8 bytes"));
        if occupancy.count_ones() > 32 {
            return bad(format!("{} occupied squares", occupancy.count_ones()));
        }
        let mut board: [Option<Piece>; 64] = [None; 64];
        let mut castling_rooks: Vec<(Color, Square)> = Vec::new();
        let mut bits = occupancy;
        let mut n = 0;
        while bits != 0 {
            let square = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = (bytes[8 + n / 2] >> (4 * (n % 2))) & 15;
            n += 1;
            let color = if code & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let role = match code & 7 {
                UNMOVED_ROOK => {
                    castling_rooks.push((color, Square::new(square as u8)));
                    Role::Rook
                }
                7 => return bad(format!("unknown piece code {code}")),
                role => Role::from_index(usize::from(role)),
            };
            board[square] = Some(Piece::new(color, role));
        }
        let mut castling = String::new();
        for (color, rook) in castling_rooks {
            let king = board
                .iter()
                .position(|&piece| piece == Some(Piece::new(color, Role::King)));
            let back_rank: u8 = if color == Color::White { 0 } else { 7 };
            match king {
                Some(king)
                    if king / 8 == usize::from(back_rank) && rook.rank().index() == back_rank => {}
                _ => {
                    return bad(format!(
                        "a castling rook on {rook} without its king beside it"
                    ));
                }
            }
            let letter = rook.file().char();
            castling.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let side = if bytes[24] & 0x80 == 0 { 'w' } else { 'b' };
        let en_passant = match bytes[24] & 0x7f {
            NO_EN_PASSANT => "-".to_owned(),
            square @ 0..64 => {
                let square = Square::new(square);
                let rank = if side == 'w' { 5 } else { 2 };
                if square.rank().index() != rank {
                    return bad(format!("en passant square {square} with {side} to move"));
                }
                square.to_string()
            }
            other => return bad(format!("en passant square {other}")),
        };
        let fullmove = u16::from_le_bytes([bytes[26], bytes[27]]);
        if fullmove == 0 {
            return bad("move number 0".into());
        }
        let wdl = match bytes[30] {
            0 => Wdl::BlackWon,
            1 => Wdl::Draw,
            2 => Wdl::WhiteWon,
            other => return bad(format!("unknown result {other}")),
        };
        let placement = crate::fen::placement(|square| board[square.index()]);
        let fen = format!(
            "{placement} {side} {castling} {en_passant} {} {fullmove}",
            bytes[25]
        );
        let position = Position::from_fen(&fen).map_err(|e| PackedError(format!("{fen}: {e}")))?;
        Ok(TrainingPosition {
            position,
            score: i16::from_le_bytes([bytes[28], bytes[29]]),
            wdl,
            extra: bytes[31],
        })
    }
}

/// The record in bullet's own `ChessBoard` layout (its "bulletformat"),
/// which bullet's `DirectSequentialDataLoader` reads as it is: everything
/// from the side to move's point of view, the board turned over (square
/// `s` becomes `s ^ 56`) and the colours swapped when Black is to move.
///
/// | bytes | field |
/// |---|---|
/// | 0..8 | occupancy `u64` of the turned board |
/// | 8..24 | 32 four-bit piece codes in square order, low nibble first: bit 3 set for the opponent's pieces, role 0..5 (pawn to king); no castling rooks |
/// | 24..26 | score `i16`, centipawns for the side to move |
/// | 26 | result for the side to move: 0 loss, 1 draw, 2 win |
/// | 27 | the side to move's king square (turned board) |
/// | 28 | the opponent's king square seen from the opponent's side (turned square `^ 56`) |
/// | 29..32 | 0 |
///
/// (Converting marlinformat with bulletformat 1.8.0, as `bullet-utils
/// convert --from marlinformat` does, turns the rooks that may castle into
/// bishops; this conversion and bullet's text format do not.)
#[must_use]
pub fn bullet_board(record: &TrainingPosition) -> [u8; RECORD_BYTES] {
    let position = &record.position;
    let black = position.turn() == Color::Black;
    let turn = |square: Square| {
        if black {
            square.index() ^ 56
        } else {
            square.index()
        }
    };
    let mut pieces: Vec<(usize, u8)> = position
        .occupied()
        .into_iter()
        .map(|square| {
            let piece = position.piece_on(square).expect("an occupied square");
            let theirs = u8::from(piece.color != position.turn());
            (turn(square), theirs << 3 | piece.role.index() as u8)
        })
        .collect();
    pieces.sort_unstable();
    let mut bytes = [0u8; RECORD_BYTES];
    let occupancy = pieces
        .iter()
        .fold(0u64, |bits, &(square, _)| bits | 1 << square);
    bytes[0..8].copy_from_slice(&occupancy.to_le_bytes());
    for (n, &(_, code)) in pieces.iter().enumerate() {
        bytes[8 + n / 2] |= code << (4 * (n % 2));
    }
    let (score, result) = if black {
        (record.score.saturating_neg(), 2 - record.wdl as u8)
    } else {
        (record.score, record.wdl as u8)
    };
    bytes[24..26].copy_from_slice(&score.to_le_bytes());
    bytes[26] = result;
    bytes[27] = turn(position.king(position.turn())) as u8;
    bytes[28] = (turn(position.king(position.turn().opponent())) ^ 56) as u8;
    bytes
}

/// A key for dropping repeated positions: a 64-bit hash of the placement,
/// the side to move, the castling rights and the en passant square (the
/// first 25 bytes of the record), the same on every machine.
#[must_use]
pub fn position_key(record: &[u8; RECORD_BYTES]) -> u64 {
    let mut words = [0u64; 4];
    for (i, &byte) in record[..25].iter().enumerate() {
        words[i / 8] |= u64::from(byte) << (8 * (i % 8));
    }
    let mut hash = 0x243F_6A88_85A3_08D3u64;
    for word in words {
        hash = mix(hash ^ word);
    }
    hash
}

/// The finaliser of SplitMix64: every input bit reaches every output bit.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Drops repeated positions from a stream of records, keeping the first of
/// each ([`position_key`]) and moving the [`EXTRA_GAME_START`] mark of a
/// dropped record onto the next record kept, so that the marks still count
/// the games that keep a record. The result depends only on the order of
/// the records.
#[derive(Debug, Default)]
pub struct Dedup {
    seen: std::collections::HashSet<u64>,
    pending_start: bool,
}

impl Dedup {
    /// Nothing seen yet.
    #[must_use]
    pub fn new() -> Dedup {
        Dedup::default()
    }

    /// The record to keep (its game-start mark set when a dropped record of
    /// the same game had it), or `None` when its position was seen before.
    pub fn filter(&mut self, mut record: [u8; RECORD_BYTES]) -> Option<[u8; RECORD_BYTES]> {
        if record[31] & EXTRA_GAME_START != 0 {
            self.pending_start = true;
        }
        if !self.seen.insert(position_key(&record)) {
            return None;
        }
        if self.pending_start {
            record[31] |= EXTRA_GAME_START;
            self.pending_start = false;
        }
        Some(record)
    }

    /// Positions seen.
    #[must_use]
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether no position was seen.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

/// Reads records from `reader` one at a time, checking each.
pub struct Reader<R: Read> {
    reader: R,
    index: u64,
    done: bool,
}

impl<R: Read> Reader<R> {
    /// Records from `reader` (a buffered reader is best).
    pub fn new(reader: R) -> Reader<R> {
        Reader {
            reader,
            index: 0,
            done: false,
        }
    }

    /// The next record's bytes, unchecked: `None` at the end.
    ///
    /// # Errors
    /// If the input cannot be read or ends inside a record.
    pub fn next_bytes(&mut self) -> Result<Option<[u8; RECORD_BYTES]>, DataError> {
        let mut bytes = [0u8; RECORD_BYTES];
        let mut filled = 0;
        while filled < RECORD_BYTES {
            match self.reader.read(&mut bytes[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        match filled {
            0 => Ok(None),
            RECORD_BYTES => {
                self.index += 1;
                Ok(Some(bytes))
            }
            partial => Err(DataError::Truncated(partial)),
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<TrainingPosition, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let index = self.index;
        let item = match self.next_bytes() {
            Ok(None) => None,
            Ok(Some(bytes)) => Some(
                TrainingPosition::unpack(&bytes)
                    .map_err(|error| DataError::Record { index, error }),
            ),
            Err(e) => Some(Err(e)),
        };
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

/// Reads every record of a data file, checking each.
///
/// # Errors
/// If the file cannot be read, is cut short or holds an invalid record.
pub fn read_file(path: &Path) -> Result<Vec<TrainingPosition>, DataError> {
    let file = std::fs::File::open(path)?;
    let length = file.metadata()?.len();
    let partial = (length % RECORD_BYTES as u64) as usize;
    if partial != 0 {
        return Err(DataError::Truncated(partial));
    }
    Reader::new(std::io::BufReader::new(file)).collect()
}

/// Runs `ply train chess info`: reports what the data file `path` holds,
/// a `generate` file (games, positions, results) or a marlinformat file of
/// `datagen`.
///
/// # Errors
/// If the file cannot be read or the report printed.
pub fn info(
    path: &std::path::Path,
    ui: &dyn ply_fit::run::Ui,
) -> Result<(), ply_fit::run::TrainError> {
    let mut magic = [0u8; 8];
    let is_generate_file = std::fs::File::open(path)
        .and_then(|mut file| std::io::Read::read_exact(&mut file, &mut magic))
        .is_ok()
        && &magic == data::MAGIC;
    if !is_generate_file && path.exists() {
        return datagen::info(path, ui);
    }
    let (header, samples) = data::read(path)?;
    let mut results = [0u64; 3];
    for sample in &samples {
        results[usize::from(sample.white_half_points)] += 1;
    }
    ui.report(
        &ply_fit::run::info_json(
            path,
            &header,
            ply_fit::serde_json::json!({
                "settings_code": header.settings,
                "white_won": results[2],
                "drawn": results[1],
                "white_lost": results[0],
            }),
        ),
        &format!(
            "{}: {} games, {} positions (seed {}, settings code {}); positions from games White won {}, drawn {}, lost {}",
            path.display(),
            header.games,
            header.records,
            header.seed,
            header.settings,
            results[2],
            results[1],
            results[0]
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::rng::Rng;

    fn record(fen: &str, score: i16, wdl: Wdl) -> TrainingPosition {
        TrainingPosition {
            position: Position::from_fen(fen).unwrap(),
            score,
            wdl,
            extra: 0,
        }
    }

    #[test]
    fn the_start_position_is_packed_as_marlinformat_lays_it_out() {
        let bytes = record(crate::START_FEN, -25, Wdl::WhiteWon).pack();
        assert_eq!(&bytes[0..8], &0xFFFF_0000_0000_FFFFu64.to_le_bytes());
        // a1..h1: castling rook, knight, bishop, queen, king, bishop,
        // knight, castling rook; eight white pawns; eight black pawns; the
        // black pieces (8 added).
        let codes: Vec<u8> = (0..32)
            .map(|n| (bytes[8 + n / 2] >> (4 * (n % 2))) & 15)
            .collect();
        let mut expected = vec![6, 1, 2, 4, 5, 2, 1, 6];
        expected.extend([0; 8]);
        expected.extend([8; 8]);
        expected.extend([14, 9, 10, 12, 13, 10, 9, 14]);
        assert_eq!(codes, expected);
        assert_eq!(bytes[24], 64, "White to move, no en passant");
        assert_eq!(bytes[25], 0);
        assert_eq!(u16::from_le_bytes([bytes[26], bytes[27]]), 1);
        assert_eq!(i16::from_le_bytes([bytes[28], bytes[29]]), -25);
        assert_eq!((bytes[30], bytes[31]), (2, 0));
    }

    #[test]
    fn side_to_move_en_passant_and_lost_rights_are_coded() {
        // Black to move, may take e3 en passant; White keeps only h1's right.
        let r = record(
            "r3k2r/8/8/8/3pP3/8/8/R3K2R b Kkq e3 0 30",
            150,
            Wdl::BlackWon,
        );
        let bytes = r.pack();
        assert_eq!(bytes[24], 0x80 | 20, "Black to move, e3");
        assert_eq!(bytes[8] & 15, 3, "a1: a rook that may not castle");
        assert_eq!(TrainingPosition::unpack(&bytes).unwrap(), r);
        // No pawn to take en passant: no square is written.
        let r = record("4k3/8/8/8/4P3/8/8/4K3 b - e3 3 40", 0, Wdl::Draw);
        assert_eq!(r.pack()[24], 0x80 | 64);
        // Chess960 rights (Shredder-FEN) come back too.
        let r = record(
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 4 9",
            7,
            Wdl::Draw,
        );
        assert_eq!(TrainingPosition::unpack(&r.pack()).unwrap(), r);
    }

    /// Positions of random games: every `stride`-th position of 300 games.
    fn random_positions() -> Vec<Position> {
        let mut rng = Rng::new(11);
        let mut positions = Vec::new();
        for _ in 0..300 {
            let mut position = Position::start();
            for ply in 0..200 {
                let moves = position.legal_moves();
                if moves.is_empty() || position.halfmove_clock() >= 100 {
                    break;
                }
                if ply % 3 == 0 || position.en_passant().is_some() {
                    positions.push(position);
                }
                // Prefer pawn pushes early, so that en passant comes up.
                let mv = moves[rng.below(moves.len())];
                position = position.play_unchecked(mv);
            }
        }
        positions
    }

    #[test]
    fn positions_of_random_games_come_back_as_written() {
        let mut rng = Rng::new(5);
        let (mut en_passant, mut castling, mut black) = (0, 0, 0);
        for position in random_positions() {
            let r = TrainingPosition {
                position,
                score: rng.next_u64() as i16,
                wdl: [Wdl::BlackWon, Wdl::Draw, Wdl::WhiteWon][rng.below(3)],
                extra: rng.next_u64() as u8,
            };
            let bytes = r.pack();
            assert_eq!(
                TrainingPosition::unpack(&bytes).as_ref(),
                Ok(&r),
                "{}",
                position.fen()
            );
            en_passant += usize::from(position.en_passant().is_some());
            castling += usize::from(!position.castling_rights().is_empty());
            black += usize::from(position.turn() == Color::Black);
        }
        assert!(en_passant > 20, "{en_passant} positions with en passant");
        assert!(castling > 1000, "{castling} positions with castling rights");
        assert!(black > 1000, "{black} positions with Black to move");
    }

    #[test]
    fn the_key_tells_positions_apart_but_not_their_labels() {
        let a = record(crate::START_FEN, 10, Wdl::Draw);
        let mut b = a;
        b.score = -300;
        b.wdl = Wdl::BlackWon;
        b.extra = EXTRA_GAME_START;
        assert_eq!(position_key(&a.pack()), position_key(&b.pack()));
        let c = record(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            10,
            Wdl::Draw,
        );
        let d = record(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1",
            10,
            Wdl::Draw,
        );
        let keys = [a, c, d].map(|r| position_key(&r.pack()));
        assert!(keys[0] != keys[1] && keys[0] != keys[2] && keys[1] != keys[2]);
    }

    #[test]
    fn bullet_boards_are_from_the_side_to_move() {
        let codes = |bytes: &[u8; RECORD_BYTES]| -> Vec<u8> {
            (0..32)
                .map(|n| (bytes[8 + n / 2] >> (4 * (n % 2))) & 15)
                .collect()
        };
        let start = bullet_board(&record(crate::START_FEN, 30, Wdl::WhiteWon));
        assert_eq!(&start[0..8], &0xFFFF_0000_0000_FFFFu64.to_le_bytes());
        let mut expected = vec![3, 1, 2, 4, 5, 2, 1, 3];
        expected.extend([0; 8]);
        expected.extend([8; 8]);
        expected.extend([11, 9, 10, 12, 13, 10, 9, 11]);
        assert_eq!(codes(&start), expected);
        assert_eq!(i16::from_le_bytes([start[24], start[25]]), 30);
        assert_eq!(&start[26..32], &[2, 4, 4, 0, 0, 0]);
        // Black to move after 1. e4: the board turned, Black's pieces first.
        let e4 = bullet_board(&record(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            30,
            Wdl::WhiteWon,
        ));
        let occupancy = u64::from_le_bytes(e4[0..8].try_into().unwrap());
        assert_eq!(occupancy, 0xFFEF_0010_0000_FFFF);
        assert_eq!(&codes(&e4)[..8], &[3, 1, 2, 4, 5, 2, 1, 3]);
        assert_eq!(
            codes(&e4)[16],
            8,
            "White's e-pawn, on e5 of the turned board"
        );
        assert_eq!(i16::from_le_bytes([e4[24], e4[25]]), -30);
        assert_eq!(&e4[26..29], &[0, 4, 4]);
    }

    #[test]
    fn dedup_keeps_first_positions_and_game_marks() {
        let fens = [
            crate::START_FEN,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ];
        let packed = |i: usize, start: bool| {
            let mut r = record(fens[i], i as i16, Wdl::Draw);
            r.extra = u8::from(start);
            r.pack()
        };
        // Game 1: positions 0, 1; game 2: 0 (seen), 2; game 3: 1 (seen).
        let stream = [
            packed(0, true),
            packed(1, false),
            packed(0, true),
            packed(2, false),
            packed(1, true),
        ];
        let mut dedup = Dedup::new();
        let kept: Vec<[u8; RECORD_BYTES]> =
            stream.into_iter().filter_map(|r| dedup.filter(r)).collect();
        assert_eq!(
            kept,
            vec![packed(0, true), packed(1, false), packed(2, true)]
        );
        assert_eq!(dedup.len(), 3);
    }

    #[test]
    fn bad_bytes_are_errors_not_panics() {
        // Random bytes: never a panic, almost never a position.
        let mut rng = Rng::new(3);
        let mut valid = 0;
        for _ in 0..100_000 {
            let mut bytes = [0u8; RECORD_BYTES];
            for byte in &mut bytes {
                *byte = rng.next_u64() as u8;
            }
            valid += usize::from(TrainingPosition::unpack(&bytes).is_ok());
        }
        assert!(valid < 10, "{valid} random records accepted");
        // Damaged fields of a good record.
        let good = record(crate::START_FEN, 0, Wdl::Draw).pack();
        let damaged = |at: usize, value: u8| {
            let mut bytes = good;
            bytes[at] = value;
            TrainingPosition::unpack(&bytes).unwrap_err().to_string()
        };
        assert!(damaged(30, 3).contains("result"));
        assert!(damaged(24, 70).contains("en passant"));
        assert!(
            damaged(24, 0x80 | 20).contains("en passant"),
            "e3 with Black to move"
        );
        assert!(damaged(8 + 2, 0x22).contains("king"), "no white king");
        assert!(damaged(8, 0x77).contains("piece code"));
        // A text file is not data.
        let text = *b"[Event \"?\"]\n[Site \"?\"]\n1. e4 e5 ";
        assert!(TrainingPosition::unpack(&text).is_err());
    }

    #[test]
    fn a_file_cut_short_or_foreign_is_refused() {
        let dir = std::env::temp_dir().join(format!("ply-chess-train-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let records: Vec<TrainingPosition> = random_positions()
            .into_iter()
            .take(50)
            .map(|position| TrainingPosition {
                position,
                score: 1,
                wdl: Wdl::Draw,
                extra: 0,
            })
            .collect();
        let bytes: Vec<u8> = records.iter().flat_map(TrainingPosition::pack).collect();
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read_file(&path).unwrap(), records);
        std::fs::write(&path, &bytes[..bytes.len() - 5]).unwrap();
        let error = read_file(&path).unwrap_err();
        assert!(matches!(error, DataError::Truncated(27)), "{error}");
        let mut reader = Reader::new(&bytes[..bytes.len() - 5]);
        assert_eq!(reader.by_ref().filter(Result::is_ok).count(), 49);
        assert!(reader.next().is_none(), "stops after the error");
        std::fs::write(
            &path,
            &"not chess data but text, 64 bytes long "
                .repeat(4)
                .as_bytes()[..64],
        )
        .unwrap();
        let error = read_file(&path).unwrap_err().to_string();
        assert!(error.starts_with("record 0: "), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
