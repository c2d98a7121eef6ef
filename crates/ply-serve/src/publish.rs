//! Matches published to a running server: `ply match ... -publish URL`
//! posts the events of its match ([`FeedEvent`]) to `ply serve`, whose
//! page `/watch` follows it as it follows a match of `ply match -serve`.
//!
//! What a publisher may do is bounded and guarded: only a peer on this
//! machine (a loopback address) is heard, with the server's token (printed
//! when it starts and written to a file only its user reads,
//! [`token_file`]) in an `Authorization: Bearer` header; at most
//! [`MAX_MATCHES`] matches are kept (a new one replaces the oldest that is
//! over or idle), each with bounded memory ([`FeedLimits`]), at most
//! [`MAX_EVENTS`] events a request and [`MAX_REQUESTS_PER_SECOND`] requests
//! a second. The events only fill the match's feed: nothing posted starts a
//! program or reaches an engine.
//!
//! - `POST /api/publish` with a [`MatchInfo`]: 201 `{"id", "watch"}`, the
//!   match's id and its page;
//! - `POST /api/publish/{id}` with `{"events": [...]}`: the events, in
//!   order; `{"accepted": n}`.
//!
//! [`Publisher`] is the other end, as `ply match` uses it: a thread that
//! posts the events in batches over plain HTTP to a loopback address.

use crate::error::ApiError;
use crate::feed::{FeedEvent, FeedLimits, MatchFeed, MatchInfo};
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, Path, Request, State as Shared};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use std::hash::{BuildHasher, RandomState};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Matches kept at once.
pub const MAX_MATCHES: usize = 4;
/// Events in one request at most.
pub const MAX_EVENTS: usize = 1000;
/// Requests a second per match at most (more get 429).
pub const MAX_REQUESTS_PER_SECOND: u32 = 50;
/// A match nothing was posted to for this long makes way for a new one.
pub const IDLE: Duration = Duration::from_secs(600);

/// How much a published match keeps: fewer finished games than a match of
/// `ply match -serve`, 64 at once of 2000 moves at most.
fn limits() -> FeedLimits {
    FeedLimits {
        finished: 100,
        live: 64,
        moves: 2000,
        ..FeedLimits::default()
    }
}

struct Entry {
    id: String,
    feed: Arc<MatchFeed>,
    touched: Instant,
    window: Instant,
    requests: u32,
}

/// The matches published to a server, and the token a publisher needs.
pub struct Published {
    token: String,
    matches: Mutex<Vec<Entry>>,
    keys: RandomState,
}

impl Default for Published {
    fn default() -> Published {
        Published::new()
    }
}

impl Published {
    /// None yet, with a fresh random token.
    pub fn new() -> Published {
        let keys = RandomState::new();
        let token = format!(
            "{:016x}{:016x}",
            keys.hash_one((1u8, Instant::now())),
            RandomState::new().hash_one((2u8, std::process::id()))
        );
        Published {
            token,
            matches: Mutex::new(Vec::new()),
            keys,
        }
    }

    /// The token a publisher must send (`Authorization: Bearer TOKEN`).
    pub fn token(&self) -> &str {
        &self.token
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Entry>> {
        self.matches.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The match `id`.
    pub fn get(&self, id: &str) -> Option<Arc<MatchFeed>> {
        let matches = self.lock();
        matches
            .iter()
            .find(|e| e.id == id)
            .map(|e| Arc::clone(&e.feed))
    }

    /// The match published last.
    pub fn latest(&self) -> Option<Arc<MatchFeed>> {
        self.lock().last().map(|e| Arc::clone(&e.feed))
    }

    /// Every match, oldest first, with its id.
    pub fn all(&self) -> Vec<(String, Arc<MatchFeed>)> {
        self.lock()
            .iter()
            .map(|e| (e.id.clone(), Arc::clone(&e.feed)))
            .collect()
    }

    /// Keeps a new match, making room if one is over or idle.
    fn add(&self, info: MatchInfo) -> Result<String, ApiError> {
        let mut matches = self.lock();
        if matches.len() >= MAX_MATCHES {
            let gone = matches
                .iter()
                .position(|e| e.feed.is_over() || e.touched.elapsed() >= IDLE)
                .ok_or_else(|| ApiError {
                    status: StatusCode::SERVICE_UNAVAILABLE,
                    reason: format!("{MAX_MATCHES} matches are published here already"),
                })?;
            matches.remove(gone);
        }
        let id = format!(
            "{:012x}",
            self.keys.hash_one((matches.len(), Instant::now())) & 0xffff_ffff_ffff
        );
        let now = Instant::now();
        matches.push(Entry {
            id: id.clone(),
            feed: Arc::new(MatchFeed::new(info, limits())),
            touched: now,
            window: now,
            requests: 0,
        });
        Ok(id)
    }

    /// The feed of match `id`, counting the request against its rate.
    fn take(&self, id: &str) -> Result<Arc<MatchFeed>, ApiError> {
        let mut matches = self.lock();
        let shown: String = id.chars().take(40).collect();
        let entry = matches
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or_else(|| ApiError {
                status: StatusCode::NOT_FOUND,
                reason: format!("no match {shown} is published here"),
            })?;
        let now = Instant::now();
        if now.duration_since(entry.window) >= Duration::from_secs(1) {
            entry.window = now;
            entry.requests = 0;
        }
        entry.requests += 1;
        if entry.requests > MAX_REQUESTS_PER_SECOND {
            return Err(ApiError {
                status: StatusCode::TOO_MANY_REQUESTS,
                reason: format!("at most {MAX_REQUESTS_PER_SECOND} requests a second"),
            });
        }
        entry.touched = now;
        Ok(Arc::clone(&entry.feed))
    }
}

/// The file `ply serve` on `port` writes its token to (in the system's
/// temporary directory, readable by its user only), where `ply match
/// -publish` finds it.
pub fn token_file(port: u16) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("ply-serve-{port}.token"))
}

/// Refuses (403) a request whose peer is not on this machine (a loopback
/// address), or whose peer is unknown.
pub async fn loopback_peer(request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0);
    match peer {
        Some(peer) if peer.ip().is_loopback() => next.run(request).await,
        _ => ApiError {
            status: StatusCode::FORBIDDEN,
            reason: "matches are published only from this machine".to_owned(),
        }
        .into_response(),
    }
}

/// 401 unless `headers` carry the token.
fn authorise(published: &Published, headers: &HeaderMap) -> Result<(), ApiError> {
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    // The same time whatever the bytes that differ.
    let expected = published.token.as_bytes();
    let same = given.len() == expected.len()
        && given
            .bytes()
            .zip(expected)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    if same {
        Ok(())
    } else {
        Err(ApiError {
            status: StatusCode::UNAUTHORIZED,
            reason: "publishing needs the server's token (Authorization: Bearer ...)".to_owned(),
        })
    }
}

/// `POST /api/publish`: a new match; 201 `{"id", "watch"}`.
pub async fn start(
    Shared(published): Shared<Arc<Published>>,
    headers: HeaderMap,
    body: Result<Json<MatchInfo>, JsonRejection>,
) -> Result<Response, ApiError> {
    authorise(&published, &headers)?;
    let Json(info) = body?;
    if crate::setup::game_named(&info.game).is_err() {
        return Err(ApiError::refused(format!(
            "unknown game: expected {}",
            ply_games::GameKind::names()
        )));
    }
    if info.engines.len() > 64 || info.engines.iter().any(|e| e.chars().count() > 200) {
        return Err(ApiError::bad("at most 64 engines, names of 200 characters"));
    }
    let id = published.add(info)?;
    let watch = format!("/watch?match={id}");
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "watch": watch })),
    )
        .into_response())
}

/// The body of `POST /api/publish/{id}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Events {
    /// The events, in order.
    pub events: Vec<FeedEvent>,
}

/// `POST /api/publish/{id}`: the match's next events; `{"accepted": n}`.
pub async fn events(
    Shared(published): Shared<Arc<Published>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<Events>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    authorise(&published, &headers)?;
    let Json(body) = body?;
    if body.events.len() > MAX_EVENTS {
        return Err(ApiError::bad(format!(
            "at most {MAX_EVENTS} events a request"
        )));
    }
    let feed = published.take(&id)?;
    let count = body.events.len();
    for event in body.events {
        feed.apply(event);
    }
    Ok(Json(json!({ "accepted": count })))
}

/// The routes of publishing, for any router state: only loopback peers.
pub fn routes<S: Clone + Send + Sync + 'static>(published: Arc<Published>) -> axum::Router<S> {
    use axum::routing::post;
    axum::Router::new()
        .route("/api/publish", post(start))
        .route("/api/publish/{id}", post(events))
        .layer(axum::middleware::from_fn(loopback_peer))
        .with_state(published)
}

/// A plain HTTP/1.1 POST of JSON to `address` (`host:port`), with the
/// token; the status and the body of the answer.
fn post(address: &str, path: &str, token: &str, body: &str) -> Result<(u16, String), String> {
    let target = address
        .to_socket_addrs()
        .map_err(|e| format!("{address}: {e}"))?
        .next()
        .ok_or_else(|| format!("{address}: no address"))?;
    if !target.ip().is_loopback() {
        return Err(format!(
            "{address} is not on this machine: matches are published to loopback only"
        ));
    }
    let mut stream = TcpStream::connect_timeout(&target, Duration::from_secs(3))
        .map_err(|e| format!("{address}: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("{address}: {e}"))?;
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .map_err(|e| format!("{address}: {e}"))?;
    let answer = String::from_utf8_lossy(&answer);
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("{address}: not an HTTP answer"))?;
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, body)| body)
        .to_owned();
    Ok((status, body))
}

/// The `host:port` of an `http://` URL of a server (a path after it is
/// ignored).
fn address_of(url: &str) -> Result<String, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("{url}: expected http://HOST:PORT"))?;
    let address = rest.split('/').next().unwrap_or("");
    if address.is_empty() {
        return Err(format!("{url}: expected http://HOST:PORT"));
    }
    Ok(if address.contains(':') && !address.ends_with(']') {
        address.to_owned()
    } else {
        format!("{address}:80")
    })
}

/// The publishing end: posts a match's events to a running server from a
/// thread of its own, in batches (every 100 ms), so that the match never
/// waits for the server. A server that stops answering loses the events
/// (the match goes on; one warning on stderr).
pub struct Publisher {
    sender: Mutex<Option<mpsc::Sender<FeedEvent>>>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// The match's page on the server.
    pub watch_url: String,
}

impl Publisher {
    /// Publishes a new match described by `info` to the server at `url`
    /// (`http://127.0.0.1:8080`) with its `token`.
    ///
    /// # Errors
    /// The reason, when the server cannot be reached or refuses.
    pub fn start(url: &str, token: &str, info: &MatchInfo) -> Result<Publisher, String> {
        let address = address_of(url)?;
        let body = serde_json::to_string(info).map_err(|e| e.to_string())?;
        let (status, answer) = post(&address, "/api/publish", token, &body)?;
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap_or_default();
        if status != 201 {
            let reason = answer["error"].as_str().unwrap_or("no reason given");
            return Err(format!("{url} refused the match ({status}): {reason}"));
        }
        let id = answer["id"].as_str().unwrap_or_default().to_owned();
        let watch_url = format!("http://{address}/watch?match={id}");
        let (sender, receiver) = mpsc::channel::<FeedEvent>();
        let token = token.to_owned();
        let thread = std::thread::Builder::new()
            .name("ply-publish".to_owned())
            .spawn(move || send_batches(&address, &id, &token, &receiver))
            .map_err(|e| e.to_string())?;
        Ok(Publisher {
            sender: Mutex::new(Some(sender)),
            thread: Mutex::new(Some(thread)),
            watch_url,
        })
    }

    /// Queues `event`.
    pub fn send(&self, event: FeedEvent) {
        let sender = self.sender.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sender) = sender.as_ref() {
            let _ = sender.send(event);
        }
    }

    /// Sends what is queued and stops.
    pub fn close(&self) {
        self.sender
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let thread = self
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(thread) = thread {
            let _ = thread.join();
        }
    }
}

impl Drop for Publisher {
    fn drop(&mut self) {
        self.close();
    }
}

/// The most bytes of events one request carries (the server takes
/// [`crate::BODY_LIMIT`]).
const BATCH_BYTES: usize = crate::BODY_LIMIT / 2;

/// The publisher's thread: batches of events every 100 ms (or sooner, when
/// one is full) until the sender is dropped.
fn send_batches(address: &str, id: &str, token: &str, receiver: &mpsc::Receiver<FeedEvent>) {
    let path = format!("/api/publish/{id}");
    let mut warned = false;
    let mut open = true;
    while open {
        let mut batch: Vec<String> = Vec::new();
        let mut bytes = 0;
        let began = Instant::now();
        while batch.len() < MAX_EVENTS / 2 && bytes < BATCH_BYTES {
            let left = Duration::from_millis(100).saturating_sub(began.elapsed());
            match receiver.recv_timeout(left) {
                Ok(event) => {
                    let Ok(text) = serde_json::to_string(&event) else {
                        continue;
                    };
                    if text.len() > BATCH_BYTES {
                        // One event larger than a request (a huge record):
                        // the page goes without it.
                        continue;
                    }
                    bytes += text.len() + 1;
                    batch.push(text);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => break,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    open = false;
                    break;
                }
            }
        }
        if batch.is_empty() {
            continue;
        }
        let body = format!("{{\"events\":[{}]}}", batch.join(","));
        let outcome = post(address, &path, token, &body);
        match outcome {
            Ok((200, _)) => {}
            Ok((status, answer)) if !warned => {
                eprintln!("publishing the match: {status} {}", answer.trim());
                warned = true;
            }
            Err(e) if !warned => {
                eprintln!("publishing the match: {e}");
                warned = true;
            }
            _ => {}
        }
        // Stay well under the server's rate.
        let spent = began.elapsed();
        if spent < Duration::from_millis(40) {
            std::thread::sleep(Duration::from_millis(40) - spent);
        }
    }
}
