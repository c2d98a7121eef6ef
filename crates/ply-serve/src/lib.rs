//! `ply serve`: the browser app for chess, English checkers and Othello,
//! and the JSON and WebSocket API under it.
//!
//! The server is [axum](https://docs.rs/axum) on tokio: the tokio project's
//! own HTTP framework, which brings routing, JSON bodies with a size limit
//! and WebSockets in one well-kept crate. The engines' searches never run on
//! the async runtime: each runs on a blocking thread, at most
//! [`Config::max_searches`] at once, with a small table
//! ([`Config::hash_mb`]) and one thread, and stops when its page goes away.
//!
//! Everything a game needs comes from the games layer,
//! [`ply_games::session`]: the rules, the notation, the board as SVG and the
//! game's [`ply_core::Player`], which makes every computer move and every
//! analysis. The page (plain HTML, CSS and JavaScript, [`assets`]) is built
//! into the binary.
//!
//! - [`router`]: the routes on a [`State`]; [`serve`] runs them on a
//!   listener; [`run`] is `ply serve`.
//! - [`api`]: the JSON routes; [`analyse`]: the WebSocket of the analysis;
//!   [`annotate`]: a whole game's marks (the marks as data and the game
//!   clocks are the games layer's: `ply_games::session::{annotation, clock}`);
//!   [`store`]: the games in progress and their bounds; [`tree`]: a game's
//!   variations.
//! - [`watch`]: the page `/watch` that follows a `ply match` started on the
//!   command line with `-serve` ([`spawn`] runs the server beside it), or
//!   with `-publish` to a running server ([`publish`]).

pub mod analyse;
pub mod annotate;
pub mod api;
pub mod assets;
pub mod error;
pub mod feed;
pub mod origin;
pub mod publish;
pub mod setup;
pub mod store;
pub mod tree;
pub mod watch;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use store::State;

/// The largest request body taken, in bytes (a position or a move is a few
/// dozen bytes, a record a few thousand).
pub const BODY_LIMIT: usize = 256 * 1024;

/// How the server bounds what the pages ask of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Games kept at once; a new one then replaces the game idle longest,
    /// or is refused (503) when every game is searching.
    pub max_sessions: usize,
    /// A game nobody touched for this long is dropped.
    pub idle_timeout: Duration,
    /// Searches at once, all games together (one thread each); more wait
    /// their turn.
    pub max_searches: usize,
    /// Transposition table of each search, in MiB.
    pub hash_mb: usize,
    /// The longest time a page may ask the computer to think per move.
    pub max_movetime: Duration,
    /// The longest analysis a page may ask for at once.
    pub max_analysis: Duration,
    /// Answer only requests addressed to this machine by a loopback name
    /// (`Host` `localhost`, `127.0.0.1`, `[::1]`): what a server on the
    /// loopback address needs against DNS rebinding (another site's page
    /// whose name points here). `ply serve` sets it when bound to loopback.
    pub loopback_only: bool,
    /// The computer's moves come from the opening book shipped with ply
    /// where it knows the position.
    pub book: bool,
}

impl Default for Config {
    /// 200 games, dropped after 30 idle minutes, as many searches as the
    /// machine has cores (at least 2), 16 MiB each, 30 s per move, 60 s per
    /// analysis, the opening book on.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        Config {
            max_sessions: 200,
            idle_timeout: Duration::from_secs(30 * 60),
            max_searches: cores.max(2),
            hash_mb: 16,
            max_movetime: Duration::from_secs(30),
            max_analysis: Duration::from_secs(60),
            loopback_only: true,
            book: true,
        }
    }
}

/// Whether a `Host` header names this machine by a loopback name (any
/// port).
fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Refuses (403) a request whose `Host` is not a loopback name, when the
/// server is for this machine alone ([`Config::loopback_only`]).
async fn check_host(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    request: Request,
    next: Next,
) -> Response {
    let host = request
        .headers()
        .get(axum::http::header::HOST)
        .map(|h| h.to_str().unwrap_or(""));
    match host {
        Some(host) if state.config.loopback_only && !loopback_host(host) => error::ApiError {
            status: axum::http::StatusCode::FORBIDDEN,
            reason: "this server answers only to localhost".to_owned(),
        }
        .into_response(),
        _ => next.run(request).await,
    }
}

/// The app's routes on `state`: the page, its assets, the API (no match
/// to watch).
pub fn router(state: Arc<State>) -> Router {
    watching(state, None)
}

/// The app's routes on `state` with the match view of `feed` (`None`: no
/// match, `/api/match` answers 404).
pub fn watching(state: Arc<State>, feed: Option<Arc<watch::MatchFeed>>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api", get(api::info))
        .route("/api/games", post(api::create))
        .route("/api/setup", post(setup::position))
        .route("/api/setup/board.svg", post(setup::board))
        .route("/api/setup/pieces", post(setup::pieces))
        .route("/api/records/games", post(setup::record_games))
        .route("/api/games/{id}", get(api::show).delete(api::remove))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/redo", post(api::redo))
        .route("/api/games/{id}/line", post(api::go_to_line))
        .route("/api/games/{id}/line/delete", post(api::delete_line))
        .route("/api/games/{id}/line/promote", post(api::promote_line))
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/games/{id}/board.svg", get(api::board))
        .route("/api/games/{id}/think", post(api::think))
        .route("/api/games/{id}/stop", post(api::stop))
        .route("/api/games/{id}/flag", post(api::flag))
        .route("/api/games/{id}/analyse", get(analyse::upgrade))
        .route(
            "/api/games/{id}/annotate",
            post(api::annotate).get(api::annotation),
        )
        .merge(watch::routes(feed, Arc::clone(&state.published)))
        .merge(publish::routes(Arc::clone(&state.published)))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&state),
            check_host,
        ))
        .with_state(state)
}

/// Serves the app on `listener` until the process ends, dropping idle games
/// as it goes.
///
/// # Errors
/// The listener's error.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    serve_watching(listener, config, None).await
}

/// [`serve`] with the match view of `feed`.
///
/// # Errors
/// The listener's error.
pub async fn serve_watching(
    listener: tokio::net::TcpListener,
    config: Config,
    feed: Option<Arc<watch::MatchFeed>>,
) -> std::io::Result<()> {
    serve_state(listener, Arc::new(State::new(config)), feed).await
}

/// Serves the app on `state` (the peer's address known to the routes, as
/// publishing needs it) until the process ends.
async fn serve_state(
    listener: tokio::net::TcpListener,
    state: Arc<State>,
    feed: Option<Arc<watch::MatchFeed>>,
) -> std::io::Result<()> {
    tokio::spawn(store::sweep(Arc::clone(&state)));
    let app = watching(state, feed).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).await
}

/// The server of `ply match -serve`: binds `address` now and serves the app
/// with the match view of `feed` on a thread of its own (with its own
/// runtime) until the process ends; on a loopback address only to loopback
/// names. Returns the address bound (the port chosen when 0 was asked).
///
/// # Errors
/// The address cannot be bound, or the runtime or the thread cannot start.
pub fn spawn(
    address: SocketAddr,
    config: Config,
    feed: Arc<watch::MatchFeed>,
) -> std::io::Result<SocketAddr> {
    let config = Config {
        loopback_only: address.ip().is_loopback(),
        ..config
    };
    let listener = std::net::TcpListener::bind(address)?;
    listener.set_nonblocking(true)?;
    let bound = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(config.max_searches + 4)
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("ply-serve".to_owned())
        .spawn(move || {
            runtime.block_on(async move {
                if let Ok(listener) = tokio::net::TcpListener::from_std(listener) {
                    let _ = serve_watching(listener, config, Some(feed)).await;
                }
            });
        })?;
    Ok(bound)
}

/// `ply serve`: binds `address`, calls `ready` with the address bound (the
/// port chosen when 0 was asked) and the token of publishing
/// ([`publish`]), and serves until the process ends; on a loopback address
/// only to loopback names ([`Config::loopback_only`]).
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn run(
    address: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr, &str),
) -> std::io::Result<()> {
    let config = Config {
        loopback_only: address.ip().is_loopback(),
        ..config
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(config.max_searches + 4)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address).await?;
        let state = Arc::new(State::new(config));
        ready(listener.local_addr()?, state.published.token());
        serve_state(listener, state, None).await
    })
}
