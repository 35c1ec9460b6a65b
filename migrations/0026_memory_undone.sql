-- 0026_memory_undone.sql -- a memory whose journal stamp was undone says so (issue 41,
-- R5): undone_card and undone_slot keep the stamp it named until the draw that made it
-- was undone, so the group sees it and can move the memory to the stamp made again
-- (PATCH …/memories/{mid}). Rebuilt so that the photo's bytes stay last in the row;
-- no table names memories. Memories detached before this migration name nothing.

ALTER TABLE memories RENAME TO memories_0025;
CREATE TABLE memories (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    game_id INTEGER NOT NULL REFERENCES games(id),
    card TEXT,
    slot INTEGER,
    destination TEXT,
    seq INTEGER,
    text TEXT NOT NULL,
    at TEXT NOT NULL,
    undone_card TEXT,
    undone_slot INTEGER,
    photo_type TEXT CHECK (photo_type IN ('image/jpeg', 'image/png', 'image/webp')),
    photo_size INTEGER NOT NULL DEFAULT 0,
    photo_rev INTEGER NOT NULL DEFAULT 0,
    photo BLOB
);
INSERT INTO memories(id, campaign_id, game_id, card, slot, destination, seq, text, at,
        photo_type, photo_size, photo_rev, photo)
    SELECT id, campaign_id, game_id, card, slot, destination, seq, text, at, photo_type,
        photo_size, photo_rev, photo FROM memories_0025;
DROP TABLE memories_0025;
CREATE INDEX memories_campaign ON memories(campaign_id, game_id);
CREATE INDEX memories_stamp ON memories(campaign_id, card, slot);
