//! The terminal's [`Ui`] for the library's training pipelines: progress
//! bars on stderr (none for JSON), reports on stdout. The pipelines and their
//! machinery (resumable data files, batches of games on worker threads,
//! progress files) are the game crates' `train` modules and
//! [`ply_fit::run`].

use crate::error::CliError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ply_fit::run::{Bar, TrainError, Ui};
use std::io::Write;

/// A library pipeline's error as the command line's.
#[must_use]
pub fn cli_error(e: TrainError) -> CliError {
    CliError::Train(e.0)
}

/// A progress bar of `len` steps drawn with `template` on stderr, hidden
/// for JSON output.
#[must_use]
pub fn bar(len: u64, template: &str, json: bool) -> ProgressBar {
    let target = if json {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(len), target);
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

/// The terminal: bars on stderr (none for JSON), reports on stdout.
#[derive(Clone, Copy, Debug)]
pub struct Terminal {
    /// Whether the reports are JSON.
    pub json: bool,
}

/// An indicatif bar as the library's [`Bar`].
pub struct TerminalBar(pub ProgressBar);

impl Bar for TerminalBar {
    fn set_position(&self, position: u64) {
        self.0.set_position(position);
    }
    fn inc(&self, steps: u64) {
        self.0.inc(steps);
    }
    fn set_message(&self, message: String) {
        self.0.set_message(message);
    }
    fn reset_eta(&self) {
        self.0.reset_eta();
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

impl Ui for Terminal {
    fn json(&self) -> bool {
        self.json
    }
    fn bar(&self, len: u64, template: &str) -> Box<dyn Bar> {
        Box::new(TerminalBar(bar(len, template, self.json)))
    }
    fn report(&self, value: &serde_json::Value, text: &str) -> Result<(), TrainError> {
        print_report(self.json, value, text).map_err(TrainError::new)
    }
}

/// Prints a step's report: `value` as one line of JSON, or `text`.
///
/// # Errors
/// If stdout cannot be written.
pub fn print_report(json: bool, value: &serde_json::Value, text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{text}")?;
    }
    Ok(())
}
