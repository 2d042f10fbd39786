//! Reading what is newer in the shared log: the changes by transaction,
//! with a [`Cursor`] keeping a horizon and the few changes read after it,
//! so that a change committed late with a smaller number is read, once.

use tokio_postgres::Client;
use tokio_postgres::types::Type;

use super::{PgDeskLog, admission_at, id, unsigned};
use crate::store::{Admission, Change, ChangeKind, Cursor, ScanId, StoreError};

impl PgDeskLog {
    /// `DeskLog::newer`: the changes written by transactions at or after
    /// the cursor's horizon, less those it has seen, and the snapshot's
    /// xmin, read in the same statement (every change not visible to it was
    /// written by a transaction at or after that xmin).
    ///
    /// A page is the first `limit` of them by (`tx`, `seq`), so a full page
    /// moves the horizon too: every change by a transaction older than both
    /// the page's last one and the xmin has been read (such a transaction
    /// had ended when the page was read, and its changes come before the
    /// page's last). `seen` then keeps only the changes at or after the new
    /// horizon — the page's last transaction, and what committed past the
    /// xmin — not the whole history read so far: a cursor that kept every
    /// change of a long read made each page test every row against all of
    /// them (the opening read of 134,000 changes took 163 s; docs/
    /// performance.md, "The door at a glance"). The changes of one ticket
    /// still come in `seq` order across pages: every write of a ticket
    /// takes the ticket's lock before it writes, so their transactions get
    /// their ids in the same order as their rows get `seq`. Within a page
    /// they are handed on in `seq` order.
    pub async fn newer_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<(Vec<Change>, Cursor), StoreError> {
        let client = self.client().await?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let seen: Vec<i64> = after
            .seen
            .iter()
            .map(|&(_, seq)| id(seq))
            .collect::<Result<_, _>>()?;
        let (event, horizon) = (id(event_id)?, id(after.horizon)?);
        // With its parameters' types: one round trip, from a connection's
        // first read on (nothing to prepare).
        let rows = client
            .query_typed(
                "WITH now AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
                 SELECT now.xmin::text::bigint, s.tx::text::bigint, s.seq, s.verdict,
                        s.ticket_id, s.number, s.edition_id, s.lane, s.at, s.scan_id
                 FROM now LEFT JOIN LATERAL (
                     SELECT * FROM desk_scans
                     WHERE business = $1 AND event_id = $2
                       AND tx >= $3::bigint::text::xid8
                       AND seq NOT IN (SELECT unnest($4::bigint[]))
                       AND verdict IN ('admitted', 'undone', 'conflict', 'exit', 'reentry')
                     ORDER BY tx, seq LIMIT $5) s ON true
                 ORDER BY s.seq",
                &[
                    (&self.business, Type::TEXT),
                    (&event, Type::INT8),
                    (&horizon, Type::INT8),
                    (&seen, Type::INT8_ARRAY),
                    (&limit, Type::INT8),
                ],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        let xmin = rows.first().map_or(after.horizon, |r| unsigned(r.get(0)));
        let read = rows.iter().filter_map(|row| {
            let seq = row.get::<_, Option<i64>>(2)?;
            Some((
                unsigned(row.get(1)),
                Change {
                    seq: unsigned(seq),
                    kind: ChangeKind::from_word(row.get(3)).unwrap_or(ChangeKind::Admitted),
                    admission: admission_at(row, 4, event_id),
                    scan: row.get::<_, Option<uuid::Uuid>>(9).map(ScanId),
                },
            ))
        });
        Ok(paged(after, xmin, read, limit))
    }

    /// `DeskLog::cursor`: the changes as they are now (those written at or
    /// after the snapshot's xmin, and visible, are seen).
    pub async fn cursor_async(&self, event_id: u64) -> Result<Cursor, StoreError> {
        let client = self.client().await?;
        self.cursor_on(&client, event_id).await
    }

    async fn cursor_on(&self, client: &Client, event_id: u64) -> Result<Cursor, StoreError> {
        let event = id(event_id)?;
        let rows = client
            .query_typed(
                "WITH now AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
                 SELECT now.xmin::text::bigint, s.tx::text::bigint, s.seq
                 FROM now LEFT JOIN desk_scans s
                   ON s.business = $1 AND s.event_id = $2 AND s.tx >= now.xmin",
                &[(&self.business, Type::TEXT), (&event, Type::INT8)],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        let mut cursor = Cursor::default();
        for row in &rows {
            cursor.horizon = unsigned(row.get(0));
            if let Some(seq) = row.get::<_, Option<i64>>(2) {
                cursor.seen.push((unsigned(row.get(1)), unsigned(seq)));
            }
        }
        Ok(cursor)
    }

    /// The log's last change number at `event_id` (0: none yet): what a
    /// lane that has read everything has seen.
    pub async fn last_seq_async(&self, event_id: u64) -> Result<u64, StoreError> {
        let client = self.client().await?;
        self.last_seq_on(&client, event_id).await
    }

    async fn last_seq_on(&self, client: &Client, event_id: u64) -> Result<u64, StoreError> {
        let event = id(event_id)?;
        let row = client
            .query_typed_one(
                "SELECT COALESCE(MAX(seq), 0) FROM desk_scans WHERE business = $1 AND event_id = $2",
                &[(&self.business, Type::TEXT), (&event, Type::INT8)],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(unsigned(row.get(0)))
    }

    /// `SharedLog::first_read_async`: the cursor, the last change number
    /// and the admissions, sent at once on one connection (the server runs
    /// them in that order): one round trip.
    pub async fn first_read_async(
        &self,
        event_id: u64,
    ) -> Result<(Cursor, u64, Vec<Admission>), StoreError> {
        // One connection for the three (a pool of two could split them).
        let client = self.client().await?;
        tokio::try_join!(
            self.cursor_on(&client, event_id),
            self.last_seq_on(&client, event_id),
            self.admitted_on(&client, event_id),
        )
    }
}

/// A page of what is newer after `after`: the changes read (each with its
/// transaction, in `seq` order) and the snapshot's `xmin`, read in the
/// same statement; the cursor to ask with next (`newer_async` says how).
pub(super) fn paged(
    after: &Cursor,
    xmin: u64,
    read: impl Iterator<Item = (u64, Change)>,
    limit: i64,
) -> (Vec<Change>, Cursor) {
    let mut changes = Vec::new();
    let mut next = after.clone();
    let mut last_tx = None;
    for (tx, change) in read {
        last_tx = last_tx.max(Some(tx));
        next.seen.push((tx, change.seq));
        changes.push(change);
    }
    // A full page: everything before its last transaction (or the
    // xmin, the older) has been read; a page that is not full: all
    // up to the xmin.
    let full = changes.len() >= usize::try_from(limit).unwrap_or(usize::MAX);
    let read_to = if full {
        last_tx.map(|t| t.min(xmin))
    } else {
        Some(xmin)
    };
    if let Some(read_to) = read_to {
        next.horizon = next.horizon.max(read_to);
        let horizon = next.horizon;
        next.seen.retain(|&(tx, _)| tx >= horizon);
    }
    (changes, next)
}
