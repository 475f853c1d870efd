//! The host's SSH key: made once and kept in the data directory, so a guest's ssh knows the
//! parlor again the next time it opens (and warns if something else answers in its place).

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::Path;

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};

use super::error::{HostError, HostKeyProblem};
use crate::files;

/// The key's file in the data directory.
pub const FILE_NAME: &str = "ssh_host_ed25519_key";
/// An OpenSSH private key file is a few hundred bytes; anything much bigger is not one.
const MAX_KEY_BYTES: u64 = 64 << 10;

/// The key in `dir`, made (Ed25519) and saved there, readable by its owner only, if there is
/// none yet.
pub fn load_or_create(dir: &Path) -> Result<PrivateKey, HostError> {
    let path = dir.join(FILE_NAME);
    let problem = |reason: HostKeyProblem| HostError::HostKey {
        path: path.clone(),
        reason,
    };
    match files::read_regular(&path, MAX_KEY_BYTES) {
        Ok(contents) => {
            return PrivateKey::from_openssh(&contents.bytes)
                .map_err(|e| problem(HostKeyProblem::NotAKey(e)));
        }
        Err(e) if e.is_not_found() => {}
        Err(e) => return Err(problem(e.into())),
    }
    let make = |e| problem(HostKeyProblem::Make(e));
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(make)?;
    let text = key.to_openssh(LineEnding::LF).map_err(make)?;
    let write = |e| problem(HostKeyProblem::Write(e));
    fs::create_dir_all(dir).map_err(write)?;
    write_private(&path, text.as_bytes()).map_err(write)?;
    Ok(key)
}

/// Write a new file that only its owner may read, from its first byte on.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    if written.is_err() {
        let _ = fs::remove_file(path);
    }
    written
}

/// The key's fingerprint as ssh shows it (`SHA256:...`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}
