use std::process::ExitCode;

fn main() -> ExitCode {
    parlor::cli::main()
}
