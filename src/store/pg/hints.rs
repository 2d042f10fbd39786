//! The hints between lanes: a NOTIFY on [`CHANNEL`] once a change has
//! committed, and the one connection a lane keeps listening on it. A hint
//! is only a hint: a lane re-reads every second anyway.

use std::time::Duration;

use futures::StreamExt;
use tokio::sync::watch;
use tokio_postgres::AsyncMessage;
use tokio_postgres::types::Type;

use super::PgDeskLog;

/// The NOTIFY channel; the payload is "business event".
pub const CHANNEL: &str = "boxoffice_desk";

impl PgDeskLog {
    /// Keeps one connection of its own listening on [`CHANNEL`]: the
    /// returned value ticks on each notification for this business and on
    /// each (re)connection (when one may have been missed). Reconnects
    /// after a failure, at most once a second. Ends when every receiver is
    /// gone.
    pub fn listen(&self) -> watch::Receiver<u64> {
        let (tx, rx) = watch::channel(0u64);
        let db = self.db.clone();
        let name = format!("boxoffice listen {}", self.lane);
        let prefix = format!("{} ", self.business);
        self.handle.spawn(async move {
            let mut retry = tokio::time::interval(Duration::from_secs(1));
            loop {
                retry.tick().await;
                if tx.is_closed() {
                    return;
                }
                let Ok((client, mut connection)) = db.connect(&name).await else {
                    continue;
                };
                let (notes_tx, mut notes) = tokio::sync::mpsc::unbounded_channel();
                let driver = tokio::spawn(async move {
                    let mut messages =
                        futures::stream::poll_fn(move |cx| connection.poll_message(cx));
                    while let Some(Ok(message)) = messages.next().await {
                        if let AsyncMessage::Notification(n) = message
                            && notes_tx.send(n.payload().to_owned()).is_err()
                        {
                            return;
                        }
                    }
                });
                if client
                    .batch_execute(&format!("LISTEN {CHANNEL}"))
                    .await
                    .is_err()
                {
                    driver.abort();
                    continue;
                }
                // Connected: whatever was sent while we were not is read now.
                tx.send_modify(|n| *n += 1);
                loop {
                    tokio::select! {
                        note = notes.recv() => match note {
                            Some(payload) if payload.starts_with(&prefix) => {
                                tx.send_modify(|n| *n += 1);
                            }
                            Some(_) => {}
                            None => break,
                        },
                        () = tx.closed() => {
                            driver.abort();
                            return;
                        }
                    }
                }
                driver.abort();
                // The connection is gone: tell, then connect again.
                tx.send_modify(|n| *n += 1);
            }
        });
        rx
    }
}

/// Tells the other lanes (their listeners) that `event` changed, once the
/// change has committed: a statement of its own, committed without waiting
/// for the disk (a hint may be lost; a lane re-reads every second anyway).
pub(super) async fn hint(client: &tokio_postgres::Client, business: &str, event: i64) {
    let payload = hint_payload(business, event);
    let sent = client
        .query_typed(
            "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)",
            &[(&CHANNEL, Type::TEXT), (&payload, Type::TEXT)],
        )
        .await;
    hint_sent(sent.map(|rows| rows.len() as u64));
}

/// A hint's payload: "business event" (listeners take their business's).
pub(super) fn hint_payload(business: &str, event: i64) -> String {
    format!("{business} {event}")
}

/// A hint not sent costs a lane up to a second: said in the log only.
pub(super) fn hint_sent(sent: Result<u64, tokio_postgres::Error>) {
    if let Err(e) = sent {
        tracing::debug!("desk log: the hint was not sent: {e}");
    }
}
