//! The `satbox` binary: opens the window, or runs a headless command.

use clap::{Parser, Subcommand};

/// See and test how two oriented boxes collide under the Separating Axis Theorem.
#[derive(Parser)]
#[command(name = "satbox", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Test box pairs from a JSON Lines file (`-` for stdin): one JSON verdict per line.
    Check {
        /// The file to read, or `-` for standard input.
        file: String,
    },
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check { file }) => {
            let status = satbox::cli::check::run(
                &file,
                &mut std::io::stdout().lock(),
                &mut std::io::stderr().lock(),
            );
            std::process::exit(status);
        }
        None => {
            eprintln!("the window is not built yet");
        }
    }
}
