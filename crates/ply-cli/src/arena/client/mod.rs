//! One client per engine protocol: [`uci`], [`cecp`] (xboard), [`hub`],
//! [`nboard`]; [`connect`] starts an engine and opens the client of its
//! protocol.

pub mod cecp;
pub mod hub;
pub mod nboard;
pub mod uci;

use crate::arena::options::EngineSpec;
use crate::arena::process::{Fault, Process};
use crate::arena::protocol::{Client, Protocol};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Starts `spec`'s engine and opens its protocol (handshake and options).
pub fn connect(
    spec: &EngineSpec,
    stop: Arc<AtomicBool>,
    debug: bool,
) -> Result<Box<dyn Client>, Fault> {
    let process = Process::start(&spec.launch, stop, debug.then(|| spec.name.clone()))
        .map_err(Fault::Protocol)?;
    let deadline = Instant::now() + spec.timeout;
    Ok(match spec.protocol {
        Protocol::Uci => Box::new(uci::Uci::open(process, spec, deadline)?),
        Protocol::Cecp => Box::new(cecp::Cecp::open(process, spec, deadline)?),
        Protocol::Hub => Box::new(hub::Hub::open(process, spec, deadline)?),
        Protocol::NBoard => Box::new(nboard::NBoard::open(process, spec, deadline)?),
    })
}
