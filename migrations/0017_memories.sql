-- 0017_memories.sql -- memories: a short text a group adds to a journal stamp, a board
-- stamp, an event or a whole game, optionally with one photo (API.md "Memories (added
-- 2026-12-b)"). The photo's bytes sit last in the row, so that listing memories never
-- reads them; photo_size is summed for the per-campaign quota and photo_rev makes a
-- new ETag for every photo put.

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
    photo_type TEXT CHECK (photo_type IN ('image/jpeg', 'image/png', 'image/webp')),
    photo_size INTEGER NOT NULL DEFAULT 0,
    photo_rev INTEGER NOT NULL DEFAULT 0,
    photo BLOB
);
CREATE INDEX memories_campaign ON memories(campaign_id, game_id);
CREATE INDEX memories_stamp ON memories(campaign_id, card, slot);
