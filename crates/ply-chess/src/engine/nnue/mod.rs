//! The neural network evaluation: chess's 768 input features for the
//! two-perspective networks of [`ply_core::nnue`] (trained by
//! `ply train chess nnue`, [`ply_fit::nnue`](https://docs.rs/ply-fit)), and
//! the [`Evaluator`] that runs one.
//!
//! A feature is a piece (colour x role) on a square seen from one side:
//! `(colour == perspective ? 0 : 384) + role * 64 + square`, the square
//! mirrored top to bottom (`square ^ 56`) from Black's perspective, so that
//! both sides see their own pieces as White sees White's.
//!
//! [`Evaluator::evaluate`] computes both accumulators afresh (about 30 rows
//! of `H` each); in a search, each thread keeps them along its line and
//! updates them from the parent's ([`NnueStack`], through
//! [`Evaluator::stack`]). The integer loops are plain Rust that the compiler
//! vectorises for whatever `target-cpu` it builds for, with the same result
//! everywhere (integer arithmetic).

use super::eval::{Evaluation, WeightedEvaluation};
use crate::board::Board;
use crate::game::ChessBoard;
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use ply_core::nnue::{Network, NetworkError};
use ply_core::search::{EvalStack, Evaluator, Score};
use std::sync::Arc;

mod stack;
pub use stack::NnueStack;

/// Input features per perspective: 2 colours x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// The evaluation never leaves ±this many centipawns (far inside the mate
/// scores).
pub const LIMIT: i32 = 20_000;

/// The feature of `piece` on `square` seen from `perspective`'s side.
#[inline]
#[must_use]
pub fn feature(perspective: Color, piece: Piece, square: Square) -> usize {
    let (side, sq) = match perspective {
        Color::White => (piece.color, square.index()),
        Color::Black => (piece.color.opponent(), square.index() ^ 56),
    };
    let side = if side == Color::White { 0 } else { 384 };
    side + piece.role.index() * 64 + sq
}

/// Appends the active features of `position` from `perspective`'s side.
pub fn active_features(position: &Position, perspective: Color, out: &mut Vec<u16>) {
    for color in Color::ALL {
        for role in Role::ALL {
            for square in position.pieces(color, role) {
                out.push(feature(perspective, Piece { color, role }, square) as u16);
            }
        }
    }
}

/// The features of `position` from the side to move's perspective and from
/// the other side's, for training.
#[must_use]
pub fn training_features(position: &Position) -> (Vec<u16>, Vec<u16>) {
    let us = position.turn();
    let mut a = Vec::with_capacity(32);
    let mut b = Vec::with_capacity(32);
    active_features(position, us, &mut a);
    active_features(position, us.opponent(), &mut b);
    (a, b)
}

/// A network evaluation: a quantised network of [`INPUTS`] features,
/// shared between threads.
#[derive(Clone, Debug)]
pub struct Nnue {
    network: Arc<Network>,
}

impl Nnue {
    /// The evaluation by `network`.
    ///
    /// # Errors
    /// [`NetworkError::Features`] if it is not a chess network.
    pub fn new(network: Network) -> Result<Nnue, NetworkError> {
        if network.features != INPUTS {
            return Err(NetworkError::Features {
                expected: INPUTS,
                found: network.features,
            });
        }
        Ok(Nnue {
            network: Arc::new(network),
        })
    }

    /// The evaluation by the network in file `path`.
    ///
    /// # Errors
    /// [`NetworkError`] if the file cannot be read or holds no chess network.
    pub fn load(path: &std::path::Path) -> Result<Nnue, NetworkError> {
        Nnue::new(Network::load(path)?)
    }

    /// The network.
    #[must_use]
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// The two accumulators, side to move first, computed from scratch.
    #[must_use]
    pub fn accumulators(&self, position: &Position) -> (Vec<i16>, Vec<i16>) {
        let net = &*self.network;
        let us = position.turn();
        let mut a = net.new_accumulator();
        let mut b = net.new_accumulator();
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                for square in position.pieces(color, role) {
                    net.add_feature(&mut a, feature(us, piece, square));
                    net.add_feature(&mut b, feature(us.opponent(), piece, square));
                }
            }
        }
        (a, b)
    }

    /// The network's raw value in centipawns for the side to move (no draw
    /// rules).
    #[must_use]
    pub fn raw(&self, position: &Position) -> i32 {
        let (a, b) = self.accumulators(position);
        let pieces = position.occupied().count() as usize;
        self.network.evaluate(&a, &b, pieces).clamp(-LIMIT, LIMIT)
    }
}

/// The evaluation of `position` from the network's raw value `raw`: clamped
/// to ±[`LIMIT`], 0 without mating material, faded by the fifty-move counter
/// as the linear evaluation is.
fn network_value(position: &Position, raw: i32) -> Score {
    if position.is_insufficient_material() {
        return Score(0);
    }
    Score(super::endgame::fifty_move_faded(
        raw.clamp(-LIMIT, LIMIT),
        position.halfmove_clock(),
    ))
}

impl Evaluator<Position> for Nnue {
    /// The network's value, 0 without mating material, faded by the
    /// fifty-move counter as the linear evaluation is.
    fn evaluate(&self, position: &Position) -> Score {
        if position.is_insufficient_material() {
            return Score(0);
        }
        network_value(position, self.raw(position))
    }

    fn stack(&self) -> Option<Box<dyn EvalStack<Position>>> {
        Some(Box::new(NnueStack::new(self.clone())))
    }
}

/// The network built into ply, the default chess evaluation (the README's
/// "The neural network evaluation" gives the command that made it).
const BUILT_IN: &[u8] = include_bytes!("../../../nets/chess.nnue");

/// The name that chooses the built-in network (`EvalFile`'s default; an
/// empty name and UCI's `<empty>` say the same).
pub const BUILT_IN_NAME: &str = "<built-in>";

/// The name that chooses the linear evaluation instead of a network.
pub const LINEAR_NAME: &str = "linear";

impl Nnue {
    /// The network built into ply (parsed once per process).
    ///
    /// # Panics
    /// Never: a test reads the built-in network.
    #[must_use]
    pub fn built_in() -> Nnue {
        static BUILT: std::sync::OnceLock<Nnue> = std::sync::OnceLock::new();
        BUILT
            .get_or_init(|| {
                Network::from_bytes(BUILT_IN)
                    .and_then(Nnue::new)
                    .expect("the built-in network is a chess network")
            })
            .clone()
    }
}

/// The environment variable that chooses the evaluation of every chess
/// player made with the defaults (`ply best`, `ply bench`, `ply play`,
/// `ply uci` until `EvalFile` says otherwise, the Python package): a network
/// file, [`LINEAR_NAME`] for the linear evaluation; empty or unset: the
/// built-in network.
pub const NET_VAR: &str = "PLY_CHESS_NET";

/// The environment variable that names a chess weights file (the linear
/// evaluation's, in `ply_fit::weights`' format; used when [`NET_VAR`] is
/// unset or says [`LINEAR_NAME`]).
pub const WEIGHTS_VAR: &str = "PLY_CHESS_WEIGHTS";

/// The evaluation the environment names, read once for the process: the
/// network file [`NET_VAR`] names, else the linear evaluation with the
/// weights file [`WEIGHTS_VAR`] names, else what [`NET_VAR`] says (the
/// built-in network when it says nothing); the reason when a file cannot be
/// read or is no chess network or weights file.
pub fn env_evaluation() -> &'static Result<AnyEvaluation, String> {
    static EVALUATION: std::sync::OnceLock<Result<AnyEvaluation, String>> =
        std::sync::OnceLock::new();
    EVALUATION.get_or_init(|| {
        let name = std::env::var(NET_VAR).unwrap_or_default();
        if name.is_empty() || name == LINEAR_NAME {
            use ply_fit::Trainable;
            let var = WEIGHTS_VAR;
            if let Some(weights) = super::Weights::from_env() {
                return weights
                    .map(|w| AnyEvaluation::Weighted(WeightedEvaluation(Arc::new(w))))
                    .map_err(|e| format!("{var}={e}"));
            }
        }
        AnyEvaluation::load(&name).map_err(|e| format!("{NET_VAR}={e}"))
    })
}

/// The chess evaluation chosen at run time: the linear one or a network.
/// One branch per evaluation; the search stays monomorphised.
#[derive(Clone, Debug)]
pub enum AnyEvaluation {
    /// ply's linear evaluation ([`Evaluation`]).
    Linear,
    /// The linear evaluation with other weights ([`WeightedEvaluation`]:
    /// `PLY_CHESS_WEIGHTS`).
    Weighted(WeightedEvaluation),
    /// A network.
    Network(Nnue),
}

/// The evaluation the environment names ([`env_evaluation`]); the built-in
/// network when it names none, or a file that cannot be loaded (front ends
/// refuse that first, with the reason).
impl Default for AnyEvaluation {
    fn default() -> AnyEvaluation {
        env_evaluation()
            .clone()
            .unwrap_or_else(|_| AnyEvaluation::Network(Nnue::built_in()))
    }
}

impl AnyEvaluation {
    /// The evaluation `name` chooses: the built-in network for an empty name,
    /// [`BUILT_IN_NAME`] or `<empty>`, the linear one for [`LINEAR_NAME`],
    /// else the network in file `name`.
    ///
    /// # Errors
    /// The file and the reason, for a file that cannot be read or is no
    /// chess network.
    pub fn load(name: &str) -> Result<AnyEvaluation, String> {
        match name {
            "" | BUILT_IN_NAME | "<empty>" => Ok(AnyEvaluation::Network(Nnue::built_in())),
            LINEAR_NAME => Ok(AnyEvaluation::Linear),
            path => Nnue::load(std::path::Path::new(path))
                .map(AnyEvaluation::Network)
                .map_err(|e| format!("{path}: {e}")),
        }
    }

    /// A number that tells evaluations apart (for data files whose labels
    /// came from it): 0 for the linear evaluation with its built-in weights,
    /// a hash of the weights for other linear weights, the network's hash
    /// for a network.
    #[must_use]
    pub fn identity(&self) -> u64 {
        match self {
            AnyEvaluation::Linear => 0,
            AnyEvaluation::Weighted(WeightedEvaluation(weights)) => {
                let bytes: Vec<u8> = weights
                    .0
                    .iter()
                    .flat_map(|pair| [pair.0, pair.1])
                    .flat_map(i32::to_le_bytes)
                    .collect();
                ply_core::nnue::fnv1a(&bytes) | 1
            }
            AnyEvaluation::Network(nnue) => nnue.network.hash() | 1,
        }
    }

    /// The evaluation for messages: "linear", or the network's shape and
    /// hash.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            AnyEvaluation::Linear => "linear".into(),
            AnyEvaluation::Weighted(_) => "linear with the weights of PLY_CHESS_WEIGHTS".into(),
            AnyEvaluation::Network(nnue) => format!(
                "{}network {}x{} {}{} ({:016x})",
                if nnue.network.hash() == Nnue::built_in().network.hash() {
                    "built-in "
                } else {
                    ""
                },
                INPUTS,
                nnue.network.hidden,
                nnue.network.activation.name(),
                match nnue.network.buckets.count {
                    1 => String::new(),
                    count => format!(", {count} output buckets"),
                },
                nnue.network.hash()
            ),
        }
    }
}

impl<R> Evaluator<Board<R>> for AnyEvaluation
where
    Board<R>: ChessBoard,
{
    #[inline]
    fn evaluate(&self, board: &Board<R>) -> Score {
        match self {
            AnyEvaluation::Linear => Evaluation.evaluate(board),
            AnyEvaluation::Weighted(weighted) => weighted.evaluate(board),
            AnyEvaluation::Network(nnue) => nnue.evaluate(&*board.as_position()),
        }
    }

    fn stack(&self) -> Option<Box<dyn EvalStack<Board<R>>>> {
        match self {
            AnyEvaluation::Network(nnue) => Some(Box::new(NnueStack::new(nnue.clone()))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::nnue::{Activation, OutputBuckets};

    /// A network with weights from a fixed pseudo-random sequence.
    pub(crate) fn random_network(hidden: usize) -> Network {
        let mut state = 12345u64;
        let mut next = |range: i64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) as i64 % (2 * range + 1) - range) as i16
        };
        Network {
            features: INPUTS,
            hidden,
            activation: Activation::ClippedRelu,
            qa: 255,
            qb: 64,
            scale: 400,
            feature_weights: (0..INPUTS * hidden).map(|_| next(40)).collect(),
            feature_bias: (0..hidden).map(|_| next(100) + 60).collect(),
            buckets: OutputBuckets::SINGLE,
            output_weights: (0..2 * hidden).map(|_| next(127)).collect(),
            output_bias: vec![300],
        }
    }

    /// [`random_network`] with 8 output buckets of 4 pieces, each its own
    /// pseudo-random output layer.
    pub(crate) fn random_bucketed_network(hidden: usize) -> Network {
        let mut net = random_network(hidden);
        net.buckets = OutputBuckets::spread(8, 32);
        net.output_weights = (0..16 * hidden)
            .map(|i| ((i * 7919 % 255) as i16) - 127)
            .collect();
        net.output_bias = (0..8).map(|b| 40 * b - 150).collect();
        net
    }

    const FENS: [&str; 5] = [
        crate::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
    ];

    /// The raw scores of [`random_network`]`(64)` on [`FENS`].
    const GOLDEN: [i32; 5] = [300, 1793, -879, 169, 2339];

    #[test]
    fn the_names_choose_the_built_in_network_or_the_linear_evaluation() {
        for name in ["", BUILT_IN_NAME, "<empty>"] {
            let evaluation = AnyEvaluation::load(name).expect("the built-in network");
            assert!(evaluation.describe().starts_with("built-in network 768x"));
            let start = Position::from_fen(crate::START_FEN).expect("the start");
            let score = evaluation.evaluate(&start).0;
            assert!((-80..=80).contains(&score), "{score}");
        }
        let linear = AnyEvaluation::load(LINEAR_NAME).expect("the linear evaluation");
        assert_eq!(linear.describe(), "linear");
        let missing = AnyEvaluation::load("/nonexistent/chess.nnue").unwrap_err();
        assert!(
            missing.starts_with("/nonexistent/chess.nnue: "),
            "{missing}"
        );
    }

    #[test]
    fn features_mirror_for_black() {
        let wp = Piece {
            color: Color::White,
            role: Role::Pawn,
        };
        let bk = Piece {
            color: Color::Black,
            role: Role::King,
        };
        let e2 = Square::new(12);
        assert_eq!(feature(Color::White, wp, e2), 12);
        assert_eq!(feature(Color::Black, wp, e2), 384 + 52);
        let e8 = Square::new(60);
        assert_eq!(feature(Color::Black, bk, e8), 5 * 64 + 4);
        // The start position looks the same from both sides.
        let start = Position::start();
        let (mut a, mut b) = training_features(&start);
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        assert_eq!(a.len(), 32);
    }

    #[test]
    fn the_integer_forward_pass_matches_a_plain_reference() {
        // The vectorised loops against the definition, in i64, on every
        // position: this is what makes a native build and a portable one
        // give the same scores.
        for net in [random_network(64), random_bucketed_network(64)] {
            forward_pass_matches_the_reference(Nnue::new(net).unwrap());
        }
    }

    fn forward_pass_matches_the_reference(nnue: Nnue) {
        let net = nnue.network();
        for fen in FENS {
            let position = Position::from_fen(fen).unwrap();
            // The bucket of the pieces on the board: (pieces - 2) / 4.
            let pieces = position.occupied().count() as usize;
            let bucket = match net.buckets.count {
                1 => 0,
                _ => ((pieces - 2) / 4).min(7),
            };
            let (us, them) = training_features(&position);
            let acc = |features: &[u16]| -> Vec<i64> {
                (0..net.hidden)
                    .map(|i| {
                        i64::from(net.feature_bias[i])
                            + features
                                .iter()
                                .map(|&f| {
                                    i64::from(net.feature_weights[usize::from(f) * net.hidden + i])
                                })
                                .sum::<i64>()
                    })
                    .collect()
            };
            let raw: i64 = acc(&us)
                .iter()
                .chain(&acc(&them))
                .zip(&net.output_weights[2 * net.hidden * bucket..])
                .map(|(&a, &w)| a.clamp(0, 255) * i64::from(w))
                .sum::<i64>()
                + i64::from(net.output_bias[bucket]);
            let expected = (raw * 400).div_euclid(255 * 64) as i32;
            assert_eq!(nnue.raw(&position), expected, "{fen}");
        }
    }

    #[test]
    fn the_scores_are_the_same_in_every_build() {
        // Fixed numbers: this test passes in a portable build and in one
        // with `RUSTFLAGS="-C target-cpu=native"` alike (the integer loops
        // are exact whatever SIMD the compiler picks).
        let nnue = Nnue::new(random_network(64)).unwrap();
        let scores: Vec<i32> = FENS
            .iter()
            .map(|fen| nnue.raw(&Position::from_fen(fen).unwrap()))
            .collect();
        assert_eq!(scores, GOLDEN);
    }

    #[test]
    fn a_game_s_network_must_have_its_features() {
        let mut net = random_network(16);
        net.features = 700;
        net.feature_weights.truncate(700 * 16);
        assert!(matches!(
            Nnue::new(net),
            Err(NetworkError::Features {
                expected: 768,
                found: 700
            })
        ));
    }
}
