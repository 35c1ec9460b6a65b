-- 0016_house_rules.sql -- a campaign's house rules (RULES.md 1b, API.md "House rules"):
-- every switch as a JSON object. A campaign keeps its own; each game copies them at its
-- start and keeps them for its whole life (the engine keeps them in the game's states
-- too, so replay never needs this column). Campaigns from before play the official
-- readings; games from before were played by the readings of then (the goal jump at
-- any turn, no salary for the ticket or the jump), which is what their states say.

ALTER TABLE campaigns ADD COLUMN house_rules TEXT;
ALTER TABLE games ADD COLUMN house_rules TEXT;

UPDATE campaigns SET house_rules = '{"goal_jump":"next_turn","travel_pays_go":true,'
    || '"go_landing":200,"free_parking":"nothing","auction":true,"fees":"ask",'
    || '"stamps_to_win":4,"starting_cash":1500}';
UPDATE games SET house_rules = '{"goal_jump":"any_turn","travel_pays_go":false,'
    || '"go_landing":200,"free_parking":"nothing","auction":true,"fees":"ask",'
    || '"stamps_to_win":4,"starting_cash":1500}' WHERE mode <> 'results';
