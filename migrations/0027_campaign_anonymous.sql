-- 0027_campaign_anonymous.sql -- a campaign created by a request that presented no
-- admin key (a server without one) says so (issue 43): the event streams of such
-- campaigns share a budget of their own, so that campaigns anyone on the LAN can make
-- in numbers never take the stream slots of the others. Campaigns made before: 0.
ALTER TABLE campaigns ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1));
