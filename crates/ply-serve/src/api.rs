//! The JSON routes: start a game, read it, play and take back moves, draw
//! the board, let the computer think.

use crate::error::ApiError;
use crate::store::{Slot, State};
use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State as Shared};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ply_games::GameKind;
use ply_games::session::clock::{ClockSpec, ClockView};
use ply_games::session::{Answer, Ending, MoveInfo, RecordExtras, Session, Settings};
use ply_games::svg::{self, Theme};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// A game as the API shows it.
#[derive(Serialize)]
pub struct GameView {
    /// Its id.
    pub id: String,
    /// `chess`, `checkers` or `othello`.
    pub game: &'static str,
    /// The position now.
    pub position: String,
    /// The position it started from.
    pub start: String,
    /// The colour to move.
    pub turn: &'static str,
    /// Whether the side that moves first is to move.
    pub first_to_move: bool,
    /// The legal moves (none once it is over).
    pub moves: Vec<MoveInfo>,
    /// The moves played, in notation.
    pub history: Vec<String>,
    /// The moves ahead (taken back, or the rest of a loaded record), next
    /// first: what `redo` plays.
    pub future: Vec<String>,
    /// The record format: `PGN`, `PDN` or `GGF`.
    pub record_format: &'static str,
    /// The last move.
    pub last: Option<MoveInfo>,
    /// Game-specific facts.
    pub status: Option<String>,
    /// The opening the moves follow in the game's book, while they do.
    pub opening: Option<String>,
    /// The end, once reached.
    pub ending: Option<Ending>,
    /// Whether a search runs.
    pub searching: bool,
    /// The clocks, for a game that has them.
    pub clock: Option<ClockView>,
    /// Every line of the game: its main line, each move with the
    /// variations beside it ([`crate::tree`]).
    pub tree: Vec<crate::tree::Item>,
}

/// The end of `game` when a flag fell (`first`: the first player's).
fn time_loss(game: &dyn Session, first: bool) -> Ending {
    let (first_name, second_name) = (game.side_name(true), game.side_name(false));
    let (winner, loser) = if first {
        (second_name, first_name)
    } else {
        (first_name, second_name)
    };
    Ending {
        result: if first { "0-1" } else { "1-0" },
        winner: Some(winner),
        reason: format!("{winner} wins on time ({loser}'s flag fell)"),
    }
}

fn view(slot: &Slot, game: &dyn Session) -> GameView {
    let clock = slot
        .clock()
        .as_ref()
        .map(ply_games::session::clock::Clock::view);
    let flagged = slot
        .clock()
        .as_ref()
        .and_then(ply_games::session::clock::Clock::flagged);
    let ending = match flagged {
        Some(first) => Some(time_loss(game, first)),
        None => game.ending(),
    };
    GameView {
        id: slot.id.clone(),
        game: game.kind().name(),
        position: game.position(),
        start: game.start_position(),
        turn: game.side_to_move(),
        first_to_move: game.first_to_move(),
        moves: if flagged.is_some() {
            Vec::new()
        } else {
            game.legal_moves()
        },
        history: game.history(),
        future: game.future(),
        record_format: game.record_format().0,
        last: game.last_move(),
        status: game.status(),
        opening: game.opening(),
        ending,
        searching: slot.searching(),
        clock,
        tree: slot.tree().items(),
    }
}

/// The view of the game in `slot`, now.
pub fn view_of(slot: &Slot) -> GameView {
    let game = slot.game();
    view(slot, game.as_ref())
}

/// `GET /api`: the games and the server's limits.
pub async fn info(Shared(state): Shared<Arc<State>>) -> Json<serde_json::Value> {
    let config = &state.config;
    Json(json!({
        "games": GameKind::ALL.map(|kind| {
            let facts = ply_games::session::facts(kind);
            json!({
                "name": facts.name,
                "title": facts.title,
                "start": ply_games::session::new(kind, None).map(|g| g.position()).unwrap_or_default(),
                "first": facts.first,
                "second": facts.second,
                "move_help": facts.move_help,
                "move_examples": facts.move_examples,
                "record_format": facts.record_format.0,
                "record_extension": facts.record_format.1,
                "bottom": facts.bottom_first.map(|first| if first { "first" } else { "second" }),
                "places": facts.places,
                "marks": ply_games::session::annotation::Thresholds::from(facts.marks),
                "setup": ply_games::session::setup::palette(kind),
            })
        }),
        "max_movetime_ms": config.max_movetime.as_millis() as u64,
        "max_analysis_ms": config.max_analysis.as_millis() as u64,
        "max_sessions": config.max_sessions,
        "sessions": state.len(),
    }))
}

/// The body of `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game's name (aliases too).
    pub game: String,
    /// A position to start from, in the game's notation.
    pub position: Option<String>,
    /// A record (PGN, PDN or GGF) to load instead: the game is set at its
    /// start with its moves ahead.
    pub record: Option<String>,
    /// Which game of a record holding several (from 0; default the first:
    /// see `POST /api/records/games`).
    pub index: Option<usize>,
    /// Clocks for the game ([`ply_games::session::clock`]).
    pub clock: Option<ClockSpec>,
}

/// `POST /api/games`: starts a game; 201 with its view.
pub async fn create(
    Shared(state): Shared<Arc<State>>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body?;
    let kind = crate::setup::game_named(&body.game)?;
    let clock = body
        .clock
        .map(|spec| spec.start())
        .transpose()
        .map_err(ApiError::bad)?;
    let slot = match (&body.position, &body.record) {
        (Some(_), Some(_)) => return Err(ApiError::bad("give a position or a record, not both")),
        (_, Some(record)) => state.load(kind, record, body.index.unwrap_or(0))?,
        (_, None) if body.index.is_some() => {
            return Err(ApiError::bad(
                "an index picks a game of a record: give the record",
            ));
        }
        (position, None) => state.create(kind, position.as_deref())?,
    };
    *slot.clock() = clock;
    Ok((StatusCode::CREATED, Json(view_of(&slot))).into_response())
}

/// `GET /api/games/{id}`.
pub async fn show(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let slot = state.get(&id)?;
    Ok(Json(view_of(&slot)))
}

/// `DELETE /api/games/{id}`: drops the game; 204.
pub async fn remove(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    if state.remove(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::no_game(&id))
    }
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    /// The move in the game's notation (chess: SAN or UCI).
    #[serde(rename = "move")]
    pub mv: String,
    /// The time the move took, in milliseconds, as the page timed it: a
    /// game with clocks takes it from the mover's clock (0 when not given).
    pub used_ms: Option<u64>,
    /// A move other than the next one of the line (after taking back or
    /// stepping back) starts a variation, the rest of the line kept beside
    /// it, as an analysis board does; by default (false) the rest of the
    /// line is forgotten, as a take-back in a game does.
    pub variation: Option<bool>,
}

/// Keeps in the tree of the game in `slot` the move `played` that `game`
/// just played after `before` (its moves then), when `next` was the line's
/// next move: a `variation` beside the rest of the line, or in its place.
///
/// # Errors
/// 422 when the tree is full (the move is taken back).
fn keep_in_tree(
    slot: &Slot,
    game: &mut Box<dyn Session>,
    before: &[String],
    next: Option<&String>,
    played: &str,
    variation: bool,
) -> Result<(), ApiError> {
    let mut tree = slot.tree();
    if !variation && next.is_some_and(|next| next != played) {
        tree.truncate(before, played);
    }
    let mut line = game.history();
    line.extend(game.future());
    if !tree.add(&line) {
        let _ = crate::tree::go(game, &tree, before);
        return Err(ApiError::refused(format!(
            "the game's tree is full ({} moves): delete a variation",
            crate::tree::MAX_NODES
        )));
    }
    crate::tree::extend(game.as_mut(), &tree);
    Ok(())
}

/// 422 when the game's flag fell: it is over.
fn refuse_after_flag(slot: &Slot, game: &dyn Session) -> Result<(), ApiError> {
    match slot
        .clock()
        .as_ref()
        .and_then(ply_games::session::clock::Clock::flagged)
    {
        Some(first) => Err(ApiError::refused(format!(
            "the game is over: {}",
            time_loss(game, first).reason
        ))),
        None => Ok(()),
    }
}

/// `POST /api/games/{id}/moves`: plays a move; the view, with `played` (the
/// move in notation). 422 with the reason for an illegal move, 409 while the
/// game searches.
pub async fn play(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<PlayMove>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let slot = state.get(&id)?;
    let Json(body) = body?;
    if slot.searching() {
        return Err(ApiError::busy());
    }
    let mut game = slot.game();
    refuse_after_flag(&slot, game.as_ref())?;
    let mover_first = game.first_to_move();
    let used = Duration::from_millis(body.used_ms.unwrap_or(0));
    let over = game.ending().is_some();
    let flag_fell = match slot.clock().as_mut() {
        Some(clock) if !over && used >= clock.left(mover_first) => {
            clock.flag(mover_first);
            true
        }
        _ => false,
    };
    if flag_fell {
        // The flag fell before the move: it does not count.
        let view = view(&slot, game.as_ref());
        return Ok(Json(json!({ "played": null, "game": view })));
    }
    let before = game.history();
    let next = game.future().into_iter().next();
    let index = before.len();
    let played = game.play(&body.mv).map_err(ApiError::refused)?;
    keep_in_tree(
        &slot,
        &mut game,
        &before,
        next.as_ref(),
        &played,
        body.variation.unwrap_or(false),
    )?;
    if let Some(clock) = slot.clock().as_mut() {
        clock.moved(mover_first, used);
        clock.log(index, mover_first, used);
    }
    let view = view(&slot, game.as_ref());
    Ok(Json(json!({ "played": played, "game": view })))
}

/// The body of `POST /api/games/{id}/undo`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Undo {
    /// Moves to take back (1 by default; 2 takes back a move and the
    /// computer's reply).
    pub plies: Option<usize>,
}

/// `POST /api/games/{id}/undo`: takes back moves (an empty body takes back
/// one); the view with `undone`.
pub async fn undo(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<Undo>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    step_through(&state, &id, body, "undone", |game| game.undo())
}

/// `POST /api/games/{id}/redo`: plays again moves taken back (or the next
/// moves of a loaded record; one with an empty body); the view with
/// `redone`.
pub async fn redo(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<Undo>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    step_through(&state, &id, body, "redone", |game| game.redo())
}

/// Undo and redo: `step` as many times as the body's `plies` asks (1 to
/// 1000, one without a body) or until it gives no move; the moves under
/// `key` and the view.
fn step_through(
    state: &State,
    id: &str,
    body: Result<Json<Undo>, JsonRejection>,
    key: &str,
    step: impl Fn(&mut dyn Session) -> Option<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let slot = state.get(id)?;
    let body = match body {
        Ok(Json(body)) => body,
        Err(JsonRejection::MissingJsonContentType(_)) => Undo::default(),
        Err(err) => return Err(err.into()),
    };
    let plies = body.plies.unwrap_or(1);
    if !(1..=1000).contains(&plies) {
        return Err(ApiError::bad("plies must be 1 to 1000"));
    }
    if slot.searching() {
        return Err(ApiError::busy());
    }
    let mut game = slot.game();
    let moves: Vec<String> = (0..plies).map_while(|_| step(game.as_mut())).collect();
    let view = view(&slot, game.as_ref());
    Ok(Json(json!({ key: moves, "game": view })))
}

/// The query of `GET /api/games/{id}/record`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RecordQuery {
    /// The name of the player who moved first.
    pub first: Option<String>,
    /// The name of the other player.
    pub second: Option<String>,
    /// Each move's note from the game's last annotation as a comment (true
    /// by default; none when the game was not annotated).
    pub notes: Option<bool>,
}

/// `GET /api/games/{id}/record`: the game as PGN, PDN or GGF, to save.
pub async fn record(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    query: Result<Query<RecordQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let slot = state.get(&id)?;
    let Query(query) = query?;
    let name = |name: Option<String>| {
        let name: String = name
            .unwrap_or_else(|| "?".to_owned())
            .chars()
            .take(60)
            .collect();
        name.replace(char::is_control, " ")
    };
    let players = ply_core::record::Players {
        first: name(query.first),
        second: name(query.second),
    };
    let mut game = slot.game();
    // The whole game whatever move is shown, as lichess saves it: the moves
    // ahead are played for the record and taken back after.
    let ahead = std::iter::from_fn(|| game.redo()).count();
    let text = record_text(&slot, game.as_ref(), query.notes.unwrap_or(true), &players);
    for _ in 0..ahead {
        game.undo();
    }
    let (_, extension) = game.record_format();
    let kind = game.kind();
    drop(game);
    let disposition = format!("attachment; filename=\"ply-{}.{extension}\"", kind.name());
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// The record of `game` as `slot` knows it: its notes (when `notes` and the
/// game was annotated), clock and variations.
fn record_text(
    slot: &Slot,
    game: &dyn Session,
    notes: bool,
    players: &ply_core::record::Players,
) -> String {
    let notes = if notes {
        crate::annotate::notes(slot, game)
    } else {
        Vec::new()
    };
    let (time_control, decided, move_clocks) = match slot.clock().as_ref() {
        Some(clock) => (
            Some(clock.time_control()),
            clock.flagged().map(|first| {
                let ending = time_loss(game, first);
                (Some(!first), ending.reason)
            }),
            clock.move_clocks().to_vec(),
        ),
        None => (None, None, Vec::new()),
    };
    let variations = slot.tree().variations_along(&game.history());
    let extras = RecordExtras {
        notes,
        time_control,
        decided,
        move_clocks,
        variations,
    };
    game.record_with(players, &extras)
}

/// The body of `POST /api/games/{id}/line` and its `delete` and `promote`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineBody {
    /// A line of the game's tree, from the start, in notation (the moves as
    /// the game's `tree` writes them).
    pub moves: Vec<String>,
}

/// Reads the body of the line routes: the game, not searching, and the line.
fn line_of(
    state: &State,
    id: &str,
    body: Result<Json<LineBody>, JsonRejection>,
) -> Result<(Arc<Slot>, Vec<String>), ApiError> {
    let slot = state.get(id)?;
    let Json(body) = body?;
    if body.moves.len() > crate::tree::MAX_NODES {
        return Err(ApiError::bad("the line is longer than any in the tree"));
    }
    if slot.searching() {
        return Err(ApiError::busy());
    }
    Ok((slot, body.moves))
}

fn no_line() -> ApiError {
    ApiError::refused("no such line in the game's tree")
}

/// `POST /api/games/{id}/line` `{"moves": [...]}`: goes to the position
/// after that line of the game's tree (a variation, or a move of the main
/// line), with the tree's main continuation after it as the moves ahead;
/// the game. 422 for a line the tree does not hold.
pub async fn go_to_line(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<LineBody>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let (slot, line) = line_of(&state, &id, body)?;
    let mut game = slot.game();
    {
        let tree = slot.tree();
        if !tree.contains(&line) {
            return Err(no_line());
        }
        crate::tree::go(&mut game, &tree, &line).map_err(ApiError::refused)?;
    }
    Ok(Json(view(&slot, game.as_ref())))
}

/// `POST /api/games/{id}/line/delete` `{"moves": [...]}`: deletes the last
/// move of the line and everything after it from the game's tree; a game
/// on that line goes to the position before the move; the game. 422 for a
/// line the tree does not hold (or no move).
pub async fn delete_line(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<LineBody>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let (slot, line) = line_of(&state, &id, body)?;
    let mut game = slot.game();
    {
        let mut tree = slot.tree();
        if !tree.delete(&line) {
            return Err(no_line());
        }
        let history = game.history();
        let mut current = history.clone();
        current.extend(game.future());
        if history.starts_with(&line) {
            crate::tree::go(&mut game, &tree, &line[..line.len() - 1])
        } else if !tree.contains(&current) {
            crate::tree::go(&mut game, &tree, &history)
        } else {
            Ok(())
        }
        .map_err(ApiError::refused)?;
    }
    Ok(Json(view(&slot, game.as_ref())))
}

/// `POST /api/games/{id}/line/promote` `{"moves": [...]}`: makes the line
/// the main line of the game's tree as far as it goes; the game. 422 for a
/// line the tree does not hold.
pub async fn promote_line(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<LineBody>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let (slot, line) = line_of(&state, &id, body)?;
    let game = slot.game();
    if !slot.tree().promote(&line) {
        return Err(no_line());
    }
    Ok(Json(view(&slot, game.as_ref())))
}

/// The query of `GET /api/games/{id}/board.svg`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    /// Turn the board round.
    pub flip: Option<bool>,
    /// A square to select (its targets are marked where the game can).
    pub selected: Option<String>,
    /// `light` (default) or `dark`.
    pub theme: Option<String>,
    /// Coordinates around the board (default true).
    pub coordinates: Option<bool>,
}

/// `GET /api/games/{id}/board.svg`: the board drawn by ply's renderer.
pub async fn board(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    query: Result<Query<BoardQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let slot = state.get(&id)?;
    let Query(query) = query?;
    let theme = match query.theme.as_deref() {
        None => Theme::Light,
        Some(name) => name
            .parse()
            .map_err(|e: svg::UnknownTheme| ApiError::bad(e.to_string()))?,
    };
    let options = svg::Options {
        theme,
        coordinates: query.coordinates.unwrap_or(true),
        size: None,
    };
    let svg = slot.game().svg(
        query.flip.unwrap_or(false),
        query.selected.as_deref(),
        &options,
    );
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

/// The limits of a search, as a page asks for them.
#[derive(Deserialize, Default, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct SearchLimits {
    /// Strength 1-10 (10 by default).
    pub level: Option<u8>,
    /// Milliseconds to think at most.
    pub movetime: Option<u64>,
    /// Plies to search at most.
    pub depth: Option<u32>,
    /// Lines to report (analysis), 1-5.
    pub multipv: Option<usize>,
    /// Play the move found (`think` only; true by default).
    pub play: Option<bool>,
}

impl SearchLimits {
    /// The search's settings within the server's bounds; `default_ms` when
    /// neither a time nor a depth is given.
    ///
    /// # Errors
    /// 400 for a level, depth, time or line count out of range.
    pub fn settings(
        &self,
        max: Duration,
        default_ms: u64,
        hash_mb: usize,
    ) -> Result<Settings, ApiError> {
        let level = self.level.unwrap_or(10);
        if !(1..=10).contains(&level) {
            return Err(ApiError::bad("level must be 1 to 10"));
        }
        if let Some(depth) = self.depth
            && !(1..=64).contains(&depth)
        {
            return Err(ApiError::bad("depth must be 1 to 64"));
        }
        let multipv = self.multipv.unwrap_or(1);
        if !(1..=5).contains(&multipv) {
            return Err(ApiError::bad("multipv must be 1 to 5"));
        }
        let max_ms = u64::try_from(max.as_millis()).unwrap_or(u64::MAX);
        let movetime = match (self.movetime, self.depth) {
            (Some(ms), _) if ms == 0 || ms > max_ms => {
                return Err(ApiError::bad(format!("movetime must be 1 to {max_ms} ms")));
            }
            (Some(ms), _) => ms,
            (None, Some(_)) => max_ms,
            (None, None) => default_ms.min(max_ms),
        };
        Ok(Settings {
            level,
            depth: self.depth,
            movetime: Some(Duration::from_millis(movetime)),
            threads: 1,
            hash_mb,
            seed: rand_seed(),
            multipv,
            book: false,
        })
    }
}

/// A seed for the weaker levels' randomness, different each search.
fn rand_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// `POST /api/games/{id}/think`: the computer thinks (with the game's
/// player; where it plays its move, with the opening book first unless
/// the server has none) and, unless `play` is false, plays its move;
/// `{answer, game}`.
/// The search stops when the request goes away or `/stop` is posted.
pub async fn think(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<SearchLimits>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let slot = state.get(&id)?;
    let limits = match body {
        Ok(Json(limits)) => limits,
        Err(JsonRejection::MissingJsonContentType(_)) => SearchLimits::default(),
        Err(err) => return Err(err.into()),
    };
    let mut settings = limits.settings(state.config.max_movetime, 1000, state.config.hash_mb)?;
    let play = limits.play.unwrap_or(true);
    // A game with clocks: the computer thinks for a share of its clock,
    // whatever the page asked, and the time the request takes is its.
    let mover_first = {
        let game = slot.game();
        refuse_after_flag(&slot, game.as_ref())?;
        game.first_to_move()
    };
    let began = std::time::Instant::now();
    if play && let Some(clock) = slot.clock().as_ref() {
        settings.movetime = Some(clock.budget(mover_first).min(state.config.max_movetime));
    }
    // The computer's move comes from the book where it knows the position.
    settings.book = play && state.config.book;
    let (answer, plies) = run_search(&state, &slot, &settings, |_| {}).await?;
    let mut game = slot.game();
    let mut played = None;
    if play
        && let Some(best) = &answer.best
        && game.history().len() == plies
    {
        let used = began.elapsed();
        let flag_fell = slot
            .clock()
            .as_mut()
            .is_some_and(|clock| clock.moved(mover_first, used));
        if !flag_fell {
            let before = game.history();
            let next = game.future().into_iter().next();
            played = game.play(best).ok();
            if let Some(name) = &played {
                keep_in_tree(&slot, &mut game, &before, next.as_ref(), name, false)?;
            }
            if let Some(clock) = slot.clock().as_mut() {
                clock.log(plies, mover_first, used);
            }
        }
    }
    let view = view(&slot, game.as_ref());
    Ok(Json(
        json!({ "answer": answer, "played": played, "game": view }),
    ))
}

/// Runs a search of the game in `slot` now on a blocking thread when a
/// permit is free, sending each line to `on_line`; the answer and the
/// number of moves the game had. Dropping the future (the page went away)
/// stops the search.
///
/// # Errors
/// 409 when the game searches already.
pub async fn run_search(
    state: &State,
    slot: &Arc<Slot>,
    settings: &Settings,
    on_line: impl FnMut(&ply_games::session::Line) + Send + 'static,
) -> Result<(Answer, usize), ApiError> {
    let guard = slot.begin_search()?;
    let permit = Arc::clone(&state.searches)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::bad("the server is shutting down"))?;
    let (search, plies) = {
        let game = slot.game();
        (game.search(settings), game.history().len())
    };
    let stop = Arc::clone(&guard.stop);
    let mut on_line = on_line;
    let task = tokio::task::spawn_blocking(move || {
        let answer = search.run(&stop, &mut on_line);
        drop(permit);
        answer
    });
    let answer = task
        .await
        .map_err(|e| ApiError::bad(format!("the search failed: {e}")))?;
    drop(guard);
    Ok((answer, plies))
}

/// `POST /api/games/{id}/annotate`: annotates the game's main line
/// ([`crate::annotate`]; the body's limits are per position, an empty body
/// takes the defaults) and answers with the [`ply_games::session::annotation::Annotation`]
/// when done. `/stop` or the request going away stop it; 409 while the
/// game searches.
pub async fn annotate(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    body: Result<Json<crate::annotate::AnnotateLimits>, JsonRejection>,
) -> Result<Json<ply_games::session::annotation::Annotation>, ApiError> {
    let slot = state.get(&id)?;
    let limits = match body {
        Ok(Json(limits)) => limits,
        Err(JsonRejection::MissingJsonContentType(_)) => Default::default(),
        Err(err) => return Err(err.into()),
    };
    let settings = limits.settings(&state)?;
    let annotation = crate::annotate::annotate(&state, &slot, &settings, |_, _, _| {}).await?;
    Ok(Json(annotation))
}

/// `GET /api/games/{id}/annotate`: the game's last annotation; 404 when it
/// has none.
pub async fn annotation(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Json<ply_games::session::annotation::Annotation>, ApiError> {
    let slot = state.get(&id)?;
    slot.annotation()
        .map(|a| Json((*a).clone()))
        .ok_or_else(|| ApiError {
            status: StatusCode::NOT_FOUND,
            reason: "the game has not been annotated".to_owned(),
        })
}

/// `POST /api/games/{id}/stop`: stops the game's search (which then answers
/// with its best move so far); `{stopped}`.
pub async fn stop(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let slot = state.get(&id)?;
    Ok(Json(json!({ "stopped": slot.stop() })))
}

/// `POST /api/games/{id}/flag`: the flag of the side to move fell (its
/// clock, as the page keeps a person's, ran out): the other side wins on
/// time; the game. 400 for a game without clocks, 409 while it searches,
/// 422 once it is over.
pub async fn flag(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let slot = state.get(&id)?;
    if slot.searching() {
        return Err(ApiError::busy());
    }
    let game = slot.game();
    refuse_after_flag(&slot, game.as_ref())?;
    if let Some(ending) = game.ending() {
        return Err(ApiError::refused(format!(
            "the game is over: {}",
            ending.reason
        )));
    }
    match slot.clock().as_mut() {
        Some(clock) => clock.flag(game.first_to_move()),
        None => return Err(ApiError::bad("the game has no clocks")),
    }
    Ok(Json(view(&slot, game.as_ref())))
}

/// Anything else: 404 with the reason.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    let shown: String = uri.path().chars().take(80).collect();
    ApiError {
        status: StatusCode::NOT_FOUND,
        reason: format!("nothing at {shown}"),
    }
}
