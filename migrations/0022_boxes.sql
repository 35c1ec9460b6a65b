-- 0022_boxes.sql -- a campaign holds one box per edition it plays (issue 39): its own
-- box stays campaigns.board (of campaigns.edition); the box of every other edition the
-- group has played is a row of boxes, made by that edition's first game. A game names
-- the edition (the box) it is played with, and each box has at most one active game.
-- Every game of a database made before is of its campaign's edition.

CREATE TABLE boxes (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    edition TEXT NOT NULL,
    board TEXT NOT NULL,
    PRIMARY KEY (campaign_id, edition)
) WITHOUT ROWID;

ALTER TABLE games ADD COLUMN edition TEXT NOT NULL DEFAULT '';
UPDATE games SET edition = (SELECT c.edition FROM campaigns c WHERE c.id = games.campaign_id);

DROP INDEX games_one_active;
CREATE UNIQUE INDEX games_one_active ON games(campaign_id, edition) WHERE status = 'active';
