-- 0019_boards_once.sql -- a board is stored once, whatever the number of games that
-- play on it (issue 25: an import of 10,000 games on one board wrote it 10,000 times,
-- some 20 KB each). game_boards names its board in boards; a board is found again by
-- its length, then its text.

CREATE TABLE boards (
    id INTEGER PRIMARY KEY,
    board TEXT NOT NULL
);
CREATE INDEX boards_length ON boards(length(board));

ALTER TABLE game_boards RENAME TO game_boards_0002;
INSERT INTO boards(board) SELECT DISTINCT board FROM game_boards_0002;

CREATE TABLE game_boards (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    board_id INTEGER NOT NULL REFERENCES boards(id),
    initial TEXT NOT NULL
);
CREATE INDEX game_boards_board ON game_boards(board_id);
INSERT INTO game_boards(game_id, board_id, initial)
    SELECT gb.game_id, b.id, gb.initial FROM game_boards_0002 gb
    JOIN boards b ON length(b.board) = length(gb.board) AND b.board = gb.board;

DROP TABLE game_boards_0002;
