//! `ply serve`: the browser app (the `ply-serve` crate) on a local port.

use crate::error::CliError;
use clap::Args;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// Arguments of `ply serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// The address to listen on; loopback unless told otherwise (the page
    /// has no login: listen elsewhere only on a network you trust).
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,

    /// Open the page in the browser (xdg-open); the address is printed
    /// anyway.
    #[arg(long)]
    pub open: bool,

    /// Games kept at once (the oldest idle one makes way for a new one).
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    pub max_games: usize,

    /// The computer plays without the opening book.
    #[arg(long)]
    pub no_book: bool,
}

/// Runs `ply serve` until the process is stopped.
pub fn run(args: &ServeArgs, json: bool) -> Result<(), CliError> {
    let config = ply_serve::Config {
        max_sessions: args.max_games,
        book: !args.no_book,
        ..ply_serve::Config::default()
    };
    let open = args.open;
    ply_serve::run(
        SocketAddr::new(args.bind, args.port),
        config,
        |address, token| {
            let url = match address.ip() {
                ip if ip.is_unspecified() => format!("http://127.0.0.1:{}/", address.port()),
                _ => format!("http://{address}/"),
            };
            let token_file = ply_serve::publish::token_file(address.port());
            let written = write_token(&token_file, token);
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "url": url,
                        "publish_token": token,
                        "token_file": written.is_ok().then(|| token_file.display().to_string()),
                    })
                );
            } else {
                println!("ply serve: {url} (Ctrl-C stops)");
                println!(
                    "matches may be published here: ply match ... -publish {} (token {token})",
                    url.trim_end_matches('/')
                );
            }
            match written {
                Ok(()) => eprintln!("the publishing token is in {}", token_file.display()),
                Err(e) => eprintln!("cannot write {}: {e}", token_file.display()),
            }
            if open {
                open_browser(url);
            }
        },
    )
    .map_err(|e| CliError::Serve(e.to_string()))
}

/// Writes the publishing token to `path`, readable by this user only.
fn write_token(path: &std::path::Path, token: &str) -> std::io::Result<()> {
    let _ = std::fs::remove_file(path);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    std::io::Write::write_all(&mut file, token.as_bytes())
}

/// Opens `url` with xdg-open on a thread of its own; if that fails, says so
/// (the address is printed already).
fn open_browser(url: String) {
    std::thread::spawn(move || {
        let status = std::process::Command::new("xdg-open")
            .arg(&url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
        if !status.is_ok_and(|status| status.success()) {
            eprintln!("could not open a browser (xdg-open): open {url} yourself");
        }
    });
}
