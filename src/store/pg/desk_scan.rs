//! The shared log's schema, version 8: `desk_scan`, a one-shot lane's
//! scan in one statement (`once.rs` sends it; `schema.rs` runs the step).

/// Version 8: a one-shot lane's scan in one round trip (docs/lanes.md,
/// "Round trips"). `desk_door_stamp` is a door's policy and the notes in
/// one word (what a lane judged from is the log's still when the stamps
/// match); `desk_scan`, in one statement: the schema's version (nothing
/// more when it is not `p_want`), the log's identity, the door's stamp
/// (its policy and notes too when the lane's stamp is another), what is
/// newer after a cursor (as `PgDeskLog::newer_async` reads it), the
/// ticket's admission and its latest move; when `p_record` is set, the
/// stamp unchanged and nobody holds the ticket, the scan recorded by
/// `desk_admit` (its rule, not a copy of it); and the lane's last scan
/// (`desk_lane_seen`). The hint goes behind it on the same connection,
/// once it has committed, as a scan's does.
pub(super) const V8: &str = "
CREATE FUNCTION desk_door_stamp(p_business text, p_event bigint)
    RETURNS text LANGUAGE sql STABLE AS $$
    SELECT md5(
        COALESCE((SELECT to_jsonb(p)::text FROM desk_policy p
                  WHERE p.business = p_business AND p.event_id = p_event), '')
        || '/' ||
        COALESCE((SELECT string_agg(to_jsonb(n)::text, ',' ORDER BY n.on_what, n.id)
                  FROM desk_notes n WHERE n.business = p_business), ''))
$$;
CREATE FUNCTION desk_scan(p_business text, p_event bigint, p_lane text, p_want integer,
                          p_stamp text, p_horizon bigint, p_seen bigint[], p_limit bigint,
                          p_ticket bigint, p_number text, p_edition bigint, p_at text,
                          p_scan uuid, p_record boolean, p_scanned text)
    RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    v_version integer;
    v_id text;
    v_stamp text;
    v_out jsonb;
    v_told record;
    v_held record;
BEGIN
    SELECT s.version, to_jsonb(s) ->> 'log_id' INTO v_version, v_id FROM desk_schema s;
    IF v_version IS DISTINCT FROM p_want THEN
        RETURN jsonb_build_object('schema', v_version);
    END IF;
    v_stamp := desk_door_stamp(p_business, p_event);
    v_out := jsonb_build_object('schema', v_version, 'log_id', v_id, 'stamp', v_stamp);
    IF p_stamp IS DISTINCT FROM v_stamp THEN
        v_out := v_out || jsonb_build_object(
            'policy', (SELECT to_jsonb(p) FROM desk_policy p
                       WHERE p.business = p_business AND p.event_id = p_event),
            'notes', (SELECT COALESCE(jsonb_agg(jsonb_build_object(
                                 'on', n.on_what, 'id', n.id, 'text', n.text,
                                 'by', n.by_lane, 'at', n.at) ORDER BY n.at, n.id), '[]')
                      FROM desk_notes n WHERE n.business = p_business));
    END IF;
    IF p_horizon IS NOT NULL THEN
        v_out := v_out || (
            SELECT jsonb_build_object('xmin', snap.xmin::text::bigint,
                       'changes', COALESCE(jsonb_agg(jsonb_build_array(
                           c.tx::text::bigint, c.seq, c.verdict, c.ticket_id, c.number,
                           c.edition_id, c.lane, c.at, c.scan_id) ORDER BY c.seq)
                           FILTER (WHERE c.seq IS NOT NULL), '[]'))
            FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin) snap
            LEFT JOIN LATERAL (
                SELECT * FROM desk_scans d
                WHERE d.business = p_business AND d.event_id = p_event
                  AND d.tx >= p_horizon::text::xid8
                  AND d.seq NOT IN (SELECT unnest(p_seen))
                  AND d.verdict IN ('admitted', 'undone', 'conflict', 'exit', 'reentry')
                ORDER BY d.tx, d.seq LIMIT p_limit) c ON true
            GROUP BY snap.xmin);
    END IF;
    IF p_ticket IS NOT NULL THEN
        IF p_record AND p_stamp = v_stamp AND NOT EXISTS (
            SELECT 1 FROM desk_admissions w
            WHERE w.business = p_business AND w.event_id = p_event AND w.ticket_id = p_ticket)
        THEN
            SELECT * INTO v_told FROM desk_admit(p_business, p_event, p_ticket, p_number,
                p_edition, p_lane, p_at, p_scan, false);
            v_out := v_out || jsonb_build_object('told', jsonb_build_object(
                'verdict', v_told.o_verdict, 'lane', v_told.o_lane, 'at', v_told.o_at));
        END IF;
        SELECT w.number, w.edition_id, w.lane, w.at, w.scan_id INTO v_held
            FROM desk_admissions w
            WHERE w.business = p_business AND w.event_id = p_event AND w.ticket_id = p_ticket;
        IF FOUND THEN
            v_out := v_out || jsonb_build_object(
                'held', jsonb_build_object('number', v_held.number,
                    'edition_id', v_held.edition_id, 'lane', v_held.lane, 'at', v_held.at),
                'moved', (SELECT jsonb_build_object('seq', m.seq, 'kind', m.kind,
                                                    'lane', m.lane, 'at', m.at)
                          FROM desk_moves m
                          WHERE m.business = p_business AND m.event_id = p_event
                            AND m.ticket_id = p_ticket AND m.admission_scan = v_held.scan_id
                          ORDER BY m.seq DESC LIMIT 1));
        END IF;
    END IF;
    IF p_scanned IS NOT NULL THEN
        PERFORM desk_lane_seen(p_business, p_event, p_lane, NULL, p_scanned);
    END IF;
    RETURN v_out;
END
$$;
";
