//! The commands of `ply play` other than moves: listing moves, hints, taking
//! back, sides, level and time, new games, the history, saving and loading.

use super::session::{DEFAULT_MOVETIME, Session};
use ply_core::Side;
use ply_core::record::{Header, Players, UtcTime};
use ply_core::search::{Level, Limits};
use ply_core::{GameHistory, Player};
use ply_games::playable::Playable;
use ply_games::playable::record::play_header;
use std::io::{self, Write};
use std::time::Duration;

impl<G: Playable> Session<G> {
    pub(super) fn help(&mut self) -> io::Result<()> {
        let format = G::RECORD_FORMAT;
        writeln!(
            self.out,
            "Moves: {}.\n\
             Commands:\n  \
             moves          list the legal moves\n  \
             hint           suggest a move\n  \
             undo           take back your last move (and the computer's reply)\n  \
             flip           turn the board around\n  \
             swap           change sides with the computer\n  \
             level N        set the computer's level, 1 (beginner) to 10 (full strength)\n  \
             movetime MS    set the computer's time per move in milliseconds (0: the level's default)\n  \
             new            start a new game\n  \
             board          show the board\n  \
             history        list the moves played\n  \
             position       show the position in the game's notation\n  \
             save FILE      save the game ({format})\n  \
             load FILE      load a game ({format})\n  \
             help           this list\n  \
             quit           leave (so does the end of input)\n\
             While the computer thinks, Enter (or Ctrl-C) makes it move at once.",
            G::MOVE_HELP
        )
    }

    /// The legal moves in display notation, sorted.
    pub(super) fn legal_names(&self) -> String {
        let position = self.record.position();
        let mut names: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|&mv| position.display_move(mv))
            .collect();
        names.sort();
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(" ")
        }
    }

    pub(super) fn list_moves(&mut self) -> io::Result<()> {
        if self.record.outcome().is_some() {
            return writeln!(
                self.out,
                "error: the game is over; type new, undo or load FILE"
            );
        }
        let names = self.legal_names();
        writeln!(self.out, "Legal moves: {names}")
    }

    pub(super) fn person_move(&mut self, text: &str) -> io::Result<()> {
        if self.record.outcome().is_some() {
            return writeln!(
                self.out,
                "error: '{text}' is not a command, and the game is over: type new, undo, save FILE, load FILE or quit"
            );
        }
        let position = self.record.position();
        if !self.is_human(position.side_to_move()) {
            return writeln!(
                self.out,
                "error: '{text}' is not a command, and it is the computer's turn (type help for the commands)"
            );
        }
        match position.read_move(text) {
            Ok(mv) => self.play(mv, String::new()),
            Err(reason) => {
                let legal = self.legal_names();
                writeln!(self.out, "error: {reason}; legal moves: {legal}")
            }
        }
    }

    pub(super) fn hint(&mut self) -> io::Result<()> {
        if self.record.outcome().is_some() {
            return writeln!(self.out, "error: the game is over; no hint");
        }
        if self.record.starts_from_standard() {
            let mut rng = self.rng.clone();
            if let Some((mv, _)) = G::book().choose(self.record.moves(), &mut rng) {
                let shown = self.record.position().display_move(mv);
                return writeln!(self.out, "Hint: {shown} (from the opening book)");
            }
        }
        let side = self.record.position().side_to_move();
        let limits = Limits::movetime(self.settings.movetime.unwrap_or(DEFAULT_MOVETIME));
        let Some(thought) = self.search(Level::FULL, limits, side) else {
            return writeln!(self.out, "error: no hint: the search failed");
        };
        match thought.result.best {
            Some(mv) => {
                let shown = self.record.position().display_move(mv);
                writeln!(
                    self.out,
                    "Hint: {shown} (depth {}, score {})",
                    thought.result.depth, thought.result.score
                )
            }
            None => writeln!(self.out, "error: no hint: no legal move"),
        }
    }

    pub(super) fn undo(&mut self) -> io::Result<()> {
        let plies = self.record.moves().len();
        if plies == 0 {
            return writeln!(self.out, "error: there is no move to take back");
        }
        let target = if self.settings.humans.contains(&true) {
            (0..plies)
                .rev()
                .find(|&ply| self.is_human(self.record.mover(ply)))
        } else {
            Some(plies - 1)
        };
        let Some(target) = target else {
            return writeln!(self.out, "error: you have made no move to take back");
        };
        let taken = plies - target;
        self.record.truncate(target);
        self.announced = false;
        writeln!(
            self.out,
            "Took back {taken} move{}.",
            if taken == 1 { "" } else { "s" }
        )?;
        self.show_board()
    }

    pub(super) fn swap(&mut self) -> io::Result<()> {
        self.settings.humans.swap(0, 1);
        let first = G::side_name(Side::First);
        let second = G::side_name(Side::Second);
        let text = match self.settings.humans {
            [true, false] => format!("You play {first} now, the computer {second}."),
            [false, true] => format!("You play {second} now, the computer {first}."),
            [true, true] => "You still play both sides.".to_owned(),
            [false, false] => "The computer still plays both sides.".to_owned(),
        };
        writeln!(self.out, "{text}")
    }

    pub(super) fn set_level(&mut self, text: &str) -> io::Result<()> {
        match text.parse::<u8>().ok().and_then(Level::new) {
            Some(level) => {
                self.settings.level = level;
                writeln!(self.out, "Level {} ({}).", level.get(), level.describe())
            }
            None => writeln!(
                self.out,
                "error: level needs a number from 1 (beginner) to 10 (full strength): level N"
            ),
        }
    }

    pub(super) fn set_movetime(&mut self, text: &str) -> io::Result<()> {
        match text.parse::<u64>() {
            Ok(0) => {
                self.settings.movetime = None;
                writeln!(self.out, "Time per move: the level's default.")
            }
            Ok(ms) if ms <= 3_600_000 => {
                self.settings.movetime = Some(Duration::from_millis(ms));
                writeln!(self.out, "Time per move: {ms} ms.")
            }
            _ => writeln!(
                self.out,
                "error: movetime needs milliseconds from 0 to 3600000: movetime MS"
            ),
        }
    }

    pub(super) fn new_game(&mut self) -> io::Result<()> {
        self.record = GameHistory::new(self.start.clone());
        self.started = UtcTime::now();
        self.announced = false;
        self.search.player().new_game();
        writeln!(self.out, "New game.")?;
        self.show_board()
    }

    pub(super) fn history(&mut self) -> io::Result<()> {
        if self.record.moves().is_empty() {
            return writeln!(self.out, "No moves yet.");
        }
        let mut words = Vec::new();
        let mut number = 1;
        for (ply, (position, &mv)) in self
            .record
            .positions()
            .iter()
            .zip(self.record.moves())
            .enumerate()
        {
            let first = position.side_to_move() == Side::First;
            if first {
                words.push(format!("{number}."));
            } else if ply == 0 {
                words.push(format!("{number}..."));
            }
            words.push(position.display_move(mv));
            if !first {
                number += 1;
            }
        }
        writeln!(self.out, "{}", words.join(" "))
    }

    fn players(&self) -> Players {
        let person = std::env::var("USER")
            .ok()
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| "Human".to_owned());
        let computer = format!("ply level {}", self.settings.level.get());
        let name = |side: Side| {
            if self.is_human(side) {
                person.clone()
            } else {
                computer.clone()
            }
        };
        Players {
            first: name(Side::First),
            second: name(Side::Second),
        }
    }

    pub(super) fn save(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return writeln!(self.out, "error: save needs a file name: save FILE");
        }
        let outcome = self.record.outcome();
        let header = Header {
            date: self.started,
            ..play_header(&self.players(), outcome)
        };
        let text = G::write_game(&self.record, &header);
        match std::fs::write(file, text) {
            Ok(()) => writeln!(self.out, "Saved the game to {file} ({}).", G::RECORD_FORMAT),
            Err(err) => writeln!(self.out, "error: cannot save {file}: {err}"),
        }
    }

    pub(super) fn load(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return writeln!(self.out, "error: load needs a file name: load FILE");
        }
        let text = match std::fs::read(file) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(err) => return writeln!(self.out, "error: cannot load {file}: {err}"),
        };
        match G::read_record(&text) {
            Ok(record) => {
                let plies = record.moves().len();
                self.record = record;
                self.started = G::record_date(&text).unwrap_or_else(UtcTime::now);
                self.announced = false;
                self.search.player().new_game();
                writeln!(
                    self.out,
                    "Loaded {file}: {plies} move{}.",
                    if plies == 1 { "" } else { "s" }
                )?;
                self.show_board()
            }
            Err(reason) => writeln!(
                self.out,
                "error: cannot load {file} ({}): {reason}; the game is unchanged",
                G::RECORD_FORMAT
            ),
        }
    }
}
