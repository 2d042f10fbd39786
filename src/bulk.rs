//! Many writes in a row (revoke the marked tickets, enroll a file of
//! e-mails) as pure state, shared by the TUI and the headless commands:
//! one write at a time, a stop that lets the write in flight finish and
//! sends nothing more, items known to need nothing skipped, and a summary.
//!
//! The runner sends nothing itself: [`BulkRun::next`] says which item to
//! write under the caller's request id, [`BulkRun::answered`] takes the
//! answer. A write whose outcome is unknown (no answer, a 5xx) is never
//! sent again: the caller reads the record again and [`BulkRun::settle`]s
//! it, as for a single write.

use crate::api::{ApiError, NewAttendee};

/// How one item ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemEnd {
    /// The write went through (or a read after an unclear answer showed it had).
    Done,
    /// Nothing to do (already unenrolled, already enrolled): not sent, or
    /// the API said so.
    Skipped(String),
    /// The write was refused or did not take effect.
    Failed(String),
    /// No clear answer and no read settled it: it may have been applied.
    Unknown(String),
}

/// What the caller does after an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    /// Go on with [`BulkRun::next`].
    Next,
    /// The outcome is unknown: read item `index` again and settle it.
    Reread(usize),
}

/// The counts at the end (or so far).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub done: usize,
    pub skipped: usize,
    pub failed: usize,
    pub unknown: usize,
    /// Never sent: the run was stopped before them.
    pub not_sent: usize,
    /// Not sent yet: the run goes on (not stopped) and will reach them.
    pub waiting: usize,
}

impl Summary {
    /// [`Summary::text`] in parts, to lay out on a narrow screen.
    pub fn parts(&self, verb: &str) -> Vec<String> {
        let mut parts = vec![
            format!("{} {verb}", self.done),
            format!("{} skipped", self.skipped),
            format!("{} failed", self.failed),
            format!("{} outcome unknown", self.unknown),
        ];
        if self.not_sent > 0 {
            parts.push(format!("{} not sent (stopped)", self.not_sent));
        }
        if self.waiting > 0 {
            parts.push(format!("{} waiting", self.waiting));
        }
        parts
    }

    /// "3 revoked · 1 skipped · 1 failed · 0 outcome unknown", plus
    /// "· 4 not sent (stopped)" when stopped; `verb` is the done word.
    pub fn text(&self, verb: &str) -> String {
        let stopped = if self.not_sent > 0 {
            format!(" · {} not sent (stopped)", self.not_sent)
        } else {
            String::new()
        };
        format!(
            "{} {verb} · {} skipped · {} failed · {} outcome unknown{stopped}",
            self.done, self.skipped, self.failed, self.unknown
        )
    }

    /// Every item written or skipped: nothing failed, nothing unclear,
    /// nothing left.
    pub fn clean(&self) -> bool {
        self.failed == 0 && self.unknown == 0 && self.not_sent == 0
    }
}

/// A run of writes over `items`.
#[derive(Debug, Clone)]
pub struct BulkRun<T> {
    items: Vec<T>,
    ends: Vec<Option<ItemEnd>>,
    /// The next item not yet looked at.
    next: usize,
    /// The write in flight: its request and item.
    in_flight: Option<(u64, usize)>,
    /// Reads after unclear answers: request and item.
    rereads: Vec<(u64, usize)>,
    stopped: bool,
    /// The API's code for "nothing to do" (1007 already revoked, 1006
    /// already enrolled): such an answer counts as skipped.
    nothing_to_do: i64,
}

impl<T> BulkRun<T> {
    /// A run over `items`; those `decided` gives an end for (skipped:
    /// already unenrolled; failed: not found) are not written.
    /// `nothing_to_do` is the API's error code that means the write was not
    /// needed.
    pub fn new(items: Vec<T>, nothing_to_do: i64, decided: impl Fn(&T) -> Option<ItemEnd>) -> Self {
        let ends = items.iter().map(decided).collect();
        Self {
            items,
            ends,
            next: 0,
            in_flight: None,
            rereads: Vec::new(),
            stopped: false,
            nothing_to_do,
        }
    }

    /// The next item to write, under request `req` — none while a write is
    /// in flight, after a stop, or when every item was looked at.
    pub fn next(&mut self, req: u64) -> Option<(usize, &T)> {
        if self.stopped || self.in_flight.is_some() {
            return None;
        }
        while self.next < self.items.len() && self.ends[self.next].is_some() {
            self.next += 1;
        }
        let i = self.next;
        let item = self.items.get(i)?;
        self.next += 1;
        self.in_flight = Some((req, i));
        Some((i, item))
    }

    /// The next item's write, made by `write` from its request `req` and
    /// the item, when one is due (`next`).
    pub fn write_next<C>(&mut self, req: u64, write: impl FnOnce(u64, &T) -> C) -> Option<C> {
        self.next(req).map(|(_, item)| write(req, item))
    }

    /// Whether `req` is this run's (its write or one of its reads).
    pub fn owns(&self, req: u64) -> bool {
        self.in_flight.is_some_and(|(r, _)| r == req) || self.rereads.iter().any(|(r, _)| *r == req)
    }

    /// The answer to the write `req`; `None` when it is not this run's.
    pub fn answered(&mut self, req: u64, result: &Result<(), ApiError>) -> Option<Then> {
        let (_, i) = self.in_flight.filter(|(r, _)| *r == req)?;
        self.in_flight = None;
        let (end, then) = match result {
            Ok(()) => (ItemEnd::Done, Then::Next),
            Err(e) if e.code() == Some(self.nothing_to_do) => {
                (ItemEnd::Skipped(e.to_string()), Then::Next)
            }
            Err(e) if e.outcome_unknown() => (ItemEnd::Unknown(e.to_string()), Then::Reread(i)),
            Err(e) => (ItemEnd::Failed(e.to_string()), Then::Next),
        };
        self.ends[i] = Some(end);
        Some(then)
    }

    /// A read of item `index` after an unclear answer goes out as `req`.
    pub fn rereading(&mut self, index: usize, req: u64) {
        self.rereads.push((req, index));
    }

    /// The read `req` of an unclear item answered: `Some(true)` it took
    /// effect, `Some(false)` it did not (`how`: what the read found, which
    /// the failure says), `None` the read failed too (it stays unknown).
    /// Returns the item's index.
    pub fn settle(&mut self, req: u64, applied: Option<bool>, how: &str) -> Option<usize> {
        let at = self.rereads.iter().position(|(r, _)| *r == req)?;
        let (_, i) = self.rereads.remove(at);
        match applied {
            Some(true) => self.ends[i] = Some(ItemEnd::Done),
            Some(false) => {
                let was = match self.ends[i].take() {
                    Some(ItemEnd::Unknown(why)) => format!("{why}; "),
                    _ => String::new(),
                };
                let how = how.strip_prefix("not applied: ").unwrap_or(how);
                self.ends[i] = Some(ItemEnd::Failed(format!(
                    "not applied: {was}read again: {how}"
                )));
            }
            None => {}
        }
        Some(i)
    }

    /// Whether `req` is a read after an unclear answer.
    pub fn rereads(&self, req: u64) -> bool {
        self.rereads.iter().any(|(r, _)| *r == req)
    }

    /// Sends nothing more; the write in flight still ends.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Nothing in flight and nothing more to send.
    pub fn finished(&self) -> bool {
        self.in_flight.is_none()
            && self.rereads.is_empty()
            && (self.stopped
                || self.ends[self.next.min(self.ends.len())..]
                    .iter()
                    .all(Option::is_some))
    }

    /// Items looked at so far (written, or skipped on the way), of all.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.ends.iter().filter(|e| e.is_some()).count();
        (done, self.items.len())
    }

    /// The item being written, if any.
    pub fn current(&self) -> Option<&T> {
        self.in_flight.and_then(|(_, i)| self.items.get(i))
    }

    pub fn items(&self) -> &[T] {
        &self.items
    }

    /// How item `i` ended, if it has.
    pub fn end(&self, i: usize) -> Option<&ItemEnd> {
        self.ends.get(i).and_then(Option::as_ref)
    }

    /// The items that failed or whose outcome is unknown, and those never
    /// sent: what a retry would send again (unknown ones only after a look).
    pub fn left(&self) -> impl Iterator<Item = &T> {
        self.items
            .iter()
            .zip(&self.ends)
            .filter_map(|(t, e)| match e {
                Some(ItemEnd::Failed(_) | ItemEnd::Unknown(_)) | None => Some(t),
                Some(ItemEnd::Done | ItemEnd::Skipped(_)) => None,
            })
    }

    pub fn summary(&self) -> Summary {
        let mut s = Summary::default();
        for (i, e) in self.ends.iter().enumerate() {
            match e {
                Some(ItemEnd::Done) => s.done += 1,
                Some(ItemEnd::Skipped(_)) => s.skipped += 1,
                Some(ItemEnd::Failed(_)) => s.failed += 1,
                Some(ItemEnd::Unknown(_)) => s.unknown += 1,
                None if self.in_flight.is_some_and(|(_, f)| f == i) => {}
                // Only a stop leaves them unsent; until then they wait.
                None if self.stopped => s.not_sent += 1,
                None => s.waiting += 1,
            }
        }
        s
    }
}

/// One line of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub line: usize,
    pub attendee: NewAttendee,
    /// Why the line cannot be sent (not an e-mail, no name).
    pub invalid: Option<String>,
}

/// One line of a list file that holds a record: its number (from 1) and
/// its fields, or why it is not a CSV line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub line: usize,
    pub fields: Result<Vec<String>, String>,
}

/// The one reader of the files `revoke --from`, `enroll-many` and the TUI's
/// `:enroll-from` take (docs/headless.md, "Files"): one record a line,
/// CSV (fields trimmed, quotes as CSV quotes them); blank lines and `#`
/// comments anywhere are passed over, and so is a header — the first line
/// that is neither, when its first field is one of `header` (any case).
pub fn lines(text: &str, header: &[&str]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut first = true;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let record = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .from_reader(trimmed.as_bytes())
            .records()
            .next();
        let fields = match record {
            Some(Ok(r)) => Ok(r.iter().map(str::to_string).collect::<Vec<_>>()),
            _ => Err("not a CSV line".to_string()),
        };
        let is_header = first
            && fields.as_ref().is_ok_and(|f| {
                f.first()
                    .is_some_and(|h| header.contains(&h.to_lowercase().as_str()))
            });
        first = false;
        if !is_header {
            out.push(Line {
                line: i + 1,
                fields,
            });
        }
    }
    out
}

/// The first fields a header of a list of tickets may start with.
pub const TICKET_HEADER: &[&str] = &["id", "number", "ticket", "ticket_id"];

/// The ticket ids or numbers of `text`, one a line (the first field of a
/// CSV line), read by the one reader of list files ([`lines`]:
/// blank lines and `#` comments anywhere, a header after them, passed
/// over). Returns each with its line number; a line that is not CSV as it
/// stands.
pub fn ticket_lines(text: &str) -> Vec<(usize, String)> {
    let raw: Vec<&str> = text.lines().collect();
    lines(text, TICKET_HEADER)
        .into_iter()
        .filter_map(|l| {
            let field = match l.fields {
                Ok(fields) => fields.into_iter().next().unwrap_or_default(),
                Err(_) => raw[l.line - 1].trim().to_string(),
            };
            (!field.is_empty()).then_some((l.line, field))
        })
        .collect()
}

/// The first fields a header of a list of people may start with.
pub const PEOPLE_HEADER: &[&str] = &["email", "e-mail"];

/// The people of a CSV: `email,name,last name` a line ([`lines`]: blank
/// lines, `#` comments and a header passed over).
pub fn people(text: &str) -> Vec<Person> {
    lines(text, PEOPLE_HEADER)
        .into_iter()
        .map(|Line { line, fields }| {
            let Ok(fields) = fields else {
                return Person {
                    line,
                    attendee: NewAttendee::default(),
                    invalid: Some("not a CSV line".into()),
                };
            };
            let field = |n: usize| fields.get(n).cloned().unwrap_or_default();
            let email = field(0);
            let attendee = NewAttendee {
                email: email.clone(),
                name: field(1),
                last_name: field(2),
            };
            let invalid = if !valid_email(&email) {
                Some(format!("{email:?} is not an e-mail address"))
            } else if attendee.name.is_empty() || attendee.last_name.is_empty() {
                Some("needs a name and a last name".into())
            } else {
                None
            };
            Person {
                line,
                attendee,
                invalid,
            }
        })
        .collect()
}

fn valid_email(email: &str) -> bool {
    match email.split_once('@') {
        Some((user, host)) => {
            !user.is_empty() && host.contains('.') && !email.chars().any(char::is_whitespace)
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn api(code: i64) -> ApiError {
        ApiError::Api {
            message: "refused".into(),
            errors: vec![crate::api::error::ErrorItem {
                code,
                message: "refused".into(),
                extra_data: None,
            }],
        }
    }

    fn run(n: u64) -> BulkRun<u64> {
        BulkRun::new((1..=n).collect(), 1007, |t| {
            (*t == 2).then(|| ItemEnd::Skipped("already unenrolled".into()))
        })
    }

    /// Items not reached yet read "waiting" while the run goes on, and "not
    /// sent (stopped)" only once it was stopped (issue 32).
    #[test]
    fn only_a_stop_counts_the_rest_as_not_sent() {
        for n in 2..8usize {
            let mut r = BulkRun::new((1..=n).collect::<Vec<_>>(), 1007, |_| None);
            let (_, _) = r.next(1).unwrap();
            r.answered(1, &Ok(()));
            let running = r.summary();
            assert_eq!((running.not_sent, running.waiting), (0, n - 1));
            assert!(!running.text("revoked").contains("stopped"));
            assert!(
                running
                    .parts("revoked")
                    .contains(&format!("{} waiting", n - 1))
            );
            r.stop();
            let stopped = r.summary();
            assert_eq!((stopped.not_sent, stopped.waiting), (n - 1, 0));
            assert!(stopped.text("revoked").contains("not sent (stopped)"));
        }
    }

    #[test]
    fn one_write_at_a_time_skipping_what_needs_nothing() {
        let mut r = run(4);
        let (i, t) = r.next(10).unwrap();
        assert_eq!((i, *t), (0, 1));
        assert!(r.next(11).is_none(), "one in flight");
        assert_eq!(r.answered(99, &Ok(())), None, "not ours");
        assert_eq!(r.answered(10, &Ok(())), Some(Then::Next));
        let (i, t) = r.next(11).unwrap();
        assert_eq!((i, *t), (2, 3), "item 2 is skipped");
        assert_eq!(r.answered(11, &Err(api(1007))), Some(Then::Next));
        let (_, t) = r.next(12).unwrap();
        assert_eq!(*t, 4);
        assert!(!r.finished());
        r.answered(12, &Err(api(1005)));
        assert!(r.next(13).is_none());
        assert!(r.finished());
        let s = r.summary();
        assert_eq!(
            (s.done, s.skipped, s.failed, s.unknown, s.not_sent),
            (1, 2, 1, 0, 0)
        );
        assert_eq!(r.left().copied().collect::<Vec<_>>(), [4]);
        assert_eq!(
            s.text("revoked"),
            "1 revoked · 2 skipped · 1 failed · 0 outcome unknown"
        );
    }

    #[test]
    fn a_stop_lets_the_write_in_flight_end_and_sends_nothing_more() {
        let mut r = BulkRun::new((1..=5).collect::<Vec<u64>>(), 1007, |_| None);
        r.next(1);
        r.stop();
        assert!(!r.finished(), "the first is still in flight");
        assert_eq!(r.summary().not_sent, 4);
        r.answered(1, &Ok(()));
        assert!(r.next(2).is_none());
        assert!(r.finished());
        let s = r.summary();
        assert_eq!((s.done, s.not_sent), (1, 4));
        assert!(s.text("revoked").ends_with("· 4 not sent (stopped)"));
        assert_eq!(r.left().count(), 4);
    }

    #[test]
    fn an_unclear_answer_is_read_again_and_settled() {
        let mut r = BulkRun::new(vec![1u64, 2, 3], 1007, |_| None);
        let unclear = || ApiError::Status {
            status: 503,
            message: None,
        };
        for (index, req, applied) in [(0, 1, Some(true)), (1, 2, Some(false)), (2, 3, None)] {
            r.next(req);
            assert_eq!(r.answered(req, &Err(unclear())), Some(Then::Reread(index)));
            r.rereading(index, req + 100);
            assert!(r.owns(req + 100));
            assert!(!r.finished(), "a read is pending");
            assert_eq!(
                r.settle(req + 100, applied, "read ticket 2: confirmed"),
                Some(index)
            );
        }
        assert!(r.finished());
        let s = r.summary();
        assert_eq!((s.done, s.failed, s.unknown), (1, 1, 1));
        assert_eq!(r.left().copied().collect::<Vec<_>>(), [2, 3]);
        // The failure says why: the answer lost, and what the read found.
        assert_eq!(
            r.end(1),
            Some(&ItemEnd::Failed(
                "not applied: the server answered HTTP 503; read again: read ticket 2: confirmed"
                    .into()
            ))
        );
    }
    /// A file as people write them: what a line of junk may be (blank,
    /// spaces, a comment, an indented comment).
    fn junk() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("   ".to_string()),
            "#[ a-z,#\"]{0,12}",
            " +#[ a-z]{0,8}",
        ]
    }

    /// A file of `records` lines, with junk lines before, between and
    /// after them and an optional header after the leading junk; CRLF or
    /// LF. Returns the text and each record's line number.
    fn file(
        records: &[String],
        lead: &[String],
        between: &[Vec<String>],
        header: Option<&str>,
        crlf: bool,
    ) -> (String, Vec<usize>) {
        let mut lines: Vec<String> = lead.to_vec();
        if let Some(h) = header {
            lines.push(h.to_string());
        }
        let mut at = Vec::new();
        for (i, r) in records.iter().enumerate() {
            lines.extend(between.get(i).cloned().unwrap_or_default());
            lines.push(r.clone());
            at.push(lines.len());
        }
        lines.extend(between.last().cloned().unwrap_or_default());
        let end = if crlf { "\r\n" } else { "\n" };
        (lines.join(end), at)
    }

    proptest! {
        /// Every record of a generated file, and nothing else, with its
        /// line: blank lines and comments anywhere, a header after them
        /// (issue 45: `# comment`, then `id`, then ids was refused).
        #[test]
        fn a_list_of_tickets_is_read_whatever_its_comments_and_header(
            records in proptest::collection::vec(prop_oneof!["[1-9][0-9]{0,5}", "TK-[0-9]{6}"], 1..8),
            lead in proptest::collection::vec(junk(), 0..4),
            between in proptest::collection::vec(proptest::collection::vec(junk(), 0..3), 0..9),
            header in proptest::option::of(prop_oneof![
                Just("id"), Just("Number"), Just("ticket,name"), Just("TICKET_ID")
            ]),
            crlf in any::<bool>(),
        ) {
            let (text, at) = file(&records, &lead, &between, header, crlf);
            let read = ticket_lines(&text);
            let want: Vec<(usize, String)> = at.into_iter().zip(records).collect();
            prop_assert_eq!(read, want, "{:?}", text);
        }

        /// The same reader for a list of people (`enroll-many`,
        /// `:enroll-from`).
        #[test]
        fn a_list_of_people_is_read_whatever_its_comments_and_header(
            people in proptest::collection::vec(("[a-z]{1,6}@[a-z]{1,5}\\.com", "[A-Z][a-z]{0,5}", "[A-Z][a-z]{0,5}"), 1..6),
            lead in proptest::collection::vec(junk(), 0..4),
            between in proptest::collection::vec(proptest::collection::vec(junk(), 0..3), 0..7),
            header in proptest::option::of(prop_oneof![
                Just("email,name,last_name"), Just("E-mail, Name, Last name"), Just("EMAIL")
            ]),
            crlf in any::<bool>(),
        ) {
            let records: Vec<String> = people
                .iter()
                .map(|(e, n, l)| format!("{e}, {n} ,\"{l}\""))
                .collect();
            let (text, at) = file(&records, &lead, &between, header, crlf);
            let read = super::people(&text);
            prop_assert_eq!(read.len(), people.len(), "{:?}", text);
            for ((p, (e, n, l)), line) in read.iter().zip(&people).zip(at) {
                prop_assert_eq!(p.line, line);
                prop_assert_eq!(&p.attendee.email, e);
                prop_assert_eq!(&p.attendee.name, n);
                prop_assert_eq!(&p.attendee.last_name, l);
                prop_assert_eq!(&p.invalid, &None);
            }
        }
    }

    #[test]
    fn lines_are_people_and_bad_ones_say_why() {
        let text = "email,name,last_name\nana@example.com, Ana ,Díaz\n\n# walk-ins\nnot-an-email,Bo,Li\nbo@example.com,Bo\n\"c@example.com\",\"Ce, Jr\",Lee\n";
        let p = people(text);
        assert_eq!(p.len(), 4, "{p:?}");
        assert_eq!(p[0].attendee.name, "Ana");
        assert_eq!(p[0].invalid, None);
        assert!(p[1].invalid.as_deref().unwrap().contains("not an e-mail"));
        assert_eq!(
            p[2].invalid.as_deref(),
            Some("needs a name and a last name")
        );
        assert_eq!(p[3].attendee.name, "Ce, Jr");
        assert_eq!(p[1].line, 5);
    }
}
