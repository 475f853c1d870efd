//! Reading the player's answers in `--plain`: stdin on a thread of its own, so a signal can
//! cut a wait for an answer short, read a few chunks ahead at most; and a line of it read as
//! an answer, a line of an answer's length at most kept whatever comes. Apart from the
//! game in lines, because nothing here knows of games: only of bytes and lines.

use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};

/// The most bytes a line of input may have and still be read as an answer: the longest
/// answer is a word. A longer line is read to its end and dropped as it comes, so a line
/// of any length costs no more than this.
const MAX_ANSWER_BYTES: usize = 256;

/// A line of input, as an answer.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// The line, trimmed.
    Text(String),
    /// A line that is no answer whatever it says: not text (UTF-8), or longer than
    /// [`MAX_ANSWER_BYTES`].
    Unreadable,
    /// Input ended before another line began.
    Ended,
}

/// Read one line of `input` as an answer, keeping at most [`MAX_ANSWER_BYTES`] of it.
pub(super) fn read_answer(input: &mut impl BufRead) -> io::Result<Answer> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut began = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            // The end of input: a last line without a newline is still a line.
            if !began {
                return Ok(Answer::Ended);
            }
            break;
        }
        began = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let taken = newline.map_or(available.len(), |at| at + 1);
        if !too_long {
            if line.len() + taken > MAX_ANSWER_BYTES + 1 {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(&available[..taken]);
            }
        }
        input.consume(taken);
        if newline.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Answer::Unreadable);
    }
    Ok(String::from_utf8(line).map_or(Answer::Unreadable, |text| {
        Answer::Text(text.trim().to_owned())
    }))
}

/// Chunks of stdin read ahead of the game, at most: the reading thread waits while this many
/// wait unread, so input that comes faster than the game takes it (`yes |`, a script
/// writing while the output is not read) costs a few kilobytes, never more.
const CHUNKS_AHEAD: usize = 4;
/// The size of a chunk read from stdin.
const CHUNK_BYTES: usize = 4096;

/// Stdin read on a thread of its own, so that waiting for the player's answer can be cut
/// short: reads end (as at the end of input) once the [`Interrupt`] that comes with it is
/// called. Once input has ended, every later read ends at once too: the reading thread is
/// gone, and nothing more will come. The thread reads only [`CHUNKS_AHEAD`] chunks ahead.
pub struct InterruptibleStdin {
    chunks: mpsc::Receiver<Option<Vec<u8>>>,
    unread: Vec<u8>,
    /// Where the unread part of `unread` starts.
    from: usize,
    /// The end of input (or the interrupt) was met.
    ended: bool,
    interrupted: Arc<AtomicBool>,
}

/// Ends the reads of an [`InterruptibleStdin`], from any thread.
#[derive(Clone)]
pub struct Interrupt {
    wake: mpsc::SyncSender<Option<Vec<u8>>>,
    interrupted: Arc<AtomicBool>,
}

impl Interrupt {
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::SeqCst);
        // Wakes a read waiting for input. When the queue is full no read waits: the next
        // one sees the flag first.
        let _ = self.wake.try_send(None);
    }
}

impl InterruptibleStdin {
    /// Start reading stdin.
    pub fn start() -> io::Result<(Self, Interrupt)> {
        InterruptibleStdin::reading(io::stdin())
    }

    /// Start reading `source` (stdin, or what a test gives) on a thread of its own.
    pub fn reading(mut source: impl Read + Send + 'static) -> io::Result<(Self, Interrupt)> {
        let (chunks, receiver) = mpsc::sync_channel(CHUNKS_AHEAD);
        let reader = chunks.clone();
        std::thread::Builder::new()
            .name("stdin".to_owned())
            .spawn(move || {
                let mut buffer = [0; CHUNK_BYTES];
                loop {
                    let chunk = match source.read(&mut buffer) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Ok(0) | Err(_) => None,
                        Ok(n) => Some(buffer[..n].to_vec()),
                    };
                    let ended = chunk.is_none();
                    // Waits while the queue is full: read on demand, never without bound.
                    if reader.send(chunk).is_err() || ended {
                        return;
                    }
                }
            })?;
        let interrupted = Arc::new(AtomicBool::new(false));
        Ok((
            InterruptibleStdin {
                chunks: receiver,
                unread: Vec::new(),
                from: 0,
                ended: false,
                interrupted: Arc::clone(&interrupted),
            },
            Interrupt {
                wake: chunks,
                interrupted,
            },
        ))
    }
}

impl Read for InterruptibleStdin {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.interrupted.load(Ordering::SeqCst) {
            self.ended = true;
            return Ok(0);
        }
        if self.from == self.unread.len() {
            if self.ended {
                return Ok(0);
            }
            if let Ok(Some(chunk)) = self.chunks.recv()
                && !self.interrupted.load(Ordering::SeqCst)
            {
                self.unread = chunk;
                self.from = 0;
            } else {
                // The end of input, or interrupted: no more is read. The interrupt's sender
                // lives on, so waiting again would wait for ever.
                self.ended = true;
                return Ok(0);
            }
        }
        let unread = &self.unread[self.from..];
        let n = buf.len().min(unread.len());
        buf[..n].copy_from_slice(&unread[..n]);
        self.from += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Endless input (`yes |`), counting what was taken of it.
    struct Endless(Arc<std::sync::atomic::AtomicU64>);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            // A bound, so a reader that reads on without end cannot take the machine.
            if self.0.load(Ordering::SeqCst) >= 64 << 20 {
                return Ok(0);
            }
            buf.fill(b'\n');
            self.0.fetch_add(buf.len() as u64, Ordering::SeqCst);
            Ok(buf.len())
        }
    }

    /// Stdin is read a few chunks ahead of the game, never more, however fast it comes.
    #[test]
    fn stdin_is_read_only_a_few_chunks_ahead() {
        let taken = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let (mut input, _interrupt) =
            InterruptibleStdin::reading(Endless(Arc::clone(&taken))).expect("a thread");
        let most = ((CHUNKS_AHEAD + 2) * CHUNK_BYTES) as u64;
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(taken.load(Ordering::SeqCst) <= most, "{taken:?} taken");
        let mut buffer = vec![0; 1 << 20];
        input.read_exact(&mut buffer).expect("read");
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert!(
            taken.load(Ordering::SeqCst) <= (1 << 20) + most,
            "{taken:?} taken"
        );
    }

    /// A line is an answer when it is text and short; else it is no answer, whatever
    /// it says, and the next line is read as the next answer.
    #[test]
    fn lines_too_long_or_not_text_are_no_answers() {
        let long = "1".repeat(MAX_ANSWER_BYTES + 1);
        let mut input = io::Cursor::new(format!(" 1 \n{long}\n\u{e9}\n").into_bytes());
        input.get_mut().extend_from_slice(b"\xe9\n2");
        let mut input = io::BufReader::with_capacity(16, input);
        let answers: Vec<Answer> = std::iter::from_fn(|| {
            Some(read_answer(&mut input).expect("read")).filter(|a| *a != Answer::Ended)
        })
        .collect();
        assert_eq!(
            answers,
            [
                Answer::Text("1".to_owned()),
                Answer::Unreadable,
                Answer::Text("\u{e9}".to_owned()),
                Answer::Unreadable,
                Answer::Text("2".to_owned()),
            ]
        );
    }

    /// Input that ends without a newline (`printf zzz |`, or a line typed then Ctrl-D
    /// twice at a terminal): the line is read, and every read after it meets the end.
    #[test]
    fn input_ended_stays_ended() {
        let (mut input, _interrupt) =
            InterruptibleStdin::reading(io::Cursor::new(b"zzz".to_vec())).expect("a thread");
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let mut text = String::new();
            let first = input.read_to_string(&mut text).map(|n| (n, text));
            let mut buffer = [0; 8];
            let again = [input.read(&mut buffer), input.read(&mut buffer)];
            let _ = done.send((first.ok(), again.map(Result::ok)));
        });
        let (first, again) = finished
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("reads after the end of input end at once");
        assert_eq!(first, Some((3, "zzz".to_owned())));
        assert_eq!(again, [Some(0), Some(0)]);
    }
}
