//! The `:` commands: what each says and does, as the screens register them
//! (`screens::REGISTERED`), and how a typed line is read. The palette's
//! parse, its hint line and docs/keys.md's table all come from the same
//! records, so none of them can lose a command.

use super::tab::Tab;
use super::target::Target;
use crate::i18n::Said;

/// A command the palette understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Switch to a top-level tab (`:events`, `:orders`, …).
    Tab(Tab),
    /// Open a screen on top (`:event`, `:checkin`, `:audit`, a ticket
    /// found): the registry makes it.
    Open(Target),
    /// A ticket by number as typed, trimmed and upper case (`TK 000041`,
    /// `230`): read through [`crate::ticket_number`]; only digits are a
    /// number's serial when one loaded number ends in it, else an id.
    TicketNumber(String),
    /// A customer by id, or by e-mail through the customers list.
    Customer(String),
    /// Write the rows of the list shown to a file (the path, or ask).
    Export(Option<String>),
    /// Enroll the people of a CSV file into the list's edition.
    EnrollFrom(String),
    /// Keep the list's filter, tab and sort under a name.
    SaveView(String),
    /// List the saved filters to apply one.
    Views,
    /// Apply a saved filter to the list shown.
    ApplyView(crate::app::views::SavedView),
    Quit,
}

/// Reads the words after a command's word (the word itself first):
/// `None` when they are not a shape it takes; a wrong shape's error is
/// said in the reader's language.
pub type Make = fn(&'static str, &[&str]) -> Option<Result<Command, Said>>;

/// One `:` command as a screen registers it.
#[derive(Debug, Clone, Copy)]
pub struct PaletteCommand {
    /// The word after `:`.
    pub word: &'static str,
    /// Another word for it (`quit` for `q`); empty: none.
    pub alias: &'static str,
    /// What it takes, as help writes it (`<id or hash>`); empty: nothing.
    pub arg: &'static str,
    pub help: &'static str,
    /// A top-level tab's command: listed first.
    pub tab: bool,
    /// The command of the words after it; `None`: not a shape it takes.
    pub make: Make,
}

impl PaletteCommand {
    /// `:word`: switches to `tab`.
    pub const fn tab(word: &'static str, help: &'static str, tab: Tab) -> Self {
        Self {
            word,
            alias: "",
            arg: "",
            help,
            tab: true,
            make: match tab {
                Tab::Events => |_, a| none(a, Command::Tab(Tab::Events)),
                Tab::Customers => |_, a| none(a, Command::Tab(Tab::Customers)),
                Tab::Orders => |_, a| none(a, Command::Tab(Tab::Orders)),
                Tab::Products => |_, a| none(a, Command::Tab(Tab::Products)),
                Tab::Courses => |_, a| none(a, Command::Tab(Tab::Courses)),
            },
        }
    }

    /// `:word`: opens the screen registered with it ([`Target::Registered`]).
    pub const fn open(word: &'static str, help: &'static str) -> Self {
        Self {
            word,
            alias: "",
            arg: "",
            help,
            tab: false,
            make: |word, a| none(a, Command::Open(Target::Registered(word))),
        }
    }

    /// `:word <arg>`, read by `make`.
    pub const fn with_arg(
        word: &'static str,
        arg: &'static str,
        help: &'static str,
        make: Make,
    ) -> Self {
        Self {
            word,
            alias: "",
            arg,
            help,
            tab: false,
            make,
        }
    }

    /// How help writes it: `:event <id or hash>`.
    pub fn usage(&self) -> String {
        if self.arg.is_empty() {
            format!(":{}", self.word)
        } else {
            format!(":{} {}", self.word, self.arg)
        }
    }
}

/// "usage: :event <id>", said in the reader's language.
fn usage(how: &str) -> Said {
    Said::new("palette-usage").arg("usage", how)
}

/// `command` when nothing follows the word.
fn none(args: &[&str], command: Command) -> Option<Result<Command, Said>> {
    args.is_empty().then_some(Ok(command))
}

/// `:q`, everywhere.
pub const QUIT: PaletteCommand = PaletteCommand {
    word: "q",
    alias: "quit",
    arg: "",
    help: "quit",
    tab: false,
    make: |_, a| none(a, Command::Quit),
};

/// Reads a command line (without the `:`) against `commands`.
pub fn parse(commands: &[&PaletteCommand], line: &str) -> Result<Command, Said> {
    // A habitual leading `:` is the palette's own prompt.
    let mut words = line.trim_start().trim_start_matches(':').split_whitespace();
    let word = words.next().unwrap_or("");
    let args: Vec<&str> = words.collect();
    if word.is_empty() {
        return Err(Said::new("palette-empty"));
    }
    commands
        .iter()
        .find(|c| c.word == word || (!c.alias.is_empty() && c.alias == word))
        .and_then(|c| (c.make)(c.word, &args))
        .unwrap_or_else(|| Err(Said::new("palette-unknown").arg("line", line.trim())))
}

/// The palette's hint: every command's word.
pub fn hint(commands: &[&PaletteCommand]) -> String {
    commands
        .iter()
        .map(|c| format!(":{}", c.word))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `:event <id or hash>`.
pub fn event(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    Some(match args.first() {
        Some(id) => Ok(Command::Open(Target::Event {
            asked: (*id).to_string(),
            title: (*id).to_string(),
        })),
        None => Err(usage(":event <id>")),
    })
}

/// `:ticket <id or number>` (a number as it is said: `tk 000230`,
/// `TK000230`, `230`; see [`crate::ticket_number`]).
pub fn ticket(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    if args.is_empty() {
        return Some(Err(usage(":ticket <id>")));
    }
    let arg = args.join(" ").to_uppercase();
    if arg.bytes().all(|b| b.is_ascii_digit()) && arg.parse::<u64>().is_err() {
        return Some(Err(Said::new("palette-not-a-ticket-id").arg("text", arg)));
    }
    Some(Ok(Command::TicketNumber(arg)))
}

/// `:customer <id or e-mail>`.
pub fn customer(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    Some(match args.first() {
        Some(who) => Ok(Command::Customer((*who).to_string())),
        None => Err(usage(":customer <id|e-mail>")),
    })
}

/// `:checkin <id or hash>`.
pub fn checkin(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    Some(match args.first() {
        Some(id) => Ok(Command::Open(Target::Checkin {
            asked: (*id).to_string(),
            title: None,
        })),
        None => Err(usage(":checkin <id|hash>")),
    })
}

/// `:door <id>`.
pub fn door(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    Some(match args.first().map(|a| a.parse::<u64>()) {
        Some(Ok(id)) => Ok(Command::Open(Target::Door {
            event_id: id,
            title: format!("event {id}"),
            valid: None,
        })),
        _ => Err(Said::new("palette-usage-door")),
    })
}

/// `:export [path]` (a path may hold spaces).
pub fn export(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    let path = args.join(" ");
    Some(Ok(Command::Export((!path.is_empty()).then_some(path))))
}

/// `:save <name>`.
pub fn save(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    let name = args.join(" ");
    Some(if name.is_empty() {
        Err(usage(":save <name>"))
    } else {
        Ok(Command::SaveView(name))
    })
}

/// `:filters`.
pub fn views(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    args.is_empty().then_some(Ok(Command::Views))
}

/// `:enroll-from <file>`.
pub fn enroll_from(_: &'static str, args: &[&str]) -> Option<Result<Command, Said>> {
    let path = args.join(" ");
    Some(if path.is_empty() {
        Err(usage(":enroll-from <file.csv>"))
    } else {
        Ok(Command::EnrollFrom(path))
    })
}
