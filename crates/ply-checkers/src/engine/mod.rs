//! The checkers engine: what ply-core's search needs to know about checkers
//! ([`Searchable`]) and an evaluation ([`Evaluation`]).
//!
//! The seed's scheme — a nominal depth, extended while a jump is pending — is
//! the search's quiescence here: a position where the side to move must jump
//! is "forcing", so quiescence keeps playing the jumps until a quiet position
//! is reached, however deep.
//!
//! In the search's stages, captures are mandatory: where a jump exists the
//! noisy stage gives the jumps (most pieces taken first) and the quiet stage
//! nothing; elsewhere the noisy stage is empty and the quiet stage gives the
//! plain moves.

pub mod bench;
pub mod eval;
pub mod features;
pub mod nnue;
pub mod player;
pub mod regions;

pub use eval::{Evaluation, HandEvaluation};
pub use player::CheckersPlayer;

use crate::board::SHIFTS;
use crate::moves::Move;
use crate::position::Position;
use crate::types::Square;
use ply_core::search::{AllNoisy, Features, Searchable};
use ply_core::{Game, MoveList};

impl Position {
    /// The step of the side to move from `from` to `to`, when it is legal: a
    /// piece of the side to move on `from`, `to` empty and one step away in a
    /// direction the piece may go, and no jump pending.
    #[inline]
    fn step(&self, from: Square, to: Square) -> Option<Move> {
        let white = self.white_to_move();
        // The board is side-relative: White's squares are turned round.
        let relative = |square: Square| if white { square.rotated() } else { square };
        let (from, to) = (relative(from).bit(), relative(to).bit());
        let board = self.board();
        if board.mine & from == 0 || board.empty() & to == 0 || self.must_capture() {
            return None;
        }
        let kings = board.mine & board.kings;
        let directions = if kings & from != 0 { 4 } else { 2 };
        SHIFTS[..directions]
            .iter()
            .any(|shift| shift.targets(from) == to)
            .then(|| Move::step(from.trailing_zeros(), to.trailing_zeros(), white))
    }
}

/// How far back repetitions are looked for once kings are on the board.
pub(crate) const REPETITION_WINDOW: usize = 100;

impl Searchable for Position {
    /// Zugzwang decides many checkers endings, so no null move and no
    /// pruning above beta by the static score. Late quiet moves are reduced,
    /// by their history too; a node without a table move, or whose static
    /// score lies far outside the window (Cake's material-window cut), is
    /// searched a ply shallower; quiet moves at the frontier far below alpha
    /// are skipped. At 150,000 nodes a move, 48 games: the reductions scored
    /// 16-3-29 against late move reductions alone, futility 14-8-26 on top
    /// of them; with both, 15-6-27 against cake++ 1.22 at 0.2 s a move (the
    /// README's "Measured matches"). The quiet move that last refuted the
    /// opponent's move is tried after the killers (counter moves): 27-16-157
    /// at 0.1 s a move, 200 games, and 18 % fewer nodes at the bench's
    /// depth. A table move that a shallower search without it shows to be
    /// the only good one is searched a ply deeper (singular extensions):
    /// 59-30-311 against counter moves alone at 0.1 s a move, 400 games.
    const FEATURES: Features = Features {
        late_move_reductions: true,
        history_reductions: true,
        internal_reduction: true,
        window_reduction: true,
        futility: true,
        counter_moves: true,
        singular_extension: true,
        ..Features::SOUND
    };

    type Noisy = AllNoisy;

    /// A pending jump must be played: no standing pat.
    #[inline]
    fn is_forcing(&self) -> bool {
        self.must_capture()
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// The jumps, if any, more pieces taken first, kings counting double.
    fn generate_noisy(&self, moves: &mut MoveList<Move>) {
        if !self.must_capture() {
            return;
        }
        self.generate_moves(moves);
        let kings = self.kings();
        moves.sort_by_key(|mv| {
            let captured = mv.captured();
            std::cmp::Reverse(captured.count_ones() + (captured & kings).count_ones())
        });
    }

    /// The plain moves, when no jump is pending.
    fn generate_quiet(&self, moves: &mut MoveList<Move>) {
        if !self.must_capture() {
            self.generate_moves(moves);
        }
    }

    /// The squares, the number of jumps and a bit that keeps it from 0 (a
    /// king's jumps may end where they began); two jump paths between the
    /// same squares with as many jumps share a packing, and the first one
    /// generated stands for both.
    fn pack_move(mv: Move) -> u16 {
        (mv.from().index() | mv.to().index() << 5 | mv.jumps().min(15) << 10 | 1 << 15) as u16
    }

    /// A step is checked on the bitboards (no move generation): the table
    /// move of almost every node is one. A capture is looked up among the
    /// legal moves.
    fn unpack_move(&self, packed: u16) -> Option<Move> {
        let jumps = (packed >> 10) & 15;
        if jumps == 0 {
            let square = |bits: u16| Square::from_index((bits & 31) as u8);
            let step = self.step(square(packed), square(packed >> 5))?;
            return Some(step);
        }
        self.legal_moves()
            .into_iter()
            .find(|&mv| Self::pack_move(mv) == packed)
    }

    /// A plain move where a jump is pending, or a jump where none is, is
    /// not legal; a step is checked on the bitboards, a jump looked up
    /// among the legal moves.
    fn is_legal(&self, mv: Move) -> bool {
        if mv.is_capture() != self.must_capture() || mv.is_white() != self.white_to_move() {
            return false;
        }
        if mv.is_capture() {
            self.legal_moves().contains(&mv)
        } else {
            self.step(mv.from(), mv.to()) == Some(mv)
        }
    }

    fn history_index(&self, mv: Move) -> usize {
        mv.from().index() * 32 + mv.to().index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::rng::Rng;

    /// Positions along random games from the start.
    fn positions() -> Vec<Position> {
        let mut rng = Rng::new(16);
        let mut positions = Vec::new();
        for _ in 0..40 {
            let mut position = Position::start();
            for _ in 0..120 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                positions.push(position);
                position = position.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        positions
    }

    /// A middle-game position ply lost to cake++ 1.22 at 0.2 s a move
    /// (ply, White, played 25-22): cake++ chooses 31-27 in 0.16 s. The
    /// search with only late move reductions still preferred 25-22 at
    /// 400,000 nodes (depth 16); with the reductions and futility it
    /// prefers 31-27 from depth 18, within 150,000 nodes. That is a
    /// property of the search with the evaluation it was tuned with, the
    /// shipped linear one: the fourth network, like GuiNN 2.06 at 8 s,
    /// prefers 25-22 here.
    #[test]
    fn the_search_finds_the_move_cake_plays_within_150000_nodes() {
        use super::features::{Linear, Weights};
        use ply_core::search::{Engine, Limits};
        let position =
            Position::parse_position("W:W13,20,21,24,25,26,28,30,31:B1,2,3,7,10,11,14,15,19")
                .unwrap();
        let mut engine = Engine::new(Linear::new(Weights::shipped().clone()), 16);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let limits = Limits::nodes(150_000);
        let result = engine.search(&position, &[], &limits, &stop, &mut |_| {});
        let best = result.best.expect("a move");
        assert_eq!(position.move_name(best), "31-27");
    }

    #[test]
    fn legality_checks_agree_with_the_move_generator() {
        let positions = positions();
        // Moves of nearby positions, as killers and table moves come.
        for pair in positions.windows(3) {
            let (here, others) = (&pair[2], [&pair[0], &pair[1], &pair[2]]);
            let legal = here.legal_moves();
            for other in others {
                for mv in other.legal_moves() {
                    assert_eq!(here.is_legal(mv), legal.contains(&mv), "{here} {mv}");
                    let packed = Position::pack_move(mv);
                    let expected = legal
                        .iter()
                        .copied()
                        .find(|&m| Position::pack_move(m) == packed);
                    assert_eq!(here.unpack_move(packed), expected, "{here} {mv}");
                }
            }
        }
    }
}
