//! `GET /api/games/{id}/analyse`: a WebSocket that streams the game's
//! player's lines as they deepen.
//!
//! The page sends JSON text messages:
//! - `{"analyse": {"movetime": 10000, "depth": 20, "multipv": 2, "level": 10}}`
//!   (every field optional): analyse the game's position now;
//! - `{"annotate": {"movetime": 200, "depth": 12}}` (every field
//!   optional; the limits are per position): annotate the whole game
//!   ([`crate::annotate`]);
//! - `{"stop": true}`: stop (the answer follows).
//!
//! The server answers with `{"type": "line", ...}` (a
//! [`ply_games::session::Line`] with `position`) for each line as it comes,
//! `{"type": "done", "position": ..., "answer": {...}}` (a
//! [`ply_games::session::Answer`]: `source` says `solved` for Othello's
//! exact endgame, `database` with `verdict` for checkers' endgame
//! databases) and `{"type": "error", "error": ...}`. An annotation streams
//! `{"type": "progress", "done": 3, "total": 41, "eval": {...}}` (a
//! [`ply_games::session::annotation::Eval`]) after each position and ends with
//! `{"type": "annotation", "annotation": {...}}` (a
//! [`ply_games::session::annotation::Annotation`], `complete` false after a stop).
//! Closing the socket stops the search.

use crate::annotate::{AnnotateLimits, annotate};
use crate::api::{SearchLimits, run_search};
use crate::error::ApiError;
use crate::origin::same_origin;
use crate::store::{Slot, State};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State as Shared};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::mpsc;

/// The largest message the page may send, in bytes.
const MESSAGE_LIMIT: usize = 4096;

/// What the page may ask.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    #[serde(default)]
    analyse: Option<SearchLimits>,
    #[serde(default)]
    stop: Option<bool>,
    #[serde(default)]
    annotate: Option<AnnotateLimits>,
}

/// Upgrades to the analysis socket of game `id` (404 when there is none,
/// 403 for another site's page).
pub async fn upgrade(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError {
            status: StatusCode::FORBIDDEN,
            reason: "the analysis is only for this server's own page".to_owned(),
        });
    }
    let slot = state.get(&id)?;
    Ok(ws
        .max_message_size(MESSAGE_LIMIT)
        .on_upgrade(move |socket| session(socket, state, slot)))
}

fn error(reason: impl Into<String>) -> Value {
    json!({ "type": "error", "error": reason.into() })
}

async fn send(socket: &mut WebSocket, value: &Value) -> bool {
    socket.send(Message::text(value.to_string())).await.is_ok()
}

/// The socket's life: one analysis at a time; everything stops when it
/// closes.
async fn session(mut socket: WebSocket, state: Arc<State>, slot: Arc<Slot>) {
    let (out, mut lines) = mpsc::unbounded_channel::<Value>();
    let mut running: Option<tokio::task::JoinHandle<()>> = None;
    loop {
        tokio::select! {
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => {
                        if !send(&mut socket, &error("send JSON text messages")).await { break; }
                        continue;
                    }
                    // Closed, or broken: stop.
                    _ => break,
                };
                let request: Request = match serde_json::from_str(text.as_str()) {
                    Ok(request) => request,
                    Err(err) => {
                        if !send(&mut socket, &error(format!("bad message: {err}"))).await { break; }
                        continue;
                    }
                };
                if request.stop == Some(true) {
                    slot.stop();
                }
                if let Some(limits) = request.annotate {
                    if running.as_ref().is_some_and(|task| !task.is_finished()) || slot.searching() {
                        if !send(&mut socket, &error("a search is running: stop it first")).await { break; }
                        continue;
                    }
                    let settings = match limits.settings(&state) {
                        Ok(settings) => settings,
                        Err(err) => {
                            if !send(&mut socket, &error(err.reason)).await { break; }
                            continue;
                        }
                    };
                    let (state, slot, out) = (Arc::clone(&state), Arc::clone(&slot), out.clone());
                    running = Some(tokio::spawn(async move {
                        let stream = out.clone();
                        let result = annotate(&state, &slot, &settings, move |done, total, eval| {
                            let _ = stream.send(json!({ "type": "progress", "done": done, "total": total, "eval": eval }));
                        }).await;
                        let _ = out.send(match result {
                            Ok(annotation) => json!({ "type": "annotation", "annotation": annotation }),
                            Err(err) => error(err.reason),
                        });
                    }));
                    continue;
                }
                if let Some(limits) = request.analyse {
                    if running.as_ref().is_some_and(|task| !task.is_finished()) || slot.searching() {
                        if !send(&mut socket, &error("a search is running: stop it first")).await { break; }
                        continue;
                    }
                    let settings = match limits.settings(state.config.max_analysis, 10_000, state.config.hash_mb) {
                        Ok(settings) => settings,
                        Err(err) => {
                            if !send(&mut socket, &error(err.reason)).await { break; }
                            continue;
                        }
                    };
                    let position = slot.game().position();
                    let (state, slot, out) = (Arc::clone(&state), Arc::clone(&slot), out.clone());
                    running = Some(tokio::spawn(async move {
                        let stream = out.clone();
                        let at = position.clone();
                        let result = run_search(&state, &slot, &settings, move |line| {
                            let mut value = json!(line);
                            value["type"] = json!("line");
                            value["position"] = json!(at);
                            let _ = stream.send(value);
                        }).await;
                        let _ = out.send(match result {
                            Ok((answer, _)) => json!({ "type": "done", "position": position, "answer": answer }),
                            Err(err) => error(err.reason),
                        });
                    }));
                }
            }
            Some(value) = lines.recv() => {
                if !send(&mut socket, &value).await { break; }
            }
        }
    }
    // The page went away: abort the waiting task (its guard stops the
    // search) and stop whatever search of this socket still runs.
    if let Some(task) = running {
        if !task.is_finished() {
            slot.stop();
        }
        task.abort();
    }
}
