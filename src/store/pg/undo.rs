//! An undo in the shared log: a lane's admission deleted and the undo
//! written to the history, under the ticket's lock; when a replay found the
//! ticket admitted (a conflict), which side holds it after.

use tokio_postgres::types::ToSql;
use tokio_postgres::{Row, Transaction};

use super::hints::hint;
use super::{ADMISSION, PgDeskLog, admission_at, id, lock, unsigned};
use crate::store::{Admission, StoreError, Undone};

impl PgDeskLog {
    /// `DeskLog::undo_last` and `undo`: deletes `lane`'s admission of
    /// `ticket` at the event, or its last one when no ticket is named (never
    /// another lane's), and appends the undo to the history. An undo never
    /// leaves a ticket un-admitted that another lane also admitted: when a
    /// replay found the ticket admitted (a conflict), undoing the kept side
    /// makes the replayed side the ticket's admission (in the history too,
    /// so the other lanes follow), and a lane undoing its replayed side
    /// undoes only that (in the history) and says which admission holds the
    /// ticket.
    pub async fn undo_async(
        &self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> Result<Option<Undone>, StoreError> {
        let event = id(event_id)?;
        let ticket = ticket.map(id).transpose()?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut client = self.exclusive().await?;
        let tx = client.transaction().await.map_err(fail)?;
        // The ticket first (the lane's last admission when none is named),
        // then its lock, then the delete, which checks the lane again.
        let ticket = if let Some(ticket) = ticket {
            ticket
        } else {
            let last = tx
                .query_opt(
                    "SELECT ticket_id FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 AND lane = $3
                     ORDER BY seq DESC LIMIT 1",
                    &[business, &event, &lane],
                )
                .await
                .map_err(fail)?;
            let Some(last) = last else {
                tx.commit().await.map_err(fail)?;
                return Ok(None);
            };
            last.get(0)
        };
        lock(&tx, business, event, ticket).await.map_err(fail)?;
        let history = "INSERT INTO desk_scans (business, event_id, ticket_id, number, edition_id,
                                               lane, at, scan_id, verdict)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
        // The replayed admissions of this ticket found in conflicts and not
        // undone since, oldest first: (lane, number, at, scan, edition).
        let sides = tx
            .query(
                "SELECT c.replayed_lane, c.number, c.replayed_at, c.replayed_scan,
                        (SELECT s.edition_id FROM desk_scans s
                         WHERE s.scan_id = c.replayed_scan LIMIT 1)
                 FROM desk_conflicts c
                 WHERE c.business = $1 AND c.event_id = $2 AND c.ticket_id = $3
                   AND NOT EXISTS (SELECT 1 FROM desk_scans u
                                   WHERE u.scan_id = c.replayed_scan AND u.verdict = 'undone')
                 ORDER BY c.found_at, c.replayed_at",
                &[business, &event, &ticket],
            )
            .await
            .map_err(fail)?;
        let side_of = |row: &Row| -> (Admission, uuid::Uuid) {
            (
                Admission {
                    ticket_id: unsigned(ticket),
                    number: row.get(1),
                    event_id,
                    edition_id: row.get::<_, Option<i64>>(4).map(unsigned),
                    desk: row.get(0),
                    at: row.get(2),
                },
                row.get(3),
            )
        };
        let deleted = tx
            .query_opt(
                &format!(
                    "DELETE FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 AND lane = $3 AND ticket_id = $4
                     RETURNING {ADMISSION}, scan_id"
                ),
                &[business, &event, &lane, &ticket],
            )
            .await
            .map_err(fail)?;
        let undone = if let Some(row) = deleted {
            let undone = admission_at(&row, 0, event_id);
            let scan: uuid::Uuid = row.get(5);
            self.write(
                &tx,
                history,
                (event, ticket),
                &undone,
                &scan,
                Some("undone"),
            )
            .await?;
            // Another lane's replayed admission of it: the ticket's now.
            let other = sides.iter().map(side_of).find(|(a, _)| a.desk != lane);
            let kept = match other {
                Some((kept, scan)) => {
                    let admissions = "INSERT INTO desk_admissions (business, event_id, ticket_id,
                                          number, edition_id, lane, at, scan_id)
                                      VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
                    let at = (event, ticket);
                    self.write(&tx, admissions, at, &kept, &scan, None).await?;
                    self.write(&tx, history, at, &kept, &scan, Some("admitted"))
                        .await?;
                    Some(kept)
                }
                None => None,
            };
            Some(Undone {
                admission: undone,
                kept,
            })
        } else if let Some((side, scan)) = sides.iter().map(side_of).rfind(|(a, _)| a.desk == lane)
        {
            // This lane's replayed side: undone in the history; the kept
            // admission holds the ticket.
            self.write(&tx, history, (event, ticket), &side, &scan, Some("undone"))
                .await?;
            let kept = tx
                .query_opt(
                    &format!(
                        "SELECT {ADMISSION} FROM desk_admissions
                         WHERE business = $1 AND event_id = $2 AND ticket_id = $3"
                    ),
                    &[business, &event, &ticket],
                )
                .await
                .map_err(fail)?
                .map(|row| admission_at(&row, 0, event_id));
            Some(Undone {
                admission: side,
                kept,
            })
        } else {
            None
        };
        tx.commit().await.map_err(fail)?;
        if undone.is_some() {
            hint(&client, business, event).await;
        }
        Ok(undone)
    }

    /// Writes admission `a` of (event, ticket) with scan id `scan` by `sql`:
    /// into `desk_admissions`, or, followed by its `verdict`, into the
    /// history.
    async fn write(
        &self,
        tx: &Transaction<'_>,
        sql: &str,
        (event, ticket): (i64, i64),
        a: &Admission,
        scan: &uuid::Uuid,
        verdict: Option<&str>,
    ) -> Result<(), StoreError> {
        let edition = a.edition_id.map(id).transpose()?;
        let mut params: Vec<&(dyn ToSql + Sync)> = vec![
            &self.business,
            &event,
            &ticket,
            &a.number,
            &edition,
            &a.desk,
            &a.at,
            scan,
        ];
        if let Some(verdict) = &verdict {
            params.push(verdict);
        }
        tx.execute(sql, &params).await.map_err(|e| self.fail(&e))?;
        Ok(())
    }
}
