//! Watching a `ply match`: the match process publishes what happens into a
//! [`MatchFeed`] and the page `/watch` follows it.
//!
//! The feed is read-only from HTTP: a match is started on the command line
//! (`ply match ... -serve`), which makes the feed and serves it with the rest
//! of the app; nothing a page sends can start a match or name a program.
//! `ply serve` alone has no feed and answers 404 ("no match").
//!
//! - `GET /watch`: the page;
//! - `GET /api/match`: the [`MatchFeed::snapshot`];
//! - `GET /api/match/ws`: a WebSocket that sends the snapshot, then each
//!   event as it happens (a new snapshot when the page fell behind);
//! - `GET /api/match/games/{number}`: one game, live or finished, with its
//!   moves (and its record once finished);
//! - `GET /api/match/games/{number}/board.svg?ply=N&theme=&flip=`: the board
//!   after `ply` moves of the game (default: all), drawn by ply's renderer;
//! - `GET /api/match/games/{number}/record`: a finished game's record file.
//!
//! Events are JSON objects with a `type` and a sequence number `seq` (the
//! snapshot carries the last one): `game` (a game started, with its
//! players, opening, start position and clocks), `move` (a move played, the
//! position after it and both clocks), `line` (an engine's thinking line as
//! the engine wrote it), `end` (a game ended: result, reason), `score` (the
//! running score, Elo with its error, SPRT) and `over` (the match ended).
//!
//! Memory is bounded ([`FeedLimits`]): the moves of at most
//! [`FeedLimits::finished`] finished games are kept (older ones are
//! dropped, their results still count), a few thinking lines per side of
//! each live game, each cut to [`FeedLimits::line_chars`] characters.

use crate::error::ApiError;
use crate::feed::Game;
use crate::origin::same_origin;
use crate::publish::Published;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State as Shared};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use ply_games::svg::{self, Theme};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::broadcast;

/// The page.
pub const PAGE: &str = include_str!("../assets/watch.html");

pub use crate::feed::{
    FeedEvent, FeedLimits, GameEnd, GameStart, MatchFeed, MatchInfo, MovePlayed,
};

/// What the routes read: the match of `ply match -serve` beside this
/// server, if any, and the matches published to it.
#[derive(Clone)]
struct Watched {
    local: Option<Arc<MatchFeed>>,
    published: Arc<Published>,
}

/// Which match a request is about: `?match=ID` (a published one's id, or
/// `local`); none: the local one, else the one published last.
#[derive(Deserialize, Default)]
pub struct MatchQuery {
    /// The match's id.
    #[serde(rename = "match")]
    pub id: Option<String>,
}

/// The routes of the match view on `feed` (`None`: `ply serve` alone, no
/// match of its own to watch) and the matches `published` to the server,
/// for any router state.
pub fn routes<S: Clone + Send + Sync + 'static>(
    feed: Option<Arc<MatchFeed>>,
    published: Arc<Published>,
) -> Router<S> {
    Router::new()
        .route("/watch", get(page))
        .route("/api/match", get(show))
        .route("/api/matches", get(list))
        .route("/api/match/ws", get(upgrade))
        .route("/api/match/games/{number}", get(game))
        .route("/api/match/games/{number}/board.svg", get(board))
        .route("/api/match/games/{number}/record", get(record))
        .with_state(Watched {
            local: feed,
            published,
        })
}

/// `GET /watch`: the page.
pub async fn page() -> Html<&'static str> {
    Html(PAGE)
}

fn no_match() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        reason: "no match is being watched: start one with ply match ... -serve, or publish one \
                 here with ply match ... -publish"
            .to_owned(),
    }
}

fn feed_of(watched: &Watched, id: Option<&str>) -> Result<Arc<MatchFeed>, ApiError> {
    match id {
        None => watched
            .local
            .clone()
            .or_else(|| watched.published.latest())
            .ok_or_else(no_match),
        Some("local") => watched.local.clone().ok_or_else(no_match),
        Some(id) => watched.published.get(id).ok_or_else(|| {
            let shown: String = id.chars().take(40).collect();
            ApiError {
                status: StatusCode::NOT_FOUND,
                reason: format!("no match {shown} is published here"),
            }
        }),
    }
}

/// `GET /api/match`: the snapshot, or 404 when no match is watched.
async fn show(
    Shared(watched): Shared<Watched>,
    Query(pick): Query<MatchQuery>,
) -> Result<Response, ApiError> {
    let feed = feed_of(&watched, pick.id.as_deref())?;
    Ok(axum::Json(feed.snapshot()).into_response())
}

/// `GET /api/matches`: the matches to watch here: `{"matches": [{"id",
/// "game", "engines", "games", "finished", "over", "published"}]}`, the
/// local one (id `local`) first.
async fn list(Shared(watched): Shared<Watched>) -> Response {
    let describe = |id: &str, feed: &MatchFeed, published: bool| {
        let info = feed.info();
        json!({
            "id": id,
            "game": info.game,
            "engines": info.engines,
            "games": info.games,
            "event": info.event,
            "finished": feed.finished_games(),
            "over": feed.is_over(),
            "published": published,
        })
    };
    let mut matches: Vec<Value> = Vec::new();
    if let Some(feed) = &watched.local {
        matches.push(describe("local", feed, false));
    }
    for (id, feed) in watched.published.all() {
        matches.push(describe(&id, &feed, true));
    }
    axum::Json(json!({ "matches": matches })).into_response()
}

/// A game number from the path: 404 for anything else.
fn find(
    watched: &Watched,
    pick: Option<&str>,
    number: &str,
) -> Result<(Arc<MatchFeed>, Game), ApiError> {
    let feed = feed_of(watched, pick)?;
    let shown: String = number.chars().take(20).collect();
    let missing = || ApiError {
        status: StatusCode::NOT_FOUND,
        reason: format!("no game {shown} in this match (not started, or no longer kept)"),
    };
    let number: usize = number.parse().map_err(|_| missing())?;
    let game = feed.game(number).ok_or_else(missing)?;
    Ok((feed, game))
}

/// `GET /api/match/games/{number}`: the game with its moves.
async fn game(
    Shared(watched): Shared<Watched>,
    Path(number): Path<String>,
    Query(pick): Query<MatchQuery>,
) -> Result<Response, ApiError> {
    let (_, game) = find(&watched, pick.id.as_deref(), &number)?;
    let mut value = json!(game);
    value["record"] = json!(game.record);
    Ok(axum::Json(value).into_response())
}

/// `GET /api/match/games/{number}/record`: the finished game's record.
async fn record(
    Shared(watched): Shared<Watched>,
    Path(number): Path<String>,
    Query(pick): Query<MatchQuery>,
) -> Result<Response, ApiError> {
    let (_, game) = find(&watched, pick.id.as_deref(), &number)?;
    let record = game.record.ok_or_else(|| ApiError {
        status: StatusCode::CONFLICT,
        reason: format!("game {} is still being played", game.number),
    })?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        record,
    )
        .into_response())
}

/// The query of `GET /api/match/games/{number}/board.svg`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    /// Moves from the game's start (default: all of them).
    #[serde(default)]
    pub ply: Option<usize>,
    /// Turn the board round.
    #[serde(default)]
    pub flip: Option<bool>,
    /// `light` (default) or `dark`.
    #[serde(default)]
    pub theme: Option<String>,
    /// The match (see [`MatchQuery`]).
    #[serde(default, rename = "match")]
    pub id: Option<String>,
}

/// `GET /api/match/games/{number}/board.svg`: the board after `ply` moves.
async fn board(
    Shared(watched): Shared<Watched>,
    Path(number): Path<String>,
    query: Result<Query<BoardQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query?;
    let (feed, game) = find(&watched, query.id.as_deref(), &number)?;
    let theme = match query.theme.as_deref() {
        None => Theme::Light,
        Some(name) => name
            .parse()
            .map_err(|e: svg::UnknownTheme| ApiError::bad(e.to_string()))?,
    };
    let plies = query.ply.unwrap_or(game.moves.len());
    if plies > game.moves.len() {
        return Err(ApiError::bad(format!(
            "ply {plies}: game {} has {} moves",
            game.number,
            game.moves.len()
        )));
    }
    let kind = feed.kind().ok_or_else(no_match)?;
    let mut session = ply_games::session::new(kind, Some(&game.start))
        .map_err(|e| ApiError::bad(format!("the game's start: {e}")))?;
    for (index, mv) in game.moves[..plies].iter().enumerate() {
        // The moves were legal when played: a session that reads one
        // differently is the server's fault.
        session.play(mv).map_err(|e| ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            reason: format!("cannot replay move {} ({mv}): {e}", index + 1),
        })?;
    }
    let options = svg::Options {
        theme,
        coordinates: true,
        size: None,
    };
    let svg = session.svg(query.flip.unwrap_or(false), None, &options);
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

/// `GET /api/match/ws`: the snapshot, then the events.
async fn upgrade(
    Shared(watched): Shared<Watched>,
    Query(pick): Query<MatchQuery>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let feed = feed_of(&watched, pick.id.as_deref())?;
    let ws = ws.map_err(|rejection| ApiError {
        status: rejection.status(),
        reason: rejection.body_text(),
    })?;
    if !same_origin(&headers) {
        return Err(ApiError {
            status: StatusCode::FORBIDDEN,
            reason: "the match view is only for this server's own page".to_owned(),
        });
    }
    Ok(ws
        .max_message_size(1024)
        .on_upgrade(move |socket| follow(socket, feed)))
}

/// Sends the snapshot and the events until the page goes away; what the
/// page sends is ignored.
async fn follow(mut socket: WebSocket, feed: Arc<MatchFeed>) {
    let (snapshot, mut events) = feed.join();
    if socket
        .send(Message::text(snapshot.to_string()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            event = events.recv() => {
                let text = match event {
                    Ok(text) => text.to_string(),
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let (snapshot, fresh) = feed.join();
                        events = fresh;
                        snapshot.to_string()
                    }
                    Err(broadcast::error::RecvError::Closed) => break,
                };
                if socket.send(Message::text(text)).await.is_err() {
                    break;
                }
            }
            message = socket.recv() => match message {
                Some(Ok(_)) => {}
                _ => break,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(limits: FeedLimits) -> MatchFeed {
        MatchFeed::new(
            MatchInfo {
                game: "chess".to_owned(),
                engines: vec!["a".to_owned(), "b".to_owned()],
                games: 4,
                event: "test".to_owned(),
                sides: ["White".to_owned(), "Black".to_owned()],
            },
            limits,
        )
    }

    fn start(number: usize) -> GameStart {
        GameStart {
            number,
            round: 1,
            engines: [0, 1],
            opening: "start".to_owned(),
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            moves: vec!["e4".to_owned()],
            position: "after e4".to_owned(),
            clocks: [Some(1000), Some(1000)],
            to_move: 1,
        }
    }

    fn end(winner: Option<usize>) -> GameEnd {
        GameEnd {
            result: "1-0".to_owned(),
            winner,
            reason: "White wins".to_owned(),
            termination: "normal".to_owned(),
            record: "[Event \"test\"]".to_owned(),
        }
    }

    #[test]
    fn snapshots_follow_the_events() {
        let feed = feed(FeedLimits::default());
        let (_, mut events) = feed.join();
        feed.game_started(start(1));
        feed.moved(
            1,
            MovePlayed {
                notation: "e5".to_owned(),
                position: "after e5".to_owned(),
                clocks: [Some(1000), Some(900)],
                used_ms: Some(100),
                to_move: 0,
            },
        );
        feed.engine_line(1, 1, "info depth 1 score cp 10 pv e7e5");
        feed.engine_line(7, 1, "a game that is not live: ignored");
        let snapshot = feed.snapshot();
        assert_eq!(snapshot["seq"], 3);
        let live = &snapshot["live"][0];
        assert_eq!(live["moves"], json!(["e4", "e5"]));
        assert_eq!(live["players"], json!(["a", "b"]));
        assert_eq!(live["opening_plies"], 1);
        assert_eq!(live["lines"][1][0], "info depth 1 score cp 10 pv e7e5");
        feed.game_ended(1, end(Some(0)));
        feed.score(json!({"games": 1, "wins": 1}));
        feed.finish(false);
        let snapshot = feed.snapshot();
        assert_eq!(snapshot["live"], json!([]));
        assert_eq!(snapshot["finished"][0]["result"], "1-0");
        assert_eq!(snapshot["finished"][0]["plies"], 2);
        assert_eq!(snapshot["cross"][0]["wins"], 1);
        assert_eq!(snapshot["score"]["games"], 1);
        assert_eq!(snapshot["over"], true);
        assert_eq!(snapshot["interrupted"], false);
        let mut kinds = Vec::new();
        while let Ok(event) = events.try_recv() {
            let event: Value = serde_json::from_str(&event).unwrap();
            kinds.push(event["type"].as_str().unwrap().to_owned());
        }
        assert_eq!(kinds, ["game", "move", "line", "end", "score", "over"]);
        let game = feed.game(1).unwrap();
        assert_eq!(game.record.as_deref(), Some("[Event \"test\"]"));
    }

    #[test]
    fn memory_is_bounded() {
        let feed = feed(FeedLimits {
            finished: 3,
            lines: 2,
            line_chars: 10,
            backlog: 4,
            ..FeedLimits::default()
        });
        for number in 1..=10 {
            feed.game_started(start(number));
            for i in 0..5 {
                feed.engine_line(number, 0, &format!("line {i} and much more text\n"));
            }
            let snapshot = feed.snapshot();
            let lines = &snapshot["live"][0]["lines"][0];
            assert_eq!(lines.as_array().unwrap().len(), 2);
            assert_eq!(lines[1], "line 4 and");
            feed.game_ended(number, end(None));
        }
        let snapshot = feed.snapshot();
        let finished = snapshot["finished"].as_array().unwrap();
        assert_eq!(finished.len(), 3);
        assert_eq!(finished[0]["number"], 8);
        assert_eq!(snapshot["dropped"], 7);
        assert_eq!(snapshot["cross"][0]["draws"], 10);
        assert!(feed.game(1).is_none());
        assert!(feed.game(10).is_some());
    }
}
