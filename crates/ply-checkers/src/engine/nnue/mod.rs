//! The network evaluation of checkers ([`ply_core::nnue`]'s two-perspective
//! network), trained by `ply train checkers nnue`: ply's checkers
//! evaluation, the network built into the binary unless [`NET_VARIABLE`]
//! names another file or the linear evaluation.
//!
//! The inputs ([`INPUTS`] = 128): a piece of the side whose perspective it
//! is, or of the other side, man or king, on one of the 32 squares of that
//! side's side-relative board (its men heading towards higher bits):
//! `32 * kind + square` with kind 0 its men, 1 its kings, 2 the other side's
//! men, 3 the other side's kings. The side to move's perspective is the
//! board as the engine holds it, the other side's the turned board
//! ([`Board::turned`]). In a search the two accumulators are updated
//! incrementally along the line ([`NnueStack`]); [`score`] computes them
//! afresh (24 rows at most per perspective).

use crate::board::Board;
use ply_core::nnue::Network;
use std::cell::RefCell;
use std::sync::OnceLock;

mod stack;
pub use stack::NnueStack;

/// Input features per perspective.
pub const INPUTS: usize = 128;
/// The largest hidden size the engine evaluates.
pub const MAX_HIDDEN: usize = 1024;
/// The environment variable that chooses the checkers evaluation:
/// `PLY_CHECKERS_NET`: a network file, or [`LINEAR_NAME`] for the linear
/// evaluation; unset or empty, the built-in network (or the linear
/// evaluation when `PLY_CHECKERS_WEIGHTS` names its weights).
pub const NET_VARIABLE: &str = "PLY_CHECKERS_NET";
/// [`NET_VARIABLE`]'s value for the linear evaluation.
pub const LINEAR_NAME: &str = "linear";

/// The network built into ply (`nets/checkers.nnue`; the README says how it
/// was made).
static BUILT_IN: &[u8] = include_bytes!("../../../nets/checkers.nnue");

/// The network built into ply.
#[must_use]
pub fn built_in() -> &'static Network {
    static NETWORK: OnceLock<Network> = OnceLock::new();
    NETWORK.get_or_init(|| {
        Network::from_bytes(BUILT_IN)
            .and_then(|n| check(n).map_err(ply_core::nnue::NetworkError::Header))
            .expect("the built-in network is tested")
    })
}

/// The four piece sets of `view`'s side to move's perspective, in the
/// order of the features' kinds: its men, its kings, the other side's men,
/// the other side's kings.
#[must_use]
pub fn perspective_sets(view: &Board) -> [u32; 4] {
    [
        view.mine & !view.kings,
        view.mine & view.kings,
        view.theirs & !view.kings,
        view.theirs & view.kings,
    ]
}

/// The pieces on `board`: the active features of each perspective, which
/// choose the network's output bucket.
#[inline]
#[must_use]
pub fn pieces(board: &Board) -> usize {
    (board.mine | board.theirs).count_ones() as usize
}

/// The features of `view` from its side to move's perspective, written to
/// `out` (32 squares: room for any board) and returned.
pub fn read_features<'a>(view: &Board, out: &'a mut [u16; 32]) -> &'a [u16] {
    let mut count = 0;
    for (kind, mut squares) in perspective_sets(view).into_iter().enumerate() {
        while squares != 0 && count < out.len() {
            out[count] = (32 * kind as u32 + squares.trailing_zeros()) as u16;
            squares &= squares - 1;
            count += 1;
        }
    }
    &out[..count]
}

/// The features of `board` from both perspectives (side to move first), as
/// the trainer takes them.
#[must_use]
pub fn training_features(board: &Board) -> (Vec<u16>, Vec<u16>) {
    let side = |view: &Board| read_features(view, &mut [0u16; 32]).to_vec();
    (side(board), side(&board.turned()))
}

/// Why a network file cannot evaluate checkers.
fn check(network: Network) -> Result<Network, String> {
    if network.features != INPUTS {
        return Err(format!(
            "a network of {} inputs, not checkers' {INPUTS}",
            network.features
        ));
    }
    if network.hidden > MAX_HIDDEN {
        return Err(format!(
            "hidden size {} (checkers evaluates up to {MAX_HIDDEN})",
            network.hidden
        ));
    }
    Ok(network)
}

/// Reads a checkers network file.
///
/// # Errors
/// If the file cannot be read, is no network, or has other inputs than
/// checkers' or a hidden size above [`MAX_HIDDEN`].
pub fn load(path: &std::path::Path) -> Result<Network, String> {
    let network = Network::load(path).map_err(|e| format!("{}: {e}", path.display()))?;
    check(network).map_err(|e| format!("{}: {e}", path.display()))
}

/// The evaluation [`NET_VARIABLE`] chooses.
enum Choice {
    Linear,
    BuiltIn,
    File(Network),
}

/// The network the engine evaluates with, chosen once for the process by
/// [`NET_VARIABLE`]: None for the linear evaluation ([`LINEAR_NAME`], or the
/// variable unset while `PLY_CHECKERS_WEIGHTS` names weights), the network
/// in the file it names, else [`built_in`]. A file that cannot be used is
/// reported on stderr once and the built-in network is used.
pub fn current() -> Option<&'static Network> {
    static CURRENT: OnceLock<Choice> = OnceLock::new();
    let choice = CURRENT.get_or_init(|| {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        match std::env::var_os(NET_VARIABLE) {
            Some(name) if name == LINEAR_NAME => Choice::Linear,
            Some(name) if !name.is_empty() => load(std::path::Path::new(&name)).map_or_else(
                |error| {
                    eprintln!("{NET_VARIABLE}={error}; using the built-in network");
                    Choice::BuiltIn
                },
                Choice::File,
            ),
            _ if set(super::features::WEIGHTS_VARIABLE) => Choice::Linear,
            _ => Choice::BuiltIn,
        }
    });
    match choice {
        Choice::Linear => None,
        Choice::BuiltIn => Some(built_in()),
        Choice::File(network) => Some(network),
    }
}

thread_local! {
    /// [`score`]'s two accumulators, kept between calls so that an
    /// evaluation does not clear a buffer of [`MAX_HIDDEN`] values first.
    static ACCUMULATORS: RefCell<Vec<i16>> = const { RefCell::new(Vec::new()) };
}

/// The score of `board` for the side to move by `network`, in centi-men.
#[must_use]
pub fn score(network: &Network, board: &Board) -> i32 {
    let h = network.hidden;
    ACCUMULATORS.with_borrow_mut(|accumulators| {
        accumulators.resize(2 * h, 0);
        let (us, them) = accumulators.split_at_mut(h);
        let mut features = [0u16; 32];
        for (acc, view) in [(&mut *us, *board), (&mut *them, board.turned())] {
            acc.copy_from_slice(&network.feature_bias);
            for &feature in read_features(&view, &mut features) {
                network.add_feature(acc, usize::from(feature));
            }
        }
        network.evaluate(us, them, pieces(board))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use ply_core::Game;

    fn board(fen: &str) -> Board {
        *Position::parse_position(fen).unwrap().board()
    }

    #[test]
    fn features_name_each_piece_once_from_each_side() {
        let start = board("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
        let (us, them) = training_features(&start);
        assert_eq!((us.len(), them.len()), (24, 24));
        // At the start both sides see the same picture.
        assert_eq!(us, them);
        assert!(us.iter().all(|&f| usize::from(f) < INPUTS));
        // Black to move, a black king on 14 (bit 13) and a white man on 21.
        let b = board("B:W21:BK14");
        let (us, them) = training_features(&b);
        assert_eq!(us, vec![32 + 13, 64 + 20]);
        // From White's side: its man is on the turned square 31 - 20.
        assert_eq!(them, vec![11, 96 + 31 - 13]);
    }

    #[test]
    fn networks_of_other_games_are_refused() {
        let chess = ply_fit_free_network(768, 16);
        assert!(check(chess).unwrap_err().contains("768 inputs"));
        let big = ply_fit_free_network(INPUTS, MAX_HIDDEN + 16);
        assert!(check(big).unwrap_err().contains("hidden size"));
    }

    #[test]
    fn the_score_is_the_networks_forward_pass_and_is_symmetric() {
        let network = ply_fit_free_network(INPUTS, 32);
        let fen = "B:W18,21,22,K30:B6,9,K11,13";
        let b = board(fen);
        let (us, them) = training_features(&b);
        let mut a = network.new_accumulator();
        let mut t = network.new_accumulator();
        us.iter()
            .for_each(|&f| network.add_feature(&mut a, f.into()));
        them.iter()
            .for_each(|&f| network.add_feature(&mut t, f.into()));
        assert_eq!(score(&network, &b), network.evaluate(&a, &t, us.len()));
        // The same position with the colours swapped and the board turned
        // is the same side-relative board.
        assert_eq!(board("W:W20,K22,24,27:B11,12,15,K3"), b);
        assert_ne!(score(&network, &b), score(&network, &b.turned()));
    }

    #[test]
    fn the_built_in_network_sees_material_and_the_move() {
        let network = built_in();
        assert_eq!((network.features, network.hidden % 16), (INPUTS, 0));
        let start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
        let at = |fen: &str| score(network, &board(fen));
        assert!(at(start).abs() < 40, "{}", at(start));
        // A man up, for either side to move; a king more than a man.
        let man_up = "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12";
        assert!(at(man_up) > 50, "{}", at(man_up));
        assert!(at(&man_up.replacen("B:", "W:", 1)) < -50);
        // A king in the open is worth more than a man there (not so on the
        // back row, where a man keeps the guard: the network learnt that).
        assert!(at("B:W21,22,23,24:B5,6,7,K14") > at("B:W21,22,23,24:B5,6,7,14"));
        assert!(at("B:W18,22,23,24:B5,10,11,K15") > at("B:W18,22,23,24:B5,10,11,15"));
        // Two kings against one is won for the side with two.
        assert!(at("B:WK29:BK1,K5") > 100, "{}", at("B:WK29:BK1,K5"));
    }

    /// A network with weights from a fixed pattern.
    fn ply_fit_free_network(features: usize, hidden: usize) -> Network {
        let weight = |i: usize| ((i * 37 % 101) as i16) - 50;
        Network {
            features,
            hidden,
            activation: ply_core::nnue::Activation::ClippedRelu,
            qa: 255,
            qb: 64,
            scale: 130,
            feature_weights: (0..features * hidden).map(weight).collect(),
            feature_bias: (0..hidden).map(|i| weight(i) + 60).collect(),
            buckets: ply_core::nnue::OutputBuckets::SINGLE,
            output_weights: (0..2 * hidden).map(|i| weight(i + 7) / 2).collect(),
            output_bias: vec![100],
        }
    }
}
