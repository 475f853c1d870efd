//! The folders of guests without a key (`guests/NAME~N`, see `names::visit_name`): each
//! visit has one, so the stats and replay of a game played on the visit are kept and shown
//! like anyone's while it lasts; but a visit ends for good (no one can come in under its
//! name again, and the numbers start again when the parlor does, so a later visitor could
//! be given the folder), so its folder goes when the visit ends. What a table records for
//! a visitor after they left (a bot played their seat to the end) is let go by age
//! ([`KEPT_FOR`]) and by count ([`MOST_KEPT`]), oldest first. 132 visits in 30 s, each
//! leaving a game abandoned, once made 132 folders (1.26 MB, 3.6 GB a day).

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use super::names::VISIT_MARK;

/// A visit's folder untouched this long is let go.
pub const KEPT_FOR: Duration = Duration::from_hours(24);
/// The most visits' folders kept; past it the oldest go first.
pub const MOST_KEPT: usize = 100;

/// Whether `name` is a visit's (no key's).
pub fn is_visit(name: &str) -> bool {
    name.contains(VISIT_MARK)
}

/// The visit `name` ended: its folder under `guests` goes (a folder, never what a link
/// points to).
pub fn ended(guests: &Path, name: &str) {
    if !is_visit(name) {
        return;
    }
    let dir = guests.join(name);
    if fs::symlink_metadata(&dir).is_ok_and(|meta| meta.is_dir()) {
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Let go of visits' folders under `guests` untouched for [`KEPT_FOR`], then of the oldest
/// past [`MOST_KEPT`], but never of those whose visit is on (`in_now`). Only folders are
/// removed, never what a link points to. Returns how many went.
pub fn prune(guests: &Path, in_now: &[String], now: SystemTime) -> usize {
    let Ok(entries) = fs::read_dir(guests) else {
        return 0;
    };
    let mut visits: Vec<(SystemTime, std::path::PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            is_visit(&name) && !in_now.contains(&name)
        })
        .filter_map(|e| {
            let meta = fs::symlink_metadata(e.path()).ok()?;
            meta.is_dir()
                .then(|| (meta.modified().unwrap_or(SystemTime::UNIX_EPOCH), e.path()))
        })
        .collect();
    visits.sort();
    let over = visits.len().saturating_sub(MOST_KEPT);
    let mut gone = 0;
    for (at, (modified, dir)) in visits.iter().enumerate() {
        let old = now.duration_since(*modified).unwrap_or_default() >= KEPT_FOR;
        if (at < over || old) && fs::remove_dir_all(dir).is_ok() {
            gone += 1;
        }
    }
    gone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_and_surplus_visits_go_and_keyed_guests_and_links_stay() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let guests = dir.path();
        for n in 0..MOST_KEPT + 20 {
            fs::create_dir_all(guests.join(format!("v~{n}"))).expect("a visit");
        }
        fs::create_dir_all(guests.join("ann")).expect("a key's guest");
        let outside = dir.path().join("outside");
        fs::create_dir_all(&outside).expect("a folder elsewhere");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&outside, guests.join("l~1")).expect("a link");
        let in_now = ["v~0".to_owned()];
        let now = SystemTime::now();
        let gone = prune(guests, &in_now, now);
        assert_eq!(gone, 19, "the surplus but the one in now");
        assert!(guests.join("v~0").exists() && guests.join("ann").exists());
        assert!(outside.exists());
        let later = now + KEPT_FOR + Duration::from_secs(1);
        prune(guests, &in_now, later);
        let left: Vec<String> = fs::read_dir(guests)
            .expect("guests")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        let mut left = left;
        left.sort();
        assert_eq!(left, ["ann", "l~1", "outside", "v~0"]);
    }

    #[test]
    fn a_visit_that_ended_leaves_no_folder_and_a_keys_guest_keeps_theirs() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        for name in ["v~1", "ann"] {
            fs::create_dir_all(dir.path().join(name)).expect("a folder");
            fs::write(dir.path().join(name).join("stats.json"), b"{}").expect("stats");
        }
        for name in ["v~1", "ann"] {
            ended(dir.path(), name);
        }
        assert!(!dir.path().join("v~1").exists());
        assert!(dir.path().join("ann").join("stats.json").exists());
    }
}
