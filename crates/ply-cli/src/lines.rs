//! Reading text lines that may not be UTF-8: the protocols' and `ply play`'s
//! input, and the output of engines under `ply match`.

use std::io::BufRead;

/// The lines of `reader` as text, without their line ends. Bytes that are not
/// UTF-8 become U+FFFD, so a stray byte makes an unknown command or a bad
/// move, not the end of the input.
pub fn lossy_lines(reader: impl BufRead) -> impl Iterator<Item = std::io::Result<String>> {
    reader.split(b'\n').map(|line| {
        line.map(|bytes| {
            String::from_utf8_lossy(&bytes)
                .trim_end_matches('\r')
                .to_owned()
        })
    })
}
