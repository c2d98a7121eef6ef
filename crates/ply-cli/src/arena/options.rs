//! The options of `ply match`, in the style of cutechess-cli and fastchess:
//! single-dash options, engines as `key=value` lists.
//!
//! ```text
//! ply match chess -engine cmd=stockfish name=sf option.Hash=16 \
//!     -engine cmd="ply uci" -each tc=10+0.1 -rounds 50 -games 2 -repeat \
//!     -openings file=book.epd order=random -pgnout games.pgn -concurrency 2
//! ```

use super::adjudication::{Adjudication, DrawRule, ResignRule};
use super::clock::TimeControl;
use super::process::Launch;
use super::protocol::Protocol;
use super::stats::Sprt;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

/// One engine of the match.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// Its name in the records and tables.
    pub name: String,
    /// How to start it.
    pub launch: Launch,
    /// Its protocol.
    pub protocol: Protocol,
    /// Protocol options (`option.Hash=64`), in order.
    pub options: Vec<(String, String)>,
    /// Its time control.
    pub control: TimeControl,
    /// How far past its time a move may come before it loses.
    pub margin: Duration,
    /// How long a move may take without a clock (depth, nodes), and the
    /// start-up.
    pub timeout: Duration,
}

/// How games are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tournament {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// Where the openings come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningSpec {
    /// The file; `None`: the game's default set.
    pub file: Option<PathBuf>,
    /// Its format (by the file's extension if not given).
    pub format: Option<String>,
    /// Random order (seeded) instead of the file's.
    pub random: bool,
    /// Keep at most this many plies of each line.
    pub plies: Option<usize>,
    /// Start at this opening (1 = the first).
    pub start: usize,
}

/// Everything `ply match` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    /// The engines, at least two.
    pub engines: Vec<EngineSpec>,
    /// Rounds.
    pub rounds: u32,
    /// Games per pairing and round.
    pub games: u32,
    /// Play each opening for all the games of a pairing in a round (colours
    /// alternating) instead of a new opening per game.
    pub repeat: bool,
    /// The openings.
    pub openings: OpeningSpec,
    /// The seed of the random choices.
    pub seed: u64,
    /// The record file.
    pub record_file: Option<PathBuf>,
    /// Games played at once.
    pub concurrency: usize,
    /// The adjudication rules.
    pub adjudication: Adjudication,
    /// The SPRT to stop on.
    pub sprt: Option<Sprt>,
    /// Pairing of more than two engines.
    pub tournament: Tournament,
    /// The event name in the records.
    pub event: String,
    /// Print the statistics every this many games.
    pub rating_interval: Option<u32>,
    /// Print every line exchanged with the engines on stderr.
    pub debug: bool,
    /// One JSON object per game and a summary on stdout.
    pub json: bool,
    /// Serve the page that follows the match (`/watch`) on this port (0:
    /// any free port); it stays up after the match until Ctrl-C.
    pub serve: Option<u16>,
    /// The address that page listens on (loopback unless told otherwise).
    pub bind: IpAddr,
    /// Publish the match to a `ply serve` running at this URL
    /// (`http://127.0.0.1:8080`) instead.
    pub publish: Option<String>,
    /// The token of that server (default: read from the file it wrote).
    pub token: Option<String>,
}

/// The usage text of `ply match`.
pub const USAGE: &str = "\
usage: ply match <chess|checkers|othello> -engine KEY=VALUE... -engine KEY=VALUE... [options]

engine keys (in -engine, or in -each for all engines):
  cmd=COMMAND        the program and its arguments (\"ply uci\", stockfish)
  arg=ARG            one more argument     dir=DIR   working directory
  name=NAME          name in records and tables (default: the program's name)
  proto=P            uci | xboard (cecp) for chess, hub for checkers, nboard
                     for othello (default: the game's standard protocol)
  tc=[N/]TIME[+INC]  clock: N moves per TIME (seconds or m:ss), INC after each move
  st=SECONDS         fixed time per move    depth=N  fixed depth    nodes=N  fixed nodes
  timemargin=MS      lateness allowed before a time loss (default 50)
  timeout=SECONDS    longest wait without a clock, and for start-up (default 60)
  option.NAME=VALUE  a protocol option (UCI setoption, Hub set-param, CECP option)
options:
  -each KEY=VALUE...            keys for every engine
  -rounds N -games N -repeat    N rounds of N games per pairing; -repeat plays
                                each opening with both colours
  -openings file=F [format=epd|fen|pgn|pdn|ggf|ballots|lines] [order=sequential|random]
            [plies=N] [start=N] the openings (default: the game's own set)
  -srand N                      seed of the random order
  -pgnout FILE                  the records (PGN, PDN or GGF by the game, each
                                move with its time and clock), also
                                -pdnout, -ggfout
  -concurrency N                games at once
  -draw movenumber=N movecount=N score=CP      draw by score
  -resign movecount=N score=CP [twosided=true] resign by score
  -maxmoves N                   draw after N moves
  -solve EMPTIES                othello: end games by ply's exact solver
  -sprt elo0=E elo1=E alpha=A beta=B           stop when the test decides
  -tournament round-robin|gauntlet             with more than two engines
  -serve [PORT]                 follow the match in the browser: the page
                                http://127.0.0.1:PORT/watch (default port 8080,
                                0: any free one), up until Ctrl-C after the match
  -bind ADDR                    the page's address (default 127.0.0.1)
  -publish URL [-token TOKEN]   follow the match on the page /watch of a ply
                                serve running on this machine at URL
                                (http://127.0.0.1:8080); the token it printed
                                (default: read from the file it wrote)
  -event NAME   -ratinginterval N   -recover   -debug   --json";

/// The port of `-serve` without one.
const DEFAULT_PORT: u16 = 8080;

/// Defaults of the engine keys.
const DEFAULT_MARGIN: Duration = Duration::from_millis(50);
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// An engine's keys as given, before `-each` fills the gaps.
#[derive(Clone, Debug, Default)]
struct EngineKeys {
    name: Option<String>,
    command: Option<Vec<String>>,
    args: Vec<String>,
    dir: Option<PathBuf>,
    protocol: Option<Protocol>,
    options: Vec<(String, String)>,
    control: Option<TimeControl>,
    margin: Option<Duration>,
    timeout: Option<Duration>,
}

impl EngineKeys {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "name" => self.name = Some(value.to_owned()),
            "cmd" => {
                let words = split_command(value);
                if words.is_empty() {
                    return Err("cmd= is empty".to_owned());
                }
                self.command = Some(words);
            }
            "arg" => self.args.push(value.to_owned()),
            "args" => self.args.extend(split_command(value)),
            "dir" => self.dir = Some(PathBuf::from(value)),
            "proto" => self.protocol = Some(Protocol::parse(value)?),
            "tc" => self.control = Some(TimeControl::parse_tc(value)?),
            "st" => {
                let seconds = positive(key, value)?;
                self.control = Some(TimeControl::MoveTime(Duration::from_secs_f64(seconds)));
            }
            "depth" => self.control = Some(TimeControl::Depth(count(key, value)? as u32)),
            "nodes" => self.control = Some(TimeControl::Nodes(count(key, value)?)),
            "timemargin" => {
                let ms: u64 = value
                    .parse()
                    .map_err(|_| format!("timemargin={value}: expected milliseconds"))?;
                self.margin = Some(Duration::from_millis(ms));
            }
            "timeout" => {
                self.timeout = Some(Duration::from_secs_f64(positive(key, value)?));
            }
            "restart" if value == "on" || value == "off" => {}
            "ponder" => {}
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    self.options.push((name.to_owned(), value.to_owned()));
                }
                _ => return Err(format!("unknown engine key '{key}'")),
            },
        }
        Ok(())
    }

    /// These keys, with `each`'s where these have none.
    fn merged(mut self, each: &EngineKeys) -> EngineKeys {
        self.name = self.name.or_else(|| each.name.clone());
        self.command = self.command.or_else(|| each.command.clone());
        if self.args.is_empty() {
            self.args = each.args.clone();
        }
        self.dir = self.dir.or_else(|| each.dir.clone());
        self.protocol = self.protocol.or(each.protocol);
        let mut options = each.options.clone();
        options.retain(|(name, _)| !self.options.iter().any(|(n, _)| n == name));
        options.append(&mut self.options);
        self.options = options;
        self.control = self.control.or(each.control);
        self.margin = self.margin.or(each.margin);
        self.timeout = self.timeout.or(each.timeout);
        self
    }
}

fn positive(key: &str, value: &str) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0 && *v < 1e9)
        .ok_or_else(|| format!("{key}={value}: expected a positive number of seconds"))
}

fn count(key: &str, value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0 && (key != "depth" || n <= 1000))
        .ok_or_else(|| format!("{key}={value}: expected a positive whole number"))
}

/// Splits a command line into words at spaces, keeping quoted parts
/// (`'...'`, `"..."`) together.
pub fn split_command(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => word.push(c),
        }
    }
    if started || !word.is_empty() {
        words.push(word);
    }
    words
}

/// The `key=value` words after an option, up to the next option.
fn key_values<'a>(args: &'a [String], index: &mut usize) -> Vec<(&'a str, &'a str)> {
    let mut pairs = Vec::new();
    while let Some(word) = args.get(*index) {
        if word.starts_with('-') {
            break;
        }
        match word.split_once('=') {
            Some(pair) => pairs.push(pair),
            None => pairs.push((word.as_str(), "")),
        }
        *index += 1;
    }
    pairs
}

/// Reads the options after `ply match <game>`; `default_protocol` and
/// `protocols` are the game's. `Ok(None)`: help was asked for.
pub fn parse(
    args: &[String],
    default_protocol: Protocol,
    protocols: &[Protocol],
) -> Result<Option<MatchOptions>, String> {
    let mut engines: Vec<EngineKeys> = Vec::new();
    let mut each = EngineKeys::default();
    let mut options = MatchOptions {
        engines: Vec::new(),
        rounds: 1,
        games: 1,
        repeat: false,
        openings: OpeningSpec {
            start: 1,
            ..OpeningSpec::default()
        },
        seed: 0,
        record_file: None,
        concurrency: 1,
        adjudication: Adjudication::default(),
        sprt: None,
        tournament: Tournament::RoundRobin,
        event: "ply match".to_owned(),
        rating_interval: None,
        debug: false,
        json: false,
        serve: None,
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        publish: None,
        token: None,
    };
    let mut index = 0;
    while index < args.len() {
        let option = args[index].as_str();
        index += 1;
        let mut value = |what: &str| -> Result<&String, String> {
            let v = args
                .get(index)
                .filter(|v| !v.starts_with('-') || v.parse::<f64>().is_ok())
                .ok_or_else(|| format!("{option} needs {what}"))?;
            index += 1;
            Ok(v)
        };
        match option {
            "-h" | "-help" | "--help" => return Ok(None),
            "-json" | "--json" => options.json = true,
            "-debug" => options.debug = true,
            "-recover" => {}
            "-serve" | "--serve" => {
                let port = match args.get(index).filter(|v| !v.starts_with('-')) {
                    Some(v) => {
                        index += 1;
                        v.parse::<u16>()
                            .map_err(|_| format!("{option} {v}: expected a port (0 to 65535)"))?
                    }
                    None => DEFAULT_PORT,
                };
                options.serve = Some(port);
            }
            "-publish" | "--publish" => {
                let v = value("the URL of a ply serve (http://127.0.0.1:8080)")?;
                if !v.starts_with("http://") {
                    return Err(format!("{option} {v}: expected http://HOST:PORT"));
                }
                options.publish = Some(v.clone());
            }
            "-token" | "--token" => options.token = Some(value("the server's token")?.clone()),
            "-bind" | "--bind" => {
                let v = value("an address")?;
                options.bind = v.parse().map_err(|_| {
                    format!("{option} {v}: expected an IP address (127.0.0.1, ::1)")
                })?;
            }
            "-engine" | "-each" => {
                let pairs = key_values(args, &mut index);
                if pairs.is_empty() {
                    return Err(format!("{option} needs key=value settings (cmd=...)"));
                }
                let mut keys = EngineKeys::default();
                let target = if option == "-each" {
                    &mut each
                } else {
                    &mut keys
                };
                for (key, value) in pairs {
                    target
                        .set(key, value)
                        .map_err(|e| format!("{option}: {e}"))?;
                }
                if option == "-engine" {
                    engines.push(keys);
                }
            }
            "-rounds" => options.rounds = number(option, value("a number")?)?,
            "-games" => options.games = number(option, value("a number")?)?,
            "-repeat" => {
                options.repeat = true;
                if args.get(index).is_some_and(|v| v.parse::<u32>().is_ok()) {
                    index += 1;
                }
            }
            "-concurrency" => options.concurrency = number(option, value("a number")?)? as usize,
            "-solve" => {
                let empties = number(option, value("a number of empty squares")?)?;
                if empties > 24 {
                    return Err(format!(
                        "-solve {empties}: at most 24 empty squares (the solver takes too long beyond)"
                    ));
                }
                options.adjudication.solve_empties = Some(empties);
            }
            "-maxmoves" => {
                options.adjudication.max_moves = Some(number(option, value("a number")?)?)
            }
            "-srand" | "-seed" => {
                let v = value("a number")?;
                options.seed = v
                    .parse()
                    .map_err(|_| format!("{option} {v}: expected a whole number"))?;
            }
            "-ratinginterval" => {
                options.rating_interval = Some(number(option, value("a number")?)?)
            }
            "-event" => options.event = value("a name")?.clone(),
            "-pgnout" | "-pdnout" | "-ggfout" | "-recordout" => {
                let v = value("a file")?;
                let file = v.strip_prefix("file=").unwrap_or(v);
                options.record_file = Some(PathBuf::from(file));
                // cutechess's `min` and `fi` flags.
                while args.get(index).is_some_and(|v| v == "min" || v == "fi") {
                    index += 1;
                }
            }
            "-tournament" => {
                options.tournament = match value("round-robin or gauntlet")?.as_str() {
                    "round-robin" | "roundrobin" => Tournament::RoundRobin,
                    "gauntlet" => Tournament::Gauntlet,
                    other => {
                        return Err(format!(
                            "-tournament {other}: expected round-robin or gauntlet"
                        ));
                    }
                }
            }
            "-openings" => {
                for (key, value) in key_values(args, &mut index) {
                    let spec = &mut options.openings;
                    match key {
                        "file" => spec.file = Some(PathBuf::from(value)),
                        "format" => spec.format = Some(value.to_ascii_lowercase()),
                        "order" => {
                            spec.random = match value {
                                "random" => true,
                                "sequential" => false,
                                _ => {
                                    return Err(format!(
                                        "-openings order={value}: expected sequential or random"
                                    ));
                                }
                            }
                        }
                        "plies" => spec.plies = Some(number("-openings plies", value)? as usize),
                        "start" => spec.start = number("-openings start", value)? as usize,
                        "policy" => {}
                        _ => return Err(format!("-openings: unknown key '{key}'")),
                    }
                }
            }
            "-draw" => {
                let mut rule = DrawRule {
                    move_number: 0,
                    move_count: 0,
                    score: 0,
                };
                for (key, value) in key_values(args, &mut index) {
                    match key {
                        "movenumber" => rule.move_number = number("-draw movenumber", value)?,
                        "movecount" => rule.move_count = number("-draw movecount", value)?,
                        "score" => rule.score = score("-draw score", value)?,
                        _ => return Err(format!("-draw: unknown key '{key}'")),
                    }
                }
                if rule.move_count == 0 {
                    return Err("-draw needs movecount=N".to_owned());
                }
                options.adjudication.draw = Some(rule);
            }
            "-resign" => {
                let mut rule = ResignRule {
                    move_count: 0,
                    score: 0,
                    two_sided: false,
                };
                for (key, value) in key_values(args, &mut index) {
                    match key {
                        "movecount" => rule.move_count = number("-resign movecount", value)?,
                        "score" => rule.score = score("-resign score", value)?,
                        "twosided" => rule.two_sided = value == "true",
                        _ => return Err(format!("-resign: unknown key '{key}'")),
                    }
                }
                if rule.move_count == 0 || rule.score <= 0 {
                    return Err("-resign needs movecount=N and score=CP (above 0)".to_owned());
                }
                options.adjudication.resign = Some(rule);
            }
            "-sprt" => {
                let mut sprt = Sprt {
                    elo0: 0.0,
                    elo1: 5.0,
                    alpha: 0.05,
                    beta: 0.05,
                };
                for (key, value) in key_values(args, &mut index) {
                    let v = value
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .ok_or_else(|| format!("-sprt {key}={value}: expected a number"));
                    match key {
                        "elo0" => sprt.elo0 = v?,
                        "elo1" => sprt.elo1 = v?,
                        "alpha" => sprt.alpha = v?,
                        "beta" => sprt.beta = v?,
                        "model" => {}
                        _ => return Err(format!("-sprt: unknown key '{key}'")),
                    }
                }
                let rate = |p: f64| p > 0.0 && p < 0.5;
                if sprt.elo1 <= sprt.elo0 || !rate(sprt.alpha) || !rate(sprt.beta) {
                    return Err(
                        "-sprt needs elo0 < elo1 and alpha, beta between 0 and 0.5".to_owned()
                    );
                }
                options.sprt = Some(sprt);
            }
            other => {
                return Err(format!(
                    "unknown option '{other}' (ply match -help lists them)"
                ));
            }
        }
    }
    if engines.len() < 2 {
        return Err("a match needs at least two -engine options".to_owned());
    }
    for (number, keys) in engines.into_iter().enumerate() {
        let keys = keys.merged(&each);
        let which = format!("engine {}", number + 1);
        let mut words = keys.command.ok_or_else(|| format!("{which} has no cmd="))?;
        let program = words.remove(0);
        words.extend(keys.args);
        let protocol = keys.protocol.unwrap_or(default_protocol);
        if !protocols.contains(&protocol) {
            let names: Vec<&str> = protocols.iter().map(|p| p.name()).collect();
            return Err(format!(
                "{which}: proto={} is not spoken for this game (expected {})",
                protocol.name(),
                names.join(" or ")
            ));
        }
        let control = keys.control.ok_or_else(|| {
            format!(
                "{which} has no time control: give tc=, st=, depth= or nodes= (in -engine or -each)"
            )
        })?;
        protocol
            .supports(control)
            .map_err(|e| format!("{which}: {e}"))?;
        let name = keys.name.unwrap_or_else(|| {
            std::path::Path::new(&program)
                .file_name()
                .map_or(program.clone(), |n| n.to_string_lossy().into_owned())
        });
        options.engines.push(EngineSpec {
            name,
            launch: Launch {
                program,
                args: words,
                dir: keys.dir,
            },
            protocol,
            options: keys.options,
            control,
            margin: keys.margin.unwrap_or(DEFAULT_MARGIN),
            timeout: keys.timeout.unwrap_or(DEFAULT_TIMEOUT),
        });
    }
    // Names tell the engines apart in tables: number repeated names.
    for i in 1..options.engines.len() {
        if options.engines[..i]
            .iter()
            .any(|e| e.name == options.engines[i].name)
        {
            options.engines[i].name = format!("{} #{}", options.engines[i].name, i + 1);
        }
    }
    if options.serve.is_some() && options.publish.is_some() {
        return Err("-serve and -publish: choose one".to_owned());
    }
    if options.token.is_some() && options.publish.is_none() {
        return Err("-token goes with -publish".to_owned());
    }
    Ok(Some(options))
}

fn number(option: &str, value: &str) -> Result<u32, String> {
    value
        .parse::<u32>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{option} {value}: expected a whole number above 0"))
}

fn score(option: &str, value: &str) -> Result<i32, String> {
    value
        .parse::<i32>()
        .ok()
        .filter(|s| *s >= 0)
        .ok_or_else(|| format!("{option}={value}: expected a score in centipawns (0 or more)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        split_command(text)
    }

    fn chess(text: &str) -> Result<MatchOptions, String> {
        parse(&args(text), Protocol::Uci, &[Protocol::Uci, Protocol::Cecp]).map(Option::unwrap)
    }

    #[test]
    fn reads_a_cutechess_command_line() {
        let options = chess(
            "-engine cmd=stockfish name=sf option.Hash=16 -engine cmd='ply uci' proto=uci st=0.5 \
             -each tc=40/60+0.6 option.Threads=1 timemargin=200 -rounds 50 -games 2 -repeat \
             -openings file=a.epd order=random plies=8 -srand 7 -pgnout out.pgn min -concurrency 2 \
             -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 -maxmoves 200 \
             -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
        )
        .unwrap();
        assert_eq!(options.engines.len(), 2);
        let sf = &options.engines[0];
        assert_eq!(sf.name, "sf");
        assert_eq!(sf.launch.program, "stockfish");
        assert_eq!(
            sf.options,
            [("Threads".into(), "1".into()), ("Hash".into(), "16".into())]
        );
        assert_eq!(sf.margin, Duration::from_millis(200));
        assert!(matches!(
            sf.control,
            TimeControl::Clock {
                moves: Some(40),
                ..
            }
        ));
        let ply = &options.engines[1];
        assert_eq!(ply.name, "ply");
        assert_eq!(ply.launch.args, ["uci"]);
        assert_eq!(
            ply.control,
            TimeControl::MoveTime(Duration::from_millis(500))
        );
        assert_eq!(
            (options.rounds, options.games, options.repeat),
            (50, 2, true)
        );
        assert!(options.openings.random);
        assert_eq!(options.openings.plies, Some(8));
        assert_eq!(options.seed, 7);
        assert_eq!(options.record_file, Some(PathBuf::from("out.pgn")));
        assert_eq!(options.concurrency, 2);
        assert_eq!(options.adjudication.max_moves, Some(200));
        assert_eq!(options.adjudication.draw.unwrap().score, 10);
        assert_eq!(options.sprt.unwrap().elo1, 5.0);
    }

    #[test]
    fn bad_options_get_one_line_reasons() {
        let cases = [
            ("-engine cmd=a tc=1", "at least two"),
            ("-engine cmd=a -engine cmd=b", "no time control"),
            (
                "-engine name=a -engine cmd=b -each st=1",
                "engine 1 has no cmd",
            ),
            ("-engine cmd=a -engine cmd=b -each tc=x", "bad time control"),
            (
                "-engine cmd=a -engine cmd=b -each st=1 -rounds 0",
                "-rounds 0",
            ),
            (
                "-engine cmd=a -engine cmd=b -each st=1 -frobnicate",
                "unknown option",
            ),
            (
                "-engine cmd=a foo=1 -engine cmd=b",
                "unknown engine key 'foo'",
            ),
            (
                "-engine cmd=a proto=hub -engine cmd=b -each st=1",
                "not spoken",
            ),
            (
                "-engine cmd=a -engine cmd=b -each st=1 -sprt elo0=5 elo1=0",
                "elo0 < elo1",
            ),
            (
                "-engine cmd=a -engine cmd=b -each st=1 -rounds",
                "-rounds needs",
            ),
            (
                "-engine cmd=a -engine cmd=b -each proto=xboard nodes=5",
                "node count",
            ),
            (
                "-engine cmd=a -engine cmd=b -each proto=xboard st=0.5",
                "whole seconds",
            ),
        ];
        for (line, expected) in cases {
            let err = chess(line).unwrap_err();
            assert!(err.contains(expected), "{line}: {err}");
            assert!(!err.contains('\n'));
        }
        assert_eq!(
            parse(&args("-help"), Protocol::Uci, &[Protocol::Uci]).unwrap(),
            None
        );
    }

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(split_command("a 'b c' \"d\" ''"), ["a", "b c", "d", ""]);
        assert_eq!(split_command("  x  "), ["x"]);
    }

    #[test]
    fn serving_the_match() {
        let options = chess("-engine cmd=a -engine cmd=b -each depth=2").unwrap();
        assert_eq!(options.serve, None);
        let options = chess("-engine cmd=a -engine cmd=b -each depth=2 -serve").unwrap();
        assert_eq!(options.serve, Some(8080));
        assert!(options.bind.is_loopback());
        let options =
            chess("-engine cmd=a -engine cmd=b -serve 0 -bind 0.0.0.0 -each depth=2").unwrap();
        assert_eq!(options.serve, Some(0));
        assert!(options.bind.is_unspecified());
        let options =
            chess("-engine cmd=a -engine cmd=b -each depth=2 -publish http://127.0.0.1:9 -token t")
                .unwrap();
        assert_eq!(options.publish.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(options.token.as_deref(), Some("t"));
        for (line, expected) in [
            ("-serve 70000", "expected a port"),
            ("-serve x", "expected a port"),
            ("-bind nowhere", "expected an IP address"),
            ("-bind", "-bind needs"),
            ("-publish", "-publish needs"),
            ("-publish ftp://x", "expected http://"),
            ("-serve -publish http://127.0.0.1:1", "choose one"),
        ] {
            let err =
                chess(&format!("-engine cmd=a -engine cmd=b -each depth=2 {line}")).unwrap_err();
            assert!(err.contains(expected), "{line}: {err}");
        }
    }

    #[test]
    fn repeated_names_are_numbered() {
        let options = chess("-engine cmd=ply -engine cmd=ply -each depth=2").unwrap();
        assert_eq!(options.engines[0].name, "ply");
        assert_eq!(options.engines[1].name, "ply #2");
    }
}
