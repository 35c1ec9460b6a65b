-- schema.sql -- the full current schema of a Stampbook database, for readers: what every
-- migration in migrations/ (0001_init.sql up to now) leaves behind. Stampbook never
-- runs this file; tests/unit/test_schema.c checks that it matches the migrations.
--
-- Besides these, `stampbook migrate` keeps its own record of what it has applied:
--   schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,
--                      applied_at TEXT NOT NULL)
-- Times are RFC 3339 UTC text; JSON columns hold text that SQLite's json functions read.

CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    edition TEXT NOT NULL,
    stamp_owner TEXT NOT NULL DEFAULT 'token' CHECK (stamp_owner IN ('token', 'player')),
    key_hash BLOB NOT NULL,
    view_key_hash BLOB NOT NULL,
    board TEXT NOT NULL,            -- this campaign's own copy of the board (JSON)
    created_at TEXT NOT NULL,
    house_rules TEXT,               -- every switch of RULES.md 1b (JSON) (0016)
    timezone TEXT,                  -- IANA name for the exports' dates; NULL: the server's (0018)
    -- created by a request without an admin key: its streams share a budget (0027)
    anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1))
);

CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX players_campaign ON players(campaign_id);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    mode TEXT NOT NULL CHECK (mode IN ('banker', 'journal', 'results')),
    status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'abandoned')),
    seats TEXT NOT NULL,            -- [{"player","token"}] in play order (JSON)
    state TEXT,                     -- snapshot: the state after the last live event (JSON);
                                    -- NULL: the engine replays it (0021)
    version INTEGER NOT NULL DEFAULT 1,
    winner INTEGER REFERENCES players(id),
    started_at TEXT NOT NULL,
    played_at TEXT,
    ended_at TEXT,
    live_events INTEGER NOT NULL DEFAULT 0, -- events not voided, kept by append and undo
    duration_min INTEGER CHECK (duration_min BETWEEN 0 AND 6000), -- results mode (0015)
    location TEXT,                  -- results mode: where the play took place (0015)
    house_rules TEXT,               -- the switches the game plays by, from its start (0016)
    edition TEXT NOT NULL DEFAULT '', -- the edition (the campaign's box) it is played with (0022)
    stamp_owner TEXT                -- the stamp policy it started with; NULL: none kept (0025)
        CHECK (stamp_owner IS NULL OR stamp_owner IN ('token', 'player'))
);
CREATE INDEX games_campaign ON games(campaign_id);
-- One active game per box (0022).
CREATE UNIQUE INDEX games_one_active ON games(campaign_id, edition) WHERE status = 'active';

-- The boxes a campaign plays besides its own (campaigns.board, of campaigns.edition):
-- one per edition, made by its first game (0022).
CREATE TABLE boxes (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    edition TEXT NOT NULL,
    board TEXT NOT NULL,            -- the group's copy of that edition's board (JSON)
    PRIMARY KEY (campaign_id, edition)
) WITHOUT ROWID;

-- A board a game plays on, stored once for all the games on it (0019).
CREATE TABLE boards (
    id INTEGER PRIMARY KEY,
    board TEXT NOT NULL             -- the board as a game began on it (JSON)
);
CREATE INDEX boards_length ON boards(length(board));

-- What a game keeps but seldom reads, apart so that the games row stays small (0002).
CREATE TABLE game_boards (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    board_id INTEGER NOT NULL REFERENCES boards(id), -- the board as it stood when the game began
    initial TEXT                    -- the state before the first event (JSON); NULL: the
                                    -- engine makes it again (0021)
);
CREATE INDEX game_boards_board ON game_boards(board_id);

CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,          -- the event as sent, normalised (JSON)
    effects TEXT NOT NULL,          -- what it did (JSON array)
    at TEXT NOT NULL,
    voided INTEGER NOT NULL DEFAULT 0,
    idempotency_key TEXT,
    answer TEXT,                    -- the first answer, kept for retries with the same key
    body_hash BLOB,                 -- BLAKE2b-256 of the body sent with that key (0013)
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE UNIQUE INDEX events_idempotency ON events(game_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

CREATE TABLE journal_stamps (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    card TEXT NOT NULL,
    slot INTEGER NOT NULL,
    token TEXT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, card, slot)
);

CREATE TABLE journal_draws (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    card TEXT NOT NULL,
    drawer INTEGER NOT NULL REFERENCES players(id),
    stamped_slot INTEGER,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX journal_draws_card ON journal_draws(campaign_id, card);

CREATE TABLE journal_payouts (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    token TEXT NOT NULL,
    stamps INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES journal_draws(game_id, seq)
);
CREATE INDEX journal_payouts_draw ON journal_payouts(game_id, seq);

CREATE TABLE health_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at TEXT NOT NULL
);

-- A group's memories of its stamps, events and games, with at most one photo each
-- (0017). The photo's bytes come last in the row: listing memories never reads them.
CREATE TABLE memories (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    game_id INTEGER NOT NULL REFERENCES games(id),
    card TEXT,                      -- a journal stamp: card and slot
    slot INTEGER,
    destination TEXT,               -- a board stamp of game_id
    seq INTEGER,                    -- an event of game_id
    text TEXT NOT NULL,
    at TEXT NOT NULL,
    undone_card TEXT,               -- the journal stamp it named until its draw was
    undone_slot INTEGER,            -- undone (0026); NULL once moved to a stamp
    photo_type TEXT CHECK (photo_type IN ('image/jpeg', 'image/png', 'image/webp')),
    photo_size INTEGER NOT NULL DEFAULT 0, -- bytes, summed for the campaign's quota
    photo_rev INTEGER NOT NULL DEFAULT 0,  -- bumped by every photo put: the ETag
    photo BLOB
);
CREATE INDEX memories_campaign ON memories(campaign_id, game_id);
CREATE INDEX memories_stamp ON memories(campaign_id, card, slot);
