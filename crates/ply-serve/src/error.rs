//! The API's errors: a status and a reason, answered as JSON
//! `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A request the API refuses, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (4xx for the request's fault, 503 when full).
    pub status: StatusCode,
    /// The reason, in a sentence.
    pub reason: String,
}

impl ApiError {
    /// A 400: the request is malformed or asks for something impossible.
    pub fn bad(reason: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            reason: reason.into(),
        }
    }

    /// A 404 for the game `id`.
    pub fn no_game(id: &str) -> ApiError {
        let shown: String = id.chars().take(40).collect();
        ApiError {
            status: StatusCode::NOT_FOUND,
            reason: format!("no game '{shown}' (it may have expired)"),
        }
    }

    /// A 409: the game is busy searching.
    pub fn busy() -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            reason: "the game is searching: stop the search first".to_owned(),
        }
    }

    /// A 422: a move or position the rules refuse.
    pub fn refused(reason: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            reason: reason.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.reason }))).into_response()
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    /// A body that is not the JSON expected (its status: 400, 413, 415 or
    /// 422) with the reason axum gives.
    fn from(rejection: axum::extract::rejection::JsonRejection) -> ApiError {
        ApiError {
            status: rejection.status(),
            reason: rejection.body_text(),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            reason: rejection.body_text(),
        }
    }
}
