//! The data file of the chess pipeline: quiet positions from self-play
//! games, each with the game's result.
//!
//! The file is a [`ply_fit::records`] file whose header's
//! settings are the code of the generator's settings
//! (a hash of `--nodes` or `--depth`, `--opening-plies`, `--adjudicate` and
//! `--max-plies`); then [`RECORD_BYTES`]-byte records
//! ([`Sample`]): the 64 squares as 4-bit piece codes (a1 first, two squares
//! a byte, the low nibble first; 0 empty, 1 to 6 the white pawn to king, 9
//! to 14 the black ones), the side to move (0 White, 1 Black), the halfmove
//! clock (255 or more stored as 255) and White's result in half points
//! (0 lost, 1 drawn, 2 won), then a reserved byte (0).

use crate::{Color, Piece, Position, Role, Square};
use ply_fit::records::{self, DataError, Record};
use std::path::Path;

/// What a data file says about itself; its settings are the settings code.
pub type Header = records::Header<u32>;

/// The first eight bytes of a data file.
pub const MAGIC: &[u8; 8] = b"PLYCTRN1";
/// Bytes of one record.
pub const RECORD_BYTES: usize = 36;

/// Reads every sample of a data file (those the header counts).
///
/// # Errors
/// If the file cannot be read or holds something else.
pub fn read(path: &Path) -> Result<(Header, Vec<Sample>), DataError> {
    records::read(path)
}

/// One quiet position of a self-play game and how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position (castling rights and the en passant square are not
    /// kept: the evaluation does not look at them).
    pub position: Position,
    /// White's result in half points: 0 lost, 1 drawn, 2 won.
    pub white_half_points: u8,
}

impl Sample {
    /// White's result as the fit's target: 0, ½ or 1.
    #[must_use]
    pub fn white_result(&self) -> f32 {
        f32::from(self.white_half_points) / 2.0
    }
}

/// The 4-bit code of a piece.
fn piece_code(piece: Piece) -> u8 {
    let colour = match piece.color {
        Color::White => 0,
        Color::Black => 8,
    };
    colour + 1 + piece.role.index() as u8
}

/// The piece of a 4-bit code (`None` for an empty square), or an error.
fn code_piece(code: u8) -> Result<Option<Piece>, String> {
    match code {
        0 => Ok(None),
        1..=6 => Ok(Some(Piece::new(
            Color::White,
            Role::from_index(usize::from(code - 1)),
        ))),
        9..=14 => Ok(Some(Piece::new(
            Color::Black,
            Role::from_index(usize::from(code - 9)),
        ))),
        _ => Err(format!("unknown piece code {code}")),
    }
}

impl Record for Sample {
    const MAGIC: &'static [u8; 8] = MAGIC;
    const KIND: &'static str = "a chess training data file";
    type Settings = u32;
    const BYTES: usize = RECORD_BYTES;

    fn describe(code: &u32) -> String {
        format!("and the settings code {code}")
    }

    fn write_bytes(&self, bytes: &mut [u8], _: &u32) {
        bytes.fill(0);
        for square in Square::all() {
            let code = self.position.piece_on(square).map_or(0, piece_code);
            let i = square.index();
            bytes[i / 2] |= code << (4 * (i % 2));
        }
        bytes[32] = u8::from(self.position.turn() == Color::Black);
        bytes[33] = self.position.halfmove_clock().min(255) as u8;
        bytes[34] = self.white_half_points;
    }

    fn from_bytes(bytes: &[u8], _: &u32) -> Result<Sample, String> {
        let mut pieces = [None; 64];
        for (i, piece) in pieces.iter_mut().enumerate() {
            *piece = code_piece((bytes[i / 2] >> (4 * (i % 2))) & 15)?;
        }
        let placement = crate::fen::placement(|square| pieces[square.index()]);
        let side = match bytes[32] {
            0 => 'w',
            1 => 'b',
            other => return Err(format!("unknown side to move {other}")),
        };
        if bytes[34] > 2 {
            return Err(format!("unknown result {}", bytes[34]));
        }
        let fen = format!("{placement} {side} - - {} 1", bytes[33]);
        let position = Position::from_fen(&fen).map_err(|e| format!("{fen}: {e}"))?;
        Ok(Sample {
            position,
            white_half_points: bytes[34],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Writer = records::Writer<Sample>;

    fn sample(fen: &str, white_half_points: u8) -> Sample {
        Sample {
            position: Position::from_fen(fen).unwrap(),
            white_half_points,
        }
    }

    #[test]
    fn samples_come_back_as_written_and_runs_resume() {
        let dir = std::env::temp_dir().join(format!("ply-train-chess-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let a = sample(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
            2,
        );
        let b = sample("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 37 1", 1);
        let mut writer = Writer::open(&path, 7, 99).unwrap();
        writer.append(1, std::slice::from_ref(&a)).unwrap();
        drop(writer);
        let mut writer = Writer::open(&path, 7, 99).unwrap();
        assert_eq!(writer.header().games, 1);
        writer.append(1, std::slice::from_ref(&b)).unwrap();
        let (header, samples) = read(&path).unwrap();
        assert_eq!((header.games, header.records), (2, 2));
        assert_eq!(samples, vec![a, b]);
        assert!(Writer::open(&path, 7, 98).is_err(), "other settings");
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[40 + 34] = 3;
        std::fs::write(&path, &bytes).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("result"));
        std::fs::write(&path, [0u8; 60]).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("bad magic"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
