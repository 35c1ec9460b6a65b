-- 0015_game_details.sql -- a play of a results edition also records how long it took
-- and where (API.md "Additions of 2026-12": duration_min 0..6000, location up to 80
-- characters, both optional; played_at was there from the start). Numbered after
-- issue 15, clear of the other migrations written at the same time.

ALTER TABLE games ADD COLUMN duration_min INTEGER CHECK (duration_min BETWEEN 0 AND 6000);
ALTER TABLE games ADD COLUMN location TEXT;
