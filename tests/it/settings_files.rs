//! The settings (`config.toml`) and the remembered setups (`setups.json`) written as the
//! stats file is: through a symbolic link, a read-only file left alone and said, one that
//! cannot be read kept aside and said, a file's permissions kept.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;

use parlor::config::Config;
use parlor::files::SaveError;
use parlor::games::GameId;
use parlor::setups::{RememberedSetup, Setups};

fn mode(path: &Path) -> u32 {
    fs::metadata(path).expect("there").permissions().mode() & 0o777
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
}

fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path)
        .expect("there")
        .file_type()
        .is_symlink()
}

fn lcr_setup(players: u8) -> RememberedSetup {
    RememberedSetup {
        players,
        ..RememberedSetup::default()
    }
}

/// The two files, saved by their own code: settings with `name`, or LCR's setup with
/// `players`.
#[derive(Clone, Copy, Debug)]
enum File {
    Config,
    Setups,
}

impl File {
    const BOTH: [File; 2] = [File::Config, File::Setups];

    fn name(self) -> &'static str {
        match self {
            File::Config => "config.toml",
            File::Setups => "setups.json",
        }
    }

    /// Save something in `dir` that [`File::holds`] can find again by `n`.
    fn save(self, dir: &Path, n: u8) -> Result<Option<String>, SaveError> {
        match self {
            File::Config => {
                let config = Config {
                    name: format!("Player{n}"),
                    ..Config::default()
                };
                config
                    .save(dir)
                    .map(|saved| saved.kept.is_some().then(|| saved.to_string()))
            }
            File::Setups => Setups::remember(dir, GameId::Lcr, lcr_setup(n))
                .map(|moved| moved.map(|m| m.to_string())),
        }
    }

    /// What `dir` holds is what [`File::save`] saved with `n`.
    fn holds(self, dir: &Path, n: u8) -> bool {
        match self {
            File::Config => {
                let (config, problems) = Config::load(dir);
                problems.is_empty() && config.name == format!("Player{n}")
            }
            File::Setups => Setups::load(dir).get(GameId::Lcr) == Some(&lcr_setup(n)),
        }
    }
}

#[test]
fn a_linked_file_is_written_through_to_its_target() {
    for file in File::BOTH {
        let dir = tempfile::tempdir().expect("temp dir");
        let elsewhere = tempfile::tempdir().expect("temp dir");
        let target = elsewhere.path().join(file.name());
        let link = dir.path().join(file.name());
        symlink(&target, &link).expect("symlink");
        // The target does not exist yet; then it does, private.
        for n in 2..=3 {
            assert_eq!(file.save(dir.path(), n).expect("saved"), None, "{file:?}");
            assert!(is_link(&link), "{file:?}: still a link");
            assert!(file.holds(dir.path(), n), "{file:?}");
            assert!(
                file.holds(elsewhere.path(), n),
                "{file:?}: the target holds it"
            );
            set_mode(&target, 0o600);
        }
        assert_eq!(
            mode(&target),
            0o600,
            "{file:?}: a private file stays private"
        );
        // Nothing was left beside the link.
        let names: Vec<_> = fs::read_dir(dir.path())
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, [file.name()], "{file:?}");
    }
}

#[test]
fn a_read_only_file_is_left_alone_and_said() {
    for file in File::BOTH {
        let dir = tempfile::tempdir().expect("temp dir");
        file.save(dir.path(), 2).expect("saved");
        let path = dir.path().join(file.name());
        set_mode(&path, 0o444);
        let before = fs::read(&path).expect("there");
        let refused = file.save(dir.path(), 3).expect_err("refused");
        assert!(
            matches!(refused, SaveError::ReadOnly { .. }),
            "{file:?}: {refused}"
        );
        assert!(refused.to_string().contains("is read-only"), "{refused}");
        assert_eq!(fs::read(&path).expect("there"), before, "{file:?}");
        assert_eq!(mode(&path), 0o444);
        assert!(file.holds(dir.path(), 2));
    }
}

#[test]
fn a_file_that_cannot_be_read_is_kept_aside_and_said() {
    for (file, broken) in [
        (File::Setups, "{\"lcr\": {\"players\": 4"),
        (File::Config, "name = \"Ana\"\nspeed = = 3\n# my notes\n"),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join(file.name());
        fs::write(&path, broken).expect("written");
        set_mode(&path, 0o640);
        let said = file
            .save(dir.path(), 2)
            .expect("saved")
            .unwrap_or_else(|| panic!("{file:?}: not said"));
        assert!(file.holds(dir.path(), 2), "{file:?}");
        let kept: Vec<_> = fs::read_dir(dir.path())
            .expect("dir")
            .map(|e| e.expect("entry").path())
            .filter(|p| p != &path)
            .collect();
        assert_eq!(kept.len(), 1, "{file:?}: {kept:?}");
        assert_eq!(fs::read_to_string(&kept[0]).expect("kept"), broken);
        assert_eq!(
            mode(&kept[0]),
            0o640,
            "{file:?}: the copy keeps the permissions"
        );
        assert!(
            said.contains(&kept[0].display().to_string()),
            "{file:?}: {said}"
        );
        // Once good, it is not kept again.
        assert_eq!(file.save(dir.path(), 3).expect("saved"), None);
    }
}
