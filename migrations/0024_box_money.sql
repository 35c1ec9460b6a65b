-- 0024_box_money.sql -- a box file's money is the game's money (issue 41, API.md "Further
-- additions (2026-12-c)"). Migration 0016 gave every game from before house rules the
-- rulebook's starting cash of 1,500, but such a game was played with its box's: its
-- initial state says so, and its house rules now say the same (an export names them, and
-- an import replays by them). A campaign whose house rules kept the 1,500 a release gave
-- whatever its box said starts its new games with its box's start_cash (within
-- HOUSE-CASH's range, 500 to 5,000 in tens).

UPDATE games SET house_rules = json_set(house_rules, '$.starting_cash',
        (SELECT json_extract(gb.initial, '$.players[0].cash') FROM game_boards gb
         WHERE gb.game_id = games.id))
    WHERE mode = 'banker' AND json_valid(house_rules) AND EXISTS (
        SELECT 1 FROM game_boards gb
        WHERE gb.game_id = games.id AND json_valid(gb.initial)
          AND json_type(gb.initial, '$.players[0].cash') = 'integer'
          AND json_extract(gb.initial, '$.players[0].cash') BETWEEN 500 AND 5000
          AND json_extract(gb.initial, '$.players[0].cash') % 10 = 0
          AND json_extract(gb.initial, '$.players[0].cash')
              <> json_extract(games.house_rules, '$.starting_cash'));

UPDATE campaigns SET house_rules = json_set(house_rules, '$.starting_cash',
        json_extract(board, '$.start_cash'))
    WHERE json_valid(house_rules) AND json_valid(board)
      AND json_extract(house_rules, '$.starting_cash') = 1500
      AND json_type(board, '$.start_cash') = 'integer'
      AND json_extract(board, '$.start_cash') BETWEEN 500 AND 5000
      AND json_extract(board, '$.start_cash') % 10 = 0
      AND json_extract(board, '$.start_cash') <> 1500;
