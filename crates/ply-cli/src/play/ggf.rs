//! GGF, the Generic Game Format of the GGS game server (Michael Buro), as
//! NBoard and GGS write Othello games:
//!
//! `(;GM[Othello]PC[..]DT[..]PB[black]PW[white]RE[+12.00]TI[..]TY[8]BO[8 <64 squares> *]B[f5]W[d6]...;)`
//!
//! - `BO`: the board size, then the 64 squares row by row from a1 (a1..h1,
//!   a2..h2, ..., a8..h8) with `*` black, `O` white, `-` empty (spaces between
//!   rows allowed), then the side to move, `*` or `O`.
//! - `B`/`W`: a move of Black/White, `d3` or `PA` (pass), optionally followed
//!   by `/evaluation/time`.
//! - `RE`: the result for the game's first colour (Black in Othello), the
//!   final disc difference such as `+12.00`, or `?` when unknown.
//! - `TY`: the game type, `8` for standard 8x8 Othello (letters add variants).

/// The properties of one GGF game, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GgfGame {
    /// `(name, value)` pairs; moves are the `B` and `W` entries.
    pub properties: Vec<(String, String)>,
}

impl GgfGame {
    /// The first value of property `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The moves in order: `('B' | 'W', move)` without evaluations or times.
    pub fn moves(&self) -> Vec<(char, &str)> {
        self.properties
            .iter()
            .filter_map(|(name, value)| {
                let colour = match name.as_str() {
                    "B" => 'B',
                    "W" => 'W',
                    _ => return None,
                };
                let mv = value.split('/').next().unwrap_or("").trim();
                Some((colour, mv))
            })
            .collect()
    }
}

/// Reads the first game in `text` (anything before its `(;` is skipped).
pub fn parse(text: &str) -> Result<GgfGame, String> {
    let start = text
        .find("(;")
        .ok_or("no GGF game found: expected '(;GM[Othello]...;)'")?;
    let mut rest = &text[start + 2..];
    let mut game = GgfGame::default();
    loop {
        rest = rest.trim_start();
        if rest.starts_with(";)") || rest.starts_with(')') {
            return Ok(game);
        }
        if rest.is_empty() {
            return Err("the GGF game is never closed with ';)'".to_owned());
        }
        let name_len = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        if name_len == 0 {
            let bad = rest.chars().next().unwrap_or(' ');
            return Err(format!("unexpected '{bad}' in the GGF game"));
        }
        let name = rest[..name_len].to_ascii_uppercase();
        rest = rest[name_len..].trim_start();
        let Some(value_start) = rest.strip_prefix('[') else {
            return Err(format!("GGF property {name} has no [value]"));
        };
        let close = value_start
            .find(']')
            .ok_or_else(|| format!("GGF property {name}: '[' is never closed"))?;
        game.properties
            .push((name, value_start[..close].to_owned()));
        rest = &value_start[close + 1..];
    }
}

/// Writes one game from its properties, in order, on one line.
pub fn write(properties: &[(&str, String)]) -> String {
    let mut out = String::from("(;");
    for (name, value) in properties {
        out.push_str(name);
        out.push('[');
        out.push_str(&value.replace(']', ")"));
        out.push(']');
    }
    out.push_str(";)\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_properties_and_moves() {
        let text = "junk before\n(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[me]PW[]RE[?]\n\
                    TI[15:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
                    B[F5//2.44]W[d6/-1.0/3.2] B[PA];)(;GM[Othello];)";
        let game = parse(text).unwrap();
        assert_eq!(game.get("GM"), Some("Othello"));
        assert_eq!(game.get("PW"), Some(""));
        assert_eq!(game.get("TY"), Some("8"));
        assert_eq!(game.moves(), [('B', "F5"), ('W', "d6"), ('B', "PA")]);
    }

    #[test]
    fn broken_games_get_a_reason() {
        assert!(parse("GM[Othello]").unwrap_err().contains("no GGF game"));
        assert!(
            parse("(;GM[Othello]B[f5]")
                .unwrap_err()
                .contains("never closed")
        );
        assert!(parse("(;GM[Othello").unwrap_err().contains("never closed"));
        assert!(parse("(;GM Othello;)").unwrap_err().contains("no [value]"));
        assert!(parse("(;[x];)").unwrap_err().contains("unexpected '['"));
    }

    #[test]
    fn writes_what_it_reads() {
        let props = [("GM", "Othello".to_owned()), ("B", "F5".to_owned())];
        let text = write(&props);
        assert_eq!(text, "(;GM[Othello]B[F5];)\n");
        assert_eq!(parse(&text).unwrap().moves(), [('B', "F5")]);
    }
}
