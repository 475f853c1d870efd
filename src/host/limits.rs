//! The door, as sshd keeps it: connections that have not logged in are a pool of their own,
//! small and short-lived (`LoginGraceTime`), thinned at random as it fills (`MaxStartups`), and
//! capped for each source address (`PerSourceMaxStartups`); a source whose logins fail (or
//! whose connections spend their grace silent) waits longer and longer before it may try
//! again (`PerSourcePenalties`). At SSH's door, an address's places taken by connections
//! that never tried to log in do not keep out a newcomer from it: the oldest quiet one gives
//! its place ([`Gate::evicting`]). Guests who have logged in
//! are counted elsewhere, so no number of sockets that never log in keeps them out. Once in, a
//! guest's input is metered ([`Allowance`]), so no one guest's flood slows the others.

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Failed logins a source may have before it is made to wait.
const FREE_FAILURES: u32 = 3;
/// The longest a source is made to wait.
const MAX_PENALTY: Duration = Duration::from_mins(10);
/// A source whose last failure is this old starts afresh.
const FORGIVEN_AFTER: Duration = Duration::from_hours(1);
/// Sources remembered for their failures at most: past it the forgiven are let go first.
const MAX_REMEMBERED: usize = 65_536;

/// sshd's `MaxStartups` `START:RATE:FULL`: below START connections not yet logged in, every
/// new one is taken; from START on, a new one is dropped with a chance of RATE percent,
/// rising to 100 at FULL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Startups {
    pub start: usize,
    pub rate: u8,
    pub full: usize,
}

impl Default for Startups {
    fn default() -> Self {
        Startups {
            start: 100,
            rate: 30,
            full: 200,
        }
    }
}

impl std::fmt::Display for Startups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.start, self.rate, self.full)
    }
}

/// Text that is no `--max-startups` value, quoted: cut short and made printable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "'{0}' is not START:RATE:FULL (as 100:30:200: from 100 connections not yet logged in, \
     drop 30% of new ones, rising to all at 200) nor a number"
)]
pub struct NotStartups(String);

impl FromStr for Startups {
    type Err = NotStartups;

    /// `START:RATE:FULL`, or `N` (every connection taken up to N, none past it).
    fn from_str(text: &str) -> Result<Self, NotStartups> {
        let bad = || NotStartups(crate::untrusted::quote(text));
        let numbers: Vec<usize> = text
            .split(':')
            .map(|n| n.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let startups = match *numbers.as_slice() {
            [full] => Startups {
                start: full,
                rate: 100,
                full,
            },
            [start, rate, full] => Startups {
                start,
                rate: u8::try_from(rate).map_err(|_| bad())?,
                full,
            },
            _ => return Err(bad()),
        };
        if startups.start == 0 || startups.start > startups.full || startups.rate > 100 {
            return Err(bad());
        }
        Ok(startups)
    }
}

impl Startups {
    /// Whether a new connection is dropped when `waiting` have not logged in yet; `roll` is
    /// a uniform draw in 0..100.
    pub fn drops(&self, waiting: usize, roll: u32) -> bool {
        if waiting >= self.full {
            return true;
        }
        if waiting < self.start {
            return false;
        }
        let span = (self.full - self.start).max(1) as f64;
        let rate = f64::from(self.rate);
        let chance = rate + (100.0 - rate) * (waiting - self.start) as f64 / span;
        f64::from(roll) < chance
    }
}

/// Why a connection was turned away at the door.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its source failed to log in too often: it waits this much longer.
    Penalized(Duration),
    /// Its source has this many connections not yet logged in.
    SourceFull(usize),
    /// The pool of connections not yet logged in is full (a random early drop).
    PoolFull,
}

impl Refusal {
    /// What the host's log calls it.
    pub fn word(self) -> &'static str {
        match self {
            Refusal::Penalized(_) => "penalized source",
            Refusal::SourceFull(_) => "too many from one source",
            Refusal::PoolFull => "too many not logged in",
        }
    }
}

#[derive(Debug)]
struct Penalty {
    failures: u32,
    last: Instant,
    until: Option<Instant>,
}

#[derive(Debug, Default)]
struct Door {
    waiting: usize,
    by_source: HashMap<IpAddr, usize>,
    penalties: HashMap<IpAddr, Penalty>,
    /// Each source's connections waiting, when the gate lets a newcomer in by cutting off
    /// one that never spoke ([`Gate::evicting`]).
    knocks: HashMap<IpAddr, Vec<Arc<Knock>>>,
}

/// How long a connection may wait at the door without a word (no login tried) before a
/// newcomer from its address, finding the address's places taken, may take its place: an
/// ssh client asks to log in within a moment of connecting.
pub const QUIET_BEFORE_EVICTION: Duration = Duration::from_secs(2);

/// One connection waiting at an evicting door: whether it has spoken (tried to log in),
/// and whether a newcomer took its place.
#[derive(Debug)]
pub struct Knock {
    since: Instant,
    spoke: AtomicBool,
    evicted: AtomicBool,
    told: tokio::sync::Notify,
}

impl Knock {
    /// Returns once a newcomer from its address took its place (never, if none does).
    pub async fn evicted(&self) {
        loop {
            let told = self.told.notified();
            if self.evicted.load(Ordering::SeqCst) {
                return;
            }
            told.await;
        }
    }
}

/// The door's rules and what it counts.
#[derive(Debug)]
pub struct Gate {
    startups: Startups,
    per_source: usize,
    /// The first wait after too many failures; each further failure doubles it, up to
    /// [`MAX_PENALTY`].
    first_penalty: Duration,
    /// A newcomer finding its address's places taken cuts off the oldest that never spoke.
    evicts: bool,
    door: Mutex<Door>,
}

impl Gate {
    /// A newcomer from an address whose places are all taken is let in if one of them has
    /// waited [`QUIET_BEFORE_EVICTION`] without a word: that one is cut off (its task hears
    /// it from [`Knock::evicted`]), so silent sockets from an address (one NAT) do not keep
    /// out the guest behind it who does log in. Only for a door whose connections say when
    /// they speak ([`Waiting::spoke`]) and heed the eviction.
    #[must_use]
    pub fn evicting(mut self) -> Gate {
        self.evicts = true;
        self
    }

    /// At most `per_source` connections not logged in from one address at once; a source
    /// failing too often waits `first_penalty`, then twice that, and so on.
    pub fn new(startups: Startups, per_source: usize, first_penalty: Duration) -> Gate {
        Gate {
            startups,
            per_source,
            first_penalty,
            evicts: false,
            door: Mutex::new(Door::default()),
        }
    }

    fn door(&self) -> MutexGuard<'_, Door> {
        // Every change is whole before the lock is let go.
        self.door.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A connection from `source` knocks: it waits in the pool (until it logs in or goes),
    /// or is turned away. `roll` is a uniform draw in 0..100, for the random early drop.
    pub fn knock(
        self: &Arc<Self>,
        source: IpAddr,
        now: Instant,
        roll: u32,
    ) -> Result<Waiting, Refusal> {
        let mut door = self.door();
        if let Some(left) = penalty_left(&door, source, now) {
            return Err(Refusal::Penalized(left));
        }
        let from_source = door.by_source.get(&source).copied().unwrap_or(0);
        if from_source >= self.per_source && !self.evict_one(&mut door, source, now) {
            return Err(Refusal::SourceFull(from_source));
        }
        if self.startups.drops(door.waiting, roll) {
            return Err(Refusal::PoolFull);
        }
        door.waiting += 1;
        *door.by_source.entry(source).or_insert(0) += 1;
        let knock = self.evicts.then(|| {
            let knock = Arc::new(Knock {
                since: now,
                spoke: AtomicBool::new(false),
                evicted: AtomicBool::new(false),
                told: tokio::sync::Notify::new(),
            });
            door.knocks
                .entry(source)
                .or_default()
                .push(Arc::clone(&knock));
            knock
        });
        Ok(Waiting {
            gate: Arc::clone(self),
            source: Some(source),
            knock,
        })
    }

    /// Cut off the oldest of `source`'s connections that has waited quiet long enough, if
    /// the door evicts and one has: whether one was.
    fn evict_one(&self, door: &mut Door, source: IpAddr, now: Instant) -> bool {
        if !self.evicts {
            return false;
        }
        let quiet = door.knocks.get(&source).and_then(|knocks| {
            knocks
                .iter()
                .filter(|k| {
                    !k.spoke.load(Ordering::SeqCst)
                        && !k.evicted.load(Ordering::SeqCst)
                        && now.duration_since(k.since) >= QUIET_BEFORE_EVICTION
                })
                .min_by_key(|k| k.since)
                .cloned()
        });
        let Some(quiet) = quiet else {
            return false;
        };
        quiet.evicted.store(true, Ordering::SeqCst);
        quiet.told.notify_waiters();
        // Its place is the newcomer's now, though its task lets go of it a moment later.
        door.waiting = door.waiting.saturating_sub(1);
        if let Some(count) = door.by_source.get_mut(&source) {
            *count = count.saturating_sub(1);
        }
        true
    }

    /// A connection from a trusted proxy knocks: it is many people's, so only the pool
    /// counts it (each person behind it is counted by their forwarded address further in).
    pub fn knock_forwarded(self: &Arc<Self>, roll: u32) -> Result<Waiting, Refusal> {
        let mut door = self.door();
        if self.startups.drops(door.waiting, roll) {
            return Err(Refusal::PoolFull);
        }
        door.waiting += 1;
        Ok(Waiting {
            gate: Arc::clone(self),
            source: None,
            knock: None,
        })
    }

    /// How long `source` must still wait before it may try to log in, if it must.
    pub fn penalty(&self, source: IpAddr, now: Instant) -> Option<Duration> {
        penalty_left(&self.door(), source, now)
    }

    /// A login from `source` failed: the penalty it now waits, if this made it wait.
    pub fn failed(&self, source: IpAddr, now: Instant) -> Option<Duration> {
        let mut door = self.door();
        if door.penalties.len() >= MAX_REMEMBERED {
            door.penalties
                .retain(|_, p| now.duration_since(p.last) < FORGIVEN_AFTER);
            if door.penalties.len() >= MAX_REMEMBERED {
                // Every one is recent: the oldest goes, so the newest is remembered.
                if let Some(oldest) = door
                    .penalties
                    .iter()
                    .min_by_key(|(_, p)| p.last)
                    .map(|(ip, _)| *ip)
                {
                    door.penalties.remove(&oldest);
                }
            }
        }
        let record = door.penalties.entry(source).or_insert(Penalty {
            failures: 0,
            last: now,
            until: None,
        });
        if now.duration_since(record.last) >= FORGIVEN_AFTER {
            record.failures = 0;
        }
        record.failures += 1;
        record.last = now;
        let over = record.failures.checked_sub(FREE_FAILURES + 1)?;
        let wait = self
            .first_penalty
            .saturating_mul(1u32.checked_shl(over).unwrap_or(u32::MAX))
            .min(MAX_PENALTY);
        record.until = Some(now + wait);
        Some(wait)
    }
}

fn penalty_left(door: &Door, source: IpAddr, now: Instant) -> Option<Duration> {
    door.penalties
        .get(&source)
        .and_then(|p| p.until)
        .filter(|&until| until > now)
        .map(|until| until - now)
}

/// A connection's place in the pool of those not yet logged in: given up when it logs in,
/// or when it goes.
#[derive(Debug)]
pub struct Waiting {
    gate: Arc<Gate>,
    /// Counted against its address too (not when it came through a trusted proxy).
    source: Option<IpAddr>,
    /// At an evicting door: whether it spoke, and whether it was cut off for a newcomer.
    knock: Option<Arc<Knock>>,
}

impl Waiting {
    /// The connection tried to log in: no newcomer may take its place.
    pub fn spoke(&self) {
        if let Some(knock) = &self.knock {
            knock.spoke.store(true, Ordering::SeqCst);
        }
    }

    /// What tells its task it was cut off for a newcomer, at an evicting door.
    pub fn knock(&self) -> Option<Arc<Knock>> {
        self.knock.clone()
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut door = self.gate.door();
        // An evicted one's place was given to the newcomer when it was cut off.
        let counted = self
            .knock
            .as_ref()
            .is_none_or(|k| !k.evicted.load(Ordering::SeqCst));
        if counted {
            door.waiting = door.waiting.saturating_sub(1);
        }
        if let Some(source) = self.source {
            if counted && let Some(count) = door.by_source.get_mut(&source) {
                *count = count.saturating_sub(1);
            }
            if door.by_source.get(&source) == Some(&0) {
                door.by_source.remove(&source);
            }
            if let (Some(knock), Some(knocks)) = (&self.knock, door.knocks.get_mut(&source)) {
                knocks.retain(|k| !Arc::ptr_eq(k, knock));
                if knocks.is_empty() {
                    door.knocks.remove(&source);
                }
            }
        }
    }
}

/// The places for guests who have logged in: so many in all, and so many from one address,
/// so that one address's logins (each keeping its connection alive with SSH IGNOREs) cannot
/// take every place and tell everyone else the parlor is full.
#[derive(Debug)]
pub struct Room {
    most: usize,
    per_source: usize,
    taken: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// Why a guest who logged in found no place (said in the thread's language).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoPlace {
    Full,
    SourceFull(usize),
}

impl fmt::Display for NoPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            NoPlace::Full => crate::said!(parlor_full),
            NoPlace::SourceFull(count) => crate::said!(address_full, count = *count),
        })
    }
}

impl Room {
    pub fn new(most: usize, per_source: usize) -> Room {
        Room {
            most,
            per_source,
            taken: Mutex::new((0, HashMap::new())),
        }
    }

    fn taken(&self) -> MutexGuard<'_, (usize, HashMap<IpAddr, usize>)> {
        // Every change is whole before the lock is let go.
        self.taken.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a guest from `source`, if one is free to it.
    pub fn take(self: &Arc<Self>, source: IpAddr) -> Result<Place, NoPlace> {
        let mut taken = self.taken();
        let (all, by_source) = &mut *taken;
        let theirs = by_source.get(&source).copied().unwrap_or(0);
        if *all >= self.most {
            return Err(NoPlace::Full);
        }
        if theirs >= self.per_source {
            return Err(NoPlace::SourceFull(theirs));
        }
        *all += 1;
        by_source.insert(source, theirs + 1);
        Ok(Place {
            room: Arc::clone(self),
            source,
        })
    }
}

/// A guest's place in the [`Room`]: given back when dropped.
#[derive(Debug)]
pub struct Place {
    room: Arc<Room>,
    source: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut taken = self.room.taken();
        let (all, by_source) = &mut *taken;
        *all = all.saturating_sub(1);
        if let Some(count) = by_source.get_mut(&self.source) {
            *count -= 1;
            if *count == 0 {
                by_source.remove(&self.source);
            }
        }
    }
}

/// Input a guest may send in a burst, in bytes: a long paste, or a minute of typing.
const INPUT_BURST: f64 = 16.0 * 1024.0;
/// Input a guest may send each second, in bytes, once the burst is spent: fast typing and a
/// busy mouse come nowhere near it. A packet that does not fit is dropped whole.
const INPUT_PER_SECOND: f64 = 4.0 * 1024.0;

/// How much input one guest (an SSH session, a browser) may still send: a bucket that fills
/// at [`INPUT_PER_SECOND`] up to [`INPUT_BURST`].
pub struct Allowance {
    bytes: f64,
    at: Instant,
}

impl Allowance {
    pub fn full() -> Self {
        Allowance {
            bytes: INPUT_BURST,
            at: Instant::now(),
        }
    }

    /// Whether `wanted` bytes may go through now: all of them or none, so that a packet
    /// is never cut inside an escape sequence (half an arrow key reads as Esc).
    pub fn take(&mut self, wanted: usize, now: Instant) -> bool {
        let earned = now.duration_since(self.at).as_secs_f64() * INPUT_PER_SECOND;
        self.bytes = (self.bytes + earned).min(INPUT_BURST);
        self.at = now;
        let fits = wanted as f64 <= self.bytes;
        if fits {
            self.bytes -= wanted as f64;
        }
        fits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_takes_at_most_its_share_of_the_places() {
        let room = Arc::new(Room::new(4, 2));
        let (a, b) = (IpAddr::from([192, 0, 2, 1]), IpAddr::from([192, 0, 2, 2]));
        let first = room.take(a).expect("a place");
        let _second = room.take(a).expect("a second");
        assert_eq!(room.take(a).err(), Some(NoPlace::SourceFull(2)));
        let _third = room.take(b).expect("another address");
        let _fourth = room.take(b).expect("another address");
        assert_eq!(room.take(b).err(), Some(NoPlace::Full));
        drop(first);
        assert!(room.take(a).is_ok(), "a place given back");
    }

    #[test]
    fn max_startups_reads_as_sshd_writes_it() {
        let read: Startups = "10:30:100".parse().expect("sshd's default");
        assert_eq!(
            read,
            Startups {
                start: 10,
                rate: 30,
                full: 100
            }
        );
        assert_eq!(read.to_string(), "10:30:100");
        assert_eq!("8".parse::<Startups>().map(|s| s.full), Ok(8));
        for bad in [
            "",
            "0",
            "10:30",
            "20:30:10",
            "10:101:100",
            "a:b:c",
            "10:30:100:1",
        ] {
            assert!(bad.parse::<Startups>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_pool_drops_nothing_below_start_some_past_it_and_all_when_full() {
        let startups = Startups {
            start: 10,
            rate: 30,
            full: 100,
        };
        assert!((0..100).all(|roll| !startups.drops(9, roll)));
        assert_eq!(
            (0..100).filter(|&roll| startups.drops(10, roll)).count(),
            30
        );
        assert_eq!(
            (0..100).filter(|&roll| startups.drops(55, roll)).count(),
            65
        );
        assert!((0..100).all(|roll| startups.drops(100, roll)));
    }

    #[test]
    fn a_failing_source_waits_longer_each_time_and_leaves_its_place_when_gone() {
        let gate = Arc::new(Gate::new(Startups::default(), 2, Duration::from_secs(5)));
        let source = IpAddr::from([192, 0, 2, 1]);
        let now = Instant::now();
        let waits: Vec<Option<Duration>> = (0..6).map(|_| gate.failed(source, now)).collect();
        let secs = |s| Some(Duration::from_secs(s));
        assert_eq!(waits, [None, None, None, secs(5), secs(10), secs(20)]);
        assert_eq!(
            gate.knock(source, now, 0).err(),
            Some(Refusal::Penalized(Duration::from_secs(20)))
        );
        let later = now + Duration::from_secs(21);
        let first = gate.knock(source, later, 0).expect("the wait is over");
        let _second = gate.knock(source, later, 0).expect("two from one source");
        assert_eq!(
            gate.knock(source, later, 0).err(),
            Some(Refusal::SourceFull(2))
        );
        drop(first);
        assert!(gate.knock(source, later, 0).is_ok(), "a place given back");
    }
}
