-- 0025_game_stamp_owner.sql -- a game keeps the stamp policy it started with, as it keeps
-- its house rules (API.md "Further additions (2026-12-c)": a PATCH of the campaign's
-- stamp_owner applies to games started after it). A game from before pays by the policy
-- its first journal draw was paid by, else by its campaign's of today.

ALTER TABLE games ADD COLUMN stamp_owner TEXT
    CHECK (stamp_owner IS NULL OR stamp_owner IN ('token', 'player'));

UPDATE games SET stamp_owner = coalesce(
        (SELECT e.payload ->> '$.stamp_owner' FROM events e
         WHERE e.game_id = games.id AND e.type = 'draw_journal' AND NOT e.voided
           AND e.payload ->> '$.stamp_owner' IN ('token', 'player')
         ORDER BY e.seq LIMIT 1),
        (SELECT c.stamp_owner FROM campaigns c WHERE c.id = games.campaign_id))
    WHERE mode IN ('banker', 'journal');
