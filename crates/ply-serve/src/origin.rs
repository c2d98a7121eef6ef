//! Which page a request comes from: browsers let any site open a WebSocket
//! anywhere, so the sockets that start searches or follow a match answer
//! only this server's own page.

use axum::http::{HeaderMap, header};

/// Whether a browser's `Origin` is the server's own page: browsers let any
/// site open a WebSocket anywhere, so another site's page must not start
/// searches here. Clients that are not browsers send no `Origin`.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b))
}
