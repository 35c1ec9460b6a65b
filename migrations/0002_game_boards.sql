-- 0002_game_boards.sql -- a game's board and initial state (some 30 KB of JSON, written
-- once) move out of the games row into game_boards, and games.live_events counts the
-- events not voided. In the games row the board came before the snapshot, so every
-- append rewrote overflow pages of the row (3.4 pages synced per event, and some 18
-- whenever the state changed length); now the row is small and an append writes it
-- and the event. Reading a game no longer counts its whole log.

CREATE TABLE game_boards (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    board TEXT NOT NULL,
    initial TEXT NOT NULL
);

INSERT INTO game_boards(game_id, board, initial) SELECT id, board, initial FROM games;

ALTER TABLE games DROP COLUMN board;
ALTER TABLE games DROP COLUMN initial;
ALTER TABLE games ADD COLUMN live_events INTEGER NOT NULL DEFAULT 0;

UPDATE games SET live_events =
    (SELECT count(*) FROM events e WHERE e.game_id = games.id AND NOT e.voided);
