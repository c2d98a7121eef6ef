//! What the HTTP tests of ply-serve share: a router on a fresh state, and
//! requests sent to it without a socket.

#![allow(dead_code)] // each test file uses its own part

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use ply_serve::{Config, State, router};
use serde_json::Value;
use std::sync::Arc;
use tower::ServiceExt;

/// The routes on a fresh state with `config`, and the state.
pub fn app_with(config: Config) -> (Router, Arc<State>) {
    let state = Arc::new(State::new(config));
    (router(Arc::clone(&state)), state)
}

/// The routes on a fresh state with the default bounds.
pub fn app() -> Router {
    app_with(Config::default()).0
}

/// Sends a request with a body of a content type (or none) and returns the
/// status and the body as text.
pub async fn raw(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<(&str, String)>,
) -> (StatusCode, String) {
    let mut request = Request::builder().method(method).uri(uri);
    let body = match body {
        Some((kind, text)) => {
            request = request.header("content-type", kind);
            Body::from(text)
        }
        None => Body::empty(),
    };
    let response = app
        .clone()
        .oneshot(request.body(body).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// Sends JSON (or nothing) and reads JSON back.
pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let body = body.map(|value| ("application/json", value.to_string()));
    let (status, text) = raw(app, method, uri, body).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, value)
}
