//! The page: `/` and `/t/TOKEN` (the page, with a style nonce new to each response), its
//! assets at fixed paths, 404 for anything else, and every response's hardening headers.

use axum::http::StatusCode;
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};

use crate::said_in;
use crate::words::Language;

/// What every response says the page may load and do: its own scripts, styles and socket,
/// nothing inline, nothing from elsewhere, in no one else's frame.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src \
     'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; \
     form-action 'none'";
/// What the page's `<meta name="parlor-style-nonce">` holds in `index.html`, replaced by
/// each response's nonce.
const NONCE_MARK: &str = "STYLE-NONCE";

/// The page's own policy: [`CONTENT_SECURITY_POLICY`], and the `<style>` elements that carry
/// this response's `nonce`. Without WebGL xterm.js draws with its DOM renderer, which writes
/// its cell sizes and colours into `<style>` elements of its own: refused by `style-src
/// 'self'`, the lobby was a jumble of `│ │` in a proportional font. The page gives them the
/// nonce as xterm.js makes them (and turns its `style` attributes into CSSOM, which no
/// policy governs), so nothing inline that the page did not make is let in.
fn page_policy(nonce: &str) -> String {
    CONTENT_SECURITY_POLICY.replace(
        "style-src 'self'",
        &format!("style-src 'self' 'nonce-{nonce}'"),
    )
}

/// The page, in the language the browser asks for first (`Accept-Language`) of those the
/// parlor speaks, with a nonce for its styles new to this response.
pub(super) async fn page(headers: HeaderMap) -> Response {
    let language = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(Language::from_accept_language)
        .unwrap_or_default();
    let nonce = crate::host::hex::hex(&rand::random::<[u8; 16]>());
    let policy = HeaderValue::from_str(&page_policy(&nonce))
        .unwrap_or_else(|_| HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            // The page's address may hold an invitation: no cache along the way keeps it.
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::CONTENT_SECURITY_POLICY, policy),
            // A cache along the way keeps one page for each language.
            (header::VARY, HeaderValue::from_static("accept-language")),
        ],
        page_in(language).replace(NONCE_MARK, &nonce),
    )
        .into_response()
}

/// The page and its assets: path, content type, contents.
pub(super) const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "/assets/parlor.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../assets/web/parlor.js"),
    ),
    (
        "/assets/parlor.css",
        "text/css; charset=utf-8",
        include_bytes!("../../../assets/web/parlor.css"),
    ),
    (
        "/assets/xterm.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../assets/web/xterm/xterm.js"),
    ),
    (
        "/assets/xterm.css",
        "text/css; charset=utf-8",
        include_bytes!("../../../assets/web/xterm/xterm.css"),
    ),
    (
        "/assets/addon-fit.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../assets/web/xterm/addon-fit.js"),
    ),
    (
        "/assets/addon-webgl.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../assets/web/xterm/addon-webgl.js"),
    ),
];
const PAGE: &str = include_str!("../../../assets/web/index.html");

/// The page with its words (each `{{id}}` of index.html) in `language`.
pub(super) fn page_in(language: Language) -> String {
    let words = [
        ("{{lang}}", language.code().to_owned()),
        ("{{page-tagline}}", said_in!(language, page_tagline)),
        ("{{page-name}}", said_in!(language, page_name)),
        ("{{page-name-hint}}", said_in!(language, page_name_hint)),
        ("{{page-reader}}", said_in!(language, page_reader)),
        ("{{page-sit}}", said_in!(language, page_sit)),
        ("{{page-lines-title}}", said_in!(language, page_lines_title)),
        ("{{page-log-title}}", said_in!(language, page_log_title)),
        ("{{page-command}}", said_in!(language, page_command)),
        ("{{page-send}}", said_in!(language, page_send)),
        (
            "{{page-needs-script}}",
            said_in!(language, page_needs_script),
        ),
        ("{{page-left}}", said_in!(language, page_left)),
        ("{{page-lost}}", said_in!(language, page_lost)),
        (
            "{{page-no-invitation}}",
            said_in!(language, page_no_invitation),
        ),
        ("{{page-no-screen}}", said_in!(language, page_no_screen)),
    ];
    words.iter().fold(PAGE.to_owned(), |page, (mark, said)| {
        page.replace(mark, &escaped(said))
    })
}

/// `text` as HTML text or a quoted attribute's value.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub(super) async fn not_found() -> StatusCode {
    StatusCode::NOT_FOUND
}

/// Every response: the page may load only its own, and no one may frame it or sniff it.
pub(super) async fn harden(mut response: Response) -> Response {
    let headers = response.headers_mut();
    // The page sets its own, with its nonce.
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}
