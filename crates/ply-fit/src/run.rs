//! What the training pipelines of every game share: games played in
//! batches on worker threads into a resumable data file
//! ([`generate`]), and the files of a fit written so that an interrupted
//! write leaves the old file ([`write_atomic`]).

use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through a temporary file beside it
/// (`PATH.tmp`), so that an interrupted write leaves the old file.
///
/// # Errors
/// If the file cannot be written.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}
