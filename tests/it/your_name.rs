//! The name chosen on the settings screen (`name` in config.toml) is the first person's
//! seat's: from the menu's setup form (a remembered setup too) and from `parlor play`.

use std::process::Command;

use parlor::games::GameId;
use parlor::setups::RememberedSetup;
use parlor::tui::setup_form::{FormStart, SetupForm};

#[test]
fn the_setup_form_seats_you_under_your_chosen_name_even_from_a_remembered_setup() {
    let fresh = SetupForm::new(
        GameId::Lcr,
        &FormStart {
            your_name: Some("Zed".to_owned()),
            ..FormStart::default()
        },
    );
    let remembered = fresh.remembered();
    // Remembered with no name typed: the form is opened again after the name is chosen.
    let remembered = RememberedSetup {
        names: vec![None; remembered.names.len()],
        ..remembered
    };
    let again = SetupForm::new(
        GameId::Lcr,
        &FormStart {
            your_name: Some("Zed".to_owned()),
            remembered: Some(remembered),
            ..FormStart::default()
        },
    );
    for form in [fresh, again] {
        let setup = form.build().expect("a game");
        assert_eq!(setup.seats[0].name, "Zed");
    }
}

#[test]
fn parlor_play_seats_you_under_your_chosen_name() {
    let config = tempfile::tempdir().expect("temp dir");
    let data = tempfile::tempdir().expect("temp dir");
    std::fs::write(config.path().join("config.toml"), "name = \"Zed\"\n").expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["play", "lcr", "--plain", "--auto", "--seed", "3"])
        .env("PARLOR_CONFIG_DIR", config.path())
        .env("PARLOR_DATA_DIR", data.path())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("Zed"), "{said}");
}
