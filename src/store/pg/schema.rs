//! The shared desk log's tables, versioned: `desk-db init` brings a database
//! to the version this build knows (each step once, in one transaction,
//! under a lock, so two inits at once migrate once); a lane refuses a
//! database it does not know.

use super::db::DeskDb;
use crate::store::StoreError;

/// `STEPS[i]` takes the database from version `i` to `i + 1`.
const STEPS: &[&str] = &[
    V1,
    V2,
    V3,
    V4,
    super::stats::V5,
    V6,
    V7,
    super::desk_scan::V8,
];

/// Version 7: the log's identity, a random id made once (a lane's queue is
/// sent only into the log it was made for, whatever its address says:
/// docs/lanes.md, "A queue belongs to its log"); and a lane's last scan
/// beside its heartbeat (any scan, a refused one too), kept by
/// `desk_lane_seen` (delete and insert: a lane's role has no UPDATE).
const V7: &str = "
ALTER TABLE desk_schema ADD COLUMN log_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE desk_lanes ALTER COLUMN seen_at DROP NOT NULL;
ALTER TABLE desk_lanes ADD COLUMN scanned_at text;
CREATE FUNCTION desk_lane_seen(p_business text, p_event bigint, p_lane text, p_seen text,
                               p_scanned text)
    RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_seen text;
    v_scanned text;
BEGIN
    DELETE FROM desk_lanes
        WHERE business = p_business AND event_id = p_event AND lane = p_lane
        RETURNING seen_at, scanned_at INTO v_seen, v_scanned;
    INSERT INTO desk_lanes (business, event_id, lane, seen_at, scanned_at)
        VALUES (p_business, p_event, p_lane, COALESCE(p_seen, v_seen),
                GREATEST(p_scanned, v_scanned))
        ON CONFLICT DO NOTHING;
END
$$;
";

/// Version 6: a door's capacity (0: none).
const V6: &str = "
ALTER TABLE desk_policy ADD COLUMN capacity bigint NOT NULL DEFAULT 0;
";

// The pieces of `desk_admit` that versions 1, 2 and 4 write alike (each
// version's text stays as it was run).

/// `desk_admit`'s signature, to its `DECLARE`.
macro_rules! admit_signature {
    () => {
        "desk_admit(p_business text, p_event bigint, p_ticket bigint,
        p_number text, p_edition bigint, p_lane text, p_at text, p_scan uuid,
        p_replay boolean)
    RETURNS TABLE (o_verdict text, o_lane text, o_at text)
    LANGUAGE plpgsql AS $$
DECLARE
"
    };
}

/// `desk_admit`'s variables, to its `BEGIN`.
macro_rules! admit_declare {
    () => {
        "    v_prior text;
    v_prior_lane text;
    v_prior_at text;
    v_lane text;
    v_at text;
    v_scan uuid;
BEGIN
"
    };
}

/// Versions 2 and 4: the ticket's lock, and the insert of an admission of a scan
/// not undone (before its `)` or further conditions).
macro_rules! admit_ticket_lock {
    () => {
        "    PERFORM pg_advisory_xact_lock(
        hashtextextended(p_business || '/' || p_event::text || '/' || p_ticket::text, 0));
    INSERT INTO desk_admissions (business, event_id, ticket_id, number, edition_id, lane,
                                 at, scan_id)
        SELECT p_business, p_event, p_ticket, p_number, p_edition, p_lane, p_at, p_scan
        WHERE NOT EXISTS (
            SELECT 1 FROM desk_scans s WHERE s.scan_id = p_scan AND s.verdict <> 'undone'"
    };
}

/// Versions 2 and 4: an admission inserted, its history and its answer; else the scan's
/// earlier verdict (before its `LIMIT`).
macro_rules! admit_found {
    () => {
        "        ON CONFLICT DO NOTHING;
    IF FOUND THEN
        INSERT INTO desk_scans (business, event_id, ticket_id, number, edition_id, lane,
                                at, scan_id, verdict)
            VALUES (p_business, p_event, p_ticket, p_number, p_edition, p_lane, p_at,
                    p_scan, 'admitted');
        RETURN QUERY SELECT 'admitted'::text, p_lane, p_at;
        RETURN;
    END IF;
    SELECT s.verdict, s.winner_lane, s.winner_at INTO v_prior, v_prior_lane, v_prior_at
        FROM desk_scans s WHERE s.scan_id = p_scan AND s.verdict <> 'undone'"
    };
}

/// Nothing inserted: the ticket's admission, and a retry's answer.
macro_rules! admit_prior {
    () => {
        "    SELECT w.lane, w.at, w.scan_id INTO v_lane, v_at, v_scan FROM desk_admissions w
        WHERE w.business = p_business AND w.event_id = p_event AND w.ticket_id = p_ticket;
    IF v_prior IS NOT NULL THEN
        IF v_scan = p_scan THEN
            RETURN QUERY SELECT 'admitted'::text, v_lane, v_at;
        ELSIF v_prior = 'admitted' THEN
            RETURN QUERY SELECT 'admitted'::text, p_lane, p_at;
        ELSE
            RETURN QUERY SELECT 'already admitted'::text, v_prior_lane, v_prior_at;
        END IF;
        RETURN;
    END IF;
    IF v_scan IS NULL THEN
        RAISE EXCEPTION 'scan % was already used for another ticket', p_scan;
    END IF;
"
    };
}

/// Versions 2 and 4: the losing scan in the history.
macro_rules! admit_winner {
    () => {
        "    INSERT INTO desk_scans (business, event_id, ticket_id, number, edition_id, lane, at,
                            scan_id, verdict, winner_lane, winner_at)
        VALUES (p_business, p_event, p_ticket, p_number, p_edition, p_lane, p_at, p_scan,
                CASE WHEN p_replay THEN 'conflict' ELSE 'already admitted' END, v_lane, v_at);
"
    };
}

/// A replay that lost: a conflict.
macro_rules! admit_conflict {
    () => {
        "    IF p_replay THEN
        INSERT INTO desk_conflicts (business, event_id, ticket_id, number, kept_lane, kept_at,
                                    kept_scan, replayed_lane, replayed_at, replayed_scan)
            VALUES (p_business, p_event, p_ticket, p_number, v_lane, v_at, v_scan, p_lane, p_at,
                    p_scan)
            ON CONFLICT (replayed_scan) DO NOTHING;
"
    };
}

/// Versions 2 and 4: the loser's answer, and the end.
macro_rules! admit_end {
    () => {
        "    END IF;
    RETURN QUERY SELECT 'already admitted'::text, v_lane, v_at;
END
$$;
"
    };
}

/// Version 1.
///
/// - `desk_admissions`: one row per admitted ticket, the single winner's
///   (its primary key is the rule); an undo deletes it.
/// - `desk_scans`: every verdict, append-only (admitted, already admitted,
///   undone, conflict), numbered per (business, event) by `seq`, given
///   under the event's lock (version 2 numbers and reads it otherwise).
/// - `desk_conflicts`: replays that found another lane's admission.
const V1: &str = concat!(
    "
CREATE TABLE desk_admissions (
    business text NOT NULL,
    event_id bigint NOT NULL,
    ticket_id bigint NOT NULL,
    number text NOT NULL,
    edition_id bigint,
    lane text NOT NULL,
    at text NOT NULL,
    scan_id uuid NOT NULL UNIQUE,
    seq bigint NOT NULL,
    PRIMARY KEY (business, event_id, ticket_id)
);
CREATE INDEX desk_admissions_by_lane ON desk_admissions (business, event_id, lane, seq);
CREATE TABLE desk_scans (
    business text NOT NULL,
    event_id bigint NOT NULL,
    seq bigint NOT NULL,
    ticket_id bigint NOT NULL,
    number text NOT NULL,
    edition_id bigint,
    lane text NOT NULL,
    at text NOT NULL,
    scan_id uuid NOT NULL,
    verdict text NOT NULL
        CHECK (verdict IN ('admitted', 'already admitted', 'undone', 'conflict')),
    winner_lane text,
    winner_at text,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (business, event_id, seq)
);
CREATE INDEX desk_scans_by_scan ON desk_scans (scan_id);
CREATE TABLE desk_conflicts (
    business text NOT NULL,
    event_id bigint NOT NULL,
    ticket_id bigint NOT NULL,
    number text NOT NULL,
    kept_lane text NOT NULL,
    kept_at text NOT NULL,
    kept_scan uuid NOT NULL,
    replayed_lane text NOT NULL,
    replayed_at text NOT NULL,
    replayed_scan uuid NOT NULL UNIQUE,
    found_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX desk_conflicts_by_event ON desk_conflicts (business, event_id);

-- A scan, in one round trip (the event's lock is held only while the server
-- works and commits): the lock, the insert, and when it inserted nothing a
-- second statement reads why (this scan's earlier verdict: a retry adds
-- nothing; else the winner). Runs with the caller's rights.
CREATE FUNCTION ",
    admit_signature!(),
    "    v_seq bigint;
",
    admit_declare!(),
    "    PERFORM pg_advisory_xact_lock(hashtextextended(p_business || '/' || p_event::text, 0));
    SELECT COALESCE(MAX(s.seq), 0) + 1 INTO v_seq FROM desk_scans s
        WHERE s.business = p_business AND s.event_id = p_event;
    INSERT INTO desk_admissions (business, event_id, ticket_id, number, edition_id, lane,
                                 at, scan_id, seq)
        SELECT p_business, p_event, p_ticket, p_number, p_edition, p_lane, p_at, p_scan, v_seq
        WHERE NOT EXISTS (
            SELECT 1 FROM desk_scans s WHERE s.scan_id = p_scan AND s.verdict <> 'undone')
        ON CONFLICT DO NOTHING;
    IF FOUND THEN
        INSERT INTO desk_scans (business, event_id, seq, ticket_id, number, edition_id, lane,
                                at, scan_id, verdict)
            VALUES (p_business, p_event, v_seq, p_ticket, p_number, p_edition, p_lane, p_at,
                    p_scan, 'admitted');
        PERFORM pg_notify('boxoffice_desk', p_business || ' ' || p_event || ' ' || v_seq);
        RETURN QUERY SELECT 'admitted'::text, p_lane, p_at;
        RETURN;
    END IF;
    SELECT s.verdict, s.winner_lane, s.winner_at INTO v_prior, v_prior_lane, v_prior_at
        FROM desk_scans s WHERE s.scan_id = p_scan AND s.verdict <> 'undone' LIMIT 1;
",
    admit_prior!(),
    "    INSERT INTO desk_scans (business, event_id, seq, ticket_id, number, edition_id, lane, at,
                            scan_id, verdict, winner_lane, winner_at)
        VALUES (p_business, p_event, v_seq, p_ticket, p_number, p_edition, p_lane, p_at, p_scan,
                CASE WHEN p_replay THEN 'conflict' ELSE 'already admitted' END, v_lane, v_at);
",
    admit_conflict!(),
    "        PERFORM pg_notify('boxoffice_desk', p_business || ' ' || p_event || ' ' || v_seq);
",
    admit_end!(),
);

/// Version 2: scans of distinct tickets no longer wait for each other.
///
/// Version 1 numbered an event's history under the event's lock, so every
/// scan of the door queued behind the one before it until that one had
/// committed (40 lanes at once: the last waited ~40 commits). Now a scan
/// takes the lock of its *ticket* only (everything about one ticket happens
/// one at a time: its admission, a retry, an undo), and the history's `seq`
/// comes from an identity (one sequence for the whole log): unique, larger
/// for a later change of the same ticket, but neither gap-free nor in commit
/// order across tickets. So a reader follows `tx`, the writing transaction's
/// id: every change by a transaction older than the oldest one still running
/// when it last read (its snapshot's xmin) has been read, and it re-reads
/// the few at or after it, skipping those it has (`store::Cursor`).
/// `desk_admissions.seq` orders a lane's admissions (its last one: undo).
const V2: &str = concat!(
    "
ALTER TABLE desk_scans ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX desk_scans_by_tx ON desk_scans (business, event_id, tx);
DO $$
DECLARE
    v_next bigint;
BEGIN
    SELECT COALESCE(MAX(seq), 0) + 1 INTO v_next FROM desk_scans;
    EXECUTE format('ALTER TABLE desk_scans ALTER COLUMN seq
                    ADD GENERATED BY DEFAULT AS IDENTITY (START WITH %s)', v_next);
    SELECT COALESCE(MAX(seq), 0) + 1 INTO v_next FROM desk_admissions;
    EXECUTE format('ALTER TABLE desk_admissions ALTER COLUMN seq
                    ADD GENERATED BY DEFAULT AS IDENTITY (START WITH %s)', v_next);
END
$$;

-- A scan, in one round trip: the ticket's lock, the insert, and when it
-- inserted nothing a second statement reads why (this scan's earlier
-- verdict: a retry adds nothing; else the winner). The lane sends the
-- other lanes' hint right after it (PgDeskLog::admit_async). Runs with the
-- caller's rights.
CREATE OR REPLACE FUNCTION ",
    admit_signature!(),
    admit_declare!(),
    admit_ticket_lock!(),
    ")
",
    admit_found!(),
    " LIMIT 1;
",
    admit_prior!(),
    admit_winner!(),
    admit_conflict!(),
    admit_end!(),
);

/// Version 3: a door's rules (issue 27).
///
/// - `desk_scans` learns the verdicts `exit` and `reentry` (other lanes
///   follow who is outside by the history, as they follow admissions).
/// - `desk_moves`: each exit and re-entry, under the admission it was made
///   under (`admission_scan`: an admission undone and made again starts
///   inside); a ticket is outside when its admission's latest move is an
///   exit. Written under the ticket's lock (`store::pg::rules`).
/// - `desk_forced`: the admissions forced outside the door's hours, and by
///   which lane.
/// - `desk_policy`: a door's policy (which editions, hours, re-entry), one
///   row per (business, event); `desk_notes`: the notes that stop the door,
///   on a ticket or a customer. A lane replaces a row by DELETE and INSERT
///   (the role needs no UPDATE).
const V3: &str = "
ALTER TABLE desk_scans DROP CONSTRAINT desk_scans_verdict_check;
ALTER TABLE desk_scans ADD CONSTRAINT desk_scans_verdict_check
    CHECK (verdict IN ('admitted', 'already admitted', 'undone', 'conflict', 'exit', 'reentry'));
CREATE TABLE desk_moves (
    business text NOT NULL,
    event_id bigint NOT NULL,
    ticket_id bigint NOT NULL,
    admission_scan uuid NOT NULL,
    kind text NOT NULL CHECK (kind IN ('exit', 'reentry')),
    lane text NOT NULL,
    at text NOT NULL,
    scan_id uuid NOT NULL UNIQUE,
    seq bigint GENERATED BY DEFAULT AS IDENTITY,
    PRIMARY KEY (business, event_id, ticket_id, seq)
);
CREATE TABLE desk_forced (
    business text NOT NULL,
    scan_id uuid PRIMARY KEY,
    lane text NOT NULL,
    at text NOT NULL
);
CREATE TABLE desk_policy (
    business text NOT NULL,
    event_id bigint NOT NULL,
    editions text NOT NULL,
    opens text NOT NULL,
    opens_at text NOT NULL,
    closes text NOT NULL,
    closes_at text NOT NULL,
    reentry boolean NOT NULL,
    timezone text NOT NULL,
    set_by text NOT NULL,
    set_at text NOT NULL,
    PRIMARY KEY (business, event_id)
);
CREATE TABLE desk_notes (
    business text NOT NULL,
    on_what text NOT NULL CHECK (on_what IN ('ticket', 'customer')),
    id bigint NOT NULL,
    text text NOT NULL,
    by_lane text NOT NULL,
    at text NOT NULL,
    PRIMARY KEY (business, on_what, id)
);
";

/// Version 4: a replay is judged by what the log did with it, not by what
/// the lane was told.
///
/// A scan sent while the log hung (its answer never came: the lane judged
/// alone, admitted the guest and queued the scan) may still run when the
/// log wakes, and lose to another lane's admission: 'already admitted' is
/// then in the history under its scan id. Version 2 answered the replay of
/// that scan as the first time (ALREADY ADMITTED, nothing more): a ticket
/// admitted at two lanes with no conflict, or, when the other admission
/// was undone since, admitted at a lane and in the log nowhere. A replay
/// now passes over a lost race of its own scan: it admits the ticket if
/// nobody holds it, else it is recorded as a conflict (once: a replay sent
/// again finds the conflict).
const V4: &str = concat!(
    "
CREATE OR REPLACE FUNCTION ",
    admit_signature!(),
    admit_declare!(),
    admit_ticket_lock!(),
    "
                AND NOT (p_replay AND s.verdict = 'already admitted'))
",
    admit_found!(),
    "
            AND NOT (p_replay AND s.verdict = 'already admitted')
        ORDER BY s.seq LIMIT 1;
",
    admit_prior!(),
    admit_winner!(),
    admit_conflict!(),
    admit_end!(),
);

/// The tables a lane reads and writes (docs/lanes.md#the-role-a-lane-needs).
pub const TABLES: &[&str] = &[
    "desk_admissions",
    "desk_scans",
    "desk_conflicts",
    "desk_moves",
    "desk_forced",
    "desk_policy",
    "desk_notes",
    "desk_lanes",
];

/// The schema version this build writes.
pub fn version() -> i32 {
    i32::try_from(STEPS.len()).unwrap_or(i32::MAX)
}

/// What `init` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migrated {
    pub from: i32,
    pub to: i32,
}

/// Creates or migrates the schema.
pub async fn init(db: &DeskDb) -> Result<Migrated, StoreError> {
    init_to(db, version()).await
}

/// Creates or migrates the schema up to version `to` (tests: a log as an
/// older build left it). A database already past it is left as it is.
#[doc(hidden)]
pub async fn init_to(db: &DeskDb, to: i32) -> Result<Migrated, StoreError> {
    let (mut client, connection) = db.connect("boxoffice desk-db init").await?;
    let driver = tokio::spawn(connection);
    let result = async {
        let tx = client.transaction().await.map_err(|e| db.fail(&e))?;
        // One init at a time; the version table itself may not exist yet.
        tx.batch_execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('boxoffice desk-db init', 0));
             CREATE TABLE IF NOT EXISTS desk_schema (
                 one boolean PRIMARY KEY DEFAULT true CHECK (one),
                 version integer NOT NULL
             );",
        )
        .await
        .map_err(|e| db.fail(&e))?;
        let from: i32 = tx
            .query_opt("SELECT version FROM desk_schema", &[])
            .await
            .map_err(|e| db.fail(&e))?
            .map_or(0, |row| row.get(0));
        if from > version() {
            return Err(newer(db, from));
        }
        let to = to.clamp(from, version());
        let (start, end) = (
            usize::try_from(from).unwrap_or(0),
            usize::try_from(to).unwrap_or(0),
        );
        for step in &STEPS[start..end] {
            tx.batch_execute(step).await.map_err(|e| db.fail(&e))?;
        }
        tx.execute(
            "INSERT INTO desk_schema (one, version) VALUES (true, $1)
             ON CONFLICT (one) DO UPDATE SET version = EXCLUDED.version",
            &[&to],
        )
        .await
        .map_err(|e| db.fail(&e))?;
        tx.commit().await.map_err(|e| db.fail(&e))?;
        Ok(Migrated { from, to })
    }
    .await;
    drop(client);
    let _ = driver.await;
    result
}

fn newer(db: &DeskDb, found: i32) -> StoreError {
    StoreError::SchemaNewer {
        place: db.redacted().to_owned(),
        found,
        knows: version(),
    }
}

/// What `desk-db check` found: what a lane needs of the database.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Check {
    /// The address, redacted.
    pub database: String,
    pub tls: bool,
    /// The server's version, when reached.
    pub server: Option<String>,
    /// The schema's version (0: none); `None` when not reached.
    pub schema: Option<i32>,
    /// The version this build writes.
    pub expected: i32,
    /// Per table: the privileges a lane needs that the user lacks.
    pub missing: Vec<String>,
    /// Why the database could not be reached or read.
    pub error: Option<String>,
    /// One round trip on the open connection, as measured.
    pub rtt: Option<std::time::Duration>,
    /// The TLS version the connection uses (`TLSv1.3`), when TLS.
    pub tls_version: Option<String>,
    /// Whether the server takes writes (a primary), or is a standby.
    pub primary: Option<bool>,
}

impl Check {
    /// Whether a lane can work with this database.
    pub fn ok(&self) -> bool {
        self.error.is_none()
            && self.primary != Some(false)
            && self.schema == Some(self.expected)
            && self.missing.is_empty()
    }
}

/// Reaches the database and reads what a lane would need.
pub async fn check(db: &DeskDb) -> Check {
    let mut found = Check {
        database: db.redacted().to_owned(),
        tls: db.tls(),
        server: None,
        schema: None,
        expected: version(),
        missing: Vec::new(),
        error: None,
        rtt: None,
        tls_version: None,
        primary: None,
    };
    let (client, connection) = match db.connect("boxoffice desk-db check").await {
        Ok(pair) => pair,
        Err(e) => {
            found.error = Some(e.to_string());
            return found;
        }
    };
    let driver = tokio::spawn(connection);
    let read = async {
        // One round trip on the open connection, timed: the server, whether
        // it takes writes, and the connection's TLS.
        let started = std::time::Instant::now();
        let row = client
            .query_typed_one(
                "SELECT current_setting('server_version'), pg_is_in_recovery(),
                        (SELECT version FROM pg_stat_ssl WHERE pid = pg_backend_pid() AND ssl)",
                &[],
            )
            .await
            .map_err(|e| db.fail(&e))?;
        found.rtt = Some(started.elapsed());
        found.server = Some(row.get(0));
        found.primary = Some(!row.get::<_, bool>(1));
        found.tls_version = row.get(2);
        let has_table: bool = client
            .query_one("SELECT to_regclass('desk_schema') IS NOT NULL", &[])
            .await
            .map_err(|e| db.fail(&e))?
            .get(0);
        let schema = if has_table {
            client
                .query_opt("SELECT version FROM desk_schema", &[])
                .await
                .map_err(|e| db.fail(&e))?
                .map_or(0, |row| row.get(0))
        } else {
            0
        };
        found.schema = Some(schema);
        if schema == 0 {
            return Ok(());
        }
        let admit: bool = client
            .query_one(
                "SELECT has_function_privilege(
                     'desk_admit(text, bigint, bigint, text, bigint, text, text, uuid, boolean)',
                     'EXECUTE')",
                &[],
            )
            .await
            .map_err(|e| db.fail(&e))?
            .get(0);
        if !admit {
            found.missing.push("EXECUTE on desk_admit".into());
        }
        if schema >= 8 {
            let scan: bool = client
                .query_one(
                    "SELECT has_function_privilege(
                         'desk_scan(text, bigint, text, integer, text, bigint, bigint[], bigint,
                                    bigint, text, bigint, text, uuid, boolean, text)',
                         'EXECUTE')",
                    &[],
                )
                .await
                .map_err(|e| db.fail(&e))?
                .get(0);
            if !scan {
                found.missing.push("EXECUTE on desk_scan".into());
            }
        }
        for table in TABLES {
            for privilege in ["SELECT", "INSERT", "DELETE"] {
                let has: bool = client
                    .query_one("SELECT has_table_privilege($1, $2)", &[table, &privilege])
                    .await
                    .map_err(|e| db.fail(&e))?
                    .get(0);
                if !has {
                    found.missing.push(format!("{privilege} on {table}"));
                }
            }
        }
        Ok::<(), StoreError>(())
    }
    .await;
    if let Err(e) = read {
        found.error = Some(e.to_string());
    }
    drop(client);
    let _ = driver.await;
    found
}
