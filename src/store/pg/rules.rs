//! A door's rules in the shared log (schema version 3): exits and
//! re-entries under the ticket's lock, forced admissions, the door's
//! policy and the notes. The same contract as the SQLite desk log's
//! (`desk_log/rules.rs`).

use crate::store::Moving;
use tokio_postgres::Row;
use tokio_postgres::types::{ToSql, Type};

use super::{PgDeskLog, hint, id, lock, unsigned};
use crate::store::{
    Admission, Change, ChangeKind, DoorDone, DoorOp, DoorState, KeptNote, KeptPolicy, Moved,
    Recorded, ScanId, StoreError,
};

impl PgDeskLog {
    /// `DeskLog::door_move` and the other calls about a door's rules.
    pub async fn door_async(&self, op: DoorOp) -> Result<DoorDone, StoreError> {
        match op {
            DoorOp::Move(moving) => self.move_async(moving).await.map(DoorDone::Moved),
            DoorOp::Forced { admission, scan } => self
                .forced_async(&admission, scan)
                .await
                .map(DoorDone::Recorded),
            DoorOp::Read { event_id } => self.door_state_async(event_id).await.map(DoorDone::State),
            DoorOp::SetPolicy { event_id, policy } => self
                .set_policy_async(event_id, &policy)
                .await
                .map(|()| DoorDone::Set),
            DoorOp::SetNote(note) => self.set_note_async(&note).await.map(|()| DoorDone::Set),
        }
    }

    async fn move_async(&self, moving: Moving) -> Result<Moved, StoreError> {
        let kind = moving.kind;
        let (a, word, scan) = moving.into_row()?;
        let (event, ticket) = (id(a.event_id)?, id(a.ticket_id)?);
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut client = self.exclusive().await?;
        let tx = client.transaction().await.map_err(fail)?;
        lock(&tx, business, event, ticket).await.map_err(fail)?;
        let held = tx
            .query_opt(
                "SELECT scan_id, number, edition_id FROM desk_admissions
                 WHERE business = $1 AND event_id = $2 AND ticket_id = $3",
                &[business, &event, &ticket],
            )
            .await
            .map_err(fail)?;
        let Some(held) = held else {
            tx.commit().await.map_err(fail)?;
            return Ok(Moved::Refused(None));
        };
        let (key, number, edition): (uuid::Uuid, String, Option<i64>) =
            (held.get(0), held.get(1), held.get(2));
        let told = |lane: String, at: String| Admission {
            ticket_id: a.ticket_id,
            number: number.clone(),
            event_id: a.event_id,
            edition_id: edition.map(unsigned),
            at,
            desk: lane,
        };
        let again = tx
            .query_opt(
                "SELECT lane, at FROM desk_moves WHERE scan_id = $1",
                &[&scan.0],
            )
            .await
            .map_err(fail)?;
        if let Some(row) = again {
            tx.commit().await.map_err(fail)?;
            return Ok(Moved::Done(told(row.get(0), row.get(1))));
        }
        let latest = tx
            .query_opt(
                "SELECT kind, lane, at FROM desk_moves
                 WHERE business = $1 AND event_id = $2 AND ticket_id = $3
                   AND admission_scan = $4
                 ORDER BY seq DESC LIMIT 1",
                &[business, &event, &ticket, &key],
            )
            .await
            .map_err(fail)?
            .map(|row: Row| {
                let kind = ChangeKind::from_word(row.get(0)).unwrap_or(ChangeKind::Exit);
                (kind, told(row.get(1), row.get(2)))
            });
        let outside = latest.as_ref().is_some_and(|(k, _)| *k == ChangeKind::Exit);
        if outside != (kind == ChangeKind::Reentry) {
            tx.commit().await.map_err(fail)?;
            return Ok(Moved::Refused(latest));
        }
        tx.execute(
            "INSERT INTO desk_moves (business, event_id, ticket_id, admission_scan, kind, lane,
                                     at, scan_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &[
                business, &event, &ticket, &key, &word, &a.desk, &a.at, &scan.0,
            ],
        )
        .await
        .map_err(fail)?;
        tx.execute(
            "INSERT INTO desk_scans (business, event_id, ticket_id, number, edition_id, lane, at,
                                     scan_id, verdict)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            &[
                business, &event, &ticket, &number, &edition, &a.desk, &a.at, &scan.0, &word,
            ],
        )
        .await
        .map_err(fail)?;
        tx.commit().await.map_err(fail)?;
        hint(&client, business, event).await;
        Ok(Moved::Done(told(a.desk.clone(), a.at.clone())))
    }

    /// A scan admitted as any other, marked forced by its lane in the same
    /// transaction.
    async fn forced_async(&self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        let stored = a.stamped_now();
        let (event, ticket) = (id(stored.event_id)?, id(stored.ticket_id)?);
        let edition = stored.edition_id.map(id).transpose()?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut client = self.exclusive().await?;
        let tx = client.transaction().await.map_err(fail)?;
        let row = tx
            .query_one(
                "SELECT o_verdict, o_lane, o_at
                 FROM desk_admit($1, $2, $3, $4, $5, $6, $7, $8, false)",
                &[
                    business,
                    &event,
                    &ticket,
                    &stored.number,
                    &edition,
                    &stored.desk,
                    &stored.at,
                    &scan.0,
                ],
            )
            .await
            .map_err(fail)?;
        tx.execute(
            "INSERT INTO desk_forced (business, scan_id, lane, at)
             SELECT $1, $2, $3, $4
             WHERE EXISTS (SELECT 1 FROM desk_admissions WHERE scan_id = $2)
             ON CONFLICT (scan_id) DO NOTHING",
            &[business, &scan.0, &stored.desk, &stored.at],
        )
        .await
        .map_err(fail)?;
        tx.commit().await.map_err(fail)?;
        hint(&client, business, event).await;
        Ok(super::admit::told(&row, stored))
    }

    /// Whether the admission made by scan `scan` was forced, and by whom.
    pub async fn forced_by_async(&self, scan: ScanId) -> Result<Option<String>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT lane FROM desk_forced WHERE business = $1 AND scan_id = $2",
                &[&self.business, &scan.0],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(row.map(|r| r.get(0)))
    }

    async fn door_state_async(&self, event_id: u64) -> Result<DoorState, StoreError> {
        let event = id(event_id)?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let client = self.client().await?;
        let both = [
            (business as &(dyn ToSql + Sync), Type::TEXT),
            (&event, Type::INT8),
        ];
        // The three reads sent at once, each with its parameters' types (no
        // round trip to prepare it): one round trip for the door's state.
        let (policy, notes, moves) = tokio::try_join!(
            client.query_typed_opt(
                "SELECT editions, opens, opens_at, closes, closes_at, reentry, timezone, set_by,
                        set_at, capacity
                 FROM desk_policy WHERE business = $1 AND event_id = $2",
                &both,
            ),
            client.query_typed(
                "SELECT on_what, id, text, by_lane, at FROM desk_notes
                 WHERE business = $1 ORDER BY at, id",
                &both[..1],
            ),
            client.query_typed(
                "SELECT m.seq, m.ticket_id, a.number, a.edition_id, m.at, m.lane, m.kind
                 FROM desk_moves m JOIN desk_admissions a
                   ON a.business = m.business AND a.event_id = m.event_id
                  AND a.ticket_id = m.ticket_id AND a.scan_id = m.admission_scan
                 WHERE m.business = $1 AND m.event_id = $2
                   AND NOT EXISTS (SELECT 1 FROM desk_moves l
                                   WHERE l.business = m.business AND l.event_id = m.event_id
                                     AND l.ticket_id = m.ticket_id
                                     AND l.admission_scan = m.admission_scan AND l.seq > m.seq)
                 ORDER BY m.seq",
                &both,
            ),
        )
        .map_err(fail)?;
        let policy = policy.map(|r| KeptPolicy {
            editions: r.get(0),
            opens: r.get(1),
            opens_at: r.get(2),
            closes: r.get(3),
            closes_at: r.get(4),
            reentry: r.get(5),
            timezone: r.get(6),
            set_by: r.get(7),
            set_at: r.get(8),
            capacity: unsigned(r.get(9)),
        });
        let notes = notes
            .iter()
            .map(|r| KeptNote {
                on: r.get(0),
                id: unsigned(r.get(1)),
                text: r.get(2),
                by: r.get(3),
                at: r.get(4),
            })
            .collect();
        let moves = moves
            .iter()
            .map(|r| Change {
                seq: unsigned(r.get(0)),
                kind: ChangeKind::of_move(r.get(6)),
                admission: Admission {
                    ticket_id: unsigned(r.get(1)),
                    number: r.get(2),
                    event_id,
                    edition_id: r.get::<_, Option<i64>>(3).map(unsigned),
                    at: r.get(4),
                    desk: r.get(5),
                },
                scan: None,
            })
            .collect();
        Ok(DoorState {
            policy,
            notes,
            moves,
        })
    }

    async fn set_policy_async(&self, event_id: u64, p: &KeptPolicy) -> Result<(), StoreError> {
        let event = id(event_id)?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut client = self.exclusive().await?;
        let tx = client.transaction().await.map_err(fail)?;
        tx.execute(
            "DELETE FROM desk_policy WHERE business = $1 AND event_id = $2",
            &[business, &event],
        )
        .await
        .map_err(fail)?;
        tx.execute(
            "INSERT INTO desk_policy (business, event_id, editions, opens, opens_at, closes,
                                      closes_at, reentry, timezone, set_by, set_at, capacity)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            &[
                business,
                &event,
                &p.editions,
                &p.opens,
                &p.opens_at,
                &p.closes,
                &p.closes_at,
                &p.reentry,
                &p.timezone,
                &p.set_by,
                &p.set_at,
                &i64::try_from(p.capacity).unwrap_or(i64::MAX),
            ],
        )
        .await
        .map_err(fail)?;
        tx.commit().await.map_err(fail)?;
        hint(&client, business, event).await;
        Ok(())
    }

    async fn set_note_async(&self, n: &KeptNote) -> Result<(), StoreError> {
        let note_id = id(n.id)?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut client = self.exclusive().await?;
        let tx = client.transaction().await.map_err(fail)?;
        tx.execute(
            "DELETE FROM desk_notes WHERE business = $1 AND on_what = $2 AND id = $3",
            &[business, &n.on, &note_id],
        )
        .await
        .map_err(fail)?;
        let text = n.text.trim();
        if !text.is_empty() {
            tx.execute(
                "INSERT INTO desk_notes (business, on_what, id, text, by_lane, at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[business, &n.on, &note_id, &text, &n.by, &n.at],
            )
            .await
            .map_err(fail)?;
        }
        tx.commit().await.map_err(fail)?;
        hint(&client, business, 0).await;
        Ok(())
    }
}
