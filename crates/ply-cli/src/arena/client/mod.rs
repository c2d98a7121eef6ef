//! One client per engine protocol: [`uci`], [`cecp`] (xboard), [`hub`],
//! [`nboard`].

pub mod cecp;
pub mod hub;
pub mod nboard;
pub mod uci;
