-- 0013_strict_input.sql -- strict input (API.md "Additions of 2026-12"). An event sent
-- with an Idempotency-Key keeps a hash of its body, so the key reused with another body
-- is refused instead of silently answered with the first event. And a field an event's
-- type does not take is no longer accepted: the fields of that kind already stored
-- (never read by the server) are dropped here, so that every stored event replays and
-- imports under the strict rule. Only the types listed are touched.

ALTER TABLE events ADD COLUMN body_hash BLOB; -- BLAKE2b-256 of the body sent with the key

WITH takes(type, field) AS (VALUES
    ('roll', 'd1'), ('roll', 'd2'), ('roll', 'player'),
    ('buy', NULL),
    ('auction', 'winner'), ('auction', 'price'),
    ('collect_fee', NULL),
    ('draw_chance', 'card'),
    ('draw_journal', 'card'), ('draw_journal', 'player'), ('draw_journal', 'stamp_owner'),
    ('choose', 'destination'),
    ('fly', 'to'),
    ('use_ticket', 'to'),
    ('goal_jump', 'destination'),
    ('stamp_goal', 'player'), ('stamp_goal', 'destination'),
    ('jail_pay', NULL),
    ('jail_card', NULL),
    ('trade', 'a'), ('trade', 'b'), ('trade', 'a_gives'), ('trade', 'b_gives'),
    ('adjust', 'player'), ('adjust', 'amount'), ('adjust', 'reason'),
    ('note', 'text'),
    ('end', 'winner'), ('end', 'reason'),
    ('result', 'variant'), ('result', 'winner'), ('result', 'standings'))
UPDATE events SET payload = (SELECT json_group_object(j.key, j.value) FROM json_each(events.payload) j
        WHERE j.key = 'type' OR (events.type, j.key) IN (SELECT type, field FROM takes))
    WHERE events.type IN (SELECT type FROM takes)
    AND EXISTS (SELECT 1 FROM json_each(events.payload) j WHERE j.key <> 'type'
        AND (events.type, j.key) NOT IN (SELECT type, field FROM takes WHERE field IS NOT NULL));
