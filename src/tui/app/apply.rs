//! [`App::apply`]: each intent carried out, on the screen it was meant for.

use std::time::Instant;

use super::{App, Beneath, Overlay, Screen};
use crate::daily::DailyDeal;
use crate::games::GameId;
use crate::said;
use crate::setups::Setups;
use crate::tui::form;
use crate::tui::intent::{
    Confirm, FormIntent, Intent, LobbyIntent, MENU_ROWS, MenuIntent, Panel, ReplayIntent,
    ReviewIntent, TableIntent,
};
use crate::tui::review_screen::ReviewScreen;
use crate::tui::settings_form::{SettingsForm, Unsaved};
use crate::tui::setup_form::{FormStart, SetupForm};
use crate::tui::sitting::{LeaveTo, Sitting};
use crate::tui::snapshot::Notice;
use crate::words;
use crate::words::Language;

impl App {
    /// Carry out what the player meant.
    pub fn apply(&mut self, intent: Intent, now: Instant) {
        self.notice = None;
        match intent {
            Intent::Quit => {
                self.quit = true;
                self.interrupted = true;
            }
            Intent::Leave => self.quit = true,
            // The notice is put away above, as at every intent.
            Intent::Dismiss => {}
            Intent::Back => self.back(),
            Intent::Suspend => self.suspend = true,
            Intent::Ask(question) => self.ask(question),
            Intent::Confirm => {
                if let Some(Overlay::Confirm(question)) = self.overlay.take() {
                    self.confirmed(question);
                }
            }
            Intent::Close => self.overlay = None,
            Intent::Show(Panel::Help) => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Intent::Show(Panel::Stats) => self.overlay = Some(Overlay::Stats { page: 0 }),
            Intent::StatsPage(delta) => {
                if let Some(Overlay::Stats { page }) = &mut self.overlay {
                    let pages = GameId::ALL.len() as i32 + 1;
                    *page = (*page as i32 + i32::from(delta)).rem_euclid(pages) as usize;
                }
            }
            Intent::Show(Panel::Rules(game)) => {
                self.overlay = Some(Overlay::Rules { game, scroll: 0 });
            }
            Intent::Scroll(lines) => {
                if let Some(Overlay::Rules { scroll, .. } | Overlay::Help { scroll }) =
                    &mut self.overlay
                {
                    *scroll = scroll.saturating_add_signed(lines);
                }
            }
            Intent::Menu(menu) => self.menu(menu),
            Intent::Lobby(lobby) => self.lobby(lobby),
            Intent::Form(form) => self.form(form),
            Intent::Table(table) => self.table(table, now),
            Intent::Replay(replay) => self.replay(replay, now),
            Intent::Review(review) => self.review(review),
        }
        self.tick(now);
    }

    /// A question only when a game would be abandoned; otherwise straight on.
    fn ask(&mut self, question: Confirm) {
        let offers = self.sitting.as_ref().map(Sitting::offers);
        if question == Confirm::LeaveLobby {
            self.overlay = Some(Overlay::Confirm(question));
        } else if let Some(offers) = offers.filter(|o| o.abandons)
            && matches!(self.screen, Screen::Table)
        {
            // At a shared table the game goes on without you: nothing is abandoned.
            let question = match (question, offers.leave_to) {
                (Confirm::Leave, LeaveTo::Tables) => Confirm::LeaveShared,
                (Confirm::Quit, LeaveTo::Tables) => Confirm::QuitShared,
                (question, _) => question,
            };
            self.overlay = Some(Overlay::Confirm(question));
        } else {
            self.confirmed(question);
        }
    }

    fn confirmed(&mut self, question: Confirm) {
        match question {
            Confirm::Quit | Confirm::QuitShared | Confirm::LeaveLobby => self.quit = true,
            Confirm::Leave | Confirm::LeaveShared => self.back_from_table(),
            Confirm::NewGame => self.deal(true),
        }
    }

    fn menu(&mut self, intent: MenuIntent) {
        let Screen::Menu { selected } = &mut self.screen else {
            return;
        };
        match intent {
            MenuIntent::Move(delta) => {
                // The games, today's deal and the settings, round and round.
                let rows = MENU_ROWS as i32;
                *selected = (*selected as i32 + i32::from(delta)).rem_euclid(rows) as usize;
            }
            MenuIntent::Settings => {
                let mut form = SettingsForm::new(self.config.clone());
                form.language_pinned = self.options.pinned.language;
                self.open(Screen::Settings(form));
            }
            MenuIntent::Daily => self.start_daily(DailyDeal::today(DailyDeal::GAME)),
            MenuIntent::Open(game) => {
                let start = FormStart {
                    animation: !self.options.reduced_motion,
                    your_name: self.config.chosen_name().map(str::to_owned),
                    level: Some(self.config.bot_level(game)),
                    remembered: self
                        .recorder
                        .dir()
                        .and_then(|dir| Setups::load(dir).get(game).cloned()),
                };
                self.open(Screen::Setup(SetupForm::new(game, &start)));
            }
        }
    }

    fn lobby(&mut self, intent: LobbyIntent) {
        let (Screen::Lobby(screen), Some(lobby)) = (&mut self.screen, &self.lobby) else {
            return;
        };
        let joined = match (intent, screen.choosing) {
            (LobbyIntent::Move(delta), _) => return screen.step(delta),
            (LobbyIntent::New, _) => return screen.choosing = Some(0),
            (LobbyIntent::Back, _) => return screen.choosing = None,
            (LobbyIntent::Menu, _) => return self.open(Screen::Menu { selected: 0 }),
            (LobbyIntent::Language, _) => {
                // This guest's parlor runs on a thread of its own: the thread speaks on.
                let spoken = crate::words::spoken();
                let at = Language::ALL.iter().position(|&l| l == spoken).unwrap_or(0);
                crate::words::speak(Language::ALL[(at + 1) % Language::ALL.len()]);
                return;
            }
            (LobbyIntent::Enter, Some(game)) => lobby.open(GameId::ALL[game], ""),
            (LobbyIntent::Enter, None) => match screen.tables.get(screen.selected) {
                Some(table) => lobby.join(&table.name),
                None => return,
            },
        };
        match joined {
            Ok(joined) => self.sit_shared(joined),
            Err(refused) => {
                screen.choosing = None;
                self.notice = Some(Notice::Problem(refused.to_string()));
            }
        }
    }

    fn form(&mut self, intent: FormIntent) {
        let rest = match &mut self.screen {
            Screen::Setup(setup) => form::edit(setup, intent),
            Screen::Settings(settings) => form::edit(settings, intent),
            Screen::Menu { .. } | Screen::Lobby(_) | Screen::Table | Screen::Review(_) => None,
        };
        match (rest, &self.screen) {
            (Some(FormIntent::Start), Screen::Setup(_)) => self.start_from_form(),
            (Some(FormIntent::Start), Screen::Settings(_)) => self.save_settings(),
            (Some(FormIntent::Back), _) => self.back(),
            _ => {}
        }
    }

    /// Start the game the setup form describes, and remember the form for next time.
    fn start_from_form(&mut self) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        match form.build() {
            Ok(setup) => {
                self.options.reduced_motion = !form.animation;
                let remembered = form.remembered();
                if let Some(dir) = self.recorder.dir() {
                    match Setups::remember(dir, setup.settings.game, remembered) {
                        Ok(None) => {}
                        Ok(Some(moved)) => self.notice = Some(Notice::Problem(moved.to_string())),
                        Err(e) => {
                            self.notice = Some(Notice::Problem(said!(
                                setup_not_remembered,
                                why = e.to_string()
                            )));
                        }
                    }
                }
                self.start(setup);
            }
            Err(e) => form.error = Some(e.to_string()),
        }
    }

    /// Save the settings screen to the config file and put them in force.
    fn save_settings(&mut self) {
        let Screen::Settings(form) = &mut self.screen else {
            return;
        };
        let saved = form.checked().and_then(|config| {
            let dir = self.config_dir.as_deref().ok_or(Unsaved::NoConfigDir)?;
            let saved = config.save(dir).map_err(Unsaved::Save)?;
            Ok((config, saved))
        });
        match saved {
            Ok((config, saved)) => {
                let language_changed = config.language != self.config.language;
                self.options.follow(&config);
                // The new language at once, unless `--lang` fixed it for this run.
                if language_changed && !self.options.pinned.language {
                    words::speak(self.options.language);
                }
                self.config = config;
                self.back();
                self.notice = Some(Notice::Done(match &saved.kept {
                    None => said!(settings_saved, path = saved.path.display().to_string()),
                    Some(kept) => said!(
                        settings_saved_kept,
                        path = saved.path.display().to_string(),
                        kept = kept.display().to_string()
                    ),
                }));
            }
            Err(e) => form.error = Some(e.to_string()),
        }
    }

    fn table(&mut self, intent: TableIntent, now: Instant) {
        match intent {
            TableIntent::Deal { fresh } => return self.deal(fresh),
            TableIntent::ToMenu => return self.back_from_table(),
            _ => {}
        }
        let Some(sitting) = &mut self.sitting else {
            return;
        };
        if matches!(
            intent,
            TableIntent::Skip | TableIntent::ActChosen | TableIntent::GoOn
        ) && sitting.start_shared_table()
        {
            return;
        }
        match intent {
            TableIntent::Act(action) => sitting.act(action, now),
            TableIntent::ActChosen => {
                let offered = sitting.offered();
                if let Some(&action) =
                    offered.get(sitting.choice.min(offered.len().saturating_sub(1)))
                {
                    sitting.act(action, now);
                }
            }
            TableIntent::Choose(delta) => {
                let count = sitting.offered().len().max(1) as i32;
                sitting.choice =
                    (sitting.choice as i32 + i32::from(delta)).rem_euclid(count) as usize;
            }
            TableIntent::Skip => sitting.skip(now),
            TableIntent::GoOn => sitting.stage.go_on(now),
            TableIntent::TakeSeat => sitting.take_seat(),
            TableIntent::HideCard => sitting.hide_card(),
            TableIntent::ToggleAuto => sitting.toggle_auto(now),
            TableIntent::TogglePause => sitting.toggle_pause(now),
            TableIntent::StepOne => sitting.step_one(now),
            TableIntent::Speed(slower) => sitting.change_speed(slower),
            TableIntent::ToggleOdds if !sitting.offers().odds => {
                self.notice = Some(Notice::Problem(said!(notice_no_odds_in_daily)));
            }
            TableIntent::ToggleOdds => sitting.toggle_odds(),
            TableIntent::ScrollLog(lines) => {
                sitting.log_scroll = sitting.log_scroll.saturating_add_signed(isize::from(lines));
            }
            TableIntent::Deal { .. } | TableIntent::ToMenu => {}
        }
    }

    fn review(&mut self, intent: ReviewIntent) {
        if intent == ReviewIntent::Open {
            if let Some(sitting) = &self.sitting {
                let timeline = sitting.timeline();
                self.open(Screen::Review(Box::new(ReviewScreen::start(timeline))));
            }
            return;
        }
        let Screen::Review(review) = &mut self.screen else {
            return;
        };
        match intent {
            ReviewIntent::Point(delta) => review.step_point(delta),
            ReviewIntent::Entry(delta) => review.step_entry(delta),
            ReviewIntent::Back => self.back(),
            ReviewIntent::Replay => {
                let Some(step) = review.moment() else { return };
                let timeline = review.timeline.clone();
                let watching = self.sitting.as_ref().is_some_and(|s| s.replay().is_some());
                if watching {
                    // Back to the replay the review was opened from, at the moment picked.
                    self.back();
                } else {
                    // The game is over and recorded: its replay is opened over the review,
                    // and the game's table waits under it, to come back to.
                    let game = self.sitting.take().map(Box::new);
                    let replay = Sitting::watching(timeline, self.options.pacing());
                    self.sitting = Some(replay);
                    let review = std::mem::replace(&mut self.screen, Screen::Table);
                    self.below.push(Beneath {
                        screen: review,
                        table: game,
                    });
                    self.overlay = None;
                }
                if let Some(sitting) = &mut self.sitting {
                    sitting.seek_stopped(step);
                }
            }
            ReviewIntent::Open => {}
        }
    }

    fn replay(&mut self, intent: ReplayIntent, now: Instant) {
        if let Some(sitting) = &mut self.sitting {
            sitting.steer_replay(intent, now);
        }
    }

    /// Deal again with a fresh seed, or (`fresh` false) the same seed, as its setup says.
    pub fn deal(&mut self, fresh: bool) {
        // A shared table's seats are other people's, and a replay is a game played: neither
        // is dealt again here.
        let offered = self.sitting.as_ref().filter(|s| s.offers().deal_again);
        if let Some(mut setup) = offered.map(|s| s.setup.clone()) {
            if fresh {
                setup.seed = rand::random();
            }
            self.start(setup);
        }
    }

    /// Leave the table for the screen it was opened from.
    pub(super) fn back_from_table(&mut self) {
        if matches!(self.screen, Screen::Table) {
            self.back();
        }
    }
}
