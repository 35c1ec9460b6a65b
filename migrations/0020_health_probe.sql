-- 0020_health_probe.sql -- one row the health probe rewrites while the last write has
-- failed for lack of space or an I/O error (API.md "Further additions (2026-12-b)"):
-- health then says ok again once a write commits, without waiting for a user's.

CREATE TABLE health_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at TEXT NOT NULL
);
