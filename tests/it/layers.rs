//! `.ci/layers`, the check that holds ARCHITECTURE.md's layers: it can fail, naming what it
//! found (a copy of src/ with an upward import, a terminal's crate in the engine and a
//! cycle of two siblings planted in it), and it passes on the tree as it is.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The checkout's root, where `.ci/layers` is; `None` in the published crate, which leaves
/// the CI scripts out (Cargo.toml's `include`).
fn checkout() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    root.join(".ci/layers").exists().then(|| root.to_owned())
}

/// `bash .ci/layers ROOT`: the check of the tree under ROOT/src.
fn layers(checkout: &Path, root: &Path) -> Output {
    Command::new("bash")
        .arg(checkout.join(".ci/layers"))
        .arg(root)
        .output()
        .expect("bash runs")
}

/// A copy of `from`'s files and folders at `to`.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("make the folder");
    for entry in fs::read_dir(from).expect("read the folder") {
        let entry = entry.expect("a folder entry");
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()));
        } else {
            fs::copy(&path, to.join(entry.file_name())).expect("copy a file");
        }
    }
}

/// Add `line` at the end of `file`: the line number it lands on.
fn plant(file: &Path, line: &str) -> usize {
    let mut text = fs::read_to_string(file).expect("read the file");
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(line);
    text.push('\n');
    fs::write(file, &text).expect("write the file");
    text.lines().count()
}

#[test]
fn the_check_names_an_upward_import_an_outside_crate_and_a_cycle() {
    let Some(checkout) = checkout() else {
        eprintln!("no .ci/layers here (the published crate): nothing to check");
        return;
    };
    let copy = tempfile::tempdir().expect("temp dir");
    let src = copy.path().join("src");
    copy_tree(&checkout.join("src"), &src);
    let upward = plant(&src.join("games/lcr.rs"), "use crate::tui::App;");
    let terminal = plant(&src.join("table.rs"), "use ratatui::text::Line;");
    let there = plant(&src.join("games/rng.rs"), "use super::seat_set::SeatSet;");
    let back = plant(&src.join("games/seat_set.rs"), "use super::rng::GameRng;");

    let out = layers(&checkout, copy.path());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{said}");
    for (named, what) in [
        (
            format!(
                "src/games/lcr.rs:{upward}: use crate::tui::App: the engine (games::lcr) imports tui, above it"
            ),
            "the upward import",
        ),
        (
            format!(
                "src/table.rs:{terminal}: ratatui::text::Line: the engine (table) uses ratatui"
            ),
            "the terminal's crate",
        ),
        (
            "cycle among games::rng, games::seat_set".to_owned(),
            "the cycle",
        ),
        (
            format!(
                "src/games/rng.rs:{there}: use super::seat_set::SeatSet (games::rng -> games::seat_set)"
            ),
            "the cycle's way there",
        ),
        (
            format!(
                "src/games/seat_set.rs:{back}: use super::rng::GameRng (games::seat_set -> games::rng)"
            ),
            "the cycle's way back",
        ),
    ] {
        assert!(
            said.contains(&named),
            "{what} not named as {named:?}:\n{said}"
        );
    }
}

#[test]
fn the_tree_keeps_its_layers() {
    let Some(checkout) = checkout() else {
        eprintln!("no .ci/layers here (the published crate): nothing to check");
        return;
    };
    let out = layers(&checkout, &checkout);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
