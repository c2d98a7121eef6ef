//! Long calls run on a worker thread without the GIL while the calling
//! thread waits, hands the worker's messages to Python (info callbacks,
//! progress) and checks for signals, so that Ctrl-C stops the work.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// How often the calling thread looks for signals while the worker runs.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread, the GIL released, passing each message it
/// sends to `handle` on the calling thread. A signal handler that raises
/// (Ctrl-C's `KeyboardInterrupt`) or an error from `handle` sets `stop`,
/// waits for the worker to notice, and is returned as the error.
///
/// # Errors
/// The error of a signal handler or of `handle`, or a `RuntimeError` if the
/// worker panicked.
pub fn run<T, M, W, H>(py: Python<'_>, stop: &AtomicBool, work: W, handle: H) -> PyResult<T>
where
    T: Send,
    M: Send,
    W: FnOnce(&dyn Fn(M)) -> T + Send,
    H: FnMut(M) -> PyResult<()>,
{
    run_polled(py, stop, work, handle, || false)
}

/// [`run`], also asking `stopped` on the calling thread after each message
/// and pause (at least every 50 ms): when it answers `true`, `stop` is set
/// and the worker's result is returned as if it had finished (a stop from
/// Python, such as a `threading.Event` another thread sets, as Ctrl-C
/// reaches only the main thread).
///
/// # Errors
/// As [`run`].
pub fn run_polled<T, M, W, H, S>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: W,
    mut handle: H,
    mut stopped: S,
) -> PyResult<T>
where
    T: Send,
    M: Send,
    W: FnOnce(&dyn Fn(M)) -> T + Send,
    H: FnMut(M) -> PyResult<()>,
    S: FnMut() -> bool,
{
    let (sender, receiver) = mpsc::channel::<M>();
    let receiver = Mutex::new(receiver);
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let send = |message: M| {
                // The receiver outlives the worker: the send cannot fail.
                let _ = sender.send(message);
            };
            work(&send)
        });
        let mut error: Option<PyErr> = None;
        loop {
            let next = py.detach(|| {
                receiver
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .recv_timeout(SIGNAL_POLL)
            });
            let outcome = match next {
                // Messages may come faster than the poll: look for signals
                // after each one too, or Ctrl-C would wait for a pause.
                Ok(message) if error.is_none() => handle(message).and_then(|()| py.check_signals()),
                Ok(_) => Ok(()),
                Err(RecvTimeoutError::Timeout) if error.is_none() => py.check_signals(),
                Err(RecvTimeoutError::Timeout) => Ok(()),
                Err(RecvTimeoutError::Disconnected) => break,
            };
            if let Err(e) = outcome {
                stop.store(true, Ordering::Relaxed);
                error = Some(e);
            } else if error.is_none() && stopped() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        let result = py.detach(|| worker.join());
        match (error, result) {
            (Some(error), _) => Err(error),
            (None, Ok(value)) => Ok(value),
            (None, Err(_)) => Err(PyRuntimeError::new_err(
                "internal error: the worker thread panicked (please report it)",
            )),
        }
    })
}
