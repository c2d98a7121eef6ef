//! The page's files, built into the binary: plain HTML, CSS and JavaScript
//! with no build step and nothing fetched from elsewhere. Only the names in
//! [`ASSETS`] are served: no path reaches the file system.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// The page.
pub const INDEX: &str = include_str!("../assets/index.html");

/// The assets by name, with their content type.
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "watch.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/watch.js"),
    ),
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../assets/app.css"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../assets/favicon.svg"),
    ),
];

/// `GET /`: the page.
pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/{name}`: one of [`ASSETS`], or 404.
pub async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(asset, _, _)| *asset == name) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => crate::error::ApiError {
            status: StatusCode::NOT_FOUND,
            reason: "no such asset".to_owned(),
        }
        .into_response(),
    }
}
