//! Keys at the desk. Every printable key goes to the input line, stamped
//! with when it came; a scan ends with Enter or a quiet gap, and is a
//! scanner's burst (`burst::burst_start`) whatever is open: help, a
//! question or the name search close and the burst is judged, and keys
//! typed by hand before it are dropped (said in one quiet line). A control
//! key inside a burst (Esc, an Alt- or Ctrl-letter, an arrow) is a control
//! byte of the scan, never a desk command: the door says the scan is not a
//! ticket code. Text typed by hand is a number typed off a paper ticket, a
//! name (after F3) or the PIN (leaving). No single key leaves the desk or
//! reaches the app behind it: leaving is a chord (Ctrl-Q, or quit's
//! Ctrl-C), answered.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::app::burst::{burst_start, quick};
use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::list::ListRow;
use crate::app::overlays::Overlay;
use crate::app::overlays::enroll::EnrollForm;
use crate::app::settings::pin_matches;
use crate::sanitize::clean;
use crate::search::fold;

use super::{CheckinScreen, Component, Ctx, Named, Outcome, Panel, Stage, WAKE};

/// The most attendees a name search lists.
const NAMED: usize = 50;

impl CheckinScreen {
    /// Every key at the desk, at every stage.
    pub(super) fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        // Inside a burst a control key is a byte of the scan.
        if let Some(bytes) = self.control_in_burst(&key, ctx) {
            self.input.push_str(&bytes);
            for _ in bytes.chars() {
                self.key_times.push(ctx.now);
            }
            return Outcome::Run(vec![Cmd::Wake { after: WAKE }]);
        }
        let action = ctx.keys.lookup(Scope::Checkin, &key);
        let choosing = matches!(self.stage, Stage::Choosing { .. }) && self.panel.is_none();
        match action {
            Some(Action::Scan | Action::Pick) if choosing => return self.choosing_key(key, ctx),
            Some(Action::Leave | Action::Quit) => return self.ask_leave(),
            Some(Action::Help) => {
                self.panel = match self.panel {
                    Some(Panel::Help(_)) => None,
                    _ => Some(Panel::Help(0)),
                };
                return Outcome::Stay;
            }
            Some(Action::Scan) => return self.enter(ctx, true),
            Some(Action::Back) => return self.escape(ctx),
            _ => {}
        }
        if !matches!(self.stage, Stage::Ready) {
            if self.panel.is_none() && matches!(self.stage, Stage::Choosing { .. }) {
                return self.choosing_key(key, ctx);
            }
            // Only the PIN is typed before the desk scans.
            return match action {
                None if self.panel == Some(Panel::Leave) => self.type_key(key, ctx),
                _ => Outcome::Stay,
            };
        }
        // Space on the order question picks a ticket (or not); under a
        // VALID naming the rest of its order, it opens the question.
        if self.input.is_empty()
            && key.code == KeyCode::Char(' ')
            && key.modifiers.difference(KeyModifiers::SHIFT).is_empty()
        {
            if let Some(Panel::Order(order)) = &mut self.panel {
                order.toggle();
                return Outcome::Stay;
            }
            if self.panel.is_none() && self.named.is_none() && self.ask_order(ctx) {
                return Outcome::Stay;
            }
        }
        match action {
            Some(Action::Pick) => {
                self.pick(key.code == KeyCode::Up);
                Outcome::Stay
            }
            Some(Action::Enroll) => self.walk_in(ctx),
            Some(Action::Filter) => {
                self.panel = Some(Panel::Search);
                self.named = None;
                self.clear_input();
                Outcome::Stay
            }
            Some(Action::LastScans) => {
                self.panel = match self.panel {
                    Some(Panel::LastScans) => None,
                    // Wide, they are beside the verdict already.
                    _ if ctx.body.width >= super::view::BESIDE => {
                        self.note = Some(ctx.lang.tongue().t("note-scans-beside"));
                        None
                    }
                    _ => Some(Panel::LastScans),
                };
                Outcome::Stay
            }
            Some(Action::Refresh) => {
                let mut cmds: Vec<Cmd> = self
                    .streaming()
                    .into_iter()
                    .map(|req| Cmd::Cancel { req })
                    .collect();
                cmds.extend(self.refresh(ctx));
                Outcome::Run(cmds)
            }
            Some(Action::Conflicts) => Outcome::Run(self.show_conflicts(ctx)),
            Some(Action::ExitLane) => self.ask_exit_lane(),
            Some(Action::Dashboard) => {
                // The list's valid tickets when it is read, else the
                // dashboard counts them itself.
                let list = &self.lane.lists.shown;
                let valid = (!self.lane.lists.reading() && !list.is_empty())
                    .then(|| list.confirmed() as u64);
                Outcome::Open(crate::app::target::Target::Door {
                    event_id: self.lane.target.event_id,
                    title: self.lane.target.title.clone(),
                    valid,
                })
            }
            Some(Action::Force) => self.ask_force(),
            Some(Action::Undo) => {
                self.ask_undo(ctx);
                Outcome::Stay
            }
            Some(Action::ClearVerdict) => {
                self.shown = None;
                self.walk_in.admitted = None;
                Outcome::Stay
            }
            Some(_) => Outcome::Stay,
            None => self.type_key(key, ctx),
        }
    }

    /// A control key that comes inside a burst (within a burst's gap of
    /// the last key typed, something typed): the bytes it stands for, an
    /// ESC for what has no byte of its own. Enter ends the scan.
    fn control_in_burst(&self, key: &KeyEvent, ctx: &Ctx) -> Option<String> {
        let last = *self.key_times.last()?;
        if !quick(last, ctx.now) {
            return None;
        }
        control_bytes(key)
    }

    /// A key for the input line.
    fn type_key(&mut self, key: KeyEvent, ctx: &Ctx) -> Outcome {
        match key.code {
            // Alt-letter: an ESC read just before a character (`ESC ]…`).
            KeyCode::Char(c) if key.modifiers.contains(KeyModifiers::ALT) => {
                self.input.push('\u{1b}');
                self.input.push(c);
                self.key_times.extend([ctx.now, ctx.now]);
                Outcome::Run(vec![Cmd::Wake { after: WAKE }])
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                if let Some(at) = self.stray.take()
                    && self.input.is_empty()
                    && quick(at, ctx.now)
                {
                    self.input.push('\u{7f}');
                    self.key_times.push(at);
                }
                self.input.push(c);
                self.key_times.push(ctx.now);
                Outcome::Run(vec![Cmd::Wake { after: WAKE }])
            }
            // A Ctrl-letter that is no desk key: its byte, as a scanner
            // sent it (a scan beginning with one is no ticket code; typed by
            // hand it shows, `^G`, and Esc clears it).
            KeyCode::Char(_) => {
                let Some(bytes) = control_bytes(&key) else {
                    return Outcome::Stay;
                };
                self.input.push_str(&bytes);
                for _ in bytes.chars() {
                    self.key_times.push(ctx.now);
                }
                Outcome::Run(vec![Cmd::Wake { after: WAKE }])
            }
            // On an empty line a Backspace erases nothing: it may be a
            // scanner's DEL byte, the first of a burst (kept for the keys
            // that come within a burst's gap of it).
            KeyCode::Backspace if self.input.is_empty() => {
                self.stray = Some(ctx.now);
                Outcome::Stay
            }
            KeyCode::Backspace => {
                self.input.pop();
                self.key_times.pop();
                Outcome::Stay
            }
            _ => Outcome::Stay,
        }
    }

    pub(super) fn clear_input(&mut self) {
        self.input.clear();
        self.key_times.clear();
    }

    fn pick(&mut self, up: bool) {
        if let Some(Panel::Order(order)) = &mut self.panel {
            order.step(up);
        } else if let Some(Panel::Help(scroll)) = &mut self.panel {
            *scroll = if up {
                scroll.saturating_sub(1)
            } else {
                *scroll + 1
            };
        } else if let Some(named) = &mut self.named {
            named.cursor = if up {
                named.cursor.saturating_sub(1)
            } else {
                (named.cursor + 1).min(named.rows.len().saturating_sub(1))
            };
        }
    }

    /// Enter (`key`: the key itself, a scanner's last), or a scanner's
    /// burst ended by a quiet gap: a scan is judged (a burst whatever is
    /// open), text typed by hand answers what is open.
    pub(super) fn enter(&mut self, ctx: &mut Ctx, key: bool) -> Outcome {
        let chars: Vec<char> = std::mem::take(&mut self.input).chars().collect();
        let mut times = std::mem::take(&mut self.key_times);
        // A scanner's Enter is one of its burst's keys (a short id, `36`
        // and Enter, is a burst too).
        if key && !chars.is_empty() {
            times.push(ctx.now);
        }
        if chars.is_empty() {
            return self.answer(ctx);
        }
        if let Some(start) = burst_start(&times).map(|s| s.min(chars.len())) {
            let dropped: String = chars[..start].iter().collect();
            let scanned: String = chars[start..].iter().collect();
            self.panel = None;
            self.named = None;
            if !matches!(self.stage, Stage::Ready) {
                return Outcome::Stay;
            }
            let cmds = self.scan(&scanned, ctx);
            if !dropped.trim().is_empty() {
                // Said in the desk's one quiet line, until the next scan.
                self.note = Some(
                    ctx.lang
                        .tongue()
                        .ta("note-dropped", &[("typed", &clean(dropped.trim()))]),
                );
            }
            return Outcome::Run(cmds);
        }
        let typed: String = chars.into_iter().collect();
        match self.panel {
            Some(Panel::Search) => {
                self.search(&typed);
                Outcome::Stay
            }
            Some(Panel::Leave) if self.pin_hash.is_some() => {
                if self
                    .pin_hash
                    .as_deref()
                    .is_some_and(|h| pin_matches(h, typed.trim()))
                {
                    self.panel = None;
                    return Outcome::Pop { quit: false };
                }
                self.note = Some(ctx.lang.tongue().t("note-wrong-pin"));
                self.panel = None;
                Outcome::Stay
            }
            _ if !matches!(self.stage, Stage::Ready) => Outcome::Stay,
            // A number typed off a paper ticket.
            _ => {
                self.panel = None;
                self.named = None;
                Outcome::Run(self.scan(&typed, ctx))
            }
        }
    }

    /// Enter with nothing typed: yes to the question open, or the
    /// attendee picked.
    fn answer(&mut self, ctx: &mut Ctx) -> Outcome {
        match self.panel.take() {
            Some(Panel::Undo(a, _)) => Outcome::Run(self.undo(&a, ctx)),
            Some(Panel::UndoExit(exit, _)) => Outcome::Run(self.undo_exit(&exit, ctx)),
            Some(Panel::Leave) if self.pin_hash.is_none() => Outcome::Pop { quit: false },
            Some(Panel::ExitLane) => {
                self.turn_lane();
                Outcome::Stay
            }
            Some(Panel::Force(id, _)) => Outcome::Run(self.force(id, ctx)),
            Some(Panel::Order(order)) => Outcome::Run(self.admit_order(&order, ctx)),
            Some(Panel::Help(_) | Panel::LastScans | Panel::Conflicts) | None => {
                let Some(named) = self.named.take() else {
                    // The rest of an order asks; a verdict held for its
                    // note gives way.
                    if !self.ask_order(ctx)
                        && self.shown.as_ref().is_some_and(|s| s.flag.is_some())
                    {
                        self.shown = None;
                    }
                    return Outcome::Stay;
                };
                match named.rows.get(named.cursor) {
                    Some(row) => Outcome::Run(self.pick_ticket(row.id, &named.typed, ctx)),
                    None => Outcome::Stay,
                }
            }
            open => {
                self.panel = open;
                Outcome::Stay
            }
        }
    }

    /// Esc closes what is open, clears the input, then the verdict; a
    /// walk-in's VALID is declined. It never leaves the desk.
    fn escape(&mut self, ctx: &mut Ctx) -> Outcome {
        if self.panel.take().is_some() || self.named.take().is_some() {
            self.clear_input();
            return Outcome::Stay;
        }
        if !self.input.is_empty() {
            self.clear_input();
            return Outcome::Stay;
        }
        if let Some(ticket_id) = self.walk_in.admitted.take()
            && let Some(a) = self.lane.admissions.get(ticket_id).cloned()
        {
            return Outcome::Run(self.undo(&a, ctx));
        }
        if self.shown.take().is_none() {
            self.note = Some(
                ctx.lang
                    .tongue()
                    .ta("note-nothing-to-close", &[("key", &self.keys.leave)]),
            );
        }
        Outcome::Stay
    }

    /// The leave chord: asks (the PIN when one is set); the chord again,
    /// or Enter, leaves.
    fn ask_leave(&mut self) -> Outcome {
        if self.panel == Some(Panel::Leave) && self.pin_hash.is_none() {
            return Outcome::Pop { quit: false };
        }
        self.panel = Some(Panel::Leave);
        self.clear_input();
        Outcome::Stay
    }

    /// A name typed after F3: the attendees it matches.
    fn search(&mut self, typed: &str) {
        let needle = fold(typed.trim());
        // Its words in any order: a name is said both ways.
        let words = crate::search::Words::new(&needle);
        let rows: Vec<_> = if needle.is_empty() {
            Vec::new()
        } else {
            self.lane.lists
                .shown
                .rows()
                .iter()
                .filter(|r| words.found_in(r.haystack()))
                .take(NAMED)
                .cloned()
                .collect()
        };
        let typed = clean(typed.trim()).into_owned();
        if rows.is_empty() {
            self.note = Some(self.lang.tongue().ta("note-no-attendee", &[("typed", &typed)]));
            return;
        }
        self.panel = None;
        self.named = Some(Named {
            typed,
            rows,
            cursor: 0,
        });
    }

    /// F2: a walk-in, enrolled by e-mail into this edition, then admitted
    /// (the form a scan closed comes back as it was). Never while offline:
    /// a write is not queued for later.
    fn walk_in(&mut self, ctx: &Ctx) -> Outcome {
        if ctx.readonly {
            self.note = Some(ctx.lang.tongue().t("note-read-only"));
            return Outcome::Stay;
        }
        if self.listed.offline.is_some() {
            self.note = Some(ctx.lang.tongue().t("note-walk-in-offline"));
            return Outcome::Stay;
        }
        let form = self.walk_in.form.take().unwrap_or_else(|| {
            EnrollForm::new(self.lane.target.event_id, self.lane.target.title.clone())
        });
        Outcome::Overlay(Overlay::Enroll(form), vec![])
    }
}

/// What a control key stands for inside a scan: its byte (a Ctrl-letter's
/// C0 byte, Tab, DEL), an ESC and the character for an Alt-letter, an ESC
/// for any other key (an arrow, a function key, Esc itself). None: not a
/// control key (a character, Enter).
pub fn control_bytes(key: &KeyEvent) -> Option<String> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    match key.code {
        KeyCode::Char(c) if alt => Some(format!("\u{1b}{c}")),
        KeyCode::Char(c) if ctrl && c.is_ascii_alphabetic() => {
            Some(char::from(c.to_ascii_lowercase() as u8 & 0x1f).to_string())
        }
        KeyCode::Char(_) if ctrl => Some("\u{1b}".into()),
        // A character; Enter ends the scan, and a scanner's Tab suffix is
        // ignored as Enter would be (the quiet gap ends it).
        KeyCode::Char(_) | KeyCode::Enter | KeyCode::Tab => None,
        KeyCode::Backspace => Some("\u{7f}".into()),
        _ => Some("\u{1b}".into()),
    }
}
