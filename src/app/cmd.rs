//! Effects as data: what `update` asks the executor to do.

use std::sync::Arc;
use std::time::Duration;

use crate::api::NewAttendee;
use crate::api::settle::Unsettled;
use crate::store::Admission;

use super::find::FindTickets;
use super::list::ListQuery;
use super::list::rows::TicketRow;
use super::state::ReqId;

/// One request to the API, answered with [`super::Msg::Reply`]s carrying the
/// same `req`, or the order to stop one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cmd {
    /// Stream every page of a list.
    LoadList { req: ReqId, list: ListQuery },
    /// Read a list's pages from `from` to its last: the tail, where a record
    /// just added is (the rows before it are not read again).
    LoadTail {
        req: ReqId,
        list: ListQuery,
        from: u32,
    },
    /// Read one event by id or hash.
    LoadEvent { req: ReqId, id: String },
    /// Read one ticket.
    LoadTicket { req: ReqId, ticket_id: u64 },
    /// Read one ticket before a VALID (`door::fresh`): one request, no
    /// retry, answered by `deadline` whatever the API does
    /// (`Reply::Checked`).
    CheckTicket {
        req: ReqId,
        ticket_id: u64,
        deadline: Duration,
    },
    /// Read one order, product or course in full.
    LoadRecord { req: ReqId, record: RecordQuery },
    /// Enroll a person by e-mail (sent once).
    EnrollByEmail {
        req: ReqId,
        event_id: u64,
        person: NewAttendee,
        enrollment_type: String,
    },
    /// Enroll an existing customer (sent once).
    EnrollCustomer {
        req: ReqId,
        event_id: u64,
        customer_id: u64,
        enrollment_type: String,
    },
    /// Revoke a ticket (sent once).
    Revoke { req: ReqId, ticket_id: u64 },
    /// Read the target of a write whose outcome is still unknown once
    /// more (never sending it): answered as the write is (`Reply::Revoked`,
    /// `Reply::Enrolled`), with what was learnt.
    Settle { req: ReqId, write: Unsettled },
    /// Find tickets across events (a customer's, or one by number): a
    /// read, answered as it goes, stopped with `Cancel`.
    FindTickets { req: ReqId, find: FindTickets },
    /// Read the admissions of an event from the desk log.
    LoadAdmissions { req: ReqId, event_id: u64 },
    /// A scan was judged at this desk (any verdict): its lane's "last
    /// scan" on the dashboards, carried by its next heartbeat. Nobody
    /// waits for it.
    Scanned { event_id: u64 },
    /// Record an admission in the desk log (a write: never cancelled),
    /// under the scan's id (made once per scan: a retry is the same
    /// admission). A shared log may answer that another lane won.
    Admit {
        req: ReqId,
        admission: Admission,
        scan: crate::store::ScanId,
    },
    /// Undo this desk's admission of one ticket at an event (a write): the
    /// one the desk asked about, never another.
    Unadmit {
        req: ReqId,
        event_id: u64,
        desk: String,
        ticket_id: u64,
    },
    /// A door's rules in the desk log: its state read (`DoorOp::Read`: the
    /// policy, the notes, who is outside), or a write — an exit, a
    /// re-entry, a forced admission (never cancelled).
    Door {
        req: ReqId,
        op: crate::store::DoorOp,
    },
    /// Follow the other lanes sharing the desk log: wait for its hint (or
    /// `executor::FOLLOW_POLL`), then read the changes at `event_id` not
    /// yet read from cursor `after` and whether the shared log answers.
    /// `after: None` starts: a cursor and the event's admissions now. A read:
    /// cancelled when the desk leaves; the desk asks again after each answer.
    Follow {
        req: ReqId,
        event_id: u64,
        after: Option<crate::store::Cursor>,
    },
    /// The door at a glance follows the desk log: the log's hint (or
    /// `executor::FOLLOW_POLL`), then what is new at `event_id` since
    /// `after` (`None`: from the start, at once). A read, cancelled when
    /// the dashboard leaves; it asks again after each answer.
    DoorRead {
        req: ReqId,
        event_id: u64,
        after: Option<crate::store::Cursor>,
    },
    /// Read the tickets admitted twice at an event (the shared log's
    /// conflicts).
    LoadConflicts { req: ReqId, event_id: u64 },
    /// Read an event's offline ticket list (for a main event: that of the
    /// edition its desk last checked in).
    LoadCached { req: ReqId, event_id: u64 },
    /// Look for a ticket number (its `ticket_number::key`) in the offline
    /// lists kept for events other than `except_event` (`Reply::FoundNumber`).
    FindNumber {
        req: ReqId,
        number_key: String,
        except_event: u64,
    },
    /// Keep an event's ticket list for offline use (nothing answers).
    SaveCached {
        /// Its title and first day ("YYYY-MM-DD" or empty), kept with it.
        title: String,
        starts: String,
        event_id: u64,
        /// The main event whose desk this edition is (remembered, for a
        /// desk opened on it without a network).
        asked: Option<u64>,
        tickets: Arc<Vec<TicketRow>>,
    },
    /// Ring the terminal's bell: the runtime writes it; no task.
    Bell,
    /// Ctrl-Z: give the terminal back and stop, as a shell's job; the
    /// runtime does it, and takes the terminal again on `fg`.
    Suspend,
    /// Tell the time again (`Msg::Tick`) after this long: a scan ended by
    /// a quiet gap instead of Enter. Not counted as a request in flight.
    Wake { after: Duration },
    /// Draw again: a tick changed what the screen shows (a VALID verdict
    /// gave way to "ready"). Ticks are not drawn otherwise.
    Redraw,
    /// Stop the read `req`: nobody is waiting for its answers any more.
    Cancel { req: ReqId },
    /// Put this text on the clipboard (OSC 52): the runtime writes it to the
    /// terminal; no task, no request.
    Copy(String),
    /// Keep a list's filter, tab and sort as `name` (`:save`).
    SaveView {
        req: ReqId,
        kind: &'static str,
        name: String,
        view: super::views::SavedView,
    },
    /// Read a text file (`:enroll-from`), answered with its text.
    ReadFile {
        req: ReqId,
        path: std::path::PathBuf,
    },
    /// Read the saved filters of lists of `kind` (`:filters`).
    LoadViews { req: ReqId, kind: &'static str },
    /// Write the rows of a list, as shown, to the file `path` (CSV, or JSON
    /// by its name); an existing file only with `overwrite`.
    Export {
        req: ReqId,
        path: std::path::PathBuf,
        overwrite: bool,
        rows: super::export::Snapshot,
    },
}

/// A single record a detail screen reads, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordQuery {
    Customer(u64),
    Order(u64),
    Product(u64),
    Course(u64),
}

impl Cmd {
    /// The request this command starts, or stops for `Cancel`; none for
    /// `Copy`.
    pub fn req(&self) -> Option<ReqId> {
        match self {
            Self::LoadList { req, .. }
            | Self::LoadTail { req, .. }
            | Self::LoadEvent { req, .. }
            | Self::LoadTicket { req, .. }
            | Self::CheckTicket { req, .. }
            | Self::LoadRecord { req, .. }
            | Self::FindTickets { req, .. }
            | Self::LoadAdmissions { req, .. }
            | Self::Follow { req, .. }
            | Self::DoorRead { req, .. }
            | Self::LoadConflicts { req, .. }
            | Self::Admit { req, .. }
            | Self::Unadmit { req, .. }
            | Self::Door { req, .. }
            | Self::LoadCached { req, .. }
            | Self::FindNumber { req, .. }
            | Self::EnrollByEmail { req, .. }
            | Self::EnrollCustomer { req, .. }
            | Self::Revoke { req, .. }
            | Self::Settle { req, .. }
            | Self::Export { req, .. }
            | Self::SaveView { req, .. }
            | Self::LoadViews { req, .. }
            | Self::ReadFile { req, .. }
            | Self::Cancel { req } => Some(*req),
            Self::Copy(_)
            | Self::SaveCached { .. }
            | Self::Scanned { .. }
            | Self::Bell
            | Self::Suspend
            | Self::Wake { .. }
            | Self::Redraw => None,
        }
    }

    /// Enroll and revoke change the shop: once sent, their outcome must be
    /// learned, so they are never cancelled (nor is reading one's outcome
    /// again, which completes its audit row).
    pub fn is_write(&self) -> bool {
        matches!(
            self,
            Self::EnrollByEmail { .. }
                | Self::EnrollCustomer { .. }
                | Self::Revoke { .. }
                | Self::Settle { .. }
                | Self::Admit { .. }
                | Self::Unadmit { .. }
                | Self::Door {
                    op: crate::store::DoorOp::Move(_) | crate::store::DoorOp::Forced { .. },
                    ..
                }
                | Self::SaveCached { .. }
                | Self::Export { .. }
                | Self::SaveView { .. }
        )
    }

    /// Whether a key's frame waits (briefly) for this command's first
    /// answer: a request the key asked for whose answer is what the key
    /// shows (a scan's read of its ticket, a record opened, an exit the
    /// log decides). Not an admission: its verdict is on the screen before
    /// the desk log's answer, which is a frame of its own.
    pub fn answers_key(&self) -> bool {
        self.is_task() && self.req().is_some() && !matches!(self, Self::Admit { .. })
    }

    /// Whether the executor runs this as a task counted in flight
    /// (everything but `Cancel`, `Copy`, `Bell`, `Suspend`, `Wake`, `Redraw`
    /// and `Follow`, which waits on the desk log all the time a lane's desk
    /// is open: not a request in flight).
    pub fn is_task(&self) -> bool {
        !matches!(
            self,
            Self::Cancel { .. }
                | Self::Copy(_)
                | Self::Bell
                | Self::Suspend
                | Self::Wake { .. }
                | Self::Redraw
                | Self::Follow { .. }
                | Self::DoorRead { .. }
                | Self::Scanned { .. }
        )
    }
}

/// The OSC 52 sequence that puts `text` on the clipboard: `ESC ] 52 ; c ;
/// <base64> BEL`. Base64 has no control character, so nothing in `text` can
/// end the sequence early.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard_vectors() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
            ("TK-000041", "VEstMDAwMDQx"),
        ];
        for (text, encoded) in cases {
            assert_eq!(base64(text.as_bytes()), encoded, "{text:?}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn osc52_is_the_exact_sequence_and_escapes_nothing_raw() {
        assert_eq!(osc52("TK-000041"), "\x1b]52;c;VEstMDAwMDQx\x07");
        let hostile = osc52("a\x07\x1b]52;c;evil\x1b\\");
        let inner = &hostile[7..hostile.len() - 1];
        assert!(
            inner
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        );
    }
}
