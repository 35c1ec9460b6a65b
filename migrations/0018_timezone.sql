-- 0018_timezone.sql -- a campaign's time zone (API.md "Further additions (2026-12-b)"):
-- an IANA name such as Europe/Paris, in which the exports for other apps (BG Stats
-- playDate, BoardGameGeek date, the CSV) write their dates. A new campaign gets the
-- server's zone when it names none; NULL (campaigns made before this) reads as the
-- server's zone.

ALTER TABLE campaigns ADD COLUMN timezone TEXT;
