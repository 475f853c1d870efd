//! One guest's SSH connection: who they are, what they may ask for, and their parlor.
//!
//! A connection gets one session channel with a terminal, and in it the parlor: the menu
//! (a shell request) or a table (`play GAME ...`). Everything else SSH offers is refused:
//! other commands, subsystems such as SFTP, port and agent and X11 forwarding; the
//! environment a client sends is ignored.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use ratatui::layout::Size;
use russh::server::{
    Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, Pty};

use super::Shared;
use super::command;
use super::command::Play;
use super::guest::{self, GuestLink, Opening, Start};
use crate::shared_table::TableRefusal;
use crate::tui::Options;

/// Input a guest may send in a burst, in bytes: a long paste, or a minute of typing.
const INPUT_BURST: f64 = 16.0 * 1024.0;
/// Input a guest may send each second, in bytes, once the burst is spent: fast typing and a
/// busy mouse come nowhere near it. More is dropped.
const INPUT_PER_SECOND: f64 = 4.0 * 1024.0;

/// The exit status of a refused command, as the parlor's command line refuses.
const REFUSED: u32 = 2;

/// How much input a guest may still send: a bucket that fills at [`INPUT_PER_SECOND`] up
/// to [`INPUT_BURST`].
struct Allowance {
    bytes: f64,
    at: Instant,
}

impl Allowance {
    fn full() -> Self {
        Allowance {
            bytes: INPUT_BURST,
            at: Instant::now(),
        }
    }

    /// How many of `wanted` bytes may go through now.
    fn take(&mut self, wanted: usize, now: Instant) -> usize {
        let earned = now.duration_since(self.at).as_secs_f64() * INPUT_PER_SECOND;
        self.bytes = (self.bytes + earned).min(INPUT_BURST);
        self.at = now;
        let taken = (wanted as f64).min(self.bytes.floor());
        self.bytes -= taken;
        taken as usize
    }
}

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
    host: Arc<Shared>,
    peer: Option<SocketAddr>,
    /// The name the guest came in under.
    name: Option<String>,
    channel: Option<SessionChannel>,
    allowance: Allowance,
    /// The parlor opened for them (the host's log says when they leave).
    seated: bool,
}

impl Connection {
    pub fn new(host: Arc<Shared>, peer: Option<SocketAddr>) -> Self {
        Connection {
            host,
            peer,
            name: None,
            channel: None,
            allowance: Allowance::full(),
            seated: false,
        }
    }

    fn let_in(&mut self, user: &str, admitted: bool) -> Auth {
        if admitted {
            self.name = Some(user.to_owned());
            Auth::Accept
        } else {
            self.keep_trying()
        }
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

    /// Answer a request on the session channel by opening the parlor (`setup`: at that
    /// table), or by saying why not.
    fn open_parlor(
        &mut self,
        id: ChannelId,
        options: Options,
        opening: Opening,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        match self.session_channel(id) {
            Some(channel) if channel.guest.is_none() => {}
            // Not the session, or its parlor is already open.
            _ => return session.channel_failure(id),
        }
        match self.seat(id, options, opening) {
            Ok(()) => session.channel_success(id),
            Err(why) => self.refuse(session, id, &why),
        }
    }

    /// Start the guest's parlor on the session channel `id`.
    fn seat(&mut self, id: ChannelId, options: Options, opening: Opening) -> Result<(), String> {
        let name = self.name.clone().unwrap_or_default();
        let host = Arc::clone(&self.host);
        let from = self.from();
        let port = host.port;
        valid_name(&name).map_err(|why| format!("{why}: ssh -p {port} NAME@host"))?;
        let channel = self
            .session_channel(id)
            .ok_or("no session to open the parlor in")?;
        let size = channel.size.ok_or_else(|| {
            format!("the parlor needs a terminal: ssh -t -p {port} {name}@host ...")
        })?;
        let out = channel
            .out
            .take()
            .ok_or("the parlor was already open on this channel")?;
        let start = Start {
            name: name.clone(),
            options,
            opening,
            size,
        };
        let link = guest::start(&host, start, out, tokio::runtime::Handle::current())
            .map_err(|e| format!("the parlor could not open: {e}"))?;
        channel.guest = Some(link);
        self.seated = true;
        super::say(&format!("{name} sat down{from}"));
        Ok(())
    }

    /// Refuse what was asked on channel `id`: say why (on its stderr) and close it with
    /// the status of a refused command. Another session may then open on the connection.
    fn refuse(
        &mut self,
        session: &mut Session,
        id: ChannelId,
        message: &str,
    ) -> Result<(), russh::Error> {
        if self.session_channel(id).is_some() {
            self.channel = None;
        }
        // The guest's terminal may be raw: every line starts at the left edge.
        let lines: Vec<String> = message
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
        self.peer
            .map(|p| format!(" (from {p})"))
            .unwrap_or_default()
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let (true, Some(name)) = (self.seated, &self.name) {
            super::say(&format!("{name} left"));
        }
    }
}

/// A guest's name is their seat's name and their folder of stats: a few letters, digits,
/// `-` or `_`.
pub fn valid_name(name: &str) -> Result<(), String> {
    let most = crate::table::MAX_NAME_CHARS;
    let fits = (1..=most).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fits {
        Ok(())
    } else {
        Err(format!(
            "'{}' cannot be a name here: 1 to {most} letters, digits, - or _",
            crate::untrusted::quote(name)
        ))
    }
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        let open = self.host.access.is_open();
        Ok(self.let_in(user, open))
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        let right = self.host.access.password_is(password);
        Ok(self.let_in(user, right))
    }

    /// A key that is not authorized is refused before the guest's ssh signs with it.
    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(if self.host.access.admits(offer.public_key) {
            Auth::Accept
        } else {
            self.keep_trying()
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let admitted = self.host.access.admits(key.public_key);
        Ok(self.let_in(user, admitted))
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
        self.open_parlor(id, Options::default(), Opening::Lobby, session)
    }

    async fn exec_request(
        &mut self,
        id: ChannelId,
        command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let name = self.name.clone().unwrap_or_default();
        match command::parse(command, &name) {
            Ok(Play {
                opening: Opening::JoinShared(table),
                ..
            }) if !self.host.tables.has(&table) => {
                let why = TableRefusal::NoSuchTable(table).to_string();
                self.refuse(session, id, &why)
            }
            Ok(play) => self.open_parlor(id, play.options, play.opening, session),
            Err(why) => self.refuse(session, id, &why),
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
            && allowed > 0
        {
            guest.typed(&bytes[..allowed]);
        }
        Ok(())
    }

    async fn channel_close(&mut self, id: ChannelId, _: &mut Session) -> Result<(), Self::Error> {
        if self.session_channel(id).is_some() {
            // Another parlor may open on this connection; dropping the link tells this
            // one that its guest is gone.
            self.channel = None;
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

    async fn env_request(
        &mut self,
        id: ChannelId,
        _name: &str,
        _value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(id)
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
