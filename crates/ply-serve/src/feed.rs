//! A match's feed: what a `ply match` publishes as it plays (games started,
//! moves, engines' lines, results, the running score), kept bounded
//! ([`FeedLimits`]) for the watch page (`watch.rs`) and the matches
//! published to a running server (`publish.rs`) alike.

use ply_games::GameKind;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::broadcast;

/// How much a feed keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeedLimits {
    /// Finished games kept with their moves and records.
    pub finished: usize,
    /// Thinking lines kept per side of a live game.
    pub lines: usize,
    /// The longest thinking line kept, in characters (longer ones are cut).
    pub line_chars: usize,
    /// Events a page may fall behind before it is sent a new snapshot.
    pub backlog: usize,
    /// Games played at once (a game started past them is not shown).
    pub live: usize,
    /// Moves kept per game (the moves past them are not shown).
    pub moves: usize,
}

impl Default for FeedLimits {
    /// 500 finished games, 8 lines per side of 400 characters, a backlog of
    /// 1024 events, 256 games at once of 10 000 moves at most.
    fn default() -> FeedLimits {
        FeedLimits {
            finished: 500,
            lines: 8,
            line_chars: 400,
            backlog: 1024,
            live: 256,
            moves: 10_000,
        }
    }
}

/// What the match is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchInfo {
    /// The game's name (`chess`).
    pub game: String,
    /// The engines' names, as in the tables.
    pub engines: Vec<String>,
    /// Games scheduled.
    pub games: usize,
    /// The event's name.
    pub event: String,
    /// The colours: the side that moves first (`White`), then the other.
    pub sides: [String; 2],
}

/// A game that started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameStart {
    /// Its number in the match, from 1.
    pub number: usize,
    /// Its round, from 1.
    pub round: u32,
    /// The engines, by index into [`MatchInfo::engines`]: the one that moves
    /// first, then the other.
    pub engines: [usize; 2],
    /// The opening's name.
    pub opening: String,
    /// The position the opening starts from, in the game's notation.
    pub start: String,
    /// The opening's moves, in the game's notation.
    pub moves: Vec<String>,
    /// The position now.
    pub position: String,
    /// Each side's clock in milliseconds (`None`: no clock).
    pub clocks: [Option<u64>; 2],
    /// The side to move: 0 (the side that moves first) or 1.
    pub to_move: usize,
}

/// A move played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovePlayed {
    /// The move, in the game's notation.
    pub notation: String,
    /// The position after it.
    pub position: String,
    /// Each side's clock after it, in milliseconds.
    pub clocks: [Option<u64>; 2],
    /// The time the move took, in milliseconds (`None`: a forced pass).
    pub used_ms: Option<u64>,
    /// The side to move next.
    pub to_move: usize,
}

/// A game that ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEnd {
    /// `1-0` (the side that moves first won), `0-1` or `1/2-1/2`.
    pub result: String,
    /// The winner: 0 (the side that moves first), 1, or `None` for a draw.
    pub winner: Option<usize>,
    /// The end in a sentence.
    pub reason: String,
    /// PGN's `Termination` (`normal`, `time forfeit`...).
    pub termination: String,
    /// The game's record file (PGN, PDN or GGF).
    pub record: String,
}

/// One call of a [`MatchFeed`] as data: what `ply match -publish` posts to
/// a running server (`POST /api/publish/{id}`), in the JSON of its `type`
/// (`game`, `move`, `line`, `end`, `score`, `over`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum FeedEvent {
    /// [`MatchFeed::game_started`].
    Game {
        /// The game.
        game: GameStart,
    },
    /// [`MatchFeed::moved`].
    Move {
        /// The game's number.
        number: usize,
        /// The move.
        played: MovePlayed,
    },
    /// [`MatchFeed::engine_line`].
    Line {
        /// The game's number.
        number: usize,
        /// The side whose engine wrote it (0: the side that moves first).
        side: usize,
        /// The line as the engine wrote it.
        text: String,
    },
    /// [`MatchFeed::game_ended`].
    End {
        /// The game's number.
        number: usize,
        /// How it ended, with its record.
        end: GameEnd,
    },
    /// [`MatchFeed::score`].
    Score {
        /// The score as `ply match --json` writes it.
        score: Value,
    },
    /// [`MatchFeed::finish`].
    Over {
        /// Whether it stopped before its last game.
        interrupted: bool,
    },
}

/// One game as the feed keeps it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Game {
    pub(crate) number: usize,
    pub(crate) round: u32,
    pub(crate) engines: [usize; 2],
    pub(crate) players: [String; 2],
    pub(crate) opening: String,
    pub(crate) start: String,
    /// Moves of the opening (played before the engines took over).
    pub(crate) opening_plies: usize,
    pub(crate) moves: Vec<String>,
    pub(crate) position: String,
    pub(crate) clocks: [Option<u64>; 2],
    pub(crate) to_move: usize,
    /// The time of each move in ms (`None` for the opening and passes).
    pub(crate) used_ms: Vec<Option<u64>>,
    /// The last thinking lines of each side, oldest first.
    pub(crate) lines: [VecDeque<String>; 2],
    pub(crate) result: Option<String>,
    pub(crate) winner: Option<usize>,
    pub(crate) reason: Option<String>,
    pub(crate) termination: Option<String>,
    #[serde(skip)]
    pub(crate) record: Option<String>,
}

impl Game {
    /// The game without its moves, for lists.
    fn summary(&self) -> Value {
        json!({
            "number": self.number,
            "round": self.round,
            "engines": self.engines,
            "players": self.players,
            "opening": self.opening,
            "plies": self.moves.len(),
            "result": self.result,
            "winner": self.winner,
            "reason": self.reason,
            "termination": self.termination,
        })
    }
}

/// Wins, draws and losses of one engine with one colour against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Cell {
    pub(crate) wins: u32,
    pub(crate) draws: u32,
    pub(crate) losses: u32,
}

pub(crate) struct Feed {
    pub(crate) info: MatchInfo,
    pub(crate) seq: u64,
    pub(crate) live: BTreeMap<usize, Game>,
    pub(crate) finished: VecDeque<Game>,
    pub(crate) dropped: usize,
    /// `(first mover, other)` by engine index: the first mover's results.
    pub(crate) cross: BTreeMap<(usize, usize), Cell>,
    pub(crate) score: Value,
    pub(crate) over: Option<bool>,
}

/// What a match publishes and its pages read: the state for a page that
/// joins late and a stream of events (see the [module](self) for both).
pub struct MatchFeed {
    feed: Mutex<Feed>,
    limits: FeedLimits,
    events: broadcast::Sender<Arc<str>>,
}

impl MatchFeed {
    /// The feed of a match that is about to start.
    pub fn new(info: MatchInfo, limits: FeedLimits) -> MatchFeed {
        let (events, _) = broadcast::channel(limits.backlog.max(1));
        MatchFeed {
            feed: Mutex::new(Feed {
                info,
                seq: 0,
                live: BTreeMap::new(),
                finished: VecDeque::new(),
                dropped: 0,
                cross: BTreeMap::new(),
                score: Value::Null,
                over: None,
            }),
            limits,
            events,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Feed> {
        self.feed.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Numbers the event, sends it to the pages following (under the lock,
    /// so that a page that joins sees each event once: in its snapshot or
    /// after it).
    fn publish(&self, feed: &mut Feed, mut event: Value) {
        feed.seq += 1;
        event["seq"] = json!(feed.seq);
        let _ = self.events.send(Arc::from(event.to_string()));
    }

    /// A game started.
    pub fn game_started(&self, start: GameStart) {
        let mut feed = self.lock();
        if feed.live.len() >= self.limits.live && !feed.live.contains_key(&start.number) {
            return;
        }
        let mut start = start;
        start.moves.truncate(self.limits.moves);
        let name = |i: usize| feed.info.engines.get(i).cloned().unwrap_or_default();
        let game = Game {
            number: start.number,
            round: start.round,
            engines: start.engines,
            players: [name(start.engines[0]), name(start.engines[1])],
            opening: start.opening,
            start: start.start,
            opening_plies: start.moves.len(),
            used_ms: vec![None; start.moves.len()],
            moves: start.moves,
            position: start.position,
            clocks: start.clocks,
            to_move: start.to_move,
            lines: [VecDeque::new(), VecDeque::new()],
            result: None,
            winner: None,
            reason: None,
            termination: None,
            record: None,
        };
        let event = json!({ "type": "game", "game": game });
        feed.live.insert(start.number, game);
        self.publish(&mut feed, event);
    }

    /// A move of live game `number`.
    pub fn moved(&self, number: usize, mv: MovePlayed) {
        let mut feed = self.lock();
        let Some(game) = feed.live.get_mut(&number) else {
            return;
        };
        if game.moves.len() >= self.limits.moves {
            return;
        }
        game.moves.push(mv.notation.clone());
        game.used_ms.push(mv.used_ms);
        game.position.clone_from(&mv.position);
        game.clocks = mv.clocks;
        game.to_move = mv.to_move;
        let event = json!({
            "type": "move",
            "number": number,
            "ply": game.moves.len(),
            "move": mv.notation,
            "position": mv.position,
            "clocks": mv.clocks,
            "used_ms": mv.used_ms,
            "to_move": mv.to_move,
        });
        self.publish(&mut feed, event);
    }

    /// A thinking line of the engine playing `side` (0: the side that moves
    /// first) in live game `number`, as the engine wrote it.
    pub fn engine_line(&self, number: usize, side: usize, text: &str) {
        let text: String = text
            .chars()
            .take(self.limits.line_chars)
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let mut feed = self.lock();
        let Some(game) = feed.live.get_mut(&number) else {
            return;
        };
        let Some(lines) = game.lines.get_mut(side) else {
            return;
        };
        lines.push_back(text.clone());
        while lines.len() > self.limits.lines {
            lines.pop_front();
        }
        let event = json!({ "type": "line", "number": number, "side": side, "text": text });
        self.publish(&mut feed, event);
    }

    /// Live game `number` ended.
    pub fn game_ended(&self, number: usize, end: GameEnd) {
        let mut feed = self.lock();
        let Some(mut game) = feed.live.remove(&number) else {
            return;
        };
        let cell = feed
            .cross
            .entry((game.engines[0], game.engines[1]))
            .or_default();
        match end.winner {
            None => cell.draws += 1,
            Some(0) => cell.wins += 1,
            Some(_) => cell.losses += 1,
        }
        game.result = Some(end.result);
        game.winner = end.winner;
        game.reason = Some(end.reason);
        game.termination = Some(end.termination);
        game.record = Some(end.record);
        game.lines = [VecDeque::new(), VecDeque::new()];
        let event = json!({
            "type": "end",
            "summary": game.summary(),
            "cross": cross_json(&feed.cross),
        });
        feed.finished.push_back(game);
        while feed.finished.len() > self.limits.finished {
            feed.finished.pop_front();
            feed.dropped += 1;
        }
        self.publish(&mut feed, event);
    }

    /// The running score, as `ply match --json` writes its summary: `games`,
    /// `wins`, `draws`, `losses` (the first engine's against the second),
    /// `score`, `elo`, `elo_error` (the 95 % interval's half width), `los`,
    /// `sprt`, `engines`...
    pub fn score(&self, score: Value) {
        let mut feed = self.lock();
        feed.score = score.clone();
        self.publish(&mut feed, json!({ "type": "score", "score": score }));
    }

    /// The match ended (`interrupted`: stopped before its last game).
    pub fn finish(&self, interrupted: bool) {
        let mut feed = self.lock();
        feed.over = Some(interrupted);
        feed.live.clear();
        self.publish(
            &mut feed,
            json!({ "type": "over", "interrupted": interrupted }),
        );
    }

    /// Applies one event as a publisher sent it ([`FeedEvent`]).
    pub fn apply(&self, event: FeedEvent) {
        match event {
            FeedEvent::Game { game } => self.game_started(game),
            FeedEvent::Move { number, played } => self.moved(number, played),
            FeedEvent::Line { number, side, text } => self.engine_line(number, side, &text),
            FeedEvent::End { number, end } => self.game_ended(number, end),
            FeedEvent::Score { score } => self.score(score),
            FeedEvent::Over { interrupted } => self.finish(interrupted),
        }
    }

    /// What the match is.
    pub fn info(&self) -> MatchInfo {
        self.lock().info.clone()
    }

    /// Whether the match ended.
    pub fn is_over(&self) -> bool {
        self.lock().over.is_some()
    }

    /// Games finished so far (those dropped included).
    pub fn finished_games(&self) -> usize {
        let feed = self.lock();
        feed.finished.len() + feed.dropped
    }

    /// Everything a page needs to start: `{"type": "snapshot", "seq", "match",
    /// "live": [games with moves and lines], "finished": [summaries],
    /// "dropped", "cross": [{"first", "second", "wins", "draws", "losses"}],
    /// "score", "over", "interrupted"}`.
    pub fn snapshot(&self) -> Value {
        snapshot(&self.lock())
    }

    /// The snapshot and the events after it.
    pub(crate) fn join(&self) -> (Value, broadcast::Receiver<Arc<str>>) {
        let feed = self.lock();
        (snapshot(&feed), self.events.subscribe())
    }

    /// Game `number` (live or kept) with its moves and, once finished, its
    /// record.
    pub(crate) fn game(&self, number: usize) -> Option<Game> {
        let feed = self.lock();
        feed.live
            .get(&number)
            .or_else(|| feed.finished.iter().find(|g| g.number == number))
            .cloned()
    }

    /// The game's kind.
    pub(crate) fn kind(&self) -> Option<GameKind> {
        GameKind::named(&self.lock().info.game)
    }
}

pub(crate) fn cross_json(cross: &BTreeMap<(usize, usize), Cell>) -> Value {
    cross
        .iter()
        .map(|(&(first, second), cell)| {
            json!({"first": first, "second": second,
                   "wins": cell.wins, "draws": cell.draws, "losses": cell.losses})
        })
        .collect()
}

pub(crate) fn snapshot(feed: &Feed) -> Value {
    json!({
        "type": "snapshot",
        "seq": feed.seq,
        "match": feed.info,
        "live": feed.live.values().collect::<Vec<_>>(),
        "finished": feed.finished.iter().map(Game::summary).collect::<Vec<_>>(),
        "dropped": feed.dropped,
        "cross": cross_json(&feed.cross),
        "score": feed.score,
        "over": feed.over.is_some(),
        "interrupted": feed.over == Some(true),
    })
}
