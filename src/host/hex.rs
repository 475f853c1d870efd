//! Bytes written in hexadecimal, as the host writes its invitations' tokens, browsers' keys
//! and the page's nonces: one spelling for all three.

/// `bytes` in hexadecimal, as tokens and hashes are written.
pub(super) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut text, b| {
        let _ = write!(text, "{b:02x}");
        text
    })
}
