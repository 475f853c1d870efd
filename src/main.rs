use std::process::ExitCode;

/// mimalloc rather than the system's malloc where the binary can host: a host's odds solves
/// run on many short-lived threads, and glibc's malloc kept what each freed in an arena of
/// that thread's, reused by no other. Twenty-two guests each asking the exact odds of an
/// eight-player Aces in the Pot table of their own left the host at 800 MB at the peak and
/// 600 MB after (the solvers it keeps hold at most 192 MB); with mimalloc, 488 MB and 331
/// MB, the solves as fast. (jemalloc did as well, 495 and 288 MB, but a cold `cargo test`
/// built in 278 s against 225 s.)
#[cfg(feature = "host")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    parlor::cli::main()
}
