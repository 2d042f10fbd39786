//! A scan in the shared log, and a lane's queue replayed: one winner per
//! ticket, decided by `desk_admit` (pg/schema.rs) under the ticket's lock,
//! and the other lanes hinted once it has committed.

use tokio_postgres::Row;
use tokio_postgres::types::{ToSql, Type};

use std::sync::PoisonError;
use std::time::Instant;

use super::hints::{CHANNEL, Pacer, hint, hint_payload, hint_sent};
use super::{PgDeskLog, id};
use crate::store::{Admission, Recorded, ScanId, StoreError};

impl PgDeskLog {
    /// `DeskLog::admit`; `replay`: a scan made while this lane was cut off,
    /// which, when it finds another scan's admission, is recorded as a
    /// conflict.
    pub async fn admit_async(
        &self,
        a: &Admission,
        scan: ScanId,
        replay: bool,
    ) -> Result<Recorded, StoreError> {
        let stored = a.stamped_now();
        let (event, ticket) = (id(stored.event_id)?, id(stored.ticket_id)?);
        let edition = stored.edition_id.map(id).transpose()?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let client = self.client().await?;
        // One statement, its own transaction: `desk_admit` (pg/schema.rs)
        // takes the ticket's lock, inserts, and when that inserted nothing
        // reads the earlier verdict or the winner in a second statement.
        // Behind it on the same connection, sent at once (one round trip
        // for both), the hint for the other lanes when this scan admitted
        // (or found a conflict): it runs once the scan has committed. At
        // most one a lane's scans send each `HINT_EVERY` (hints.rs); a
        // scan whose hint does not ride with it owes one, sent after it.
        let rides = self.pacer(|p| p.rides(event, Instant::now()));
        let payload = hint_payload(business, event);
        let params = admit_params(business, &event, &ticket, &edition, &stored, &scan, &replay);
        let hint_params: [(&(dyn ToSql + Sync), Type); 3] = [
            (&CHANNEL, Type::TEXT),
            (&payload, Type::TEXT),
            (&scan.0, Type::UUID),
        ];
        // Each with its parameters' types: nothing to prepare, so the scan
        // and its hint are one round trip from a connection's first scan on.
        let (row, hinted) = tokio::join!(client.query_typed_one(ADMIT, &params), async {
            if rides {
                client.query_typed(HINT, &hint_params).await.map(Some)
            } else {
                Ok(None)
            }
        });
        let row = row.map_err(fail)?;
        let hinted = hinted.map(|rows| rows.map_or(0, |r| r.len() as u64));
        if rides {
            self.pacer(|p| p.rode(event, hinted.as_ref().is_ok_and(|&n| n > 0)));
        }
        hint_sent(hinted);
        // A replay that lost is a conflict (its answer: already admitted).
        let verdict: &str = row.get(0);
        if !rides && (replay || verdict == "admitted") {
            self.owe_hint(event);
        }
        Ok(told(&row, stored))
    }

    /// Runs `f` on this lane's hint pacer.
    fn pacer<T>(&self, f: impl FnOnce(&mut Pacer) -> T) -> T {
        f(&mut self.paced.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// A scan of `event` that changed the log went without its hint: one
    /// is sent once `HINT_EVERY` has passed since the last, by a task (the
    /// scan does not wait), unless one is owed already.
    fn owe_hint(&self, event: i64) {
        let Some(due) = self.pacer(|p| p.owe(event, Instant::now())) else {
            return;
        };
        let log = self.clone();
        self.handle.spawn(async move {
            tokio::time::sleep_until(tokio::time::Instant::from_std(due)).await;
            log.pacer(|p| p.paid(event, Instant::now()));
            match log.client().await {
                Ok(client) => hint(&client, &log.business, event).await,
                Err(e) => tracing::debug!("desk log: the hint was not sent: {e}"),
            }
        });
    }

    /// Replays `queue` (scans made while this lane was cut off), oldest
    /// first, pipelined on one connection: every scan sent at once, each
    /// its own transaction run in order by the server, one round trip for
    /// the whole queue; then one hint per event. The answers in order.
    pub async fn replay_async(
        &self,
        queue: &[(Admission, ScanId)],
    ) -> Result<Vec<Recorded>, StoreError> {
        if queue.is_empty() {
            return Ok(Vec::new());
        }
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut owned = Vec::with_capacity(queue.len());
        for (a, _) in queue {
            let stored = a.stamped_now();
            let edition = stored.edition_id.map(id).transpose()?;
            owned.push((id(stored.event_id)?, id(stored.ticket_id)?, edition, stored));
        }
        let client = self.client().await?;
        let c: &tokio_postgres::Client = &client;
        let mut events: Vec<i64> = owned.iter().map(|o| o.0).collect();
        events.sort_unstable();
        events.dedup();
        // The scans, then one hint per event, sent at once: the server runs
        // them in order, so each hint follows the commits it tells of (one
        // round trip for all).
        let (rows, ()) = tokio::join!(
            futures::future::join_all(queue.iter().zip(&owned).map(
                |((_, scan), (event, ticket, edition, stored))| async move {
                    let params =
                        admit_params(business, event, ticket, edition, stored, scan, &true);
                    c.query_typed_one(ADMIT, &params).await
                },
            )),
            async {
                futures::future::join_all(events.iter().map(|event| hint(c, business, *event)))
                    .await;
            }
        );
        rows.into_iter()
            .zip(owned)
            .map(|(row, (_, _, _, stored))| Ok(told(&row.map_err(fail)?, stored)))
            .collect()
    }
}

/// The hint behind a scan, sent only if it admitted or found a conflict.
pub(super) const HINT: &str =
    "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)
     FROM desk_scans WHERE scan_id = $3 AND verdict IN ('admitted', 'conflict') LIMIT 1";

/// A scan, as `desk_admit` takes it.
const ADMIT: &str = "SELECT o_verdict, o_lane, o_at
     FROM desk_admit($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// `desk_admit`'s parameters, with their types.
fn admit_params<'a>(
    business: &'a (dyn ToSql + Sync),
    event: &'a i64,
    ticket: &'a i64,
    edition: &'a (dyn ToSql + Sync),
    stored: &'a Admission,
    scan: &'a ScanId,
    replay: &'a bool,
) -> [(&'a (dyn ToSql + Sync), Type); 9] {
    [
        (business, Type::TEXT),
        (event, Type::INT8),
        (ticket, Type::INT8),
        (&stored.number, Type::TEXT),
        (edition, Type::INT8),
        (&stored.desk, Type::TEXT),
        (&stored.at, Type::TEXT),
        (&scan.0, Type::UUID),
        (replay, Type::BOOL),
    ]
}

/// What `desk_admit` answered (`o_verdict, o_lane, o_at`) of the scan
/// `stored`.
pub(super) fn told(row: &Row, stored: Admission) -> Recorded {
    let (verdict, lane, at): (String, Option<String>, Option<String>) =
        (row.get(0), row.get(1), row.get(2));
    let told = Admission {
        desk: lane.unwrap_or_default(),
        at: at.unwrap_or_default(),
        ..stored
    };
    if verdict == "admitted" {
        Recorded::Admitted(told)
    } else {
        Recorded::AlreadyAdmitted(told)
    }
}
