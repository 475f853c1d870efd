//! One guest's SSH connection: who they are, what they may ask for, and their parlor.
//!
//! A connection gets one session channel with a terminal, and in it the parlor: the menu
//! (a shell request) or a table (`play GAME ...`). Everything else SSH offers is refused:
//! other commands, subsystems such as SFTP, port and agent and X11 forwarding. Of the
//! environment a client sends, only the locale is read (`LC_ALL`, `LC_MESSAGES`, `LANG`, as
//! OpenSSH's `SendEnv` sends them): the guest's parlor speaks their language, and what they
//! are told here (a refusal) is said in it.

use std::fmt::Display;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use thiserror::Error;
use tokio::sync::watch;

use ratatui::layout::Size;
use russh::keys::{HashAlg, PublicKey};
use russh::server::{
    Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Response, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, Pty};

use super::command;
use super::command::Opening;
use super::command::Play;
use super::guest::{self, GuestLink, Mode, Out, Start};
use super::house::House;
use super::limits::{Allowance, NoPlace, Place, Waiting};
use super::names::{self, InvalidName, NameRefusal, valid_name};
use crate::said;
use crate::shared_table::{Person, TableRefusal};
use crate::tui::Options;
use crate::words::{self, Language};

/// The variables of a guest's environment that name their language, as POSIX reads them.
const LOCALE_VARIABLES: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// The exit status of a refused command, as the parlor's command line refuses.
const REFUSED: u32 = 2;

/// The session channel, where the parlor runs.
struct SessionChannel {
    id: ChannelId,
    /// Until the parlor starts and takes it.
    out: Option<ChannelWriteHalf<Msg>>,
    /// The guest's window, from their pty request: none, no parlor.
    size: Option<Size>,
    guest: Option<GuestLink>,
}

/// One connection, from its first packet to its close.
pub struct Connection {
    host: Arc<House>,
    peer: SocketAddr,
    /// Its place in the pool of connections not yet logged in, until it logs in.
    waiting: Option<Waiting>,
    /// Its place among the guests logged in, once it has one.
    place: Option<Place>,
    /// Told when it has logged in (and so has no more grace time to keep).
    logged_in: watch::Sender<bool>,
    /// Told whether a parlor is open on it: a connection that logged in has the grace to
    /// open one, and again each time one closes, or is cut off (SSH IGNOREs and keepalives
    /// keep russh's own inactivity timer going, so they cannot be what keeps it).
    parlor_open: watch::Sender<bool>,
    /// Logged in when no place was free to it: told why, and cut off at the end of its
    /// grace.
    full: Option<NoPlace>,
    /// The name the guest asked for, once they are in.
    asked: Option<String>,
    /// Who they are here, once in: the name asked for if their key holds it, else a name
    /// for this visit only.
    person: Option<Person>,
    channel: Option<SessionChannel>,
    allowance: Allowance,
    /// The parlor opened for them (the host's log says when they leave).
    seated: bool,
    /// The locale variables their ssh sent (`SendEnv`), by name.
    locale: Vec<(String, String)>,
}

impl Connection {
    pub fn new(
        host: Arc<House>,
        peer: SocketAddr,
        waiting: Waiting,
        logged_in: watch::Sender<bool>,
        parlor_open: watch::Sender<bool>,
    ) -> Self {
        Connection {
            host,
            peer,
            waiting: Some(waiting),
            place: None,
            logged_in,
            parlor_open,
            full: None,
            asked: None,
            person: None,
            channel: None,
            allowance: Allowance::full(),
            seated: false,
            locale: Vec::new(),
        }
    }

    /// The guest's language, as their environment names it: English if it names none the
    /// parlor speaks (or their ssh sent none).
    fn language(&self) -> Language {
        Language::from_variables(|name| {
            self.locale
                .iter()
                .find(|(variable, _)| variable == name)
                .map(|(_, value)| value.clone())
        })
    }

    /// Let in a guest who proved they hold the key `fingerprint`, under `user` if that name
    /// is free or theirs.
    fn let_in_with_key(&mut self, user: &str, fingerprint: String) -> Auth {
        let user = &names::composed(user);
        // A name that cannot be one is refused with its reason once the session opens.
        if valid_name(user).is_ok()
            && let Err(refusal) = self.host.claim(user, &fingerprint, self.peer.ip())
        {
            if !refusal.may_be_a_guess() {
                let quoted = crate::untrusted::quote(user);
                self.log(&format!(
                    "login {quoted} by publickey from {}: refused, {refusal}",
                    self.peer
                ));
                return self.keep_trying();
            }
            return self.failed(user, "publickey", refusal);
        }
        self.asked = Some(user.to_owned());
        self.person = Some(Person {
            name: user.to_owned(),
            key: Some(fingerprint),
        });
        self.enter("publickey")
    }

    /// Logged in by `method`: out of the pool at the door, into a place among the guests
    /// if one is free.
    fn enter(&mut self, method: &str) -> Auth {
        let key = self.person.as_ref().and_then(|p| p.key.clone());
        // Written only once checked: a name that cannot be one (refused when the session
        // opens) is quoted as what it is.
        let asked = self.asked.as_deref().unwrap_or_default();
        let name = match (valid_name(asked), &self.person) {
            (Ok(_), Some(person)) => person.name.clone(),
            (Err(InvalidName { quoted, .. }), _) => format!("'{quoted}' (not a name)"),
            (Ok(_), None) => String::new(),
        };
        let key = key.map_or_else(|| "no key".to_owned(), |k| format!("key {k}"));
        let outcome = match self.host.room.take(self.peer.ip()) {
            Ok(place) => {
                self.place = Some(place);
                self.waiting = None;
                let _ = self.logged_in.send(true);
                "in".to_owned()
            }
            Err(no_place) => {
                self.full = Some(no_place);
                no_place.to_string()
            }
        };
        let peer = self.peer;
        self.log(&format!(
            "login {name} by {method} ({key}) from {peer}: {outcome}"
        ));
        Auth::Accept
    }

    /// A login by `method` as `user` failed, for `why`: said in the log, and counted against
    /// the source (which may now wait before it tries again).
    fn failed(&self, user: &str, method: &str, why: impl Display) -> Auth {
        let user = crate::untrusted::quote(user);
        self.log(&format!(
            "login {user} by {method} from {}: refused, {why}",
            self.peer
        ));
        self.host.count_failure(self.peer.ip());
        self.keep_trying()
    }

    /// Whether the source must still wait after its failed logins: then nothing it tries
    /// is looked at (and it is only counted).
    fn penalized(&self) -> bool {
        let penalized = self
            .host
            .gate
            .penalty(self.peer.ip(), Instant::now())
            .is_some();
        if penalized {
            self.host.log.refused("login from a penalized source");
        }
        penalized
    }

    fn log(&self, line: &str) {
        self.host.log.line(line);
    }

    /// It tried to log in: at the door, no newcomer from its address takes its place.
    fn spoke(&self) {
        if let Some(waiting) = &self.waiting {
            waiting.spoke();
        }
    }

    /// Let in a guest without a key: under a name for this visit only, made from `user`,
    /// unless `user` is banned or a key holds it.
    fn let_in_for_a_visit(&mut self, user: &str, method: &str) -> Result<Auth, NameRefusal> {
        let user = &names::composed(user);
        self.host.names.check_keyless(user)?;
        let visit = self.host.visits.fetch_add(1, Ordering::SeqCst);
        self.asked = Some(user.to_owned());
        self.person = Some(Person {
            name: names::visit_name(user, visit),
            key: None,
        });
        Ok(self.enter(method))
    }

    /// Refuse this try, offering every way in again: a mistyped password may be typed
    /// again, and the next key in the guest's agent tried (the attempts are bounded by
    /// the server's configuration).
    fn keep_trying(&self) -> Auth {
        Auth::Reject {
            proceed_with_methods: Some(self.host.access.methods()),
            partial_success: false,
        }
    }

    /// The session channel, if `id` is it.
    fn session_channel(&mut self, id: ChannelId) -> Option<&mut SessionChannel> {
        self.channel.as_mut().filter(|c| c.id == id)
    }

    /// Answer a request on the session channel by opening the parlor where `opening` says
    /// (the lobby, a table of the guest's own, a shared table), or by saying why not.
    fn open_parlor(
        &mut self,
        id: ChannelId,
        play: Play,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        match self.session_channel(id) {
            Some(channel) if channel.guest.is_none() => {}
            // Not the session, or its parlor is already open.
            _ => return session.channel_failure(id),
        }
        match self.seat(id, play) {
            Ok(()) => session.channel_success(id),
            Err(why) => self.refuse(session, id, why),
        }
    }

    /// Start the guest's parlor on the session channel `id`: the full screen, or (`lines`)
    /// in lines, which needs no terminal.
    fn seat(&mut self, id: ChannelId, play: Play) -> Result<(), NotSeated> {
        let Play {
            opening,
            options,
            lines,
            language,
        } = play;
        let language = language.unwrap_or_else(|| self.language());
        let asked = self.asked.clone().unwrap_or_default();
        let host = Arc::clone(&self.host);
        let from = self.from();
        let port = host.port;
        valid_name(&asked).map_err(|name| NotSeated::BadName { name, port })?;
        let person = self.person.clone().ok_or(NotSeated::NoOne)?;
        let name = person.name.clone();
        let peer = self.peer;
        if let Some(no_place) = self.full {
            return Err(NotSeated::NoPlace(no_place));
        }
        let channel = self.session_channel(id).ok_or(NotSeated::NoSession)?;
        let (mode, size) = match (lines, channel.size) {
            (true, size) => (
                Mode::Lines {
                    echo: size.is_some(),
                },
                size.unwrap_or(guest::MAX_SIZE),
            ),
            (false, Some(size)) => (Mode::FullScreen, size),
            (false, None) => {
                return Err(NotSeated::NoTerminal {
                    port,
                    name: name.clone(),
                });
            }
        };
        let out = channel.out.take().ok_or(NotSeated::AlreadyOpen)?;
        let start = Start {
            person,
            from: Some(peer),
            options,
            opening,
            size,
            mode,
            only: None,
            language,
        };
        let link = guest::start(
            &host,
            start,
            Out::Ssh(out),
            tokio::runtime::Handle::current(),
        )
        .map_err(NotSeated::CouldNotOpen)?;
        channel.guest = Some(link);
        self.seated = true;
        let _ = self.parlor_open.send(true);
        self.log(&format!("{name} sat down{from}"));
        Ok(())
    }

    /// Refuse what was asked on channel `id`: say why (on its stderr) and close it with
    /// the status of a refused command. Another session may then open on the connection.
    fn refuse(
        &mut self,
        session: &mut Session,
        id: ChannelId,
        why: impl Display,
    ) -> Result<(), russh::Error> {
        if self.session_channel(id).is_some() {
            self.channel = None;
            let _ = self.parlor_open.send(false);
        }
        // The guest's terminal may be raw: every line starts at the left edge. Said in their
        // language.
        let lines: Vec<String> = words::speaking(self.language(), || why.to_string())
            .lines()
            .map(|line| format!("parlor: {}\r\n", crate::untrusted::printable(line)))
            .collect();
        session.channel_success(id)?;
        session.extended_data(id, 1, lines.concat().into_bytes())?;
        session.exit_status_request(id, REFUSED)?;
        session.eof(id)?;
        session.close(id)
    }

    /// Where the guest connects from, as the host's log says it.
    fn from(&self) -> String {
        format!(" (from {})", self.peer)
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let (true, Some(person)) = (self.seated, &self.person) {
            self.log(&format!("{} left", person.name));
        }
    }
}

/// A key's fingerprint, as ssh shows it (`SHA256:...`).
fn fingerprint(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

/// Why a guest's parlor did not open on their session channel (said in the thread's
/// language: [`Connection::refuse`] says it in theirs).
#[derive(Debug, Error)]
enum NotSeated {
    BadName { name: InvalidName, port: u16 },
    NoOne,
    NoPlace(NoPlace),
    NoSession,
    NoTerminal { port: u16, name: String },
    AlreadyOpen,
    CouldNotOpen(#[source] std::io::Error),
}

impl Display for NotSeated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            NotSeated::BadName { name, port } => {
                said!(name_with_hint, refusal = name.to_string(), port = *port)
            }
            NotSeated::NoOne => said!(no_one_came_in),
            NotSeated::NoPlace(no_place) => no_place.to_string(),
            NotSeated::NoSession => said!(no_session),
            NotSeated::NoTerminal { port, name } => {
                said!(needs_terminal, port = *port, name = name)
            }
            NotSeated::AlreadyOpen => said!(already_open),
            NotSeated::CouldNotOpen(e) => said!(could_not_open, why = e.to_string()),
        })
    }
}

impl Handler for Connection {
    type Error = russh::Error;

    /// Never enough: the ways in are offered instead, a key first.
    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        self.spoke();
        Ok(self.keep_trying())
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        let user = &names::composed(user);
        self.spoke();
        if self.penalized() {
            return Ok(self.keep_trying());
        }
        if !self.host.access.password_is(password) {
            return Ok(self.failed(user, "password", "wrong password"));
        }
        Ok(self
            .let_in_for_a_visit(user, "password")
            .unwrap_or_else(|refusal| self.failed(user, "password", refusal)))
    }

    /// When anyone may come in: no question asked, a name for this visit. A name that is
    /// banned or held by a key is refused, and the guest's ssh shows why.
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        let user = &names::composed(user);
        self.spoke();
        if !self.host.access.is_open() || self.penalized() {
            return Ok(self.keep_trying());
        }
        match self.let_in_for_a_visit(user, "keyboard-interactive") {
            Ok(accepted) => Ok(accepted),
            // Told once, as the instructions of a question with no prompt; the answer is
            // then refused.
            Err(refusal) if response.is_none() => {
                self.failed(user, "keyboard-interactive", &refusal);
                // Before the session, nothing names the guest's language yet: English.
                let refusal = words::speaking(Language::English, || refusal.to_string());
                Ok(Auth::Partial {
                    name: "parlor".into(),
                    instructions: format!("parlor: {refusal}").into(),
                    prompts: Vec::new().into(),
                })
            }
            Err(_) => Ok(self.keep_trying()),
        }
    }

    /// A key that may not come in under this name is refused before the guest's ssh signs
    /// with it, so it offers the next one.
    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        let user = &names::composed(user);
        let key = offer.public_key;
        self.spoke();
        if self.penalized() || !self.host.access.admits(key, self.peer.ip()) {
            return Ok(self.keep_trying());
        }
        // Said, not counted against the source: a guest's ssh offers each of its keys.
        if let Err(refusal) = self.host.names.check(user, &fingerprint(key)) {
            let user = crate::untrusted::quote(user);
            let peer = self.peer;
            self.log(&format!(
                "login {user} by publickey from {peer}: refused, {refusal}"
            ));
            return Ok(self.keep_trying());
        }
        Ok(Auth::Accept)
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let user = &names::composed(user);
        let key = key.public_key;
        if self.penalized() {
            return Ok(self.keep_trying());
        }
        if !self.host.access.admits(key, self.peer.ip()) {
            return Ok(self.failed(user, "publickey", "not an authorized key"));
        }
        Ok(self.let_in_with_key(user, fingerprint(key)))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        // One parlor at a time on a connection.
        if self.channel.is_some() {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        // What arrives on the channel comes through this handler; only its writing half
        // is kept, which waits for the guest's ssh to take what is sent.
        let (_, out) = channel.split();
        self.channel = Some(SessionChannel {
            id: out.id(),
            out: Some(out),
            size: None,
            guest: None,
        });
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        id: ChannelId,
        _term: &str,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.session_channel(id) {
            Some(channel) => {
                channel.size = Some(guest::clamped(columns, rows));
                session.channel_success(id)
            }
            None => session.channel_failure(id),
        }
    }

    async fn window_change_request(
        &mut self,
        id: ChannelId,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(channel) = self.session_channel(id) {
            let size = guest::clamped(columns, rows);
            channel.size = Some(size);
            if let Some(guest) = &channel.guest {
                guest.resized(size);
            }
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        id: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let lobby = Play {
            opening: Opening::Lobby,
            options: Options::default(),
            lines: false,
            language: None,
        };
        self.open_parlor(id, lobby, session)
    }

    async fn exec_request(
        &mut self,
        id: ChannelId,
        command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let name = self
            .person
            .as_ref()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        match words::speaking(self.language(), || command::parse(command, &name)) {
            Ok(Play {
                opening: Opening::JoinShared(table),
                ..
            }) if !self.host.tables.has(&table) => {
                self.refuse(session, id, TableRefusal::NoSuchTable(table))
            }
            Ok(play) => self.open_parlor(id, play, session),
            Err(why) => self.refuse(session, id, why),
        }
    }

    async fn data(
        &mut self,
        id: ChannelId,
        bytes: &[u8],
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        let allowed = self.allowance.take(bytes.len(), Instant::now());
        if let Some(SessionChannel {
            guest: Some(guest), ..
        }) = self.session_channel(id)
            && allowed
        {
            guest.typed(bytes);
        }
        Ok(())
    }

    async fn channel_eof(&mut self, id: ChannelId, _: &mut Session) -> Result<(), Self::Error> {
        if let Some(SessionChannel {
            guest: Some(guest), ..
        }) = self.session_channel(id)
        {
            guest.input_ended();
        }
        Ok(())
    }

    async fn channel_close(&mut self, id: ChannelId, _: &mut Session) -> Result<(), Self::Error> {
        if self.session_channel(id).is_some() {
            // Another parlor may open on this connection (within the grace); dropping the
            // link tells this one that its guest is gone.
            self.channel = None;
            let _ = self.parlor_open.send(false);
        }
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        id: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(id)
    }

    /// The locale's variables are kept (a few short values at most), the rest refused.
    async fn env_request(
        &mut self,
        id: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let locale = LOCALE_VARIABLES.contains(&name) && value.len() <= 64;
        if !locale || self.session_channel(id).is_none() {
            return session.channel_failure(id);
        }
        self.locale.retain(|(variable, _)| variable != name);
        self.locale.push((name.to_owned(), value.to_owned()));
        session.channel_success(id)
    }

    async fn x11_request(
        &mut self,
        id: ChannelId,
        _single_connection: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(id)
    }

    async fn agent_request(&mut self, _: ChannelId, _: &mut Session) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _path: &str,
        _: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }
}
