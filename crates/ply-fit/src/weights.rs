//! One weights file for every game's evaluation, and the trait of an
//! evaluation that can be trained ([`Trainable`]).
//!
//! # The file
//!
//! A fixed 48-byte header, then the values; every number little-endian.
//!
//! | bytes | field | meaning |
//! |---|---|---|
//! | 0..8 | magic | `PLYWGHTS` |
//! | 8..16 | game | the game's name in ASCII, padded with zero bytes (`chess`, `checkers`, `othello`) |
//! | 16..20 | version | `u32`, the version of this format: [`VERSION`] |
//! | 20..24 | layout | `u32`, the game's feature layout (a hash or a number that changes whenever the features do) |
//! | 24..28 | value type | `u32`: 1 for `i16`, 2 for `f32` ([`ValueType`]) |
//! | 28..32 | rank | `u32`, the number of dimensions, 1 to [`MAX_RANK`] |
//! | 32..48 | shape | four `u32`: the dimensions, the unused ones 1 |
//! | 48.. | values | the product of the dimensions of them, the last dimension varying fastest |
//!
//! A file is read only by the game and layout it was written for, with the
//! value type and the shape the reader expects and exactly the length they
//! make: anything else is a [`WeightsError`] that says what differs.
//!
//! A file may also be stored gzip-compressed as a whole (a name ending in
//! `.gz` is written so by [`Trainable::write_file`], or `gzip` the file):
//! readers recognise the gzip magic and inflate it, never to more bytes than
//! the layout's file has, so that large tables ship small.

use std::path::{Path, PathBuf};

/// The first eight bytes of a weights file.
pub const MAGIC: [u8; 8] = *b"PLYWGHTS";
/// The version of the format this crate writes and reads.
pub const VERSION: u32 = 1;
/// Bytes of the header.
pub const HEADER_BYTES: usize = 48;
/// The most dimensions of a shape.
pub const MAX_RANK: usize = 4;
/// The first two bytes of a gzip stream: a weights file stored compressed.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// How each value is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// A little-endian `i16` (code 1).
    I16,
    /// A little-endian IEEE `f32` (code 2).
    F32,
}

impl ValueType {
    /// The code the header stores.
    #[must_use]
    pub const fn code(self) -> u32 {
        match self {
            ValueType::I16 => 1,
            ValueType::F32 => 2,
        }
    }

    /// Bytes of one value.
    #[must_use]
    pub const fn bytes(self) -> usize {
        match self {
            ValueType::I16 => 2,
            ValueType::F32 => 4,
        }
    }
}

/// A value a weights file can hold.
pub trait WeightValue: Copy + PartialEq + std::fmt::Debug {
    /// How it is stored.
    const TYPE: ValueType;
    /// Appends its little-endian bytes.
    fn put(self, out: &mut Vec<u8>);
    /// The value of its [`ValueType::bytes`] bytes.
    fn take(bytes: &[u8]) -> Self;
    /// The value as a feature weight.
    fn to_f32(self) -> f32;
}

impl WeightValue for i16 {
    const TYPE: ValueType = ValueType::I16;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(bytes: &[u8]) -> i16 {
        i16::from_le_bytes([bytes[0], bytes[1]])
    }
    fn to_f32(self) -> f32 {
        f32::from(self)
    }
}

impl WeightValue for f32 {
    const TYPE: ValueType = ValueType::F32;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(bytes: &[u8]) -> f32 {
        f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
    }
    fn to_f32(self) -> f32 {
        self
    }
}

/// What a weights file is for: the game, its feature layout, the value type
/// and the shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The game's name as the header stores it (at most 8 ASCII bytes).
    pub game: &'static str,
    /// The feature layout's id.
    pub id: u32,
    /// How the values are stored.
    pub value_type: ValueType,
    /// The dimensions, the unused ones 1 (see [`Layout::rank`]).
    pub shape: [u32; MAX_RANK],
    /// How many dimensions are used.
    pub rank: u32,
}

impl Layout {
    /// A layout of `dims` (1 to [`MAX_RANK`] dimensions).
    ///
    /// # Panics
    /// For no dimension or more than [`MAX_RANK`], or a game name longer
    /// than 8 bytes (mistakes of the caller's code, not of a file).
    #[must_use]
    pub const fn new(game: &'static str, id: u32, value_type: ValueType, dims: &[u32]) -> Layout {
        assert!(!dims.is_empty() && dims.len() <= MAX_RANK);
        assert!(game.len() <= 8);
        let mut shape = [1; MAX_RANK];
        let mut i = 0;
        while i < dims.len() {
            shape[i] = dims[i];
            i += 1;
        }
        Layout {
            game,
            id,
            value_type,
            shape,
            rank: dims.len() as u32,
        }
    }

    /// The number of values.
    #[must_use]
    pub const fn len(&self) -> usize {
        let mut n = 1usize;
        let mut i = 0;
        while i < MAX_RANK {
            n *= self.shape[i] as usize;
            i += 1;
        }
        n
    }

    /// Whether the layout holds no value.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes of a file of this layout.
    #[must_use]
    pub const fn file_bytes(&self) -> usize {
        HEADER_BYTES + self.len() * self.value_type.bytes()
    }

    /// The game's name as the header stores it.
    #[must_use]
    pub const fn game_bytes(&self) -> [u8; 8] {
        let mut name = [0u8; 8];
        let game = self.game.as_bytes();
        let mut i = 0;
        while i < game.len() {
            name[i] = game[i];
            i += 1;
        }
        name
    }

    /// The header of a file of this layout.
    #[must_use]
    pub fn header(&self) -> [u8; HEADER_BYTES] {
        let mut header = [0u8; HEADER_BYTES];
        header[0..8].copy_from_slice(&MAGIC);
        header[8..16].copy_from_slice(&self.game_bytes());
        let words = [
            VERSION,
            self.id,
            self.value_type.code(),
            self.rank,
            self.shape[0],
            self.shape[1],
            self.shape[2],
            self.shape[3],
        ];
        for (i, word) in words.into_iter().enumerate() {
            header[16 + 4 * i..20 + 4 * i].copy_from_slice(&word.to_le_bytes());
        }
        header
    }

    /// Checks that `bytes` are a whole file of this layout (the header, then
    /// exactly [`len`](Self::len) values); a `const fn`, so that weights
    /// built into a program are checked when it is compiled.
    ///
    /// # Errors
    /// The first thing that differs, as a [`WeightsError`].
    pub const fn check(&self, bytes: &[u8]) -> Result<(), WeightsError> {
        if bytes.len() < HEADER_BYTES {
            return Err(WeightsError::TooShort { found: bytes.len() });
        }
        let mut i = 0;
        while i < 8 {
            if bytes[i] != MAGIC[i] {
                return Err(WeightsError::BadMagic);
            }
            i += 1;
        }
        let expected = self.game_bytes();
        let mut found = [0u8; 8];
        let mut same = true;
        let mut i = 0;
        while i < 8 {
            found[i] = bytes[8 + i];
            same &= found[i] == expected[i];
            i += 1;
        }
        if !same {
            return Err(WeightsError::OtherGame { found, expected });
        }
        let version = u32_at(bytes, 16);
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let id = u32_at(bytes, 20);
        if id != self.id {
            return Err(WeightsError::OtherLayout {
                found: id,
                expected: self.id,
            });
        }
        let code = u32_at(bytes, 24);
        if code != self.value_type.code() {
            return Err(WeightsError::ValueType {
                found: code,
                expected: self.value_type.code(),
            });
        }
        let rank = u32_at(bytes, 28);
        let mut shape = [0u32; MAX_RANK];
        let mut same = rank == self.rank;
        let mut i = 0;
        while i < MAX_RANK {
            shape[i] = u32_at(bytes, 32 + 4 * i);
            same &= shape[i] == self.shape[i];
            i += 1;
        }
        if !same {
            return Err(WeightsError::Shape {
                found: shape,
                expected: self.shape,
            });
        }
        if bytes.len() != self.file_bytes() {
            return Err(WeightsError::Length {
                found: bytes.len(),
                expected: self.file_bytes(),
            });
        }
        Ok(())
    }

    /// The file of `values` in this layout.
    ///
    /// # Panics
    /// If `values` does not have [`len`](Self::len) values of this layout's
    /// type (a mistake of the caller's code).
    #[must_use]
    pub fn encode<V: WeightValue>(&self, values: &[V]) -> Vec<u8> {
        assert_eq!(V::TYPE, self.value_type, "values of the layout's type");
        assert_eq!(values.len(), self.len(), "as many values as the layout");
        let mut bytes = Vec::with_capacity(self.file_bytes());
        bytes.extend_from_slice(&self.header());
        for &value in values {
            value.put(&mut bytes);
        }
        bytes
    }

    /// The file of `values` in this layout, gzip-compressed (best
    /// compression, no name or time in the gzip header: the same values
    /// make the same bytes).
    ///
    /// # Panics
    /// As [`encode`](Self::encode).
    #[must_use]
    pub fn encode_compressed<V: WeightValue>(&self, values: &[V]) -> Vec<u8> {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder
            .write_all(&self.encode(values))
            .expect("writing to memory");
        encoder.finish().expect("writing to memory")
    }

    /// The values of a file of this layout, raw or gzip-compressed.
    ///
    /// # Errors
    /// As [`check`](Self::check), [`WeightsError::ValueType`] when `V` is
    /// not the layout's value type, and [`WeightsError::Inflate`] for a
    /// compressed file that does not inflate.
    pub fn decode<V: WeightValue>(&self, bytes: &[u8]) -> Result<Vec<V>, WeightsError> {
        if V::TYPE != self.value_type {
            return Err(WeightsError::ValueType {
                found: V::TYPE.code(),
                expected: self.value_type.code(),
            });
        }
        if bytes.starts_with(&GZIP_MAGIC) {
            return self.decode(&self.inflate(bytes)?);
        }
        self.check(bytes)?;
        Ok(bytes[HEADER_BYTES..]
            .chunks_exact(V::TYPE.bytes())
            .map(V::take)
            .collect())
    }

    /// The bytes a gzip-compressed file inflates to, read up to one byte
    /// more than this layout's file has (enough for [`check`](Self::check)
    /// to tell that it is too long, and no more memory whatever the stream
    /// says).
    fn inflate(&self, compressed: &[u8]) -> Result<Vec<u8>, WeightsError> {
        use std::io::Read;
        let limit = self.file_bytes() + 1;
        let mut bytes = Vec::with_capacity(limit);
        flate2::read::GzDecoder::new(compressed)
            .take(limit as u64)
            .read_to_end(&mut bytes)
            .map_err(|_| WeightsError::Inflate)?;
        if bytes.starts_with(&GZIP_MAGIC) {
            return Err(WeightsError::Inflate);
        }
        Ok(bytes)
    }
}

/// The little-endian `u32` at `at`.
const fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// A game name as stored, for messages.
fn name(bytes: &[u8; 8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(8);
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// Why bytes are not a weights file of the expected layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// Shorter than the header.
    #[error("not a ply weights file: {found} bytes, shorter than the {HEADER_BYTES}-byte header")]
    TooShort {
        /// The bytes there are.
        found: usize,
    },
    /// Not starting with [`MAGIC`].
    #[error("not a ply weights file (it does not start with PLYWGHTS)")]
    BadMagic,
    /// The weights of another game.
    #[error("weights of {}, not of {}", name(found), name(expected))]
    OtherGame {
        /// The file's game.
        found: [u8; 8],
        /// The game expected.
        expected: [u8; 8],
    },
    /// Another version of the format.
    #[error("weights file format version {0}; this ply reads version {VERSION}")]
    Version(u32),
    /// Another feature layout (another version of the evaluation).
    #[error(
        "weights for feature layout {found:#010x}, this ply's evaluation has layout {expected:#010x} (another version of ply)"
    )]
    OtherLayout {
        /// The file's layout id.
        found: u32,
        /// The layout id expected.
        expected: u32,
    },
    /// Values of another type.
    #[error("values of type code {found}, expected {expected} (1: i16, 2: f32)")]
    ValueType {
        /// The file's type code.
        found: u32,
        /// The code expected.
        expected: u32,
    },
    /// Another shape.
    #[error("weights of shape {found:?}, expected {expected:?}")]
    Shape {
        /// The file's shape.
        found: [u32; MAX_RANK],
        /// The shape expected.
        expected: [u32; MAX_RANK],
    },
    /// Gzip-compressed, but not a whole gzip stream (or one that holds
    /// another compressed file).
    #[error("a gzip-compressed file that does not inflate (cut short or corrupt)")]
    Inflate,
    /// Cut short or with bytes left over.
    #[error("{found} bytes, the header's shape makes {expected}")]
    Length {
        /// The file's length.
        found: usize,
        /// The length expected.
        expected: usize,
    },
}

/// A weights file that cannot be read, with its name.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is no weights file of the expected layout.
    #[error("{}: {source}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// Why.
        source: WeightsError,
    },
}

/// An evaluation whose weights can be fitted: a linear function of a
/// position's features ([`Trainable::row`]) whose weights load and save in
/// the one weights file format of this module, and which a game's engine
/// takes from the file named by the environment variable
/// [`Trainable::WEIGHTS_VAR`] (`PLY_<GAME>_WEIGHTS`) instead of its built-in
/// weights.
///
/// Each game implements it next to its evaluation; [`check_rows`] tests
/// that the rows and the evaluation agree.
pub trait Trainable: Sized {
    /// What the features are read from.
    type Position;
    /// How a weight is stored.
    type Value: WeightValue;
    /// The game's name, as the weights file stores it.
    const GAME: &'static str;
    /// The environment variable naming a weights file to play with:
    /// `PLY_CHESS_WEIGHTS`, `PLY_CHECKERS_WEIGHTS`, `PLY_OTHELLO_WEIGHTS`.
    const WEIGHTS_VAR: &'static str;

    /// The layout of the weights (the value type must be
    /// `Self::Value::TYPE`).
    fn layout() -> Layout;

    /// The weights, flat, in the layout's order.
    fn values(&self) -> Vec<Self::Value>;

    /// The weights of `values` (as many as the layout has, in its order).
    fn from_values(values: Vec<Self::Value>) -> Self;

    /// Appends the features of `position` to `out` as `(index into
    /// values, value)` pairs so that the sum of `value * weight` is
    /// [`score`](Self::score); `false` (and `out` left as it was) where the
    /// evaluation is no linear function of the features there (a finished
    /// game, an endgame rule).
    fn row(&self, position: &Self::Position, out: &mut Vec<(u32, f32)>) -> bool;

    /// What the evaluation says of `position` with these weights, in the
    /// unit of the weights, where [`row`](Self::row) gives a row.
    fn score(&self, position: &Self::Position) -> f64;

    /// The weights file of these weights.
    fn to_bytes(&self) -> Vec<u8> {
        Self::layout().encode(&self.values())
    }

    /// The weights of a weights file.
    ///
    /// # Errors
    /// If the bytes are no weights file of this game and layout.
    fn from_bytes(bytes: &[u8]) -> Result<Self, WeightsError> {
        Self::layout().decode(bytes).map(Self::from_values)
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// If it cannot be read or is no weights file of this game and layout.
    fn read_file(path: &Path) -> Result<Self, LoadError> {
        let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
            path: path.to_owned(),
            source,
        })?;
        Self::from_bytes(&bytes).map_err(|source| LoadError::Format {
            path: path.to_owned(),
            source,
        })
    }

    /// Writes the weights file through a temporary file beside it, so that
    /// an interrupted write leaves the old file; gzip-compressed when the
    /// name ends in `.gz`.
    ///
    /// # Errors
    /// If it cannot be written.
    fn write_file(&self, path: &Path) -> std::io::Result<()> {
        let bytes = if path.extension().is_some_and(|e| e == "gz") {
            Self::layout().encode_compressed(&self.values())
        } else {
            self.to_bytes()
        };
        crate::run::write_atomic(path, &bytes)
    }

    /// The weights of the file [`WEIGHTS_VAR`](Self::WEIGHTS_VAR) names;
    /// `None` when it is unset or empty.
    fn from_env() -> Option<Result<Self, LoadError>> {
        let path = std::env::var_os(Self::WEIGHTS_VAR).filter(|p| !p.is_empty())?;
        Some(Self::read_file(Path::new(&path)))
    }
}

/// The largest difference between a row's dot product with the weights and
/// [`Trainable::score`] over `positions` (those with a row), and how many
/// had a row: the test each game's implementation passes.
pub fn check_rows<'p, T: Trainable>(
    weights: &T,
    positions: impl IntoIterator<Item = &'p T::Position>,
) -> (f64, usize)
where
    T::Position: 'p,
{
    let values: Vec<f32> = weights
        .values()
        .into_iter()
        .map(WeightValue::to_f32)
        .collect();
    let mut row = Vec::new();
    let (mut worst, mut rows) = (0f64, 0);
    for position in positions {
        row.clear();
        if weights.row(position, &mut row) {
            let dot: f64 = row
                .iter()
                .map(|&(i, v)| f64::from(values[i as usize]) * f64::from(v))
                .sum();
            worst = worst.max((dot - weights.score(position)).abs());
            rows += 1;
        }
    }
    (worst, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: Layout = Layout::new("demo", 7, ValueType::I16, &[2, 3]);

    #[derive(Debug, PartialEq)]
    struct Demo(Vec<i16>);

    impl Trainable for Demo {
        type Position = [f32; 6];
        type Value = i16;
        const GAME: &'static str = "demo";
        const WEIGHTS_VAR: &'static str = "PLY_DEMO_WEIGHTS";
        fn layout() -> Layout {
            LAYOUT
        }
        fn values(&self) -> Vec<i16> {
            self.0.clone()
        }
        fn from_values(values: Vec<i16>) -> Demo {
            Demo(values)
        }
        fn row(&self, position: &[f32; 6], out: &mut Vec<(u32, f32)>) -> bool {
            out.extend(position.iter().enumerate().map(|(i, &v)| (i as u32, v)));
            true
        }
        fn score(&self, position: &[f32; 6]) -> f64 {
            position
                .iter()
                .zip(&self.0)
                .map(|(&x, &w)| f64::from(x) * f64::from(w))
                .sum()
        }
    }

    #[test]
    fn weights_come_back_from_their_file() {
        let demo = Demo(vec![1, -2, 3, i16::MIN, i16::MAX, 0]);
        let bytes = demo.to_bytes();
        assert_eq!(bytes.len(), HEADER_BYTES + 12);
        assert_eq!(&bytes[..8], b"PLYWGHTS");
        assert_eq!(&bytes[8..16], b"demo\0\0\0\0");
        assert_eq!(Demo::from_bytes(&bytes), Ok(demo));
        let floats = Layout::new("demo", 7, ValueType::F32, &[3]);
        let values = [0.1f32, -2.5e-7, 1e9];
        assert_eq!(
            floats.decode::<f32>(&floats.encode(&values)),
            Ok(values.to_vec())
        );
    }

    #[test]
    fn compressed_files_read_as_the_raw_ones_and_bad_ones_are_refused() {
        let demo = Demo(vec![7, -7, 300, -300, 0, 1]);
        let compressed = LAYOUT.encode_compressed(&demo.values());
        assert_eq!(&compressed[..2], &GZIP_MAGIC);
        assert_eq!(compressed, LAYOUT.encode_compressed(&demo.values()));
        assert_eq!(Demo::from_bytes(&compressed), Ok(Demo(demo.0.clone())));
        let cut = &compressed[..compressed.len() - 6];
        assert_eq!(Demo::from_bytes(cut), Err(WeightsError::Inflate));
        // A stream that inflates to far more than the layout's file stops
        // one byte past it.
        let gzip = |bytes: &[u8]| {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            std::io::Write::write_all(&mut encoder, bytes).unwrap();
            encoder.finish().unwrap()
        };
        let mut long = demo.to_bytes();
        long.resize(1 << 20, 0);
        let bomb = gzip(&long);
        let expected = LAYOUT.file_bytes();
        assert_eq!(
            Demo::from_bytes(&bomb),
            Err(WeightsError::Length {
                found: expected + 1,
                expected
            })
        );
        assert_eq!(
            Demo::from_bytes(&gzip(&compressed)),
            Err(WeightsError::Inflate)
        );

        let dir = std::env::temp_dir().join(format!("ply-fit-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["w.bin", "w.bin.gz"] {
            let path = dir.join(name);
            demo.write_file(&path).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(bytes.starts_with(&GZIP_MAGIC), name.ends_with(".gz"));
            assert_eq!(Demo::read_file(&path).unwrap(), demo);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn other_files_are_refused_with_the_reason() {
        let bytes = Demo(vec![0; 6]).to_bytes();
        let error = |bytes: &[u8]| Demo::from_bytes(bytes).unwrap_err();
        assert_eq!(error(&bytes[..10]), WeightsError::TooShort { found: 10 });
        assert_eq!(
            error(&bytes[..bytes.len() - 1]).to_string(),
            "59 bytes, the header's shape makes 60"
        );
        let mut other = bytes.clone();
        other[0] = b'X';
        assert_eq!(error(&other), WeightsError::BadMagic);
        let chess = Layout::new("chess", 7, ValueType::I16, &[2, 3]).encode(&[0i16; 6]);
        assert_eq!(error(&chess).to_string(), "weights of chess, not of demo");
        let layout = Layout::new("demo", 8, ValueType::I16, &[2, 3]).encode(&[0i16; 6]);
        assert!(
            error(&layout)
                .to_string()
                .contains("another version of ply")
        );
        let shape = Layout::new("demo", 7, ValueType::I16, &[3, 2]).encode(&[0i16; 6]);
        assert!(matches!(error(&shape), WeightsError::Shape { .. }));
        let floats = Layout::new("demo", 7, ValueType::F32, &[2, 3]).encode(&[0f32; 6]);
        assert!(matches!(error(&floats), WeightsError::ValueType { .. }));
        let mut version = bytes.clone();
        version[16] = 9;
        assert_eq!(error(&version), WeightsError::Version(9));
        assert!(matches!(
            Demo::read_file(Path::new("/no/such/weights")),
            Err(LoadError::Io { .. })
        ));
    }

    #[test]
    fn rows_are_checked_against_the_score() {
        let demo = Demo(vec![1, 2, 3, 4, 5, 6]);
        let positions = [[1.0; 6], [0.5, 0.0, -1.0, 2.0, 0.0, 1.0]];
        assert_eq!(check_rows(&demo, &positions), (0.0, 2));
    }
}
