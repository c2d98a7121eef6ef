//! One chess board type over three representations: [`Board<R>`] wraps a
//! representation `R` of the position, the bitboards of `Position`
//! (`Board<Bitboards>`), the GNU Chess tables of seed 002 (`GnuBoard`) and
//! the attack maps of seed 004 (`AttackBoard`).
//!
//! Each board answers the few questions of the `ChessBoard` trait from its
//! own structures; from those, the `game` module implements
//! [`Game`](ply_core::Game) (the rules of chess, FEN and UCI text) and the
//! `engine` module the search's
//! [`Searchable`](ply_core::search::Searchable), once for every board.
//! (This module holds the type alone: every other module may use it.)

use std::ops::{Deref, DerefMut};

/// A chess board in representation `R`; it reads as its representation
/// (`Deref`), and plays chess by [`Game`](ply_core::Game) and the search's
/// [`Searchable`](ply_core::search::Searchable) wherever `Board<R>` is a
/// `ChessBoard`.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct Board<R>(pub(crate) R);

impl<R> Deref for Board<R> {
    type Target = R;

    #[inline(always)]
    fn deref(&self) -> &R {
        &self.0
    }
}

impl<R> DerefMut for Board<R> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut R {
        &mut self.0
    }
}
