//! What the shared log holds now: a ticket's admission, an event's
//! admissions and counts, the conflicts. One query each.

use tokio_postgres::types::Type;

use super::{ADMISSION, PgDeskLog, admission_at, id, unsigned};
use crate::store::{Admission, Conflict, Counts, StoreError};

impl PgDeskLog {
    /// `DeskLog::lookup`.
    pub async fn lookup_async(
        &self,
        event_id: u64,
        ticket_id: u64,
    ) -> Result<Option<Admission>, StoreError> {
        let client = self.client().await?;
        let (event, ticket) = (id(event_id)?, id(ticket_id)?);
        // With its parameters' types: one round trip, nothing to prepare.
        let row = client
            .query_typed_opt(
                &format!(
                    "SELECT {ADMISSION} FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 AND ticket_id = $3"
                ),
                &[
                    (&self.business, Type::TEXT),
                    (&event, Type::INT8),
                    (&ticket, Type::INT8),
                ],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(row.map(|row| admission_at(&row, 0, event_id)))
    }

    /// `DeskLog::admitted`.
    pub async fn admitted_async(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let client = self.client().await?;
        self.admitted_on(&client, event_id).await
    }

    /// `admitted_async` on `client`.
    pub(super) async fn admitted_on(
        &self,
        client: &tokio_postgres::Client,
        event_id: u64,
    ) -> Result<Vec<Admission>, StoreError> {
        let event = id(event_id)?;
        let rows = client
            .query_typed(
                &format!(
                    "SELECT {ADMISSION} FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 ORDER BY at, seq"
                ),
                &[(&self.business, Type::TEXT), (&event, Type::INT8)],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(rows.iter().map(|r| admission_at(r, 0, event_id)).collect())
    }

    /// `DeskLog::counts`.
    pub async fn counts_async(&self, event_id: u64, since: &str) -> Result<Counts, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT COUNT(*), COUNT(*) FILTER (WHERE at >= $3) FROM desk_admissions
                 WHERE business = $1 AND event_id = $2",
                &[&self.business, &id(event_id)?, &since],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(Counts {
            admitted: unsigned(row.get(0)),
            recent: unsigned(row.get(1)),
        })
    }

    /// `DeskLog::conflicts`.
    pub async fn conflicts_async(
        &self,
        event_id: Option<u64>,
    ) -> Result<Vec<Conflict>, StoreError> {
        let client = self.client().await?;
        let event = event_id.map(id).transpose()?;
        let rows = client
            .query(
                "SELECT event_id, ticket_id, number, kept_lane, kept_at, replayed_lane,
                        replayed_at, to_char(found_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
                 FROM desk_conflicts
                 WHERE business = $1 AND ($2::bigint IS NULL OR event_id = $2)
                 ORDER BY found_at, replayed_at",
                &[&self.business, &event],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(rows
            .iter()
            .map(|row| Conflict {
                event_id: unsigned(row.get(0)),
                ticket_id: unsigned(row.get(1)),
                number: row.get(2),
                kept_lane: row.get(3),
                kept_at: row.get(4),
                replayed_lane: row.get(5),
                replayed_at: row.get(6),
                found_at: row.get(7),
            })
            .collect())
    }
}
