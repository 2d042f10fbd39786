//! What a key can ask for, in the user's words.

use crate::app::state::Step;

/// What a key asks for, in the user's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Leave the program.
    Quit,
    /// Go back one screen (quit at the root).
    Back,
    /// Show the keys of this screen.
    Help,
    /// Open the command palette.
    Palette,
    /// Re-read the current screen from the API.
    Refresh,
    /// Move the selection or scroll: a row, a page, to either end.
    Step(Step),
    /// Open the selected row.
    Open,
    /// Tickets of the main event (the first available edition).
    MainTickets,
    /// Enroll a person by e-mail.
    Enroll,
    /// Enroll an existing customer.
    EnrollCustomer,
    /// Revoke the selected ticket.
    Revoke,
    /// Start the live filter.
    Filter,
    /// The next status tab.
    NextTab,
    /// The previous status tab.
    PrevTab,
    /// Jump to status tab 1..6 (the digit says which).
    JumpTab,
    /// Sort by the next column.
    SortNext,
    /// Reverse the sort.
    SortReverse,
    /// Switch between the fields view and the raw JSON.
    ToggleRaw,
    /// At a root screen: switch to top-level tab 1..5 (the digit says which).
    RootTab,
    /// The enrollments of the course.
    Enrollments,
    /// Copy the selected record's key value to the clipboard.
    Copy,
    /// Find the customer's tickets in the current and upcoming events (or
    /// stop the search).
    FindTickets,
    /// Open the check-in desk of the event or edition.
    CheckIn,
    /// At the desk: check what is typed (or the attendee picked).
    Scan,
    /// At the desk: pick among the attendees a typed name listed.
    Pick,
    /// At the desk: undo this desk's last admission.
    Undo,
    /// At the desk: clear the verdict.
    ClearVerdict,
    /// At the desk: the last scans (where they are not beside the verdict).
    LastScans,
    /// At the desk: the tickets admitted twice (the shared log's conflicts).
    Conflicts,
    /// At the desk: turn the lane into an exit lane, or back (asks).
    ExitLane,
    /// At the desk: the door at a glance (every lane's figures).
    Dashboard,
    /// At the desk: admit anyway outside the door's hours (asks; recorded
    /// as forced with the desk's name).
    Force,
    /// At the desk: leave it (asks; the PIN when one is set).
    Leave,
    /// Mark or unmark the selected row (and move down).
    Mark,
    /// Mark every row shown (the tab, through the filter).
    MarkAll,
    /// Unmark every row.
    ClearMarks,
    /// Write the rows shown, all of them, to a CSV or JSON file.
    Export,
    /// Sort by the column the key names (again: reverse).
    SortBy,
    /// Write the door's note on the ticket or customer (⚑).
    Note,
}

impl Action {
    /// Every action, in the order of the enum.
    pub const ALL: [Action; 44] = [
        Self::Quit,
        Self::Back,
        Self::Help,
        Self::Palette,
        Self::Refresh,
        Self::Step(Step::Up),
        Self::Step(Step::Down),
        Self::Step(Step::Top),
        Self::Step(Step::Bottom),
        Self::Step(Step::PageUp),
        Self::Step(Step::PageDown),
        Self::Open,
        Self::MainTickets,
        Self::Enroll,
        Self::EnrollCustomer,
        Self::Revoke,
        Self::Filter,
        Self::NextTab,
        Self::PrevTab,
        Self::JumpTab,
        Self::SortNext,
        Self::SortReverse,
        Self::ToggleRaw,
        Self::RootTab,
        Self::Enrollments,
        Self::Copy,
        Self::FindTickets,
        Self::CheckIn,
        Self::Scan,
        Self::Pick,
        Self::Undo,
        Self::ClearVerdict,
        Self::LastScans,
        Self::Conflicts,
        Self::ExitLane,
        Self::Dashboard,
        Self::Force,
        Self::Leave,
        Self::Mark,
        Self::MarkAll,
        Self::ClearMarks,
        Self::Export,
        Self::SortBy,
        Self::Note,
    ];

    /// The action's name in config.toml's `[keys.<screen>]` tables: the
    /// variant in `snake_case`. A new action gets its name here.
    pub fn name(self) -> &'static str {
        match self {
            Self::Quit => "quit",
            Self::Back => "back",
            Self::Help => "help",
            Self::Palette => "palette",
            Self::Refresh => "refresh",
            Self::Step(step) => step.name(),
            Self::Open => "open",
            Self::MainTickets => "main_tickets",
            Self::Enroll => "enroll",
            Self::EnrollCustomer => "enroll_customer",
            Self::Revoke => "revoke",
            Self::Filter => "filter",
            Self::NextTab => "next_tab",
            Self::PrevTab => "prev_tab",
            Self::JumpTab => "jump_tab",
            Self::SortNext => "sort_next",
            Self::SortReverse => "sort_reverse",
            Self::ToggleRaw => "toggle_raw",
            Self::RootTab => "root_tab",
            Self::Enrollments => "enrollments",
            Self::Copy => "copy",
            Self::FindTickets => "find_tickets",
            Self::CheckIn => "check_in",
            Self::Scan => "scan",
            Self::Pick => "pick",
            Self::Undo => "undo",
            Self::ClearVerdict => "clear_verdict",
            Self::LastScans => "last_scans",
            Self::Conflicts => "conflicts",
            Self::ExitLane => "exit_lane",
            Self::Dashboard => "dashboard",
            Self::Force => "force",
            Self::Leave => "leave",
            Self::Mark => "mark",
            Self::MarkAll => "mark_all",
            Self::ClearMarks => "clear_marks",
            Self::Export => "export",
            Self::SortBy => "sort_by",
            Self::Note => "note",
        }
    }

    /// An action by its config name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Actions whose key says more than which action (the digit of a tab,
    /// the arrow of a pick): their keys are fixed.
    pub fn fixed_keys(self) -> bool {
        matches!(
            self,
            Self::JumpTab | Self::RootTab | Self::Pick | Self::SortBy
        )
    }

    /// Actions that move the selection or scroll.
    pub fn moves(self) -> bool {
        matches!(self, Self::Step(_))
    }

    /// The movement of the selection this action asks for, if it is one.
    pub fn step(self) -> Option<Step> {
        match self {
            Self::Step(step) => Some(step),
            _ => None,
        }
    }

    /// Actions that write to the API: hidden and refused in read-only mode.
    pub fn writes(self) -> bool {
        matches!(self, Self::Enroll | Self::EnrollCustomer | Self::Revoke)
    }
}
