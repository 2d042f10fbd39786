//! A one-shot lane's scan in one round trip: `desk_scan` (pg/schema.rs,
//! version 8) asked in one statement sent with its parameters' types, the
//! other lanes' hint behind it on the same connection (one flight: it runs
//! once the scan has committed, outside its transaction, as a scan's).

use serde_json::Value;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{ToSql, Type};

use super::admit::HINT;
use super::hints::{CHANNEL, hint_payload, hint_sent};
use super::newer::paged;
use super::{PgDeskLog, id, version};
use crate::store::{
    Admission, Change, ChangeKind, Cursor, KeptDoor, KeptNote, KeptPolicy, OnceTold, OneScan,
    Recorded, ScanId, StoreError,
};

/// The scan, as `desk_scan` takes it.
const SCAN: &str = "SELECT desk_scan($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                                      $15)::text";

impl PgDeskLog {
    /// `SharedLog::scan_once_async`.
    pub async fn scan_once_async(
        &self,
        ask: &OneScan,
        after: Option<&Cursor>,
        limit: usize,
    ) -> Result<OnceTold, StoreError> {
        let stored = ask.ticket.as_ref().map(Admission::stamped_now);
        let event = id(ask.event_id)?;
        let ticket = stored.as_ref().map(|a| id(a.ticket_id)).transpose()?;
        let edition = stored
            .as_ref()
            .and_then(|a| a.edition_id)
            .map(id)
            .transpose()?;
        let (number, at) = (
            stored.as_ref().map(|a| a.number.clone()),
            stored.as_ref().map(|a| a.at.clone()),
        );
        let horizon = after.map(|c| id(c.horizon)).transpose()?;
        let seen: Vec<i64> = after
            .map(|c| c.seen.iter().map(|&(_, seq)| id(seq)).collect())
            .transpose()?
            .unwrap_or_default();
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let want = version();
        let record = ask.record && stored.is_some();
        let params: [(&(dyn ToSql + Sync), Type); 15] = [
            (&self.business, Type::TEXT),
            (&event, Type::INT8),
            (&self.lane, Type::TEXT),
            (&want, Type::INT4),
            (&ask.stamp, Type::TEXT),
            (&horizon, Type::INT8),
            (&seen, Type::INT8_ARRAY),
            (&limit, Type::INT8),
            (&ticket, Type::INT8),
            (&number, Type::TEXT),
            (&edition, Type::INT8),
            (&at, Type::TEXT),
            (&ask.scan.0, Type::UUID),
            (&record, Type::BOOL),
            (&ask.scanned, Type::TEXT),
        ];
        let payload = hint_payload(&self.business, event);
        let hint_params: [(&(dyn ToSql + Sync), Type); 3] = [
            (&CHANNEL, Type::TEXT),
            (&payload, Type::TEXT),
            (&ask.scan.0, Type::UUID),
        ];
        let client = self.client().await?;
        let (row, hinted) = tokio::join!(client.query_typed_one(SCAN, &params), async {
            if record {
                client.query_typed(HINT, &hint_params).await.map(Some)
            } else {
                Ok(None)
            }
        });
        let row = match row {
            Ok(row) => row,
            // A log before version 8 has no `desk_scan`: said as the
            // schema's version (ping reads it).
            Err(e) if e.code() == Some(&SqlState::UNDEFINED_FUNCTION) => {
                drop(client);
                return Err(match self.ping().await {
                    Err(older) => older,
                    Ok(_) => self.fail(&e),
                });
            }
            Err(e) => return Err(self.fail(&e)),
        };
        hint_sent(hinted.map(|rows| rows.map_or(0, |r| r.len() as u64)));
        let text: String = row.get(0);
        let answer: Value = serde_json::from_str(&text).map_err(|e| self.fail(&e))?;
        self.told_once(&answer, ask.event_id, after, limit, stored)
    }

    /// `desk_scan`'s answer read.
    fn told_once(
        &self,
        answer: &Value,
        event_id: u64,
        after: Option<&Cursor>,
        limit: i64,
        stored: Option<Admission>,
    ) -> Result<OnceTold, StoreError> {
        let found = answer["schema"]
            .as_i64()
            .and_then(|v| i32::try_from(v).ok());
        let log_id = answer["log_id"].as_str();
        let (Some(found), Some(log_id)) = (found, log_id) else {
            return Err(StoreError::SchemaOlder {
                place: self.db.redacted().to_owned(),
                found: found.unwrap_or(0),
                needs: version(),
            });
        };
        if found != version() {
            return Err(StoreError::SchemaOlder {
                place: self.db.redacted().to_owned(),
                found,
                needs: version(),
            });
        }
        let stamp = answer["stamp"].as_str().unwrap_or_default().to_owned();
        let door = answer.get("notes").map(|notes| KeptDoor {
            stamp: stamp.clone(),
            policy: serde_json::from_value::<Option<KeptPolicy>>(answer["policy"].clone())
                .ok()
                .flatten(),
            notes: serde_json::from_value::<Vec<KeptNote>>(notes.clone()).unwrap_or_default(),
        });
        let newer = after.map(|after| {
            let xmin = answer["xmin"].as_u64().unwrap_or(after.horizon);
            let rows = answer["changes"].as_array().cloned().unwrap_or_default();
            let read = rows.iter().filter_map(|r| {
                let seq = r[1].as_u64()?;
                Some((
                    r[0].as_u64()?,
                    Change {
                        seq,
                        kind: ChangeKind::from_word(r[2].as_str()?).unwrap_or(ChangeKind::Admitted),
                        admission: Admission {
                            ticket_id: r[3].as_u64()?,
                            number: r[4].as_str()?.to_owned(),
                            event_id,
                            edition_id: r[5].as_u64(),
                            desk: r[6].as_str()?.to_owned(),
                            at: r[7].as_str()?.to_owned(),
                        },
                        scan: r[8].as_str().and_then(|s| s.parse().ok()).map(ScanId),
                    },
                ))
            });
            paged(after, xmin, read, limit)
        });
        let (mut held, mut moved, mut told) = (None, None, None);
        if let Some(stored) = stored {
            let h = &answer["held"];
            if let (Some(lane), Some(at)) = (h["lane"].as_str(), h["at"].as_str()) {
                let a = Admission {
                    number: h["number"].as_str().unwrap_or(&stored.number).to_owned(),
                    edition_id: h["edition_id"].as_u64(),
                    desk: lane.to_owned(),
                    at: at.to_owned(),
                    ..stored.clone()
                };
                let m = &answer["moved"];
                if let (Some(seq), Some(kind), Some(lane), Some(at)) = (
                    m["seq"].as_u64(),
                    m["kind"].as_str(),
                    m["lane"].as_str(),
                    m["at"].as_str(),
                ) {
                    moved = Some(Change {
                        seq,
                        kind: ChangeKind::of_move(kind),
                        admission: Admission {
                            desk: lane.to_owned(),
                            at: at.to_owned(),
                            ..a.clone()
                        },
                        scan: None,
                    });
                }
                held = Some(a);
            }
            let t = &answer["told"];
            if let Some(verdict) = t["verdict"].as_str() {
                let a = Admission {
                    desk: t["lane"].as_str().unwrap_or_default().to_owned(),
                    at: t["at"].as_str().unwrap_or_default().to_owned(),
                    ..stored
                };
                told = Some(if verdict == "admitted" {
                    Recorded::Admitted(a)
                } else {
                    Recorded::AlreadyAdmitted(a)
                });
            }
        }
        Ok(OnceTold {
            log_id: log_id.to_owned(),
            door,
            newer,
            held,
            moved,
            told,
        })
    }
}
