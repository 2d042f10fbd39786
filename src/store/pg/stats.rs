//! What a dashboard of a door reads from the shared log besides the
//! history (`newer_async`): the lanes' heartbeats, and the door's forced
//! admissions counted. Both read a handful of rows whatever the log holds
//! (one per lane; the event's forced admissions, by an index).

use tokio_postgres::types::Type;

use super::{PgDeskLog, id};
use crate::store::{Cursor, DoorRead, StoreError};

/// Heartbeats and last scans: (lane, UTC text) each.
type Seen = (Vec<(String, String)>, Vec<(String, String)>);

/// Version 5: the lanes' heartbeats, and a forced admission knows its
/// event.
///
/// - `desk_lanes`: a lane's last contact with the log at an event (its
///   clock, UTC text like an admission's), written on each of its re-reads
///   (at most once a second): a dashboard calls a lane offline when it is
///   old. One row per (business, event, lane), replaced in place.
/// - `desk_forced.event_id`, set from the admission's history row by a
///   trigger as a lane marks it (the lane's statement did not change), so
///   a door's forced admissions are counted by an index.
pub(super) const V5: &str = "
CREATE TABLE desk_lanes (
    business text NOT NULL,
    event_id bigint NOT NULL,
    lane text NOT NULL,
    seen_at text NOT NULL,
    PRIMARY KEY (business, event_id, lane)
);
ALTER TABLE desk_forced ADD COLUMN event_id bigint;
UPDATE desk_forced f SET event_id = s.event_id FROM desk_scans s
    WHERE s.business = f.business AND s.scan_id = f.scan_id;
CREATE INDEX desk_forced_by_event ON desk_forced (business, event_id);
CREATE FUNCTION desk_forced_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.event_id IS NULL THEN
        SELECT s.event_id INTO NEW.event_id FROM desk_scans s
            WHERE s.business = NEW.business AND s.scan_id = NEW.scan_id LIMIT 1;
    END IF;
    RETURN NEW;
END
$$;
CREATE FUNCTION desk_heartbeat(p_business text, p_event bigint, p_lane text, p_at text)
    RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM desk_lanes
        WHERE business = p_business AND event_id = p_event AND lane = p_lane;
    INSERT INTO desk_lanes (business, event_id, lane, seen_at)
        VALUES (p_business, p_event, p_lane, p_at);
END
$$;
CREATE TRIGGER desk_forced_event BEFORE INSERT ON desk_forced
    FOR EACH ROW EXECUTE FUNCTION desk_forced_event();
";

impl PgDeskLog {
    /// `DeskLog::door_read`: the history from `after`, the heartbeats, the
    /// forced admissions counted.
    pub async fn door_read_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<DoorRead, StoreError> {
        let (changes, cursor) = self.newer_async(event_id, after, limit).await?;
        let (heartbeats, scans) = self.lanes_seen_async(event_id).await?;
        let forced = self.forced_count_async(event_id).await?;
        let capacity = self.capacity_async(event_id).await?;
        Ok(DoorRead {
            rows: changes.len() + heartbeats.len().max(scans.len()) + 1,
            changes,
            forced_new: 0,
            forced: Some(forced),
            heartbeats,
            scans,
            capacity,
            cursor,
        })
    }

    /// The door's capacity (0: none).
    async fn capacity_async(&self, event_id: u64) -> Result<u64, StoreError> {
        let event = super::id(event_id)?;
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT capacity FROM desk_policy WHERE business = $1 AND event_id = $2",
                &[&self.business, &event],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(row.map_or(0, |r| super::unsigned(r.get(0))))
    }

    /// This lane's heartbeat at `event_id`, at `at` (its clock, UTC text).
    pub async fn heartbeat_async(&self, event_id: u64, at: &str) -> Result<(), StoreError> {
        self.lane_seen_async(event_id, Some(at.to_owned()), None)
            .await
    }

    /// This lane's heartbeat (`seen`) and its last scan (`scanned`) at
    /// `event_id`, either or both (its clock, UTC text): one round trip.
    pub async fn lane_seen_async(
        &self,
        event_id: u64,
        seen: Option<String>,
        scanned: Option<String>,
    ) -> Result<(), StoreError> {
        let client = self.client().await?;
        let event = id(event_id)?;
        client
            .query_typed(
                "SELECT desk_lane_seen($1, $2, $3, $4, $5)",
                &[
                    (&self.business, Type::TEXT),
                    (&event, Type::INT8),
                    (&self.lane, Type::TEXT),
                    (&seen, Type::TEXT),
                    (&scanned, Type::TEXT),
                ],
            )
            .await
            .map(drop)
            .map_err(|e| self.fail(&e))
    }

    /// The lanes' heartbeats and last scans at `event_id`: (lane, UTC
    /// text) each.
    async fn lanes_seen_async(&self, event_id: u64) -> Result<Seen, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT lane, seen_at, scanned_at FROM desk_lanes
                 WHERE business = $1 AND event_id = $2 ORDER BY lane",
                &[&self.business, &id(event_id)?],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        let mut seen = (Vec::new(), Vec::new());
        for r in &rows {
            let lane: String = r.get(0);
            if let Some(at) = r.get::<_, Option<String>>(1) {
                seen.0.push((lane.clone(), at));
            }
            if let Some(at) = r.get::<_, Option<String>>(2) {
                seen.1.push((lane, at));
            }
        }
        Ok(seen)
    }

    /// The lanes' heartbeats at `event_id`: (lane, UTC text).
    pub async fn heartbeats_async(
        &self,
        event_id: u64,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT lane, seen_at FROM desk_lanes
                 WHERE business = $1 AND event_id = $2 AND seen_at IS NOT NULL
                 ORDER BY lane",
                &[&self.business, &id(event_id)?],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// The door of `event_id`'s forced admissions still admitted.
    pub async fn forced_count_async(&self, event_id: u64) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT count(*) FROM desk_forced f
                 JOIN desk_admissions a ON a.scan_id = f.scan_id
                 WHERE f.business = $1 AND f.event_id = $2",
                &[&self.business, &id(event_id)?],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
    }
}
