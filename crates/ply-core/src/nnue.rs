//! Quantised two-perspective networks ("NNUE"): the file format and the
//! integer forward pass, shared by the games (ply-fit trains them, each game
//! crate names its own features).
//!
//! The network: `F` sparse binary input features, seen twice (once from each
//! side's perspective, with the same weights) and summed into two
//! accumulators of `H` values (one weight row of `H` per active feature plus
//! a bias); the two accumulators concatenated side to move first, clipped to
//! `0..=QA` (clipped ReLU, or its square), and one output. The output times
//! `scale / (QA * QB)` (or `scale / (QA * QA * QB)` squared) is the value in
//! centi-units for the side to move.
//!
//! The output layer may come in `B` **output buckets** (as bullet's
//! `MaterialCount` buckets): `B` sets of output weights and biases, of which
//! a position uses the one of its number of active features (the pieces on
//! the board in chess and checkers), [`OutputBuckets::of`]: the endgame
//! weighs the hidden neurons differently from the opening at the cost of
//! one index.
//!
//! # File format (version 1, little-endian)
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `PLYNNUE\0` |
//! | 4 | version `u32` = 1 |
//! | 4 | input features `F` (`u32`) |
//! | 4 | hidden size `H` per perspective (`u32`, a multiple of 16, at most 4096) |
//! | 1 | activation: 0 clipped ReLU, 1 squared clipped ReLU |
//! | 1 | output buckets `B` (`u8`; 0 is read as 1, and one bucket is written as 0) |
//! | 1 | bucket width `W` (`u8`: features a bucket spans; 0 with one bucket) |
//! | 1 | zero |
//! | 2 | `QA` (`i16`, the feature weights' scale, 255; at most 255) |
//! | 2 | `QB` (`i16`, the output weights' scale, 64) |
//! | 4 | `scale` (`u32`, centi-units per unit of output, e.g. 400) |
//! | 8 | hash: FNV-1a 64 of every byte after the header |
//! | `2 F H` | feature weights `i16`, feature by feature (row `f` is `H` values) |
//! | `2 H` | feature biases `i16` |
//! | `4 H B` | output weights `i16`, bucket by bucket: `H` for the side to move, `H` for the other (within ±127 with the squared activation) |
//! | `4 B` | output biases `i32` (in units of `QA * QB`), bucket by bucket |
//!
//! The header is 40 bytes (a network of one bucket is byte for byte a file
//! of the format before buckets). A file of any other length, magic, version or hash
//! is refused ([`NetworkError`]).

#[cfg(target_arch = "x86_64")]
mod avx2;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"PLYNNUE\0";
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;
/// The header's length in bytes.
pub const HEADER_BYTES: usize = 40;
/// The largest hidden size accepted.
pub const MAX_HIDDEN: usize = 4096;
/// The hidden size must be a multiple of this (whole SIMD lanes).
pub const HIDDEN_MULTIPLE: usize = 16;
/// The largest `QA` accepted.
pub const MAX_QA: i16 = 255;
/// With the squared activation, output weights must lie within ±this (so
/// that the products fit `i32` lanes).
pub const MAX_SQUARED_OUTPUT_WEIGHT: i16 = 127;

/// The most output buckets a file may have.
pub const MAX_OUTPUT_BUCKETS: usize = 16;

/// The output buckets: `count` sets of output weights, a position's chosen
/// by its number of active features `n` as `(n - 2) / width` (at most
/// `count - 1`): with 8 buckets of width 4, chess's 32 pieces use bucket 7,
/// a king and pawn ending of 3 pieces bucket 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutputBuckets {
    /// Buckets, 1 to [`MAX_OUTPUT_BUCKETS`].
    pub count: usize,
    /// Active features a bucket spans (1 or more).
    pub width: usize,
}

impl OutputBuckets {
    /// One bucket: a single output.
    pub const SINGLE: OutputBuckets = OutputBuckets { count: 1, width: 1 };

    /// `count` buckets spread over positions of up to `most_active`
    /// active features (chess 32, checkers 24): width `most_active /
    /// count`, rounded up.
    #[must_use]
    pub fn spread(count: usize, most_active: usize) -> OutputBuckets {
        if count <= 1 {
            return OutputBuckets::SINGLE;
        }
        OutputBuckets {
            count,
            width: most_active.div_ceil(count).max(1),
        }
    }

    /// The bucket of a position with `active` active features.
    #[inline]
    #[must_use]
    pub fn of(self, active: usize) -> usize {
        (active.saturating_sub(2) / self.width).min(self.count - 1)
    }
}

/// The hidden layer's activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Activation {
    /// `clamp(x, 0, 1)`.
    ClippedRelu = 0,
    /// `clamp(x, 0, 1)²`.
    SquaredClippedRelu = 1,
}

impl Activation {
    /// The activation of code `byte` in the file.
    #[must_use]
    pub fn from_byte(byte: u8) -> Option<Activation> {
        match byte {
            0 => Some(Activation::ClippedRelu),
            1 => Some(Activation::SquaredClippedRelu),
            _ => None,
        }
    }

    /// Its name on the command line: `crelu` or `screlu`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Activation::ClippedRelu => "crelu",
            Activation::SquaredClippedRelu => "screlu",
        }
    }
}

/// Why bytes are not a network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// The file could not be read.
    #[error("cannot read the network file: {0}")]
    Io(String),
    /// Too short for the header, or the wrong magic.
    #[error("not a ply network file (no PLYNNUE header)")]
    Magic,
    /// A version this code does not read.
    #[error("network file version {0}; this ply reads version {VERSION}")]
    Version(u32),
    /// A header field out of range.
    #[error("bad network header: {0}")]
    Header(String),
    /// The length does not match the header's sizes.
    #[error("network file of {found} bytes; its header asks for {expected}")]
    Length {
        /// The length the header implies.
        expected: usize,
        /// The file's length.
        found: usize,
    },
    /// The weights do not match the header's hash.
    #[error("network file corrupt: the hash of its weights does not match its header")]
    Hash,
    /// The features are not the ones the game expects.
    #[error("the network has {found} input features; this game's networks have {expected}")]
    Features {
        /// What the game expects.
        expected: usize,
        /// What the file has.
        found: usize,
    },
}

/// FNV-1a, 64 bits.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xCBF2_9CE4_8422_2325u64;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

/// A quantised network, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Input features `F`.
    pub features: usize,
    /// Hidden size `H` per perspective.
    pub hidden: usize,
    /// The hidden activation.
    pub activation: Activation,
    /// The feature weights' scale.
    pub qa: i16,
    /// The output weights' scale.
    pub qb: i16,
    /// Centi-units per unit of output.
    pub scale: u32,
    /// Feature weights, `F` rows of `H`.
    pub feature_weights: Vec<i16>,
    /// Feature biases, `H`.
    pub feature_bias: Vec<i16>,
    /// The output buckets.
    pub buckets: OutputBuckets,
    /// Output weights, `2 H` a bucket (side to move first), bucket by bucket.
    pub output_weights: Vec<i16>,
    /// Output biases, one a bucket, in units of `QA * QB`.
    pub output_bias: Vec<i32>,
}

/// One perspective's accumulator: the feature bias plus the rows of the
/// active features.
pub type Accumulator = Vec<i16>;

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn i16_at(bytes: &[u8], at: usize) -> i16 {
    i16::from_le_bytes(bytes[at..at + 2].try_into().expect("2 bytes"))
}

impl Network {
    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(self.payload_bytes());
        for &w in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        for bias in &self.output_bias {
            payload.extend_from_slice(&bias.to_le_bytes());
        }
        let (count, width) = match self.buckets.count {
            1 => (0, 0),
            count => (count as u8, self.buckets.width as u8),
        };
        let mut bytes = Vec::with_capacity(HEADER_BYTES + payload.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.features as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        bytes.extend_from_slice(&[self.activation as u8, count, width, 0]);
        bytes.extend_from_slice(&self.qa.to_le_bytes());
        bytes.extend_from_slice(&self.qb.to_le_bytes());
        bytes.extend_from_slice(&self.scale.to_le_bytes());
        bytes.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes
    }

    fn payload_bytes(&self) -> usize {
        let buckets = self.buckets.count;
        2 * (self.features * self.hidden + self.hidden + 2 * self.hidden * buckets) + 4 * buckets
    }

    /// Reads a network from its file's bytes, checking every field.
    ///
    /// # Errors
    /// [`NetworkError`] for anything but a well-formed version 1 file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let version = u32_at(bytes, 8);
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        let features = u32_at(bytes, 12) as usize;
        let hidden = u32_at(bytes, 16) as usize;
        if features == 0 || features > 1 << 16 {
            return Err(NetworkError::Header(format!(
                "{features} input features (1 to 65536)"
            )));
        }
        if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(HIDDEN_MULTIPLE) {
            return Err(NetworkError::Header(format!(
                "hidden size {hidden} (a multiple of {HIDDEN_MULTIPLE} up to {MAX_HIDDEN})"
            )));
        }
        let activation = Activation::from_byte(bytes[20])
            .ok_or_else(|| NetworkError::Header(format!("activation code {}", bytes[20])))?;
        let buckets = match (bytes[21], bytes[22]) {
            (0, 0) | (1, _) => OutputBuckets::SINGLE,
            (count, width)
                if (2..=MAX_OUTPUT_BUCKETS).contains(&usize::from(count)) && width > 0 =>
            {
                OutputBuckets {
                    count: usize::from(count),
                    width: usize::from(width),
                }
            }
            (count, width) => {
                return Err(NetworkError::Header(format!(
                    "{count} output buckets of width {width} (1 to {MAX_OUTPUT_BUCKETS}, width 1 or more)"
                )));
            }
        };
        if bytes[23] != 0 {
            return Err(NetworkError::Header(format!(
                "byte 23 is {}, not 0",
                bytes[23]
            )));
        }
        let qa = i16_at(bytes, 24);
        let qb = i16_at(bytes, 26);
        let scale = u32_at(bytes, 28);
        if qa <= 0 || qa > MAX_QA || qb <= 0 || scale == 0 {
            return Err(NetworkError::Header(format!(
                "QA {qa}, QB {qb}, scale {scale} (all must be positive, QA at most {MAX_QA})"
            )));
        }
        let hash = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
        let mut network = Network {
            features,
            hidden,
            activation,
            qa,
            qb,
            scale,
            feature_weights: Vec::new(),
            feature_bias: Vec::new(),
            buckets,
            output_weights: Vec::new(),
            output_bias: Vec::new(),
        };
        let expected = HEADER_BYTES + network.payload_bytes();
        if bytes.len() != expected {
            return Err(NetworkError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let payload = &bytes[HEADER_BYTES..];
        if fnv1a(payload) != hash {
            return Err(NetworkError::Hash);
        }
        let mut words = payload
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        network.feature_weights = words.by_ref().take(features * hidden).collect();
        network.feature_bias = words.by_ref().take(hidden).collect();
        network.output_weights = words.by_ref().take(2 * hidden * buckets.count).collect();
        if activation == Activation::SquaredClippedRelu
            && network
                .output_weights
                .iter()
                .any(|w| w.unsigned_abs() > MAX_SQUARED_OUTPUT_WEIGHT as u16)
        {
            return Err(NetworkError::Header(format!(
                "an output weight beyond ±{MAX_SQUARED_OUTPUT_WEIGHT} with the squared activation"
            )));
        }
        network.output_bias = payload[payload.len() - 4 * buckets.count..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(network)
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NetworkError`] if it cannot be read or is no network.
    pub fn load(path: &std::path::Path) -> Result<Network, NetworkError> {
        let bytes = std::fs::read(path)
            .map_err(|e| NetworkError::Io(format!("{}: {e}", path.display())))?;
        Network::from_bytes(&bytes)
    }

    /// The hash of the weights (the header's).
    #[must_use]
    pub fn hash(&self) -> u64 {
        let bytes = self.to_bytes();
        u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"))
    }

    /// A fresh accumulator: the feature bias.
    #[must_use]
    pub fn new_accumulator(&self) -> Accumulator {
        self.feature_bias.clone()
    }

    /// Adds feature `feature`'s row to `acc` (wrapping: a trained network
    /// stays far inside `i16`).
    #[inline]
    pub fn add_feature(&self, acc: &mut [i16], feature: usize) {
        let row = &self.feature_weights[feature * self.hidden..][..self.hidden];
        for (a, &w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(w);
        }
    }

    /// Subtracts feature `feature`'s row from `acc` (for incremental updates).
    #[inline]
    pub fn remove_feature(&self, acc: &mut [i16], feature: usize) {
        let row = &self.feature_weights[feature * self.hidden..][..self.hidden];
        for (a, &w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_sub(w);
        }
    }

    /// `to = from` plus the rows of `added` minus those of `removed`: a
    /// child's accumulator from its parent's in one pass (wrapping, as
    /// [`Network::add_feature`]). The usual moves (one row added and one or
    /// two taken away, or two and two for castling) read each lane once.
    #[inline]
    pub fn update(&self, from: &[i16], to: &mut [i16], added: &[usize], removed: &[usize]) {
        let h = self.hidden;
        let row = |feature: usize| &self.feature_weights[feature * h..][..h];
        let (from, to) = (&from[..h], &mut to[..h]);
        match (added, removed) {
            (&[a], &[r]) => {
                let (a, r) = (row(a), row(r));
                for i in 0..h {
                    to[i] = from[i].wrapping_add(a[i]).wrapping_sub(r[i]);
                }
            }
            (&[a], &[r1, r2]) => {
                let (a, r1, r2) = (row(a), row(r1), row(r2));
                for i in 0..h {
                    to[i] = from[i]
                        .wrapping_add(a[i])
                        .wrapping_sub(r1[i])
                        .wrapping_sub(r2[i]);
                }
            }
            (&[a1, a2], &[r1, r2]) => {
                let (a1, a2, r1, r2) = (row(a1), row(a2), row(r1), row(r2));
                for i in 0..h {
                    to[i] = from[i]
                        .wrapping_add(a1[i])
                        .wrapping_add(a2[i])
                        .wrapping_sub(r1[i])
                        .wrapping_sub(r2[i]);
                }
            }
            _ => {
                to.copy_from_slice(from);
                for &feature in added {
                    self.add_feature(to, feature);
                }
                for &feature in removed {
                    self.remove_feature(to, feature);
                }
            }
        }
    }

    /// The output bucket of a position with `active` active features (its
    /// pieces, in chess and checkers).
    #[inline]
    #[must_use]
    pub fn bucket(&self, active: usize) -> usize {
        self.buckets.of(active)
    }

    /// The raw output of output bucket `bucket` ([`Network::bucket`]) from
    /// the two accumulators (side to move first), in units of `QA * QB`.
    #[must_use]
    pub fn output(&self, us: &[i16], them: &[i16], bucket: usize) -> i64 {
        let h = self.hidden;
        let qa = self.qa;
        let (w_us, w_them) = self.output_weights[2 * h * bucket..][..2 * h].split_at(h);
        let sum = match self.activation {
            Activation::ClippedRelu => dot_crelu(us, w_us, qa) + dot_crelu(them, w_them, qa),
            Activation::SquaredClippedRelu => {
                (dot_screlu(us, w_us, qa) + dot_screlu(them, w_them, qa)) / i64::from(qa)
            }
        };
        sum + i64::from(self.output_bias[bucket])
    }

    /// The value in centi-units for the side to move, from the two
    /// accumulators (side to move first) of a position with `active`
    /// active features.
    #[must_use]
    pub fn evaluate(&self, us: &[i16], them: &[i16], active: usize) -> i32 {
        let raw = self.output(us, them, self.bucket(active));
        let divisor = i64::from(self.qa) * i64::from(self.qb);
        (raw * i64::from(self.scale)).div_euclid(divisor) as i32
    }
}

/// `Σ term(a, w)` over the pairs of `acc` and `weights`, summed in `i32`
/// over blocks of 128 pairs and the blocks in `i64`: with each term below
/// 2^23 in size a block stays below 2^30. A plain sum of 16-bit products,
/// so the compiler makes SIMD multiply-adds of it (`pmaddwd`, in every
/// x86-64 build).
#[inline(always)]
fn dot(acc: &[i16], weights: &[i16], term: impl Fn(i16, i16) -> i32) -> i64 {
    acc.chunks(128)
        .zip(weights.chunks(128))
        .map(|(a, w)| {
            let block: i32 = a.iter().zip(w).map(|(&a, &w)| term(a, w)).sum();
            i64::from(block)
        })
        .sum()
}

/// `Σ clamp(a, 0, qa) * w`: a term is at most 255 * 32767 < 2^23 (`qa` is
/// at most [`MAX_QA`], checked when the file is read). With AVX2 where the
/// CPU has it ([`crate::cpu::has_avx2`]), the same sum.
#[inline]
fn dot_crelu(acc: &[i16], weights: &[i16], qa: i16) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if avx2_fits(acc, weights) {
        // SAFETY: `avx2_fits` has checked that the CPU has AVX2.
        return unsafe { avx2::dot_crelu(acc, weights, qa) };
    }
    portable_dot_crelu(acc, weights, qa)
}

/// `Σ clamp(a, 0, qa)² * w`: with `|w|` at most
/// [`MAX_SQUARED_OUTPUT_WEIGHT`] (checked when the file is read) and
/// `qa <= MAX_QA`, `clamp(a) * w` (at most 255 * 127) fits in `i16` and a term
/// is at most 255 * 127 * 255 < 2^23: a 16-bit multiply, then a 16-to-32-bit
/// multiply-add. With AVX2 where the CPU has it, the same sum.
#[inline]
fn dot_screlu(acc: &[i16], weights: &[i16], qa: i16) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if avx2_fits(acc, weights) {
        // SAFETY: `avx2_fits` has checked that the CPU has AVX2.
        return unsafe { avx2::dot_screlu(acc, weights, qa) };
    }
    portable_dot_screlu(acc, weights, qa)
}

/// Whether the CPU has AVX2 and the vectors suit its dot products (one
/// length, a multiple of 16: every network a file may hold).
#[cfg(target_arch = "x86_64")]
#[inline]
fn avx2_fits(acc: &[i16], weights: &[i16]) -> bool {
    crate::cpu::has_avx2() && acc.len() == weights.len() && acc.len().is_multiple_of(16)
}

/// [`dot_crelu`] in plain Rust, for any CPU.
#[inline]
fn portable_dot_crelu(acc: &[i16], weights: &[i16], qa: i16) -> i64 {
    dot(acc, weights, |a, w| {
        i32::from(a.clamp(0, qa)) * i32::from(w)
    })
}

/// [`dot_screlu`] in plain Rust, for any CPU.
#[inline]
fn portable_dot_screlu(acc: &[i16], weights: &[i16], qa: i16) -> i64 {
    dot(acc, weights, |a, w| {
        let c = a.clamp(0, qa);
        i32::from(c.wrapping_mul(w)) * i32::from(c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        let (features, hidden) = (4, 16);
        Network {
            features,
            hidden,
            activation: Activation::ClippedRelu,
            qa: 255,
            qb: 64,
            scale: 400,
            feature_weights: (0..features * hidden)
                .map(|i| (i as i16 * 7) % 61 - 30)
                .collect(),
            feature_bias: (0..hidden).map(|i| i as i16 * 9).collect(),
            buckets: OutputBuckets::SINGLE,
            output_weights: (0..2 * hidden).map(|i| (i as i16 * 5) % 41 - 20).collect(),
            output_bias: vec![1234],
        }
    }

    /// `tiny` with three output buckets of width 2.
    fn tiny_buckets() -> Network {
        let mut net = tiny();
        net.buckets = OutputBuckets { count: 3, width: 2 };
        net.output_weights = (0..6 * net.hidden)
            .map(|i| (i as i16 * 11) % 37 - 18)
            .collect();
        net.output_bias = vec![-500, 70, 9000];
        net
    }

    /// `update` gives what adding and removing the rows one by one gives,
    /// for the fused shapes (one or two rows each way) and the others,
    /// wrapping included.
    #[test]
    fn update_is_the_rows_added_and_removed_one_by_one() {
        let mut net = tiny();
        net.features = 12;
        net.feature_weights = (0..12 * net.hidden)
            .map(|i| (i as i16 * 13) % 97 - 48)
            .collect();
        net.feature_weights[3 * net.hidden] = i16::MAX;
        net.feature_weights[5 * net.hidden + 1] = i16::MIN;
        let from: Vec<i16> = (0..net.hidden)
            .map(|i| (i as i16).wrapping_mul(3000).wrapping_sub(1000))
            .collect();
        let shapes: [(&[usize], &[usize]); 7] = [
            (&[3], &[5]),
            (&[3], &[5, 7]),
            (&[3, 9], &[5, 7]),
            (&[], &[]),
            (&[3], &[]),
            (&[3, 9, 11], &[5]),
            (&[2], &[5, 7, 8, 10]),
        ];
        for (added, removed) in shapes {
            let mut expected = from.clone();
            for &f in added {
                net.add_feature(&mut expected, f);
            }
            for &f in removed {
                net.remove_feature(&mut expected, f);
            }
            let mut to = vec![0; net.hidden];
            net.update(&from, &mut to, added, removed);
            assert_eq!(to, expected, "{added:?} {removed:?}");
        }
    }

    #[test]
    fn buckets_are_chosen_by_active_features_and_stored() {
        let buckets = OutputBuckets::spread(8, 32);
        assert_eq!(buckets, OutputBuckets { count: 8, width: 4 });
        let of: Vec<usize> = [0, 2, 3, 5, 6, 17, 29, 30, 32, 40]
            .iter()
            .map(|&n| buckets.of(n))
            .collect();
        assert_eq!(of, [0, 0, 0, 0, 1, 3, 6, 7, 7, 7]);
        assert_eq!(OutputBuckets::spread(1, 32), OutputBuckets::SINGLE);
        assert_eq!(OutputBuckets::spread(8, 24).width, 3);
        // A file of one bucket is the format before buckets: zeros.
        assert_eq!(&tiny().to_bytes()[20..24], &[0, 0, 0, 0]);
        let net = tiny_buckets();
        let bytes = net.to_bytes();
        assert_eq!(&bytes[20..24], &[0, 3, 2, 0]);
        assert_eq!(
            bytes.len(),
            HEADER_BYTES + 2 * (4 * 16 + 16 + 3 * 32) + 4 * 3
        );
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        for (count, width) in [(17, 2), (2, 0), (0, 3)] {
            let mut bad = bytes.clone();
            bad[21] = count;
            bad[22] = width;
            assert!(
                matches!(Network::from_bytes(&bad), Err(NetworkError::Header(_))),
                "{count} {width}"
            );
        }
        // Each bucket is its own output layer.
        let mut us = net.new_accumulator();
        net.add_feature(&mut us, 1);
        let mut them = net.new_accumulator();
        net.add_feature(&mut them, 2);
        for (active, bucket) in [(0, 0), (3, 0), (4, 1), (6, 2), (9, 2)] {
            assert_eq!(net.bucket(active), bucket);
            let expected: i64 = us
                .iter()
                .chain(&them)
                .zip(&net.output_weights[32 * bucket..][..32])
                .map(|(&a, &w)| i64::from(a.clamp(0, 255)) * i64::from(w))
                .sum::<i64>()
                + i64::from(net.output_bias[bucket]);
            assert_eq!(net.output(&us, &them, bucket), expected);
            assert_eq!(
                i64::from(net.evaluate(&us, &them, active)),
                (expected * 400).div_euclid(255 * 64)
            );
        }
    }

    #[test]
    fn bytes_round_trip_and_damage_is_refused() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), HEADER_BYTES + 2 * (4 * 16 + 48) + 4);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() ^= 1;
        assert_eq!(Network::from_bytes(&bad), Err(NetworkError::Hash));
        assert_eq!(Network::from_bytes(b"hello"), Err(NetworkError::Magic));
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 2]),
            Err(NetworkError::Length { .. })
        ));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(Network::from_bytes(&version), Err(NetworkError::Version(9)));
        let mut hidden = bytes;
        hidden[16] = 15;
        assert!(matches!(
            Network::from_bytes(&hidden),
            Err(NetworkError::Header(_))
        ));
        // The squared activation needs output weights within ±127.
        let mut squared = tiny();
        squared.activation = Activation::SquaredClippedRelu;
        assert!(Network::from_bytes(&squared.to_bytes()).is_ok());
        squared.output_weights[3] = 128;
        assert!(matches!(
            Network::from_bytes(&squared.to_bytes()),
            Err(NetworkError::Header(_))
        ));
    }

    /// The dispatched dot products (AVX2 where the CPU has it) and the
    /// portable ones give the same sums, extremes included.
    #[test]
    fn the_simd_dot_products_are_the_portable_ones() {
        let mut rng = crate::rng::Rng::new(5);
        for hidden in [16, 48, 128, 144, 1024] {
            for trial in 0..50 {
                let value = |rng: &mut crate::rng::Rng, limit: i16| match (trial, rng.below(5)) {
                    (0, _) | (_, 0) => limit,
                    (1, _) | (_, 1) => -limit,
                    _ => (rng.below(2 * limit as usize + 1) as i32 - i32::from(limit)) as i16,
                };
                let acc: Vec<i16> = (0..hidden).map(|_| value(&mut rng, i16::MAX)).collect();
                let wide: Vec<i16> = (0..hidden).map(|_| value(&mut rng, i16::MAX)).collect();
                let narrow: Vec<i16> = (0..hidden)
                    .map(|_| value(&mut rng, MAX_SQUARED_OUTPUT_WEIGHT))
                    .collect();
                for qa in [1, 100, MAX_QA] {
                    assert_eq!(
                        dot_crelu(&acc, &wide, qa),
                        portable_dot_crelu(&acc, &wide, qa)
                    );
                    assert_eq!(
                        dot_screlu(&acc, &narrow, qa),
                        portable_dot_screlu(&acc, &narrow, qa)
                    );
                }
            }
        }
    }

    #[test]
    fn the_output_at_the_limits_is_the_plain_sum_in_i64() {
        // Accumulators anywhere in i16 and output weights at the largest
        // sizes a file may hold, for both activations and hidden sizes that
        // are and are not whole blocks of the SIMD sum.
        let mut rng = crate::rng::Rng::new(11);
        for hidden in [16, 272, 1024] {
            for (activation, weights) in [Activation::ClippedRelu, Activation::SquaredClippedRelu]
                .into_iter()
                .flat_map(|a| [(a, 0), (a, 1), (a, -1)])
            {
                let limit = match activation {
                    Activation::ClippedRelu => i16::MAX,
                    Activation::SquaredClippedRelu => MAX_SQUARED_OUTPUT_WEIGHT,
                };
                let extreme = |rng: &mut crate::rng::Rng, low: i16, high: i16| match rng.below(4) {
                    0 => low,
                    1 => high,
                    _ => {
                        (i32::from(low)
                            + rng.below((i32::from(high) - i32::from(low)) as usize + 1) as i32)
                            as i16
                    }
                };
                let net = Network {
                    features: 1,
                    hidden,
                    activation,
                    qa: MAX_QA,
                    qb: 64,
                    scale: 400,
                    feature_weights: vec![0; hidden],
                    feature_bias: vec![0; hidden],
                    // Random, or all at the largest size of one sign.
                    output_weights: (0..2 * hidden)
                        .map(|_| match weights {
                            0 => extreme(&mut rng, -limit, limit),
                            sign => sign * limit,
                        })
                        .collect(),
                    buckets: OutputBuckets::SINGLE,
                    output_bias: vec![-77],
                };
                for trial in 0..20 {
                    let us: Vec<i16> = (0..hidden)
                        .map(|_| match trial {
                            0 => i16::MAX,
                            _ => extreme(&mut rng, i16::MIN, i16::MAX),
                        })
                        .collect();
                    let them: Vec<i16> = (0..hidden)
                        .map(|_| match trial {
                            0 => i16::MAX,
                            _ => extreme(&mut rng, i16::MIN, i16::MAX),
                        })
                        .collect();
                    let qa = i64::from(MAX_QA);
                    let sum: i64 = us
                        .iter()
                        .chain(&them)
                        .zip(&net.output_weights)
                        .map(|(&a, &w)| {
                            let c = i64::from(a).clamp(0, qa);
                            match activation {
                                Activation::ClippedRelu => c * i64::from(w),
                                Activation::SquaredClippedRelu => c * c * i64::from(w),
                            }
                        })
                        .sum();
                    let sum = match activation {
                        Activation::ClippedRelu => sum,
                        Activation::SquaredClippedRelu => sum / qa,
                    };
                    assert_eq!(
                        net.output(&us, &them, 0),
                        sum - 77,
                        "{hidden} {activation:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_output_is_the_dot_product_of_the_clipped_accumulators() {
        let net = tiny();
        let mut us = net.new_accumulator();
        net.add_feature(&mut us, 1);
        net.add_feature(&mut us, 3);
        let mut them = net.new_accumulator();
        net.add_feature(&mut them, 2);
        let mut again = us.clone();
        net.add_feature(&mut again, 0);
        net.remove_feature(&mut again, 0);
        assert_eq!(again, us);
        let expected: i64 = us
            .iter()
            .chain(&them)
            .zip(&net.output_weights)
            .map(|(&a, &w)| i64::from(a.clamp(0, 255)) * i64::from(w))
            .sum::<i64>()
            + 1234;
        assert_eq!(net.output(&us, &them, 0), expected);
        assert_eq!(
            i64::from(net.evaluate(&us, &them, 20)),
            (expected * 400).div_euclid(255 * 64)
        );
    }
}
