//! Fixed-capacity move lists: filled by move generators without touching the heap.

/// The most moves any position of any supported game can have, with room to spare
/// (chess peaks at 218 legal moves, checkers and Othello stay far below).
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack, filled by [`crate::Game::generate_moves`].
pub type MoveList<M> = arrayvec::ArrayVec<M, MAX_MOVES>;
