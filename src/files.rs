//! The parlor's own files (stats, replays), handled as what they might have become rather
//! than what they should be: reading never blocks on a named pipe or a device and never
//! reads without bound; writing goes through a temp file that is synced before it replaces
//! the old one; temp files a killed parlor left behind are swept away.

use std::borrow::Cow;
use std::fmt;
use std::fs::{self, OpenOptions, Permissions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserializer as _;
use serde::de::{IgnoredAny, MapAccess, Visitor};
use thiserror::Error;

/// Why a file could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("cannot read {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path} is {kind}, not a regular file: the parlor reads only regular files")]
    NotRegular { path: PathBuf, kind: &'static str },
    #[error("{path} is {size} bytes, more than a parlor file can be ({limit} bytes)")]
    TooBig {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
}

impl ReadError {
    /// The file is simply not there.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io { source, .. } if is_missing(source))
    }
}

/// What a file read whole holds, and its permissions (to give a replacement the same).
#[derive(Debug)]
pub struct Contents {
    pub bytes: Vec<u8>,
    pub permissions: Permissions,
}

/// The error says the disk (or the user's quota) has no room for what was written.
pub fn is_out_of_space(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
    )
}

/// The error says there is no such file (nor, perhaps, its directory).
fn is_missing(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

fn kind_of(file_type: fs::FileType) -> &'static str {
    if file_type.is_dir() {
        "a directory"
    } else {
        special_kind(file_type)
    }
}

/// What a file that is neither a regular file nor a directory is.
#[cfg(unix)]
fn special_kind(file_type: fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        "a named pipe"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else if file_type.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

/// What a file that is neither a regular file nor a directory is: the system has no finer
/// word for it here.
#[cfg(not(unix))]
fn special_kind(_file_type: fs::FileType) -> &'static str {
    "not a file"
}

/// `options`, set to open without waiting: on Unix a named pipe with no writer, put where a
/// parlor file should be, would otherwise hang the parlor. Elsewhere pipes do not live among
/// files, and opening never waits for one.
pub fn without_blocking(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options
}

/// `options`, set to open without waiting (see [`without_blocking`]) and never through a
/// symbolic link: the file opened is the one in the parlor's own folder, not another that
/// a link names. Elsewhere than Unix, as [`without_blocking`] leaves them.
pub fn without_blocking_or_links(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    options
}

/// Read `path` whole, if it is a regular file of at most `limit` bytes.
///
/// Opened without blocking, so a named pipe with no writer cannot hang the parlor; its type
/// and size are checked on the opened file, so nothing can be swapped in between; and no
/// more than `limit` bytes are read even if it grows meanwhile.
pub fn read_regular(path: &Path, limit: u64) -> Result<Contents, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = without_blocking(OpenOptions::new().read(true))
        .open(path)
        .map_err(io)?;
    let metadata = file.metadata().map_err(io)?;
    if !metadata.is_file() {
        return Err(ReadError::NotRegular {
            path: path.to_path_buf(),
            kind: kind_of(metadata.file_type()),
        });
    }
    let too_big = |size| ReadError::TooBig {
        path: path.to_path_buf(),
        size,
        limit,
    };
    if metadata.len() > limit {
        return Err(too_big(metadata.len()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(Contents {
        bytes,
        permissions: metadata.permissions(),
    })
}

/// Replace `path` with `bytes` so that a crash at any moment leaves either the old file or
/// the new one whole: write `temp` (in the same directory), sync it, rename it over `path`,
/// sync the directory (on Unix: see `sync_directory`). `permissions`: what the new file gets (the old file's, to keep them).
pub fn replace(
    path: &Path,
    temp: &Path,
    bytes: &[u8],
    permissions: Option<Permissions>,
) -> io::Result<()> {
    // A temp file of that name can only be a leftover of a killed process that had our
    // PID; whatever it is, it is not written into.
    let _ = fs::remove_file(temp);
    let result = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(temp)?;
        file.write_all(bytes)?;
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.sync_all()?;
        fs::rename(temp, path)?;
        #[cfg(unix)]
        sync_directory(directory_of(path))?;
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(temp);
    }
    result
}

/// Make a rename in `dir` durable: on Unix the new name is only safely on disk once the
/// directory itself is synced. Windows cannot open a directory as a file to sync it; the
/// rename there is still atomic, so a crash leaves the old file or the new one whole, and
/// only its durability is up to the system.
#[cfg(unix)]
fn sync_directory(dir: &Path) -> io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

/// The directory `path` is in (`.` for a bare file name).
fn directory_of(path: &Path) -> &Path {
    path.parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Write `bytes` to a new file named `stem-2`, `stem-3`, ... (`stem` itself first), whichever
/// is free first: a file that is already there is never overwritten. Returns its path.
pub fn write_new(
    stem: &Path,
    bytes: &[u8],
    permissions: Option<&Permissions>,
) -> io::Result<PathBuf> {
    for number in 1u32.. {
        let path = if number == 1 {
            stem.to_path_buf()
        } else {
            let mut name = stem.as_os_str().to_owned();
            name.push(format!("-{number}"));
            PathBuf::from(name)
        };
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        };
        let written = (|| {
            file.write_all(bytes)?;
            if let Some(permissions) = permissions {
                file.set_permissions(permissions.clone())?;
            }
            file.sync_all()
        })();
        if let Err(e) = written {
            let _ = fs::remove_file(&path);
            return Err(e);
        }
        return Ok(path);
    }
    unreachable!("some number is free")
}

/// Keep `contents` (what `file` held) beside it as `<name>.<what>-<seconds since 1970>`,
/// under a name nothing has yet (see [`write_new`]), with its permissions. Returns where.
pub fn keep_copy(file: &Path, what: &str, contents: &Contents) -> io::Result<PathBuf> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut name = file.file_name().unwrap_or_default().to_owned();
    name.push(format!(".{what}-{seconds}"));
    write_new(
        &file.with_file_name(name),
        &contents.bytes,
        Some(&contents.permissions),
    )
}

/// Why one of the parlor's small files (settings, remembered setups) was not written.
#[derive(Debug, Error)]
pub enum SaveError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{path} is read-only: it is left as it is")]
    ReadOnly { path: PathBuf },
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
}

/// Replace the file `path` names with `bytes`, as the stats file is replaced: through its
/// symbolic links (a link the player made stays a link, its target is written), keeping
/// its permissions (a private file stays private), never over a read-only file, and
/// atomically (see [`replace`]). `contents`: what the file holds now, if it was read
/// already. Returns the file written.
pub fn save(path: &Path, bytes: &[u8], contents: Option<&Contents>) -> Result<PathBuf, SaveError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SaveError::Io { path, source }
    };
    let file = through_links(path).map_err(io(path))?;
    let permissions = match contents {
        Some(contents) => Some(contents.permissions.clone()),
        None => match fs::metadata(&file) {
            Ok(metadata) => Some(metadata.permissions()),
            Err(e) if is_missing(&e) => None,
            Err(e) => return Err(io(&file)(e)),
        },
    };
    if permissions.as_ref().is_some_and(Permissions::readonly) {
        return Err(SaveError::ReadOnly { path: file });
    }
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    let temp = file.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    replace(&file, &temp, bytes, permissions).map_err(io(&file))?;
    Ok(file)
}

/// Symbolic links followed at most, as the kernel does.
const MAX_LINKS: usize = 40;

/// The file `path` names once symbolic links are followed, whether that file exists yet or
/// not: writing there keeps a link the player made, rather than replacing it.
pub fn through_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                // A relative target is relative to the link's directory.
                path = directory_of(&path).join(target);
            }
            Ok(_) => return Ok(path),
            Err(e) if is_missing(&e) => return Ok(path),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "{} goes through more than {MAX_LINKS} symbolic links",
        path.display()
    )))
}

/// Who left a temp file behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writer {
    Process(u32),
    /// A name from before temp files carried the writer's PID.
    Unknown,
}

/// A temp file this old is a leftover whoever wrote it: writes take milliseconds.
const ORPHAN_AGE: Duration = Duration::from_hours(1);

/// Whether process `pid` is gone; `None` where the system cannot tell (no `/proc`).
fn process_gone(pid: u32) -> Option<bool> {
    Path::new("/proc/self")
        .exists()
        .then(|| !Path::new("/proc").join(pid.to_string()).exists())
}

/// Delete the temp files in `dir` left by writers that were killed mid-write: those whose
/// writer (`writer_of` a file name, `None` for other files) is no longer running, or that
/// are older than an hour. Best effort: what cannot be swept stays.
pub fn sweep_orphans(dir: &Path, writer_of: impl Fn(&str) -> Option<Writer>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let Some(writer) = entry.file_name().to_str().and_then(&writer_of) else {
            continue;
        };
        let Ok(metadata) = entry.metadata() else {
            continue;
        };
        if !metadata.is_file() {
            continue;
        }
        let old = metadata
            .modified()
            .ok()
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age > ORPHAN_AGE);
        let orphaned = match writer {
            Writer::Process(pid) if pid == std::process::id() => false,
            Writer::Process(pid) => old || process_gone(pid) == Some(true),
            Writer::Unknown => old,
        };
        if orphaned {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Bytes that are not JSON at all, in serde's words.
#[derive(Debug, Error)]
#[error("not JSON ({0})")]
pub struct NotJson(#[source] pub serde_json::Error);

/// The number in `bytes`' top-level JSON field `field` (a file's format or version), read
/// without building anything else: `Ok(None)` when there is no such number, `Err` when the
/// bytes are not JSON at all.
///
/// Read first, so a file from a newer parlor is told apart before its other fields are
/// checked; and the file is then deserialised straight into its types, never into a
/// `serde_json::Value` of the whole file (which takes some 30 times the file's size).
pub fn json_number(bytes: &[u8], field: &str) -> Result<Option<u64>, NotJson> {
    /// Reads one field of an object, skipping the others unread.
    struct Field<'f>(&'f str);

    impl<'de> Visitor<'de> for Field<'_> {
        type Value = Option<u64>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a JSON object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<u64>, A::Error> {
            let mut found = None;
            while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                if key == self.0 {
                    found = map.next_value::<serde_json::Value>()?.as_u64();
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(found)
        }
    }

    let mut json = serde_json::Deserializer::from_slice(bytes);
    match json
        .deserialize_any(Field(field))
        .and_then(|found| json.end().map(|()| found))
    {
        Ok(found) => Ok(found),
        // JSON, but not an object: no such field.
        Err(e) if e.is_data() => Ok(None),
        Err(e) => Err(NotJson(e)),
    }
}
