-- 0021_docs_computed.sql -- a game's state documents may be left to the engine (issue 25:
-- an import of 20,000 small games grew the database by 15 times its body, some 4 KB a
-- game of documents the engine computes again): games.state NULL is the state replayed
-- from the initial state and the live events, game_boards.initial NULL the initial state
-- made again from the game's board, seats, house rules and the journal before it
-- (src/game/game_state.c). Both tables are rebuilt without NOT NULL, their rows kept;
-- the tables that name games keep naming it (legacy_alter_table: a rename leaves their
-- foreign keys alone).

PRAGMA legacy_alter_table = ON;

ALTER TABLE games RENAME TO games_0020;
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    mode TEXT NOT NULL CHECK (mode IN ('banker', 'journal', 'results')),
    status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'abandoned')),
    seats TEXT NOT NULL,
    state TEXT,
    version INTEGER NOT NULL DEFAULT 1,
    winner INTEGER REFERENCES players(id),
    started_at TEXT NOT NULL,
    played_at TEXT,
    ended_at TEXT,
    live_events INTEGER NOT NULL DEFAULT 0,
    duration_min INTEGER CHECK (duration_min BETWEEN 0 AND 6000),
    location TEXT,
    house_rules TEXT
);
INSERT INTO games SELECT id, campaign_id, mode, status, seats, state, version, winner,
    started_at, played_at, ended_at, live_events, duration_min, location, house_rules
    FROM games_0020;
DROP TABLE games_0020;
CREATE INDEX games_campaign ON games(campaign_id);
CREATE UNIQUE INDEX games_one_active ON games(campaign_id) WHERE status = 'active';

ALTER TABLE game_boards RENAME TO game_boards_0020;
CREATE TABLE game_boards (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    board_id INTEGER NOT NULL REFERENCES boards(id),
    initial TEXT
);
INSERT INTO game_boards SELECT game_id, board_id, initial FROM game_boards_0020;
DROP TABLE game_boards_0020;
CREATE INDEX game_boards_board ON game_boards(board_id);

PRAGMA legacy_alter_table = OFF;
