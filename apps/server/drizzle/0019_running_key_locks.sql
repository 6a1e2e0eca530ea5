-- The rollup trigger of migration 0018 taking a transaction advisory lock per creative key
-- (stats/running.ts, runningKeyLocks) before it adds late writes to stats_creative_running: two
-- statements writing closed hours of one key at once no longer miss each other's change.
CREATE OR REPLACE FUNCTION "stats_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  emptied text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    WHEN 'UPDATE' THEN 'SELECT * FROM new_rows WHERE "requests" = 0 AND "fills" = 0 AND "impressions" = 0 AND "clicks" = 0 AND "cost" = 0 AND "income" = 0 AND "partner_revenue" = 0 AND "partner_take" = 0 AND "auctions" = 0'
  END;
  open_from timestamptz;
  closed boolean;
BEGIN
  SELECT o."open_from" INTO open_from FROM "stats_daily_open" o WHERE o."id" = 1 FOR SHARE;
  EXECUTE format($sql$
    INSERT INTO "stats_plan_hourly" AS t ("hour", "advertiser_id", "plan_id", "requests", "fills", "impressions", "clicks", "cost", "income", "partner_revenue", "partner_take", "auctions")
    SELECT c."hour", c."advertiser_id", c."plan_id", sum(c.sign * c."requests"), sum(c.sign * c."fills"), sum(c.sign * c."impressions"), sum(c.sign * c."clicks"), sum(c.sign * c."cost"), sum(c.sign * c."income"), sum(c.sign * c."partner_revenue"), sum(c.sign * c."partner_take"), sum(c.sign * c."auctions")
    FROM (%s) c
    GROUP BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT "stats_plan_hourly_pkey" DO UPDATE SET
      "requests" = t."requests" + excluded."requests",
      "fills" = t."fills" + excluded."fills",
      "impressions" = t."impressions" + excluded."impressions",
      "clicks" = t."clicks" + excluded."clicks",
      "cost" = t."cost" + excluded."cost",
      "income" = t."income" + excluded."income",
      "partner_revenue" = t."partner_revenue" + excluded."partner_revenue",
      "partner_take" = t."partner_take" + excluded."partner_take",
      "auctions" = t."auctions" + excluded."auctions"
  $sql$, changed);
  IF emptied IS NOT NULL THEN
    EXECUTE format($sql$
    DELETE FROM "stats_plan_hourly" t USING (%s) o
    WHERE t."hour" = o."hour" AND t."advertiser_id" = o."advertiser_id" AND t."plan_id" = o."plan_id"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0 AND t."cost" = 0 AND t."income" = 0 AND t."partner_revenue" = 0 AND t."partner_take" = 0 AND t."auctions" = 0
    $sql$, emptied);
  END IF;
  -- The daily rollups hold closed hours only (migration 0008): a statement writing open hours
  -- alone (every delivery flush) has nothing to add to them.
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM (%s) c WHERE c."hour" < $1)', changed)
    INTO closed USING open_from;
  IF closed THEN
    EXECUTE format($sql$
      INSERT INTO "stats_daily" AS t ("day", "advertiser_id", "plan_id", "strategy_id", "creative_id", "media_id", "slot_id", "dsp_id", "country", "os", "app_version", "requests", "fills", "impressions", "clicks", "cost", "income", "partner_revenue", "partner_take", "auctions")
      SELECT date_trunc('day', c."hour", 'UTC'), c."advertiser_id", c."plan_id", c."strategy_id", c."creative_id", c."media_id", c."slot_id", c."dsp_id", c."country", c."os", c."app_version",
        sum(c.sign * c."requests"), sum(c.sign * c."fills"), sum(c.sign * c."impressions"), sum(c.sign * c."clicks"), sum(c.sign * c."cost"), sum(c.sign * c."income"), sum(c.sign * c."partner_revenue"), sum(c.sign * c."partner_take"), sum(c.sign * c."auctions")
      FROM (%s) c
      WHERE c."hour" < $1
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ON CONFLICT ON CONSTRAINT "stats_daily_pkey" DO UPDATE SET
        "requests" = t."requests" + excluded."requests",
        "fills" = t."fills" + excluded."fills",
        "impressions" = t."impressions" + excluded."impressions",
        "clicks" = t."clicks" + excluded."clicks",
        "cost" = t."cost" + excluded."cost",
        "income" = t."income" + excluded."income",
        "partner_revenue" = t."partner_revenue" + excluded."partner_revenue",
        "partner_take" = t."partner_take" + excluded."partner_take",
        "auctions" = t."auctions" + excluded."auctions"
    $sql$, changed) USING open_from;
    EXECUTE format($sql$
      INSERT INTO "stats_geo_daily" AS t ("day", "advertiser_id", "country", "os", "requests", "fills", "impressions", "clicks", "cost", "income", "partner_revenue", "partner_take", "auctions")
      SELECT date_trunc('day', c."hour", 'UTC'), c."advertiser_id", c."country", c."os",
        sum(c.sign * c.requests),
        sum(c.sign * c.fills),
        sum(c.sign * c.impressions),
        sum(c.sign * c.clicks),
        sum(c.sign * c.cost),
        sum(c.sign * c.income),
        sum(c.sign * c.partner_revenue),
        sum(c.sign * c.partner_take),
        sum(c.sign * c.auctions)
      FROM (SELECT x.*, extract(hour from x."hour" at time zone 'UTC')::int AS h FROM (%s) x) c
      WHERE c."hour" < $1
      GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "stats_geo_daily_pkey" DO UPDATE SET
        "requests" = t."requests" + excluded."requests",
        "fills" = t."fills" + excluded."fills",
        "impressions" = t."impressions" + excluded."impressions",
        "clicks" = t."clicks" + excluded."clicks",
        "cost" = t."cost" + excluded."cost",
        "income" = t."income" + excluded."income",
        "partner_revenue" = t."partner_revenue" + excluded."partner_revenue",
        "partner_take" = t."partner_take" + excluded."partner_take",
        "auctions" = t."auctions" + excluded."auctions"
    $sql$, changed) USING open_from;
    EXECUTE format($sql$
      INSERT INTO "stats_creative_daily" AS t ("day", "advertiser_id", "plan_id", "strategy_id", "creative_id", "requests_h00", "requests_h01", "requests_h02", "requests_h03", "requests_h04", "requests_h05", "requests_h06", "requests_h07", "requests_h08", "requests_h09", "requests_h10", "requests_h11", "requests_h12", "requests_h13", "requests_h14", "requests_h15", "requests_h16", "requests_h17", "requests_h18", "requests_h19", "requests_h20", "requests_h21", "requests_h22", "requests_h23", "fills_h00", "fills_h01", "fills_h02", "fills_h03", "fills_h04", "fills_h05", "fills_h06", "fills_h07", "fills_h08", "fills_h09", "fills_h10", "fills_h11", "fills_h12", "fills_h13", "fills_h14", "fills_h15", "fills_h16", "fills_h17", "fills_h18", "fills_h19", "fills_h20", "fills_h21", "fills_h22", "fills_h23", "impressions_h00", "impressions_h01", "impressions_h02", "impressions_h03", "impressions_h04", "impressions_h05", "impressions_h06", "impressions_h07", "impressions_h08", "impressions_h09", "impressions_h10", "impressions_h11", "impressions_h12", "impressions_h13", "impressions_h14", "impressions_h15", "impressions_h16", "impressions_h17", "impressions_h18", "impressions_h19", "impressions_h20", "impressions_h21", "impressions_h22", "impressions_h23", "clicks_h00", "clicks_h01", "clicks_h02", "clicks_h03", "clicks_h04", "clicks_h05", "clicks_h06", "clicks_h07", "clicks_h08", "clicks_h09", "clicks_h10", "clicks_h11", "clicks_h12", "clicks_h13", "clicks_h14", "clicks_h15", "clicks_h16", "clicks_h17", "clicks_h18", "clicks_h19", "clicks_h20", "clicks_h21", "clicks_h22", "clicks_h23", "cost_h00", "cost_h01", "cost_h02", "cost_h03", "cost_h04", "cost_h05", "cost_h06", "cost_h07", "cost_h08", "cost_h09", "cost_h10", "cost_h11", "cost_h12", "cost_h13", "cost_h14", "cost_h15", "cost_h16", "cost_h17", "cost_h18", "cost_h19", "cost_h20", "cost_h21", "cost_h22", "cost_h23", "income_h00", "income_h01", "income_h02", "income_h03", "income_h04", "income_h05", "income_h06", "income_h07", "income_h08", "income_h09", "income_h10", "income_h11", "income_h12", "income_h13", "income_h14", "income_h15", "income_h16", "income_h17", "income_h18", "income_h19", "income_h20", "income_h21", "income_h22", "income_h23", "partner_revenue_h00", "partner_revenue_h01", "partner_revenue_h02", "partner_revenue_h03", "partner_revenue_h04", "partner_revenue_h05", "partner_revenue_h06", "partner_revenue_h07", "partner_revenue_h08", "partner_revenue_h09", "partner_revenue_h10", "partner_revenue_h11", "partner_revenue_h12", "partner_revenue_h13", "partner_revenue_h14", "partner_revenue_h15", "partner_revenue_h16", "partner_revenue_h17", "partner_revenue_h18", "partner_revenue_h19", "partner_revenue_h20", "partner_revenue_h21", "partner_revenue_h22", "partner_revenue_h23", "partner_take_h00", "partner_take_h01", "partner_take_h02", "partner_take_h03", "partner_take_h04", "partner_take_h05", "partner_take_h06", "partner_take_h07", "partner_take_h08", "partner_take_h09", "partner_take_h10", "partner_take_h11", "partner_take_h12", "partner_take_h13", "partner_take_h14", "partner_take_h15", "partner_take_h16", "partner_take_h17", "partner_take_h18", "partner_take_h19", "partner_take_h20", "partner_take_h21", "partner_take_h22", "partner_take_h23", "auctions_h00", "auctions_h01", "auctions_h02", "auctions_h03", "auctions_h04", "auctions_h05", "auctions_h06", "auctions_h07", "auctions_h08", "auctions_h09", "auctions_h10", "auctions_h11", "auctions_h12", "auctions_h13", "auctions_h14", "auctions_h15", "auctions_h16", "auctions_h17", "auctions_h18", "auctions_h19", "auctions_h20", "auctions_h21", "auctions_h22", "auctions_h23")
      SELECT date_trunc('day', c."hour", 'UTC'), c."advertiser_id", c."plan_id", c."strategy_id", c."creative_id",
        coalesce(sum(c.sign * c.requests) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.requests) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.fills) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.impressions) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.clicks) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.cost) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.income) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.partner_take) filter (where c.h = 23), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 0), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 1), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 2), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 3), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 4), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 5), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 6), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 7), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 8), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 9), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 10), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 11), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 12), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 13), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 14), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 15), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 16), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 17), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 18), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 19), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 20), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 21), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 22), 0),
        coalesce(sum(c.sign * c.auctions) filter (where c.h = 23), 0)
      FROM (SELECT x.*, extract(hour from x."hour" at time zone 'UTC')::int AS h FROM (%s) x) c
      WHERE c."hour" < $1
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT "stats_creative_daily_pkey" DO UPDATE SET
        "requests_h00" = t."requests_h00" + excluded."requests_h00",
        "requests_h01" = t."requests_h01" + excluded."requests_h01",
        "requests_h02" = t."requests_h02" + excluded."requests_h02",
        "requests_h03" = t."requests_h03" + excluded."requests_h03",
        "requests_h04" = t."requests_h04" + excluded."requests_h04",
        "requests_h05" = t."requests_h05" + excluded."requests_h05",
        "requests_h06" = t."requests_h06" + excluded."requests_h06",
        "requests_h07" = t."requests_h07" + excluded."requests_h07",
        "requests_h08" = t."requests_h08" + excluded."requests_h08",
        "requests_h09" = t."requests_h09" + excluded."requests_h09",
        "requests_h10" = t."requests_h10" + excluded."requests_h10",
        "requests_h11" = t."requests_h11" + excluded."requests_h11",
        "requests_h12" = t."requests_h12" + excluded."requests_h12",
        "requests_h13" = t."requests_h13" + excluded."requests_h13",
        "requests_h14" = t."requests_h14" + excluded."requests_h14",
        "requests_h15" = t."requests_h15" + excluded."requests_h15",
        "requests_h16" = t."requests_h16" + excluded."requests_h16",
        "requests_h17" = t."requests_h17" + excluded."requests_h17",
        "requests_h18" = t."requests_h18" + excluded."requests_h18",
        "requests_h19" = t."requests_h19" + excluded."requests_h19",
        "requests_h20" = t."requests_h20" + excluded."requests_h20",
        "requests_h21" = t."requests_h21" + excluded."requests_h21",
        "requests_h22" = t."requests_h22" + excluded."requests_h22",
        "requests_h23" = t."requests_h23" + excluded."requests_h23",
        "fills_h00" = t."fills_h00" + excluded."fills_h00",
        "fills_h01" = t."fills_h01" + excluded."fills_h01",
        "fills_h02" = t."fills_h02" + excluded."fills_h02",
        "fills_h03" = t."fills_h03" + excluded."fills_h03",
        "fills_h04" = t."fills_h04" + excluded."fills_h04",
        "fills_h05" = t."fills_h05" + excluded."fills_h05",
        "fills_h06" = t."fills_h06" + excluded."fills_h06",
        "fills_h07" = t."fills_h07" + excluded."fills_h07",
        "fills_h08" = t."fills_h08" + excluded."fills_h08",
        "fills_h09" = t."fills_h09" + excluded."fills_h09",
        "fills_h10" = t."fills_h10" + excluded."fills_h10",
        "fills_h11" = t."fills_h11" + excluded."fills_h11",
        "fills_h12" = t."fills_h12" + excluded."fills_h12",
        "fills_h13" = t."fills_h13" + excluded."fills_h13",
        "fills_h14" = t."fills_h14" + excluded."fills_h14",
        "fills_h15" = t."fills_h15" + excluded."fills_h15",
        "fills_h16" = t."fills_h16" + excluded."fills_h16",
        "fills_h17" = t."fills_h17" + excluded."fills_h17",
        "fills_h18" = t."fills_h18" + excluded."fills_h18",
        "fills_h19" = t."fills_h19" + excluded."fills_h19",
        "fills_h20" = t."fills_h20" + excluded."fills_h20",
        "fills_h21" = t."fills_h21" + excluded."fills_h21",
        "fills_h22" = t."fills_h22" + excluded."fills_h22",
        "fills_h23" = t."fills_h23" + excluded."fills_h23",
        "impressions_h00" = t."impressions_h00" + excluded."impressions_h00",
        "impressions_h01" = t."impressions_h01" + excluded."impressions_h01",
        "impressions_h02" = t."impressions_h02" + excluded."impressions_h02",
        "impressions_h03" = t."impressions_h03" + excluded."impressions_h03",
        "impressions_h04" = t."impressions_h04" + excluded."impressions_h04",
        "impressions_h05" = t."impressions_h05" + excluded."impressions_h05",
        "impressions_h06" = t."impressions_h06" + excluded."impressions_h06",
        "impressions_h07" = t."impressions_h07" + excluded."impressions_h07",
        "impressions_h08" = t."impressions_h08" + excluded."impressions_h08",
        "impressions_h09" = t."impressions_h09" + excluded."impressions_h09",
        "impressions_h10" = t."impressions_h10" + excluded."impressions_h10",
        "impressions_h11" = t."impressions_h11" + excluded."impressions_h11",
        "impressions_h12" = t."impressions_h12" + excluded."impressions_h12",
        "impressions_h13" = t."impressions_h13" + excluded."impressions_h13",
        "impressions_h14" = t."impressions_h14" + excluded."impressions_h14",
        "impressions_h15" = t."impressions_h15" + excluded."impressions_h15",
        "impressions_h16" = t."impressions_h16" + excluded."impressions_h16",
        "impressions_h17" = t."impressions_h17" + excluded."impressions_h17",
        "impressions_h18" = t."impressions_h18" + excluded."impressions_h18",
        "impressions_h19" = t."impressions_h19" + excluded."impressions_h19",
        "impressions_h20" = t."impressions_h20" + excluded."impressions_h20",
        "impressions_h21" = t."impressions_h21" + excluded."impressions_h21",
        "impressions_h22" = t."impressions_h22" + excluded."impressions_h22",
        "impressions_h23" = t."impressions_h23" + excluded."impressions_h23",
        "clicks_h00" = t."clicks_h00" + excluded."clicks_h00",
        "clicks_h01" = t."clicks_h01" + excluded."clicks_h01",
        "clicks_h02" = t."clicks_h02" + excluded."clicks_h02",
        "clicks_h03" = t."clicks_h03" + excluded."clicks_h03",
        "clicks_h04" = t."clicks_h04" + excluded."clicks_h04",
        "clicks_h05" = t."clicks_h05" + excluded."clicks_h05",
        "clicks_h06" = t."clicks_h06" + excluded."clicks_h06",
        "clicks_h07" = t."clicks_h07" + excluded."clicks_h07",
        "clicks_h08" = t."clicks_h08" + excluded."clicks_h08",
        "clicks_h09" = t."clicks_h09" + excluded."clicks_h09",
        "clicks_h10" = t."clicks_h10" + excluded."clicks_h10",
        "clicks_h11" = t."clicks_h11" + excluded."clicks_h11",
        "clicks_h12" = t."clicks_h12" + excluded."clicks_h12",
        "clicks_h13" = t."clicks_h13" + excluded."clicks_h13",
        "clicks_h14" = t."clicks_h14" + excluded."clicks_h14",
        "clicks_h15" = t."clicks_h15" + excluded."clicks_h15",
        "clicks_h16" = t."clicks_h16" + excluded."clicks_h16",
        "clicks_h17" = t."clicks_h17" + excluded."clicks_h17",
        "clicks_h18" = t."clicks_h18" + excluded."clicks_h18",
        "clicks_h19" = t."clicks_h19" + excluded."clicks_h19",
        "clicks_h20" = t."clicks_h20" + excluded."clicks_h20",
        "clicks_h21" = t."clicks_h21" + excluded."clicks_h21",
        "clicks_h22" = t."clicks_h22" + excluded."clicks_h22",
        "clicks_h23" = t."clicks_h23" + excluded."clicks_h23",
        "cost_h00" = t."cost_h00" + excluded."cost_h00",
        "cost_h01" = t."cost_h01" + excluded."cost_h01",
        "cost_h02" = t."cost_h02" + excluded."cost_h02",
        "cost_h03" = t."cost_h03" + excluded."cost_h03",
        "cost_h04" = t."cost_h04" + excluded."cost_h04",
        "cost_h05" = t."cost_h05" + excluded."cost_h05",
        "cost_h06" = t."cost_h06" + excluded."cost_h06",
        "cost_h07" = t."cost_h07" + excluded."cost_h07",
        "cost_h08" = t."cost_h08" + excluded."cost_h08",
        "cost_h09" = t."cost_h09" + excluded."cost_h09",
        "cost_h10" = t."cost_h10" + excluded."cost_h10",
        "cost_h11" = t."cost_h11" + excluded."cost_h11",
        "cost_h12" = t."cost_h12" + excluded."cost_h12",
        "cost_h13" = t."cost_h13" + excluded."cost_h13",
        "cost_h14" = t."cost_h14" + excluded."cost_h14",
        "cost_h15" = t."cost_h15" + excluded."cost_h15",
        "cost_h16" = t."cost_h16" + excluded."cost_h16",
        "cost_h17" = t."cost_h17" + excluded."cost_h17",
        "cost_h18" = t."cost_h18" + excluded."cost_h18",
        "cost_h19" = t."cost_h19" + excluded."cost_h19",
        "cost_h20" = t."cost_h20" + excluded."cost_h20",
        "cost_h21" = t."cost_h21" + excluded."cost_h21",
        "cost_h22" = t."cost_h22" + excluded."cost_h22",
        "cost_h23" = t."cost_h23" + excluded."cost_h23",
        "income_h00" = t."income_h00" + excluded."income_h00",
        "income_h01" = t."income_h01" + excluded."income_h01",
        "income_h02" = t."income_h02" + excluded."income_h02",
        "income_h03" = t."income_h03" + excluded."income_h03",
        "income_h04" = t."income_h04" + excluded."income_h04",
        "income_h05" = t."income_h05" + excluded."income_h05",
        "income_h06" = t."income_h06" + excluded."income_h06",
        "income_h07" = t."income_h07" + excluded."income_h07",
        "income_h08" = t."income_h08" + excluded."income_h08",
        "income_h09" = t."income_h09" + excluded."income_h09",
        "income_h10" = t."income_h10" + excluded."income_h10",
        "income_h11" = t."income_h11" + excluded."income_h11",
        "income_h12" = t."income_h12" + excluded."income_h12",
        "income_h13" = t."income_h13" + excluded."income_h13",
        "income_h14" = t."income_h14" + excluded."income_h14",
        "income_h15" = t."income_h15" + excluded."income_h15",
        "income_h16" = t."income_h16" + excluded."income_h16",
        "income_h17" = t."income_h17" + excluded."income_h17",
        "income_h18" = t."income_h18" + excluded."income_h18",
        "income_h19" = t."income_h19" + excluded."income_h19",
        "income_h20" = t."income_h20" + excluded."income_h20",
        "income_h21" = t."income_h21" + excluded."income_h21",
        "income_h22" = t."income_h22" + excluded."income_h22",
        "income_h23" = t."income_h23" + excluded."income_h23",
        "partner_revenue_h00" = t."partner_revenue_h00" + excluded."partner_revenue_h00",
        "partner_revenue_h01" = t."partner_revenue_h01" + excluded."partner_revenue_h01",
        "partner_revenue_h02" = t."partner_revenue_h02" + excluded."partner_revenue_h02",
        "partner_revenue_h03" = t."partner_revenue_h03" + excluded."partner_revenue_h03",
        "partner_revenue_h04" = t."partner_revenue_h04" + excluded."partner_revenue_h04",
        "partner_revenue_h05" = t."partner_revenue_h05" + excluded."partner_revenue_h05",
        "partner_revenue_h06" = t."partner_revenue_h06" + excluded."partner_revenue_h06",
        "partner_revenue_h07" = t."partner_revenue_h07" + excluded."partner_revenue_h07",
        "partner_revenue_h08" = t."partner_revenue_h08" + excluded."partner_revenue_h08",
        "partner_revenue_h09" = t."partner_revenue_h09" + excluded."partner_revenue_h09",
        "partner_revenue_h10" = t."partner_revenue_h10" + excluded."partner_revenue_h10",
        "partner_revenue_h11" = t."partner_revenue_h11" + excluded."partner_revenue_h11",
        "partner_revenue_h12" = t."partner_revenue_h12" + excluded."partner_revenue_h12",
        "partner_revenue_h13" = t."partner_revenue_h13" + excluded."partner_revenue_h13",
        "partner_revenue_h14" = t."partner_revenue_h14" + excluded."partner_revenue_h14",
        "partner_revenue_h15" = t."partner_revenue_h15" + excluded."partner_revenue_h15",
        "partner_revenue_h16" = t."partner_revenue_h16" + excluded."partner_revenue_h16",
        "partner_revenue_h17" = t."partner_revenue_h17" + excluded."partner_revenue_h17",
        "partner_revenue_h18" = t."partner_revenue_h18" + excluded."partner_revenue_h18",
        "partner_revenue_h19" = t."partner_revenue_h19" + excluded."partner_revenue_h19",
        "partner_revenue_h20" = t."partner_revenue_h20" + excluded."partner_revenue_h20",
        "partner_revenue_h21" = t."partner_revenue_h21" + excluded."partner_revenue_h21",
        "partner_revenue_h22" = t."partner_revenue_h22" + excluded."partner_revenue_h22",
        "partner_revenue_h23" = t."partner_revenue_h23" + excluded."partner_revenue_h23",
        "partner_take_h00" = t."partner_take_h00" + excluded."partner_take_h00",
        "partner_take_h01" = t."partner_take_h01" + excluded."partner_take_h01",
        "partner_take_h02" = t."partner_take_h02" + excluded."partner_take_h02",
        "partner_take_h03" = t."partner_take_h03" + excluded."partner_take_h03",
        "partner_take_h04" = t."partner_take_h04" + excluded."partner_take_h04",
        "partner_take_h05" = t."partner_take_h05" + excluded."partner_take_h05",
        "partner_take_h06" = t."partner_take_h06" + excluded."partner_take_h06",
        "partner_take_h07" = t."partner_take_h07" + excluded."partner_take_h07",
        "partner_take_h08" = t."partner_take_h08" + excluded."partner_take_h08",
        "partner_take_h09" = t."partner_take_h09" + excluded."partner_take_h09",
        "partner_take_h10" = t."partner_take_h10" + excluded."partner_take_h10",
        "partner_take_h11" = t."partner_take_h11" + excluded."partner_take_h11",
        "partner_take_h12" = t."partner_take_h12" + excluded."partner_take_h12",
        "partner_take_h13" = t."partner_take_h13" + excluded."partner_take_h13",
        "partner_take_h14" = t."partner_take_h14" + excluded."partner_take_h14",
        "partner_take_h15" = t."partner_take_h15" + excluded."partner_take_h15",
        "partner_take_h16" = t."partner_take_h16" + excluded."partner_take_h16",
        "partner_take_h17" = t."partner_take_h17" + excluded."partner_take_h17",
        "partner_take_h18" = t."partner_take_h18" + excluded."partner_take_h18",
        "partner_take_h19" = t."partner_take_h19" + excluded."partner_take_h19",
        "partner_take_h20" = t."partner_take_h20" + excluded."partner_take_h20",
        "partner_take_h21" = t."partner_take_h21" + excluded."partner_take_h21",
        "partner_take_h22" = t."partner_take_h22" + excluded."partner_take_h22",
        "partner_take_h23" = t."partner_take_h23" + excluded."partner_take_h23",
        "auctions_h00" = t."auctions_h00" + excluded."auctions_h00",
        "auctions_h01" = t."auctions_h01" + excluded."auctions_h01",
        "auctions_h02" = t."auctions_h02" + excluded."auctions_h02",
        "auctions_h03" = t."auctions_h03" + excluded."auctions_h03",
        "auctions_h04" = t."auctions_h04" + excluded."auctions_h04",
        "auctions_h05" = t."auctions_h05" + excluded."auctions_h05",
        "auctions_h06" = t."auctions_h06" + excluded."auctions_h06",
        "auctions_h07" = t."auctions_h07" + excluded."auctions_h07",
        "auctions_h08" = t."auctions_h08" + excluded."auctions_h08",
        "auctions_h09" = t."auctions_h09" + excluded."auctions_h09",
        "auctions_h10" = t."auctions_h10" + excluded."auctions_h10",
        "auctions_h11" = t."auctions_h11" + excluded."auctions_h11",
        "auctions_h12" = t."auctions_h12" + excluded."auctions_h12",
        "auctions_h13" = t."auctions_h13" + excluded."auctions_h13",
        "auctions_h14" = t."auctions_h14" + excluded."auctions_h14",
        "auctions_h15" = t."auctions_h15" + excluded."auctions_h15",
        "auctions_h16" = t."auctions_h16" + excluded."auctions_h16",
        "auctions_h17" = t."auctions_h17" + excluded."auctions_h17",
        "auctions_h18" = t."auctions_h18" + excluded."auctions_h18",
        "auctions_h19" = t."auctions_h19" + excluded."auctions_h19",
        "auctions_h20" = t."auctions_h20" + excluded."auctions_h20",
        "auctions_h21" = t."auctions_h21" + excluded."auctions_h21",
        "auctions_h22" = t."auctions_h22" + excluded."auctions_h22",
        "auctions_h23" = t."auctions_h23" + excluded."auctions_h23"
    $sql$, changed) USING open_from;
    EXECUTE format($sql$
      SELECT pg_advisory_xact_lock(18, k.bucket)
    FROM (SELECT DISTINCT mod(hashtext(concat_ws(',', c."advertiser_id", c."plan_id", c."strategy_id", c."creative_id")), 1024) AS bucket
      FROM (%s) c WHERE c."hour" < $1
      ORDER BY 1) k
    $sql$, changed) USING open_from;
    EXECUTE format($sql$
      WITH "d" AS (SELECT date_trunc('day', c."hour", 'UTC') AS "day", c."advertiser_id", c."plan_id", c."strategy_id", c."creative_id",
        coalesce(sum(c.sign * c.requests) filter (where c.h = 0), 0) AS "requests_h00", coalesce(sum(c.sign * c.requests) filter (where c.h = 1), 0) AS "requests_h01", coalesce(sum(c.sign * c.requests) filter (where c.h = 2), 0) AS "requests_h02", coalesce(sum(c.sign * c.requests) filter (where c.h = 3), 0) AS "requests_h03", coalesce(sum(c.sign * c.requests) filter (where c.h = 4), 0) AS "requests_h04", coalesce(sum(c.sign * c.requests) filter (where c.h = 5), 0) AS "requests_h05", coalesce(sum(c.sign * c.requests) filter (where c.h = 6), 0) AS "requests_h06", coalesce(sum(c.sign * c.requests) filter (where c.h = 7), 0) AS "requests_h07", coalesce(sum(c.sign * c.requests) filter (where c.h = 8), 0) AS "requests_h08", coalesce(sum(c.sign * c.requests) filter (where c.h = 9), 0) AS "requests_h09", coalesce(sum(c.sign * c.requests) filter (where c.h = 10), 0) AS "requests_h10", coalesce(sum(c.sign * c.requests) filter (where c.h = 11), 0) AS "requests_h11", coalesce(sum(c.sign * c.requests) filter (where c.h = 12), 0) AS "requests_h12", coalesce(sum(c.sign * c.requests) filter (where c.h = 13), 0) AS "requests_h13", coalesce(sum(c.sign * c.requests) filter (where c.h = 14), 0) AS "requests_h14", coalesce(sum(c.sign * c.requests) filter (where c.h = 15), 0) AS "requests_h15", coalesce(sum(c.sign * c.requests) filter (where c.h = 16), 0) AS "requests_h16", coalesce(sum(c.sign * c.requests) filter (where c.h = 17), 0) AS "requests_h17", coalesce(sum(c.sign * c.requests) filter (where c.h = 18), 0) AS "requests_h18", coalesce(sum(c.sign * c.requests) filter (where c.h = 19), 0) AS "requests_h19", coalesce(sum(c.sign * c.requests) filter (where c.h = 20), 0) AS "requests_h20", coalesce(sum(c.sign * c.requests) filter (where c.h = 21), 0) AS "requests_h21", coalesce(sum(c.sign * c.requests) filter (where c.h = 22), 0) AS "requests_h22", coalesce(sum(c.sign * c.requests) filter (where c.h = 23), 0) AS "requests_h23", coalesce(sum(c.sign * c.fills) filter (where c.h = 0), 0) AS "fills_h00", coalesce(sum(c.sign * c.fills) filter (where c.h = 1), 0) AS "fills_h01", coalesce(sum(c.sign * c.fills) filter (where c.h = 2), 0) AS "fills_h02", coalesce(sum(c.sign * c.fills) filter (where c.h = 3), 0) AS "fills_h03", coalesce(sum(c.sign * c.fills) filter (where c.h = 4), 0) AS "fills_h04", coalesce(sum(c.sign * c.fills) filter (where c.h = 5), 0) AS "fills_h05", coalesce(sum(c.sign * c.fills) filter (where c.h = 6), 0) AS "fills_h06", coalesce(sum(c.sign * c.fills) filter (where c.h = 7), 0) AS "fills_h07", coalesce(sum(c.sign * c.fills) filter (where c.h = 8), 0) AS "fills_h08", coalesce(sum(c.sign * c.fills) filter (where c.h = 9), 0) AS "fills_h09", coalesce(sum(c.sign * c.fills) filter (where c.h = 10), 0) AS "fills_h10", coalesce(sum(c.sign * c.fills) filter (where c.h = 11), 0) AS "fills_h11", coalesce(sum(c.sign * c.fills) filter (where c.h = 12), 0) AS "fills_h12", coalesce(sum(c.sign * c.fills) filter (where c.h = 13), 0) AS "fills_h13", coalesce(sum(c.sign * c.fills) filter (where c.h = 14), 0) AS "fills_h14", coalesce(sum(c.sign * c.fills) filter (where c.h = 15), 0) AS "fills_h15", coalesce(sum(c.sign * c.fills) filter (where c.h = 16), 0) AS "fills_h16", coalesce(sum(c.sign * c.fills) filter (where c.h = 17), 0) AS "fills_h17", coalesce(sum(c.sign * c.fills) filter (where c.h = 18), 0) AS "fills_h18", coalesce(sum(c.sign * c.fills) filter (where c.h = 19), 0) AS "fills_h19", coalesce(sum(c.sign * c.fills) filter (where c.h = 20), 0) AS "fills_h20", coalesce(sum(c.sign * c.fills) filter (where c.h = 21), 0) AS "fills_h21", coalesce(sum(c.sign * c.fills) filter (where c.h = 22), 0) AS "fills_h22", coalesce(sum(c.sign * c.fills) filter (where c.h = 23), 0) AS "fills_h23", coalesce(sum(c.sign * c.impressions) filter (where c.h = 0), 0) AS "impressions_h00", coalesce(sum(c.sign * c.impressions) filter (where c.h = 1), 0) AS "impressions_h01", coalesce(sum(c.sign * c.impressions) filter (where c.h = 2), 0) AS "impressions_h02", coalesce(sum(c.sign * c.impressions) filter (where c.h = 3), 0) AS "impressions_h03", coalesce(sum(c.sign * c.impressions) filter (where c.h = 4), 0) AS "impressions_h04", coalesce(sum(c.sign * c.impressions) filter (where c.h = 5), 0) AS "impressions_h05", coalesce(sum(c.sign * c.impressions) filter (where c.h = 6), 0) AS "impressions_h06", coalesce(sum(c.sign * c.impressions) filter (where c.h = 7), 0) AS "impressions_h07", coalesce(sum(c.sign * c.impressions) filter (where c.h = 8), 0) AS "impressions_h08", coalesce(sum(c.sign * c.impressions) filter (where c.h = 9), 0) AS "impressions_h09", coalesce(sum(c.sign * c.impressions) filter (where c.h = 10), 0) AS "impressions_h10", coalesce(sum(c.sign * c.impressions) filter (where c.h = 11), 0) AS "impressions_h11", coalesce(sum(c.sign * c.impressions) filter (where c.h = 12), 0) AS "impressions_h12", coalesce(sum(c.sign * c.impressions) filter (where c.h = 13), 0) AS "impressions_h13", coalesce(sum(c.sign * c.impressions) filter (where c.h = 14), 0) AS "impressions_h14", coalesce(sum(c.sign * c.impressions) filter (where c.h = 15), 0) AS "impressions_h15", coalesce(sum(c.sign * c.impressions) filter (where c.h = 16), 0) AS "impressions_h16", coalesce(sum(c.sign * c.impressions) filter (where c.h = 17), 0) AS "impressions_h17", coalesce(sum(c.sign * c.impressions) filter (where c.h = 18), 0) AS "impressions_h18", coalesce(sum(c.sign * c.impressions) filter (where c.h = 19), 0) AS "impressions_h19", coalesce(sum(c.sign * c.impressions) filter (where c.h = 20), 0) AS "impressions_h20", coalesce(sum(c.sign * c.impressions) filter (where c.h = 21), 0) AS "impressions_h21", coalesce(sum(c.sign * c.impressions) filter (where c.h = 22), 0) AS "impressions_h22", coalesce(sum(c.sign * c.impressions) filter (where c.h = 23), 0) AS "impressions_h23", coalesce(sum(c.sign * c.clicks) filter (where c.h = 0), 0) AS "clicks_h00", coalesce(sum(c.sign * c.clicks) filter (where c.h = 1), 0) AS "clicks_h01", coalesce(sum(c.sign * c.clicks) filter (where c.h = 2), 0) AS "clicks_h02", coalesce(sum(c.sign * c.clicks) filter (where c.h = 3), 0) AS "clicks_h03", coalesce(sum(c.sign * c.clicks) filter (where c.h = 4), 0) AS "clicks_h04", coalesce(sum(c.sign * c.clicks) filter (where c.h = 5), 0) AS "clicks_h05", coalesce(sum(c.sign * c.clicks) filter (where c.h = 6), 0) AS "clicks_h06", coalesce(sum(c.sign * c.clicks) filter (where c.h = 7), 0) AS "clicks_h07", coalesce(sum(c.sign * c.clicks) filter (where c.h = 8), 0) AS "clicks_h08", coalesce(sum(c.sign * c.clicks) filter (where c.h = 9), 0) AS "clicks_h09", coalesce(sum(c.sign * c.clicks) filter (where c.h = 10), 0) AS "clicks_h10", coalesce(sum(c.sign * c.clicks) filter (where c.h = 11), 0) AS "clicks_h11", coalesce(sum(c.sign * c.clicks) filter (where c.h = 12), 0) AS "clicks_h12", coalesce(sum(c.sign * c.clicks) filter (where c.h = 13), 0) AS "clicks_h13", coalesce(sum(c.sign * c.clicks) filter (where c.h = 14), 0) AS "clicks_h14", coalesce(sum(c.sign * c.clicks) filter (where c.h = 15), 0) AS "clicks_h15", coalesce(sum(c.sign * c.clicks) filter (where c.h = 16), 0) AS "clicks_h16", coalesce(sum(c.sign * c.clicks) filter (where c.h = 17), 0) AS "clicks_h17", coalesce(sum(c.sign * c.clicks) filter (where c.h = 18), 0) AS "clicks_h18", coalesce(sum(c.sign * c.clicks) filter (where c.h = 19), 0) AS "clicks_h19", coalesce(sum(c.sign * c.clicks) filter (where c.h = 20), 0) AS "clicks_h20", coalesce(sum(c.sign * c.clicks) filter (where c.h = 21), 0) AS "clicks_h21", coalesce(sum(c.sign * c.clicks) filter (where c.h = 22), 0) AS "clicks_h22", coalesce(sum(c.sign * c.clicks) filter (where c.h = 23), 0) AS "clicks_h23", coalesce(sum(c.sign * c.cost) filter (where c.h = 0), 0) AS "cost_h00", coalesce(sum(c.sign * c.cost) filter (where c.h = 1), 0) AS "cost_h01", coalesce(sum(c.sign * c.cost) filter (where c.h = 2), 0) AS "cost_h02", coalesce(sum(c.sign * c.cost) filter (where c.h = 3), 0) AS "cost_h03", coalesce(sum(c.sign * c.cost) filter (where c.h = 4), 0) AS "cost_h04", coalesce(sum(c.sign * c.cost) filter (where c.h = 5), 0) AS "cost_h05", coalesce(sum(c.sign * c.cost) filter (where c.h = 6), 0) AS "cost_h06", coalesce(sum(c.sign * c.cost) filter (where c.h = 7), 0) AS "cost_h07", coalesce(sum(c.sign * c.cost) filter (where c.h = 8), 0) AS "cost_h08", coalesce(sum(c.sign * c.cost) filter (where c.h = 9), 0) AS "cost_h09", coalesce(sum(c.sign * c.cost) filter (where c.h = 10), 0) AS "cost_h10", coalesce(sum(c.sign * c.cost) filter (where c.h = 11), 0) AS "cost_h11", coalesce(sum(c.sign * c.cost) filter (where c.h = 12), 0) AS "cost_h12", coalesce(sum(c.sign * c.cost) filter (where c.h = 13), 0) AS "cost_h13", coalesce(sum(c.sign * c.cost) filter (where c.h = 14), 0) AS "cost_h14", coalesce(sum(c.sign * c.cost) filter (where c.h = 15), 0) AS "cost_h15", coalesce(sum(c.sign * c.cost) filter (where c.h = 16), 0) AS "cost_h16", coalesce(sum(c.sign * c.cost) filter (where c.h = 17), 0) AS "cost_h17", coalesce(sum(c.sign * c.cost) filter (where c.h = 18), 0) AS "cost_h18", coalesce(sum(c.sign * c.cost) filter (where c.h = 19), 0) AS "cost_h19", coalesce(sum(c.sign * c.cost) filter (where c.h = 20), 0) AS "cost_h20", coalesce(sum(c.sign * c.cost) filter (where c.h = 21), 0) AS "cost_h21", coalesce(sum(c.sign * c.cost) filter (where c.h = 22), 0) AS "cost_h22", coalesce(sum(c.sign * c.cost) filter (where c.h = 23), 0) AS "cost_h23", coalesce(sum(c.sign * c.income) filter (where c.h = 0), 0) AS "income_h00", coalesce(sum(c.sign * c.income) filter (where c.h = 1), 0) AS "income_h01", coalesce(sum(c.sign * c.income) filter (where c.h = 2), 0) AS "income_h02", coalesce(sum(c.sign * c.income) filter (where c.h = 3), 0) AS "income_h03", coalesce(sum(c.sign * c.income) filter (where c.h = 4), 0) AS "income_h04", coalesce(sum(c.sign * c.income) filter (where c.h = 5), 0) AS "income_h05", coalesce(sum(c.sign * c.income) filter (where c.h = 6), 0) AS "income_h06", coalesce(sum(c.sign * c.income) filter (where c.h = 7), 0) AS "income_h07", coalesce(sum(c.sign * c.income) filter (where c.h = 8), 0) AS "income_h08", coalesce(sum(c.sign * c.income) filter (where c.h = 9), 0) AS "income_h09", coalesce(sum(c.sign * c.income) filter (where c.h = 10), 0) AS "income_h10", coalesce(sum(c.sign * c.income) filter (where c.h = 11), 0) AS "income_h11", coalesce(sum(c.sign * c.income) filter (where c.h = 12), 0) AS "income_h12", coalesce(sum(c.sign * c.income) filter (where c.h = 13), 0) AS "income_h13", coalesce(sum(c.sign * c.income) filter (where c.h = 14), 0) AS "income_h14", coalesce(sum(c.sign * c.income) filter (where c.h = 15), 0) AS "income_h15", coalesce(sum(c.sign * c.income) filter (where c.h = 16), 0) AS "income_h16", coalesce(sum(c.sign * c.income) filter (where c.h = 17), 0) AS "income_h17", coalesce(sum(c.sign * c.income) filter (where c.h = 18), 0) AS "income_h18", coalesce(sum(c.sign * c.income) filter (where c.h = 19), 0) AS "income_h19", coalesce(sum(c.sign * c.income) filter (where c.h = 20), 0) AS "income_h20", coalesce(sum(c.sign * c.income) filter (where c.h = 21), 0) AS "income_h21", coalesce(sum(c.sign * c.income) filter (where c.h = 22), 0) AS "income_h22", coalesce(sum(c.sign * c.income) filter (where c.h = 23), 0) AS "income_h23", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 0), 0) AS "partner_revenue_h00", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 1), 0) AS "partner_revenue_h01", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 2), 0) AS "partner_revenue_h02", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 3), 0) AS "partner_revenue_h03", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 4), 0) AS "partner_revenue_h04", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 5), 0) AS "partner_revenue_h05", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 6), 0) AS "partner_revenue_h06", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 7), 0) AS "partner_revenue_h07", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 8), 0) AS "partner_revenue_h08", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 9), 0) AS "partner_revenue_h09", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 10), 0) AS "partner_revenue_h10", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 11), 0) AS "partner_revenue_h11", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 12), 0) AS "partner_revenue_h12", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 13), 0) AS "partner_revenue_h13", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 14), 0) AS "partner_revenue_h14", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 15), 0) AS "partner_revenue_h15", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 16), 0) AS "partner_revenue_h16", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 17), 0) AS "partner_revenue_h17", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 18), 0) AS "partner_revenue_h18", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 19), 0) AS "partner_revenue_h19", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 20), 0) AS "partner_revenue_h20", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 21), 0) AS "partner_revenue_h21", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 22), 0) AS "partner_revenue_h22", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 23), 0) AS "partner_revenue_h23", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 0), 0) AS "partner_take_h00", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 1), 0) AS "partner_take_h01", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 2), 0) AS "partner_take_h02", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 3), 0) AS "partner_take_h03", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 4), 0) AS "partner_take_h04", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 5), 0) AS "partner_take_h05", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 6), 0) AS "partner_take_h06", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 7), 0) AS "partner_take_h07", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 8), 0) AS "partner_take_h08", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 9), 0) AS "partner_take_h09", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 10), 0) AS "partner_take_h10", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 11), 0) AS "partner_take_h11", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 12), 0) AS "partner_take_h12", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 13), 0) AS "partner_take_h13", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 14), 0) AS "partner_take_h14", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 15), 0) AS "partner_take_h15", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 16), 0) AS "partner_take_h16", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 17), 0) AS "partner_take_h17", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 18), 0) AS "partner_take_h18", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 19), 0) AS "partner_take_h19", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 20), 0) AS "partner_take_h20", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 21), 0) AS "partner_take_h21", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 22), 0) AS "partner_take_h22", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 23), 0) AS "partner_take_h23", coalesce(sum(c.sign * c.auctions) filter (where c.h = 0), 0) AS "auctions_h00", coalesce(sum(c.sign * c.auctions) filter (where c.h = 1), 0) AS "auctions_h01", coalesce(sum(c.sign * c.auctions) filter (where c.h = 2), 0) AS "auctions_h02", coalesce(sum(c.sign * c.auctions) filter (where c.h = 3), 0) AS "auctions_h03", coalesce(sum(c.sign * c.auctions) filter (where c.h = 4), 0) AS "auctions_h04", coalesce(sum(c.sign * c.auctions) filter (where c.h = 5), 0) AS "auctions_h05", coalesce(sum(c.sign * c.auctions) filter (where c.h = 6), 0) AS "auctions_h06", coalesce(sum(c.sign * c.auctions) filter (where c.h = 7), 0) AS "auctions_h07", coalesce(sum(c.sign * c.auctions) filter (where c.h = 8), 0) AS "auctions_h08", coalesce(sum(c.sign * c.auctions) filter (where c.h = 9), 0) AS "auctions_h09", coalesce(sum(c.sign * c.auctions) filter (where c.h = 10), 0) AS "auctions_h10", coalesce(sum(c.sign * c.auctions) filter (where c.h = 11), 0) AS "auctions_h11", coalesce(sum(c.sign * c.auctions) filter (where c.h = 12), 0) AS "auctions_h12", coalesce(sum(c.sign * c.auctions) filter (where c.h = 13), 0) AS "auctions_h13", coalesce(sum(c.sign * c.auctions) filter (where c.h = 14), 0) AS "auctions_h14", coalesce(sum(c.sign * c.auctions) filter (where c.h = 15), 0) AS "auctions_h15", coalesce(sum(c.sign * c.auctions) filter (where c.h = 16), 0) AS "auctions_h16", coalesce(sum(c.sign * c.auctions) filter (where c.h = 17), 0) AS "auctions_h17", coalesce(sum(c.sign * c.auctions) filter (where c.h = 18), 0) AS "auctions_h18", coalesce(sum(c.sign * c.auctions) filter (where c.h = 19), 0) AS "auctions_h19", coalesce(sum(c.sign * c.auctions) filter (where c.h = 20), 0) AS "auctions_h20", coalesce(sum(c.sign * c.auctions) filter (where c.h = 21), 0) AS "auctions_h21", coalesce(sum(c.sign * c.auctions) filter (where c.h = 22), 0) AS "auctions_h22", coalesce(sum(c.sign * c.auctions) filter (where c.h = 23), 0) AS "auctions_h23"
      FROM (SELECT x.*, extract(hour from x."hour" at time zone 'UTC')::int AS h FROM (%s) x) c
      WHERE c."hour" < $1 GROUP BY 1, 2, 3, 4, 5)
      INSERT INTO "stats_creative_running" ("day", "advertiser_id", "plan_id", "strategy_id", "creative_id", "requests_h00", "requests_h01", "requests_h02", "requests_h03", "requests_h04", "requests_h05", "requests_h06", "requests_h07", "requests_h08", "requests_h09", "requests_h10", "requests_h11", "requests_h12", "requests_h13", "requests_h14", "requests_h15", "requests_h16", "requests_h17", "requests_h18", "requests_h19", "requests_h20", "requests_h21", "requests_h22", "requests_h23", "fills_h00", "fills_h01", "fills_h02", "fills_h03", "fills_h04", "fills_h05", "fills_h06", "fills_h07", "fills_h08", "fills_h09", "fills_h10", "fills_h11", "fills_h12", "fills_h13", "fills_h14", "fills_h15", "fills_h16", "fills_h17", "fills_h18", "fills_h19", "fills_h20", "fills_h21", "fills_h22", "fills_h23", "impressions_h00", "impressions_h01", "impressions_h02", "impressions_h03", "impressions_h04", "impressions_h05", "impressions_h06", "impressions_h07", "impressions_h08", "impressions_h09", "impressions_h10", "impressions_h11", "impressions_h12", "impressions_h13", "impressions_h14", "impressions_h15", "impressions_h16", "impressions_h17", "impressions_h18", "impressions_h19", "impressions_h20", "impressions_h21", "impressions_h22", "impressions_h23", "clicks_h00", "clicks_h01", "clicks_h02", "clicks_h03", "clicks_h04", "clicks_h05", "clicks_h06", "clicks_h07", "clicks_h08", "clicks_h09", "clicks_h10", "clicks_h11", "clicks_h12", "clicks_h13", "clicks_h14", "clicks_h15", "clicks_h16", "clicks_h17", "clicks_h18", "clicks_h19", "clicks_h20", "clicks_h21", "clicks_h22", "clicks_h23", "cost_h00", "cost_h01", "cost_h02", "cost_h03", "cost_h04", "cost_h05", "cost_h06", "cost_h07", "cost_h08", "cost_h09", "cost_h10", "cost_h11", "cost_h12", "cost_h13", "cost_h14", "cost_h15", "cost_h16", "cost_h17", "cost_h18", "cost_h19", "cost_h20", "cost_h21", "cost_h22", "cost_h23", "income_h00", "income_h01", "income_h02", "income_h03", "income_h04", "income_h05", "income_h06", "income_h07", "income_h08", "income_h09", "income_h10", "income_h11", "income_h12", "income_h13", "income_h14", "income_h15", "income_h16", "income_h17", "income_h18", "income_h19", "income_h20", "income_h21", "income_h22", "income_h23", "partner_revenue_h00", "partner_revenue_h01", "partner_revenue_h02", "partner_revenue_h03", "partner_revenue_h04", "partner_revenue_h05", "partner_revenue_h06", "partner_revenue_h07", "partner_revenue_h08", "partner_revenue_h09", "partner_revenue_h10", "partner_revenue_h11", "partner_revenue_h12", "partner_revenue_h13", "partner_revenue_h14", "partner_revenue_h15", "partner_revenue_h16", "partner_revenue_h17", "partner_revenue_h18", "partner_revenue_h19", "partner_revenue_h20", "partner_revenue_h21", "partner_revenue_h22", "partner_revenue_h23", "partner_take_h00", "partner_take_h01", "partner_take_h02", "partner_take_h03", "partner_take_h04", "partner_take_h05", "partner_take_h06", "partner_take_h07", "partner_take_h08", "partner_take_h09", "partner_take_h10", "partner_take_h11", "partner_take_h12", "partner_take_h13", "partner_take_h14", "partner_take_h15", "partner_take_h16", "partner_take_h17", "partner_take_h18", "partner_take_h19", "partner_take_h20", "partner_take_h21", "partner_take_h22", "partner_take_h23", "auctions_h00", "auctions_h01", "auctions_h02", "auctions_h03", "auctions_h04", "auctions_h05", "auctions_h06", "auctions_h07", "auctions_h08", "auctions_h09", "auctions_h10", "auctions_h11", "auctions_h12", "auctions_h13", "auctions_h14", "auctions_h15", "auctions_h16", "auctions_h17", "auctions_h18", "auctions_h19", "auctions_h20", "auctions_h21", "auctions_h22", "auctions_h23")
    SELECT d."day", d."advertiser_id", d."plan_id", d."strategy_id", d."creative_id", coalesce(p."requests_h00", 0), coalesce(p."requests_h01", 0), coalesce(p."requests_h02", 0), coalesce(p."requests_h03", 0), coalesce(p."requests_h04", 0), coalesce(p."requests_h05", 0), coalesce(p."requests_h06", 0), coalesce(p."requests_h07", 0), coalesce(p."requests_h08", 0), coalesce(p."requests_h09", 0), coalesce(p."requests_h10", 0), coalesce(p."requests_h11", 0), coalesce(p."requests_h12", 0), coalesce(p."requests_h13", 0), coalesce(p."requests_h14", 0), coalesce(p."requests_h15", 0), coalesce(p."requests_h16", 0), coalesce(p."requests_h17", 0), coalesce(p."requests_h18", 0), coalesce(p."requests_h19", 0), coalesce(p."requests_h20", 0), coalesce(p."requests_h21", 0), coalesce(p."requests_h22", 0), coalesce(p."requests_h23", 0), coalesce(p."fills_h00", 0), coalesce(p."fills_h01", 0), coalesce(p."fills_h02", 0), coalesce(p."fills_h03", 0), coalesce(p."fills_h04", 0), coalesce(p."fills_h05", 0), coalesce(p."fills_h06", 0), coalesce(p."fills_h07", 0), coalesce(p."fills_h08", 0), coalesce(p."fills_h09", 0), coalesce(p."fills_h10", 0), coalesce(p."fills_h11", 0), coalesce(p."fills_h12", 0), coalesce(p."fills_h13", 0), coalesce(p."fills_h14", 0), coalesce(p."fills_h15", 0), coalesce(p."fills_h16", 0), coalesce(p."fills_h17", 0), coalesce(p."fills_h18", 0), coalesce(p."fills_h19", 0), coalesce(p."fills_h20", 0), coalesce(p."fills_h21", 0), coalesce(p."fills_h22", 0), coalesce(p."fills_h23", 0), coalesce(p."impressions_h00", 0), coalesce(p."impressions_h01", 0), coalesce(p."impressions_h02", 0), coalesce(p."impressions_h03", 0), coalesce(p."impressions_h04", 0), coalesce(p."impressions_h05", 0), coalesce(p."impressions_h06", 0), coalesce(p."impressions_h07", 0), coalesce(p."impressions_h08", 0), coalesce(p."impressions_h09", 0), coalesce(p."impressions_h10", 0), coalesce(p."impressions_h11", 0), coalesce(p."impressions_h12", 0), coalesce(p."impressions_h13", 0), coalesce(p."impressions_h14", 0), coalesce(p."impressions_h15", 0), coalesce(p."impressions_h16", 0), coalesce(p."impressions_h17", 0), coalesce(p."impressions_h18", 0), coalesce(p."impressions_h19", 0), coalesce(p."impressions_h20", 0), coalesce(p."impressions_h21", 0), coalesce(p."impressions_h22", 0), coalesce(p."impressions_h23", 0), coalesce(p."clicks_h00", 0), coalesce(p."clicks_h01", 0), coalesce(p."clicks_h02", 0), coalesce(p."clicks_h03", 0), coalesce(p."clicks_h04", 0), coalesce(p."clicks_h05", 0), coalesce(p."clicks_h06", 0), coalesce(p."clicks_h07", 0), coalesce(p."clicks_h08", 0), coalesce(p."clicks_h09", 0), coalesce(p."clicks_h10", 0), coalesce(p."clicks_h11", 0), coalesce(p."clicks_h12", 0), coalesce(p."clicks_h13", 0), coalesce(p."clicks_h14", 0), coalesce(p."clicks_h15", 0), coalesce(p."clicks_h16", 0), coalesce(p."clicks_h17", 0), coalesce(p."clicks_h18", 0), coalesce(p."clicks_h19", 0), coalesce(p."clicks_h20", 0), coalesce(p."clicks_h21", 0), coalesce(p."clicks_h22", 0), coalesce(p."clicks_h23", 0), coalesce(p."cost_h00", 0), coalesce(p."cost_h01", 0), coalesce(p."cost_h02", 0), coalesce(p."cost_h03", 0), coalesce(p."cost_h04", 0), coalesce(p."cost_h05", 0), coalesce(p."cost_h06", 0), coalesce(p."cost_h07", 0), coalesce(p."cost_h08", 0), coalesce(p."cost_h09", 0), coalesce(p."cost_h10", 0), coalesce(p."cost_h11", 0), coalesce(p."cost_h12", 0), coalesce(p."cost_h13", 0), coalesce(p."cost_h14", 0), coalesce(p."cost_h15", 0), coalesce(p."cost_h16", 0), coalesce(p."cost_h17", 0), coalesce(p."cost_h18", 0), coalesce(p."cost_h19", 0), coalesce(p."cost_h20", 0), coalesce(p."cost_h21", 0), coalesce(p."cost_h22", 0), coalesce(p."cost_h23", 0), coalesce(p."income_h00", 0), coalesce(p."income_h01", 0), coalesce(p."income_h02", 0), coalesce(p."income_h03", 0), coalesce(p."income_h04", 0), coalesce(p."income_h05", 0), coalesce(p."income_h06", 0), coalesce(p."income_h07", 0), coalesce(p."income_h08", 0), coalesce(p."income_h09", 0), coalesce(p."income_h10", 0), coalesce(p."income_h11", 0), coalesce(p."income_h12", 0), coalesce(p."income_h13", 0), coalesce(p."income_h14", 0), coalesce(p."income_h15", 0), coalesce(p."income_h16", 0), coalesce(p."income_h17", 0), coalesce(p."income_h18", 0), coalesce(p."income_h19", 0), coalesce(p."income_h20", 0), coalesce(p."income_h21", 0), coalesce(p."income_h22", 0), coalesce(p."income_h23", 0), coalesce(p."partner_revenue_h00", 0), coalesce(p."partner_revenue_h01", 0), coalesce(p."partner_revenue_h02", 0), coalesce(p."partner_revenue_h03", 0), coalesce(p."partner_revenue_h04", 0), coalesce(p."partner_revenue_h05", 0), coalesce(p."partner_revenue_h06", 0), coalesce(p."partner_revenue_h07", 0), coalesce(p."partner_revenue_h08", 0), coalesce(p."partner_revenue_h09", 0), coalesce(p."partner_revenue_h10", 0), coalesce(p."partner_revenue_h11", 0), coalesce(p."partner_revenue_h12", 0), coalesce(p."partner_revenue_h13", 0), coalesce(p."partner_revenue_h14", 0), coalesce(p."partner_revenue_h15", 0), coalesce(p."partner_revenue_h16", 0), coalesce(p."partner_revenue_h17", 0), coalesce(p."partner_revenue_h18", 0), coalesce(p."partner_revenue_h19", 0), coalesce(p."partner_revenue_h20", 0), coalesce(p."partner_revenue_h21", 0), coalesce(p."partner_revenue_h22", 0), coalesce(p."partner_revenue_h23", 0), coalesce(p."partner_take_h00", 0), coalesce(p."partner_take_h01", 0), coalesce(p."partner_take_h02", 0), coalesce(p."partner_take_h03", 0), coalesce(p."partner_take_h04", 0), coalesce(p."partner_take_h05", 0), coalesce(p."partner_take_h06", 0), coalesce(p."partner_take_h07", 0), coalesce(p."partner_take_h08", 0), coalesce(p."partner_take_h09", 0), coalesce(p."partner_take_h10", 0), coalesce(p."partner_take_h11", 0), coalesce(p."partner_take_h12", 0), coalesce(p."partner_take_h13", 0), coalesce(p."partner_take_h14", 0), coalesce(p."partner_take_h15", 0), coalesce(p."partner_take_h16", 0), coalesce(p."partner_take_h17", 0), coalesce(p."partner_take_h18", 0), coalesce(p."partner_take_h19", 0), coalesce(p."partner_take_h20", 0), coalesce(p."partner_take_h21", 0), coalesce(p."partner_take_h22", 0), coalesce(p."partner_take_h23", 0), coalesce(p."auctions_h00", 0), coalesce(p."auctions_h01", 0), coalesce(p."auctions_h02", 0), coalesce(p."auctions_h03", 0), coalesce(p."auctions_h04", 0), coalesce(p."auctions_h05", 0), coalesce(p."auctions_h06", 0), coalesce(p."auctions_h07", 0), coalesce(p."auctions_h08", 0), coalesce(p."auctions_h09", 0), coalesce(p."auctions_h10", 0), coalesce(p."auctions_h11", 0), coalesce(p."auctions_h12", 0), coalesce(p."auctions_h13", 0), coalesce(p."auctions_h14", 0), coalesce(p."auctions_h15", 0), coalesce(p."auctions_h16", 0), coalesce(p."auctions_h17", 0), coalesce(p."auctions_h18", 0), coalesce(p."auctions_h19", 0), coalesce(p."auctions_h20", 0), coalesce(p."auctions_h21", 0), coalesce(p."auctions_h22", 0), coalesce(p."auctions_h23", 0)
    FROM "d" LEFT JOIN LATERAL (
      SELECT * FROM "stats_creative_running" r
      WHERE r."advertiser_id" = d."advertiser_id" AND r."plan_id" = d."plan_id" AND r."strategy_id" = d."strategy_id" AND r."creative_id" = d."creative_id" AND r."day" < d."day"
      ORDER BY r."day" DESC LIMIT 1) p ON true
    ON CONFLICT ON CONSTRAINT "stats_creative_running_pkey" DO NOTHING
    $sql$, changed) USING open_from;
    EXECUTE format($sql$
      WITH "d" AS (SELECT date_trunc('day', c."hour", 'UTC') AS "day", c."advertiser_id", c."plan_id", c."strategy_id", c."creative_id",
        coalesce(sum(c.sign * c.requests) filter (where c.h = 0), 0) AS "requests_h00", coalesce(sum(c.sign * c.requests) filter (where c.h = 1), 0) AS "requests_h01", coalesce(sum(c.sign * c.requests) filter (where c.h = 2), 0) AS "requests_h02", coalesce(sum(c.sign * c.requests) filter (where c.h = 3), 0) AS "requests_h03", coalesce(sum(c.sign * c.requests) filter (where c.h = 4), 0) AS "requests_h04", coalesce(sum(c.sign * c.requests) filter (where c.h = 5), 0) AS "requests_h05", coalesce(sum(c.sign * c.requests) filter (where c.h = 6), 0) AS "requests_h06", coalesce(sum(c.sign * c.requests) filter (where c.h = 7), 0) AS "requests_h07", coalesce(sum(c.sign * c.requests) filter (where c.h = 8), 0) AS "requests_h08", coalesce(sum(c.sign * c.requests) filter (where c.h = 9), 0) AS "requests_h09", coalesce(sum(c.sign * c.requests) filter (where c.h = 10), 0) AS "requests_h10", coalesce(sum(c.sign * c.requests) filter (where c.h = 11), 0) AS "requests_h11", coalesce(sum(c.sign * c.requests) filter (where c.h = 12), 0) AS "requests_h12", coalesce(sum(c.sign * c.requests) filter (where c.h = 13), 0) AS "requests_h13", coalesce(sum(c.sign * c.requests) filter (where c.h = 14), 0) AS "requests_h14", coalesce(sum(c.sign * c.requests) filter (where c.h = 15), 0) AS "requests_h15", coalesce(sum(c.sign * c.requests) filter (where c.h = 16), 0) AS "requests_h16", coalesce(sum(c.sign * c.requests) filter (where c.h = 17), 0) AS "requests_h17", coalesce(sum(c.sign * c.requests) filter (where c.h = 18), 0) AS "requests_h18", coalesce(sum(c.sign * c.requests) filter (where c.h = 19), 0) AS "requests_h19", coalesce(sum(c.sign * c.requests) filter (where c.h = 20), 0) AS "requests_h20", coalesce(sum(c.sign * c.requests) filter (where c.h = 21), 0) AS "requests_h21", coalesce(sum(c.sign * c.requests) filter (where c.h = 22), 0) AS "requests_h22", coalesce(sum(c.sign * c.requests) filter (where c.h = 23), 0) AS "requests_h23", coalesce(sum(c.sign * c.fills) filter (where c.h = 0), 0) AS "fills_h00", coalesce(sum(c.sign * c.fills) filter (where c.h = 1), 0) AS "fills_h01", coalesce(sum(c.sign * c.fills) filter (where c.h = 2), 0) AS "fills_h02", coalesce(sum(c.sign * c.fills) filter (where c.h = 3), 0) AS "fills_h03", coalesce(sum(c.sign * c.fills) filter (where c.h = 4), 0) AS "fills_h04", coalesce(sum(c.sign * c.fills) filter (where c.h = 5), 0) AS "fills_h05", coalesce(sum(c.sign * c.fills) filter (where c.h = 6), 0) AS "fills_h06", coalesce(sum(c.sign * c.fills) filter (where c.h = 7), 0) AS "fills_h07", coalesce(sum(c.sign * c.fills) filter (where c.h = 8), 0) AS "fills_h08", coalesce(sum(c.sign * c.fills) filter (where c.h = 9), 0) AS "fills_h09", coalesce(sum(c.sign * c.fills) filter (where c.h = 10), 0) AS "fills_h10", coalesce(sum(c.sign * c.fills) filter (where c.h = 11), 0) AS "fills_h11", coalesce(sum(c.sign * c.fills) filter (where c.h = 12), 0) AS "fills_h12", coalesce(sum(c.sign * c.fills) filter (where c.h = 13), 0) AS "fills_h13", coalesce(sum(c.sign * c.fills) filter (where c.h = 14), 0) AS "fills_h14", coalesce(sum(c.sign * c.fills) filter (where c.h = 15), 0) AS "fills_h15", coalesce(sum(c.sign * c.fills) filter (where c.h = 16), 0) AS "fills_h16", coalesce(sum(c.sign * c.fills) filter (where c.h = 17), 0) AS "fills_h17", coalesce(sum(c.sign * c.fills) filter (where c.h = 18), 0) AS "fills_h18", coalesce(sum(c.sign * c.fills) filter (where c.h = 19), 0) AS "fills_h19", coalesce(sum(c.sign * c.fills) filter (where c.h = 20), 0) AS "fills_h20", coalesce(sum(c.sign * c.fills) filter (where c.h = 21), 0) AS "fills_h21", coalesce(sum(c.sign * c.fills) filter (where c.h = 22), 0) AS "fills_h22", coalesce(sum(c.sign * c.fills) filter (where c.h = 23), 0) AS "fills_h23", coalesce(sum(c.sign * c.impressions) filter (where c.h = 0), 0) AS "impressions_h00", coalesce(sum(c.sign * c.impressions) filter (where c.h = 1), 0) AS "impressions_h01", coalesce(sum(c.sign * c.impressions) filter (where c.h = 2), 0) AS "impressions_h02", coalesce(sum(c.sign * c.impressions) filter (where c.h = 3), 0) AS "impressions_h03", coalesce(sum(c.sign * c.impressions) filter (where c.h = 4), 0) AS "impressions_h04", coalesce(sum(c.sign * c.impressions) filter (where c.h = 5), 0) AS "impressions_h05", coalesce(sum(c.sign * c.impressions) filter (where c.h = 6), 0) AS "impressions_h06", coalesce(sum(c.sign * c.impressions) filter (where c.h = 7), 0) AS "impressions_h07", coalesce(sum(c.sign * c.impressions) filter (where c.h = 8), 0) AS "impressions_h08", coalesce(sum(c.sign * c.impressions) filter (where c.h = 9), 0) AS "impressions_h09", coalesce(sum(c.sign * c.impressions) filter (where c.h = 10), 0) AS "impressions_h10", coalesce(sum(c.sign * c.impressions) filter (where c.h = 11), 0) AS "impressions_h11", coalesce(sum(c.sign * c.impressions) filter (where c.h = 12), 0) AS "impressions_h12", coalesce(sum(c.sign * c.impressions) filter (where c.h = 13), 0) AS "impressions_h13", coalesce(sum(c.sign * c.impressions) filter (where c.h = 14), 0) AS "impressions_h14", coalesce(sum(c.sign * c.impressions) filter (where c.h = 15), 0) AS "impressions_h15", coalesce(sum(c.sign * c.impressions) filter (where c.h = 16), 0) AS "impressions_h16", coalesce(sum(c.sign * c.impressions) filter (where c.h = 17), 0) AS "impressions_h17", coalesce(sum(c.sign * c.impressions) filter (where c.h = 18), 0) AS "impressions_h18", coalesce(sum(c.sign * c.impressions) filter (where c.h = 19), 0) AS "impressions_h19", coalesce(sum(c.sign * c.impressions) filter (where c.h = 20), 0) AS "impressions_h20", coalesce(sum(c.sign * c.impressions) filter (where c.h = 21), 0) AS "impressions_h21", coalesce(sum(c.sign * c.impressions) filter (where c.h = 22), 0) AS "impressions_h22", coalesce(sum(c.sign * c.impressions) filter (where c.h = 23), 0) AS "impressions_h23", coalesce(sum(c.sign * c.clicks) filter (where c.h = 0), 0) AS "clicks_h00", coalesce(sum(c.sign * c.clicks) filter (where c.h = 1), 0) AS "clicks_h01", coalesce(sum(c.sign * c.clicks) filter (where c.h = 2), 0) AS "clicks_h02", coalesce(sum(c.sign * c.clicks) filter (where c.h = 3), 0) AS "clicks_h03", coalesce(sum(c.sign * c.clicks) filter (where c.h = 4), 0) AS "clicks_h04", coalesce(sum(c.sign * c.clicks) filter (where c.h = 5), 0) AS "clicks_h05", coalesce(sum(c.sign * c.clicks) filter (where c.h = 6), 0) AS "clicks_h06", coalesce(sum(c.sign * c.clicks) filter (where c.h = 7), 0) AS "clicks_h07", coalesce(sum(c.sign * c.clicks) filter (where c.h = 8), 0) AS "clicks_h08", coalesce(sum(c.sign * c.clicks) filter (where c.h = 9), 0) AS "clicks_h09", coalesce(sum(c.sign * c.clicks) filter (where c.h = 10), 0) AS "clicks_h10", coalesce(sum(c.sign * c.clicks) filter (where c.h = 11), 0) AS "clicks_h11", coalesce(sum(c.sign * c.clicks) filter (where c.h = 12), 0) AS "clicks_h12", coalesce(sum(c.sign * c.clicks) filter (where c.h = 13), 0) AS "clicks_h13", coalesce(sum(c.sign * c.clicks) filter (where c.h = 14), 0) AS "clicks_h14", coalesce(sum(c.sign * c.clicks) filter (where c.h = 15), 0) AS "clicks_h15", coalesce(sum(c.sign * c.clicks) filter (where c.h = 16), 0) AS "clicks_h16", coalesce(sum(c.sign * c.clicks) filter (where c.h = 17), 0) AS "clicks_h17", coalesce(sum(c.sign * c.clicks) filter (where c.h = 18), 0) AS "clicks_h18", coalesce(sum(c.sign * c.clicks) filter (where c.h = 19), 0) AS "clicks_h19", coalesce(sum(c.sign * c.clicks) filter (where c.h = 20), 0) AS "clicks_h20", coalesce(sum(c.sign * c.clicks) filter (where c.h = 21), 0) AS "clicks_h21", coalesce(sum(c.sign * c.clicks) filter (where c.h = 22), 0) AS "clicks_h22", coalesce(sum(c.sign * c.clicks) filter (where c.h = 23), 0) AS "clicks_h23", coalesce(sum(c.sign * c.cost) filter (where c.h = 0), 0) AS "cost_h00", coalesce(sum(c.sign * c.cost) filter (where c.h = 1), 0) AS "cost_h01", coalesce(sum(c.sign * c.cost) filter (where c.h = 2), 0) AS "cost_h02", coalesce(sum(c.sign * c.cost) filter (where c.h = 3), 0) AS "cost_h03", coalesce(sum(c.sign * c.cost) filter (where c.h = 4), 0) AS "cost_h04", coalesce(sum(c.sign * c.cost) filter (where c.h = 5), 0) AS "cost_h05", coalesce(sum(c.sign * c.cost) filter (where c.h = 6), 0) AS "cost_h06", coalesce(sum(c.sign * c.cost) filter (where c.h = 7), 0) AS "cost_h07", coalesce(sum(c.sign * c.cost) filter (where c.h = 8), 0) AS "cost_h08", coalesce(sum(c.sign * c.cost) filter (where c.h = 9), 0) AS "cost_h09", coalesce(sum(c.sign * c.cost) filter (where c.h = 10), 0) AS "cost_h10", coalesce(sum(c.sign * c.cost) filter (where c.h = 11), 0) AS "cost_h11", coalesce(sum(c.sign * c.cost) filter (where c.h = 12), 0) AS "cost_h12", coalesce(sum(c.sign * c.cost) filter (where c.h = 13), 0) AS "cost_h13", coalesce(sum(c.sign * c.cost) filter (where c.h = 14), 0) AS "cost_h14", coalesce(sum(c.sign * c.cost) filter (where c.h = 15), 0) AS "cost_h15", coalesce(sum(c.sign * c.cost) filter (where c.h = 16), 0) AS "cost_h16", coalesce(sum(c.sign * c.cost) filter (where c.h = 17), 0) AS "cost_h17", coalesce(sum(c.sign * c.cost) filter (where c.h = 18), 0) AS "cost_h18", coalesce(sum(c.sign * c.cost) filter (where c.h = 19), 0) AS "cost_h19", coalesce(sum(c.sign * c.cost) filter (where c.h = 20), 0) AS "cost_h20", coalesce(sum(c.sign * c.cost) filter (where c.h = 21), 0) AS "cost_h21", coalesce(sum(c.sign * c.cost) filter (where c.h = 22), 0) AS "cost_h22", coalesce(sum(c.sign * c.cost) filter (where c.h = 23), 0) AS "cost_h23", coalesce(sum(c.sign * c.income) filter (where c.h = 0), 0) AS "income_h00", coalesce(sum(c.sign * c.income) filter (where c.h = 1), 0) AS "income_h01", coalesce(sum(c.sign * c.income) filter (where c.h = 2), 0) AS "income_h02", coalesce(sum(c.sign * c.income) filter (where c.h = 3), 0) AS "income_h03", coalesce(sum(c.sign * c.income) filter (where c.h = 4), 0) AS "income_h04", coalesce(sum(c.sign * c.income) filter (where c.h = 5), 0) AS "income_h05", coalesce(sum(c.sign * c.income) filter (where c.h = 6), 0) AS "income_h06", coalesce(sum(c.sign * c.income) filter (where c.h = 7), 0) AS "income_h07", coalesce(sum(c.sign * c.income) filter (where c.h = 8), 0) AS "income_h08", coalesce(sum(c.sign * c.income) filter (where c.h = 9), 0) AS "income_h09", coalesce(sum(c.sign * c.income) filter (where c.h = 10), 0) AS "income_h10", coalesce(sum(c.sign * c.income) filter (where c.h = 11), 0) AS "income_h11", coalesce(sum(c.sign * c.income) filter (where c.h = 12), 0) AS "income_h12", coalesce(sum(c.sign * c.income) filter (where c.h = 13), 0) AS "income_h13", coalesce(sum(c.sign * c.income) filter (where c.h = 14), 0) AS "income_h14", coalesce(sum(c.sign * c.income) filter (where c.h = 15), 0) AS "income_h15", coalesce(sum(c.sign * c.income) filter (where c.h = 16), 0) AS "income_h16", coalesce(sum(c.sign * c.income) filter (where c.h = 17), 0) AS "income_h17", coalesce(sum(c.sign * c.income) filter (where c.h = 18), 0) AS "income_h18", coalesce(sum(c.sign * c.income) filter (where c.h = 19), 0) AS "income_h19", coalesce(sum(c.sign * c.income) filter (where c.h = 20), 0) AS "income_h20", coalesce(sum(c.sign * c.income) filter (where c.h = 21), 0) AS "income_h21", coalesce(sum(c.sign * c.income) filter (where c.h = 22), 0) AS "income_h22", coalesce(sum(c.sign * c.income) filter (where c.h = 23), 0) AS "income_h23", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 0), 0) AS "partner_revenue_h00", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 1), 0) AS "partner_revenue_h01", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 2), 0) AS "partner_revenue_h02", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 3), 0) AS "partner_revenue_h03", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 4), 0) AS "partner_revenue_h04", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 5), 0) AS "partner_revenue_h05", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 6), 0) AS "partner_revenue_h06", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 7), 0) AS "partner_revenue_h07", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 8), 0) AS "partner_revenue_h08", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 9), 0) AS "partner_revenue_h09", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 10), 0) AS "partner_revenue_h10", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 11), 0) AS "partner_revenue_h11", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 12), 0) AS "partner_revenue_h12", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 13), 0) AS "partner_revenue_h13", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 14), 0) AS "partner_revenue_h14", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 15), 0) AS "partner_revenue_h15", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 16), 0) AS "partner_revenue_h16", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 17), 0) AS "partner_revenue_h17", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 18), 0) AS "partner_revenue_h18", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 19), 0) AS "partner_revenue_h19", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 20), 0) AS "partner_revenue_h20", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 21), 0) AS "partner_revenue_h21", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 22), 0) AS "partner_revenue_h22", coalesce(sum(c.sign * c.partner_revenue) filter (where c.h = 23), 0) AS "partner_revenue_h23", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 0), 0) AS "partner_take_h00", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 1), 0) AS "partner_take_h01", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 2), 0) AS "partner_take_h02", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 3), 0) AS "partner_take_h03", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 4), 0) AS "partner_take_h04", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 5), 0) AS "partner_take_h05", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 6), 0) AS "partner_take_h06", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 7), 0) AS "partner_take_h07", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 8), 0) AS "partner_take_h08", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 9), 0) AS "partner_take_h09", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 10), 0) AS "partner_take_h10", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 11), 0) AS "partner_take_h11", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 12), 0) AS "partner_take_h12", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 13), 0) AS "partner_take_h13", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 14), 0) AS "partner_take_h14", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 15), 0) AS "partner_take_h15", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 16), 0) AS "partner_take_h16", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 17), 0) AS "partner_take_h17", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 18), 0) AS "partner_take_h18", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 19), 0) AS "partner_take_h19", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 20), 0) AS "partner_take_h20", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 21), 0) AS "partner_take_h21", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 22), 0) AS "partner_take_h22", coalesce(sum(c.sign * c.partner_take) filter (where c.h = 23), 0) AS "partner_take_h23", coalesce(sum(c.sign * c.auctions) filter (where c.h = 0), 0) AS "auctions_h00", coalesce(sum(c.sign * c.auctions) filter (where c.h = 1), 0) AS "auctions_h01", coalesce(sum(c.sign * c.auctions) filter (where c.h = 2), 0) AS "auctions_h02", coalesce(sum(c.sign * c.auctions) filter (where c.h = 3), 0) AS "auctions_h03", coalesce(sum(c.sign * c.auctions) filter (where c.h = 4), 0) AS "auctions_h04", coalesce(sum(c.sign * c.auctions) filter (where c.h = 5), 0) AS "auctions_h05", coalesce(sum(c.sign * c.auctions) filter (where c.h = 6), 0) AS "auctions_h06", coalesce(sum(c.sign * c.auctions) filter (where c.h = 7), 0) AS "auctions_h07", coalesce(sum(c.sign * c.auctions) filter (where c.h = 8), 0) AS "auctions_h08", coalesce(sum(c.sign * c.auctions) filter (where c.h = 9), 0) AS "auctions_h09", coalesce(sum(c.sign * c.auctions) filter (where c.h = 10), 0) AS "auctions_h10", coalesce(sum(c.sign * c.auctions) filter (where c.h = 11), 0) AS "auctions_h11", coalesce(sum(c.sign * c.auctions) filter (where c.h = 12), 0) AS "auctions_h12", coalesce(sum(c.sign * c.auctions) filter (where c.h = 13), 0) AS "auctions_h13", coalesce(sum(c.sign * c.auctions) filter (where c.h = 14), 0) AS "auctions_h14", coalesce(sum(c.sign * c.auctions) filter (where c.h = 15), 0) AS "auctions_h15", coalesce(sum(c.sign * c.auctions) filter (where c.h = 16), 0) AS "auctions_h16", coalesce(sum(c.sign * c.auctions) filter (where c.h = 17), 0) AS "auctions_h17", coalesce(sum(c.sign * c.auctions) filter (where c.h = 18), 0) AS "auctions_h18", coalesce(sum(c.sign * c.auctions) filter (where c.h = 19), 0) AS "auctions_h19", coalesce(sum(c.sign * c.auctions) filter (where c.h = 20), 0) AS "auctions_h20", coalesce(sum(c.sign * c.auctions) filter (where c.h = 21), 0) AS "auctions_h21", coalesce(sum(c.sign * c.auctions) filter (where c.h = 22), 0) AS "auctions_h22", coalesce(sum(c.sign * c.auctions) filter (where c.h = 23), 0) AS "auctions_h23"
      FROM (SELECT x.*, extract(hour from x."hour" at time zone 'UTC')::int AS h FROM (%s) x) c
      WHERE c."hour" < $1 GROUP BY 1, 2, 3, 4, 5)
      UPDATE "stats_creative_running" AS t SET
      "requests_h00" = t."requests_h00" + x."requests_h00", "requests_h01" = t."requests_h01" + x."requests_h01", "requests_h02" = t."requests_h02" + x."requests_h02", "requests_h03" = t."requests_h03" + x."requests_h03", "requests_h04" = t."requests_h04" + x."requests_h04", "requests_h05" = t."requests_h05" + x."requests_h05", "requests_h06" = t."requests_h06" + x."requests_h06", "requests_h07" = t."requests_h07" + x."requests_h07", "requests_h08" = t."requests_h08" + x."requests_h08", "requests_h09" = t."requests_h09" + x."requests_h09", "requests_h10" = t."requests_h10" + x."requests_h10", "requests_h11" = t."requests_h11" + x."requests_h11", "requests_h12" = t."requests_h12" + x."requests_h12", "requests_h13" = t."requests_h13" + x."requests_h13", "requests_h14" = t."requests_h14" + x."requests_h14", "requests_h15" = t."requests_h15" + x."requests_h15", "requests_h16" = t."requests_h16" + x."requests_h16", "requests_h17" = t."requests_h17" + x."requests_h17", "requests_h18" = t."requests_h18" + x."requests_h18", "requests_h19" = t."requests_h19" + x."requests_h19", "requests_h20" = t."requests_h20" + x."requests_h20", "requests_h21" = t."requests_h21" + x."requests_h21", "requests_h22" = t."requests_h22" + x."requests_h22", "requests_h23" = t."requests_h23" + x."requests_h23", "fills_h00" = t."fills_h00" + x."fills_h00", "fills_h01" = t."fills_h01" + x."fills_h01", "fills_h02" = t."fills_h02" + x."fills_h02", "fills_h03" = t."fills_h03" + x."fills_h03", "fills_h04" = t."fills_h04" + x."fills_h04", "fills_h05" = t."fills_h05" + x."fills_h05", "fills_h06" = t."fills_h06" + x."fills_h06", "fills_h07" = t."fills_h07" + x."fills_h07", "fills_h08" = t."fills_h08" + x."fills_h08", "fills_h09" = t."fills_h09" + x."fills_h09", "fills_h10" = t."fills_h10" + x."fills_h10", "fills_h11" = t."fills_h11" + x."fills_h11", "fills_h12" = t."fills_h12" + x."fills_h12", "fills_h13" = t."fills_h13" + x."fills_h13", "fills_h14" = t."fills_h14" + x."fills_h14", "fills_h15" = t."fills_h15" + x."fills_h15", "fills_h16" = t."fills_h16" + x."fills_h16", "fills_h17" = t."fills_h17" + x."fills_h17", "fills_h18" = t."fills_h18" + x."fills_h18", "fills_h19" = t."fills_h19" + x."fills_h19", "fills_h20" = t."fills_h20" + x."fills_h20", "fills_h21" = t."fills_h21" + x."fills_h21", "fills_h22" = t."fills_h22" + x."fills_h22", "fills_h23" = t."fills_h23" + x."fills_h23", "impressions_h00" = t."impressions_h00" + x."impressions_h00", "impressions_h01" = t."impressions_h01" + x."impressions_h01", "impressions_h02" = t."impressions_h02" + x."impressions_h02", "impressions_h03" = t."impressions_h03" + x."impressions_h03", "impressions_h04" = t."impressions_h04" + x."impressions_h04", "impressions_h05" = t."impressions_h05" + x."impressions_h05", "impressions_h06" = t."impressions_h06" + x."impressions_h06", "impressions_h07" = t."impressions_h07" + x."impressions_h07", "impressions_h08" = t."impressions_h08" + x."impressions_h08", "impressions_h09" = t."impressions_h09" + x."impressions_h09", "impressions_h10" = t."impressions_h10" + x."impressions_h10", "impressions_h11" = t."impressions_h11" + x."impressions_h11", "impressions_h12" = t."impressions_h12" + x."impressions_h12", "impressions_h13" = t."impressions_h13" + x."impressions_h13", "impressions_h14" = t."impressions_h14" + x."impressions_h14", "impressions_h15" = t."impressions_h15" + x."impressions_h15", "impressions_h16" = t."impressions_h16" + x."impressions_h16", "impressions_h17" = t."impressions_h17" + x."impressions_h17", "impressions_h18" = t."impressions_h18" + x."impressions_h18", "impressions_h19" = t."impressions_h19" + x."impressions_h19", "impressions_h20" = t."impressions_h20" + x."impressions_h20", "impressions_h21" = t."impressions_h21" + x."impressions_h21", "impressions_h22" = t."impressions_h22" + x."impressions_h22", "impressions_h23" = t."impressions_h23" + x."impressions_h23", "clicks_h00" = t."clicks_h00" + x."clicks_h00", "clicks_h01" = t."clicks_h01" + x."clicks_h01", "clicks_h02" = t."clicks_h02" + x."clicks_h02", "clicks_h03" = t."clicks_h03" + x."clicks_h03", "clicks_h04" = t."clicks_h04" + x."clicks_h04", "clicks_h05" = t."clicks_h05" + x."clicks_h05", "clicks_h06" = t."clicks_h06" + x."clicks_h06", "clicks_h07" = t."clicks_h07" + x."clicks_h07", "clicks_h08" = t."clicks_h08" + x."clicks_h08", "clicks_h09" = t."clicks_h09" + x."clicks_h09", "clicks_h10" = t."clicks_h10" + x."clicks_h10", "clicks_h11" = t."clicks_h11" + x."clicks_h11", "clicks_h12" = t."clicks_h12" + x."clicks_h12", "clicks_h13" = t."clicks_h13" + x."clicks_h13", "clicks_h14" = t."clicks_h14" + x."clicks_h14", "clicks_h15" = t."clicks_h15" + x."clicks_h15", "clicks_h16" = t."clicks_h16" + x."clicks_h16", "clicks_h17" = t."clicks_h17" + x."clicks_h17", "clicks_h18" = t."clicks_h18" + x."clicks_h18", "clicks_h19" = t."clicks_h19" + x."clicks_h19", "clicks_h20" = t."clicks_h20" + x."clicks_h20", "clicks_h21" = t."clicks_h21" + x."clicks_h21", "clicks_h22" = t."clicks_h22" + x."clicks_h22", "clicks_h23" = t."clicks_h23" + x."clicks_h23", "cost_h00" = t."cost_h00" + x."cost_h00", "cost_h01" = t."cost_h01" + x."cost_h01", "cost_h02" = t."cost_h02" + x."cost_h02", "cost_h03" = t."cost_h03" + x."cost_h03", "cost_h04" = t."cost_h04" + x."cost_h04", "cost_h05" = t."cost_h05" + x."cost_h05", "cost_h06" = t."cost_h06" + x."cost_h06", "cost_h07" = t."cost_h07" + x."cost_h07", "cost_h08" = t."cost_h08" + x."cost_h08", "cost_h09" = t."cost_h09" + x."cost_h09", "cost_h10" = t."cost_h10" + x."cost_h10", "cost_h11" = t."cost_h11" + x."cost_h11", "cost_h12" = t."cost_h12" + x."cost_h12", "cost_h13" = t."cost_h13" + x."cost_h13", "cost_h14" = t."cost_h14" + x."cost_h14", "cost_h15" = t."cost_h15" + x."cost_h15", "cost_h16" = t."cost_h16" + x."cost_h16", "cost_h17" = t."cost_h17" + x."cost_h17", "cost_h18" = t."cost_h18" + x."cost_h18", "cost_h19" = t."cost_h19" + x."cost_h19", "cost_h20" = t."cost_h20" + x."cost_h20", "cost_h21" = t."cost_h21" + x."cost_h21", "cost_h22" = t."cost_h22" + x."cost_h22", "cost_h23" = t."cost_h23" + x."cost_h23", "income_h00" = t."income_h00" + x."income_h00", "income_h01" = t."income_h01" + x."income_h01", "income_h02" = t."income_h02" + x."income_h02", "income_h03" = t."income_h03" + x."income_h03", "income_h04" = t."income_h04" + x."income_h04", "income_h05" = t."income_h05" + x."income_h05", "income_h06" = t."income_h06" + x."income_h06", "income_h07" = t."income_h07" + x."income_h07", "income_h08" = t."income_h08" + x."income_h08", "income_h09" = t."income_h09" + x."income_h09", "income_h10" = t."income_h10" + x."income_h10", "income_h11" = t."income_h11" + x."income_h11", "income_h12" = t."income_h12" + x."income_h12", "income_h13" = t."income_h13" + x."income_h13", "income_h14" = t."income_h14" + x."income_h14", "income_h15" = t."income_h15" + x."income_h15", "income_h16" = t."income_h16" + x."income_h16", "income_h17" = t."income_h17" + x."income_h17", "income_h18" = t."income_h18" + x."income_h18", "income_h19" = t."income_h19" + x."income_h19", "income_h20" = t."income_h20" + x."income_h20", "income_h21" = t."income_h21" + x."income_h21", "income_h22" = t."income_h22" + x."income_h22", "income_h23" = t."income_h23" + x."income_h23", "partner_revenue_h00" = t."partner_revenue_h00" + x."partner_revenue_h00", "partner_revenue_h01" = t."partner_revenue_h01" + x."partner_revenue_h01", "partner_revenue_h02" = t."partner_revenue_h02" + x."partner_revenue_h02", "partner_revenue_h03" = t."partner_revenue_h03" + x."partner_revenue_h03", "partner_revenue_h04" = t."partner_revenue_h04" + x."partner_revenue_h04", "partner_revenue_h05" = t."partner_revenue_h05" + x."partner_revenue_h05", "partner_revenue_h06" = t."partner_revenue_h06" + x."partner_revenue_h06", "partner_revenue_h07" = t."partner_revenue_h07" + x."partner_revenue_h07", "partner_revenue_h08" = t."partner_revenue_h08" + x."partner_revenue_h08", "partner_revenue_h09" = t."partner_revenue_h09" + x."partner_revenue_h09", "partner_revenue_h10" = t."partner_revenue_h10" + x."partner_revenue_h10", "partner_revenue_h11" = t."partner_revenue_h11" + x."partner_revenue_h11", "partner_revenue_h12" = t."partner_revenue_h12" + x."partner_revenue_h12", "partner_revenue_h13" = t."partner_revenue_h13" + x."partner_revenue_h13", "partner_revenue_h14" = t."partner_revenue_h14" + x."partner_revenue_h14", "partner_revenue_h15" = t."partner_revenue_h15" + x."partner_revenue_h15", "partner_revenue_h16" = t."partner_revenue_h16" + x."partner_revenue_h16", "partner_revenue_h17" = t."partner_revenue_h17" + x."partner_revenue_h17", "partner_revenue_h18" = t."partner_revenue_h18" + x."partner_revenue_h18", "partner_revenue_h19" = t."partner_revenue_h19" + x."partner_revenue_h19", "partner_revenue_h20" = t."partner_revenue_h20" + x."partner_revenue_h20", "partner_revenue_h21" = t."partner_revenue_h21" + x."partner_revenue_h21", "partner_revenue_h22" = t."partner_revenue_h22" + x."partner_revenue_h22", "partner_revenue_h23" = t."partner_revenue_h23" + x."partner_revenue_h23", "partner_take_h00" = t."partner_take_h00" + x."partner_take_h00", "partner_take_h01" = t."partner_take_h01" + x."partner_take_h01", "partner_take_h02" = t."partner_take_h02" + x."partner_take_h02", "partner_take_h03" = t."partner_take_h03" + x."partner_take_h03", "partner_take_h04" = t."partner_take_h04" + x."partner_take_h04", "partner_take_h05" = t."partner_take_h05" + x."partner_take_h05", "partner_take_h06" = t."partner_take_h06" + x."partner_take_h06", "partner_take_h07" = t."partner_take_h07" + x."partner_take_h07", "partner_take_h08" = t."partner_take_h08" + x."partner_take_h08", "partner_take_h09" = t."partner_take_h09" + x."partner_take_h09", "partner_take_h10" = t."partner_take_h10" + x."partner_take_h10", "partner_take_h11" = t."partner_take_h11" + x."partner_take_h11", "partner_take_h12" = t."partner_take_h12" + x."partner_take_h12", "partner_take_h13" = t."partner_take_h13" + x."partner_take_h13", "partner_take_h14" = t."partner_take_h14" + x."partner_take_h14", "partner_take_h15" = t."partner_take_h15" + x."partner_take_h15", "partner_take_h16" = t."partner_take_h16" + x."partner_take_h16", "partner_take_h17" = t."partner_take_h17" + x."partner_take_h17", "partner_take_h18" = t."partner_take_h18" + x."partner_take_h18", "partner_take_h19" = t."partner_take_h19" + x."partner_take_h19", "partner_take_h20" = t."partner_take_h20" + x."partner_take_h20", "partner_take_h21" = t."partner_take_h21" + x."partner_take_h21", "partner_take_h22" = t."partner_take_h22" + x."partner_take_h22", "partner_take_h23" = t."partner_take_h23" + x."partner_take_h23", "auctions_h00" = t."auctions_h00" + x."auctions_h00", "auctions_h01" = t."auctions_h01" + x."auctions_h01", "auctions_h02" = t."auctions_h02" + x."auctions_h02", "auctions_h03" = t."auctions_h03" + x."auctions_h03", "auctions_h04" = t."auctions_h04" + x."auctions_h04", "auctions_h05" = t."auctions_h05" + x."auctions_h05", "auctions_h06" = t."auctions_h06" + x."auctions_h06", "auctions_h07" = t."auctions_h07" + x."auctions_h07", "auctions_h08" = t."auctions_h08" + x."auctions_h08", "auctions_h09" = t."auctions_h09" + x."auctions_h09", "auctions_h10" = t."auctions_h10" + x."auctions_h10", "auctions_h11" = t."auctions_h11" + x."auctions_h11", "auctions_h12" = t."auctions_h12" + x."auctions_h12", "auctions_h13" = t."auctions_h13" + x."auctions_h13", "auctions_h14" = t."auctions_h14" + x."auctions_h14", "auctions_h15" = t."auctions_h15" + x."auctions_h15", "auctions_h16" = t."auctions_h16" + x."auctions_h16", "auctions_h17" = t."auctions_h17" + x."auctions_h17", "auctions_h18" = t."auctions_h18" + x."auctions_h18", "auctions_h19" = t."auctions_h19" + x."auctions_h19", "auctions_h20" = t."auctions_h20" + x."auctions_h20", "auctions_h21" = t."auctions_h21" + x."auctions_h21", "auctions_h22" = t."auctions_h22" + x."auctions_h22", "auctions_h23" = t."auctions_h23" + x."auctions_h23"
    FROM (
      SELECT r."day", r."advertiser_id", r."plan_id", r."strategy_id", r."creative_id", sum(d."requests_h00") AS "requests_h00", sum(d."requests_h01") AS "requests_h01", sum(d."requests_h02") AS "requests_h02", sum(d."requests_h03") AS "requests_h03", sum(d."requests_h04") AS "requests_h04", sum(d."requests_h05") AS "requests_h05", sum(d."requests_h06") AS "requests_h06", sum(d."requests_h07") AS "requests_h07", sum(d."requests_h08") AS "requests_h08", sum(d."requests_h09") AS "requests_h09", sum(d."requests_h10") AS "requests_h10", sum(d."requests_h11") AS "requests_h11", sum(d."requests_h12") AS "requests_h12", sum(d."requests_h13") AS "requests_h13", sum(d."requests_h14") AS "requests_h14", sum(d."requests_h15") AS "requests_h15", sum(d."requests_h16") AS "requests_h16", sum(d."requests_h17") AS "requests_h17", sum(d."requests_h18") AS "requests_h18", sum(d."requests_h19") AS "requests_h19", sum(d."requests_h20") AS "requests_h20", sum(d."requests_h21") AS "requests_h21", sum(d."requests_h22") AS "requests_h22", sum(d."requests_h23") AS "requests_h23", sum(d."fills_h00") AS "fills_h00", sum(d."fills_h01") AS "fills_h01", sum(d."fills_h02") AS "fills_h02", sum(d."fills_h03") AS "fills_h03", sum(d."fills_h04") AS "fills_h04", sum(d."fills_h05") AS "fills_h05", sum(d."fills_h06") AS "fills_h06", sum(d."fills_h07") AS "fills_h07", sum(d."fills_h08") AS "fills_h08", sum(d."fills_h09") AS "fills_h09", sum(d."fills_h10") AS "fills_h10", sum(d."fills_h11") AS "fills_h11", sum(d."fills_h12") AS "fills_h12", sum(d."fills_h13") AS "fills_h13", sum(d."fills_h14") AS "fills_h14", sum(d."fills_h15") AS "fills_h15", sum(d."fills_h16") AS "fills_h16", sum(d."fills_h17") AS "fills_h17", sum(d."fills_h18") AS "fills_h18", sum(d."fills_h19") AS "fills_h19", sum(d."fills_h20") AS "fills_h20", sum(d."fills_h21") AS "fills_h21", sum(d."fills_h22") AS "fills_h22", sum(d."fills_h23") AS "fills_h23", sum(d."impressions_h00") AS "impressions_h00", sum(d."impressions_h01") AS "impressions_h01", sum(d."impressions_h02") AS "impressions_h02", sum(d."impressions_h03") AS "impressions_h03", sum(d."impressions_h04") AS "impressions_h04", sum(d."impressions_h05") AS "impressions_h05", sum(d."impressions_h06") AS "impressions_h06", sum(d."impressions_h07") AS "impressions_h07", sum(d."impressions_h08") AS "impressions_h08", sum(d."impressions_h09") AS "impressions_h09", sum(d."impressions_h10") AS "impressions_h10", sum(d."impressions_h11") AS "impressions_h11", sum(d."impressions_h12") AS "impressions_h12", sum(d."impressions_h13") AS "impressions_h13", sum(d."impressions_h14") AS "impressions_h14", sum(d."impressions_h15") AS "impressions_h15", sum(d."impressions_h16") AS "impressions_h16", sum(d."impressions_h17") AS "impressions_h17", sum(d."impressions_h18") AS "impressions_h18", sum(d."impressions_h19") AS "impressions_h19", sum(d."impressions_h20") AS "impressions_h20", sum(d."impressions_h21") AS "impressions_h21", sum(d."impressions_h22") AS "impressions_h22", sum(d."impressions_h23") AS "impressions_h23", sum(d."clicks_h00") AS "clicks_h00", sum(d."clicks_h01") AS "clicks_h01", sum(d."clicks_h02") AS "clicks_h02", sum(d."clicks_h03") AS "clicks_h03", sum(d."clicks_h04") AS "clicks_h04", sum(d."clicks_h05") AS "clicks_h05", sum(d."clicks_h06") AS "clicks_h06", sum(d."clicks_h07") AS "clicks_h07", sum(d."clicks_h08") AS "clicks_h08", sum(d."clicks_h09") AS "clicks_h09", sum(d."clicks_h10") AS "clicks_h10", sum(d."clicks_h11") AS "clicks_h11", sum(d."clicks_h12") AS "clicks_h12", sum(d."clicks_h13") AS "clicks_h13", sum(d."clicks_h14") AS "clicks_h14", sum(d."clicks_h15") AS "clicks_h15", sum(d."clicks_h16") AS "clicks_h16", sum(d."clicks_h17") AS "clicks_h17", sum(d."clicks_h18") AS "clicks_h18", sum(d."clicks_h19") AS "clicks_h19", sum(d."clicks_h20") AS "clicks_h20", sum(d."clicks_h21") AS "clicks_h21", sum(d."clicks_h22") AS "clicks_h22", sum(d."clicks_h23") AS "clicks_h23", sum(d."cost_h00") AS "cost_h00", sum(d."cost_h01") AS "cost_h01", sum(d."cost_h02") AS "cost_h02", sum(d."cost_h03") AS "cost_h03", sum(d."cost_h04") AS "cost_h04", sum(d."cost_h05") AS "cost_h05", sum(d."cost_h06") AS "cost_h06", sum(d."cost_h07") AS "cost_h07", sum(d."cost_h08") AS "cost_h08", sum(d."cost_h09") AS "cost_h09", sum(d."cost_h10") AS "cost_h10", sum(d."cost_h11") AS "cost_h11", sum(d."cost_h12") AS "cost_h12", sum(d."cost_h13") AS "cost_h13", sum(d."cost_h14") AS "cost_h14", sum(d."cost_h15") AS "cost_h15", sum(d."cost_h16") AS "cost_h16", sum(d."cost_h17") AS "cost_h17", sum(d."cost_h18") AS "cost_h18", sum(d."cost_h19") AS "cost_h19", sum(d."cost_h20") AS "cost_h20", sum(d."cost_h21") AS "cost_h21", sum(d."cost_h22") AS "cost_h22", sum(d."cost_h23") AS "cost_h23", sum(d."income_h00") AS "income_h00", sum(d."income_h01") AS "income_h01", sum(d."income_h02") AS "income_h02", sum(d."income_h03") AS "income_h03", sum(d."income_h04") AS "income_h04", sum(d."income_h05") AS "income_h05", sum(d."income_h06") AS "income_h06", sum(d."income_h07") AS "income_h07", sum(d."income_h08") AS "income_h08", sum(d."income_h09") AS "income_h09", sum(d."income_h10") AS "income_h10", sum(d."income_h11") AS "income_h11", sum(d."income_h12") AS "income_h12", sum(d."income_h13") AS "income_h13", sum(d."income_h14") AS "income_h14", sum(d."income_h15") AS "income_h15", sum(d."income_h16") AS "income_h16", sum(d."income_h17") AS "income_h17", sum(d."income_h18") AS "income_h18", sum(d."income_h19") AS "income_h19", sum(d."income_h20") AS "income_h20", sum(d."income_h21") AS "income_h21", sum(d."income_h22") AS "income_h22", sum(d."income_h23") AS "income_h23", sum(d."partner_revenue_h00") AS "partner_revenue_h00", sum(d."partner_revenue_h01") AS "partner_revenue_h01", sum(d."partner_revenue_h02") AS "partner_revenue_h02", sum(d."partner_revenue_h03") AS "partner_revenue_h03", sum(d."partner_revenue_h04") AS "partner_revenue_h04", sum(d."partner_revenue_h05") AS "partner_revenue_h05", sum(d."partner_revenue_h06") AS "partner_revenue_h06", sum(d."partner_revenue_h07") AS "partner_revenue_h07", sum(d."partner_revenue_h08") AS "partner_revenue_h08", sum(d."partner_revenue_h09") AS "partner_revenue_h09", sum(d."partner_revenue_h10") AS "partner_revenue_h10", sum(d."partner_revenue_h11") AS "partner_revenue_h11", sum(d."partner_revenue_h12") AS "partner_revenue_h12", sum(d."partner_revenue_h13") AS "partner_revenue_h13", sum(d."partner_revenue_h14") AS "partner_revenue_h14", sum(d."partner_revenue_h15") AS "partner_revenue_h15", sum(d."partner_revenue_h16") AS "partner_revenue_h16", sum(d."partner_revenue_h17") AS "partner_revenue_h17", sum(d."partner_revenue_h18") AS "partner_revenue_h18", sum(d."partner_revenue_h19") AS "partner_revenue_h19", sum(d."partner_revenue_h20") AS "partner_revenue_h20", sum(d."partner_revenue_h21") AS "partner_revenue_h21", sum(d."partner_revenue_h22") AS "partner_revenue_h22", sum(d."partner_revenue_h23") AS "partner_revenue_h23", sum(d."partner_take_h00") AS "partner_take_h00", sum(d."partner_take_h01") AS "partner_take_h01", sum(d."partner_take_h02") AS "partner_take_h02", sum(d."partner_take_h03") AS "partner_take_h03", sum(d."partner_take_h04") AS "partner_take_h04", sum(d."partner_take_h05") AS "partner_take_h05", sum(d."partner_take_h06") AS "partner_take_h06", sum(d."partner_take_h07") AS "partner_take_h07", sum(d."partner_take_h08") AS "partner_take_h08", sum(d."partner_take_h09") AS "partner_take_h09", sum(d."partner_take_h10") AS "partner_take_h10", sum(d."partner_take_h11") AS "partner_take_h11", sum(d."partner_take_h12") AS "partner_take_h12", sum(d."partner_take_h13") AS "partner_take_h13", sum(d."partner_take_h14") AS "partner_take_h14", sum(d."partner_take_h15") AS "partner_take_h15", sum(d."partner_take_h16") AS "partner_take_h16", sum(d."partner_take_h17") AS "partner_take_h17", sum(d."partner_take_h18") AS "partner_take_h18", sum(d."partner_take_h19") AS "partner_take_h19", sum(d."partner_take_h20") AS "partner_take_h20", sum(d."partner_take_h21") AS "partner_take_h21", sum(d."partner_take_h22") AS "partner_take_h22", sum(d."partner_take_h23") AS "partner_take_h23", sum(d."auctions_h00") AS "auctions_h00", sum(d."auctions_h01") AS "auctions_h01", sum(d."auctions_h02") AS "auctions_h02", sum(d."auctions_h03") AS "auctions_h03", sum(d."auctions_h04") AS "auctions_h04", sum(d."auctions_h05") AS "auctions_h05", sum(d."auctions_h06") AS "auctions_h06", sum(d."auctions_h07") AS "auctions_h07", sum(d."auctions_h08") AS "auctions_h08", sum(d."auctions_h09") AS "auctions_h09", sum(d."auctions_h10") AS "auctions_h10", sum(d."auctions_h11") AS "auctions_h11", sum(d."auctions_h12") AS "auctions_h12", sum(d."auctions_h13") AS "auctions_h13", sum(d."auctions_h14") AS "auctions_h14", sum(d."auctions_h15") AS "auctions_h15", sum(d."auctions_h16") AS "auctions_h16", sum(d."auctions_h17") AS "auctions_h17", sum(d."auctions_h18") AS "auctions_h18", sum(d."auctions_h19") AS "auctions_h19", sum(d."auctions_h20") AS "auctions_h20", sum(d."auctions_h21") AS "auctions_h21", sum(d."auctions_h22") AS "auctions_h22", sum(d."auctions_h23") AS "auctions_h23"
      FROM "stats_creative_running" r JOIN "d" ON r."advertiser_id" = d."advertiser_id" AND r."plan_id" = d."plan_id" AND r."strategy_id" = d."strategy_id" AND r."creative_id" = d."creative_id" AND r."day" >= d."day"
      GROUP BY 1, 2, 3, 4, 5) x
    WHERE t."day" = x."day" AND t."advertiser_id" = x."advertiser_id" AND t."plan_id" = x."plan_id" AND t."strategy_id" = x."strategy_id" AND t."creative_id" = x."creative_id"
    $sql$, changed) USING open_from;
    IF emptied IS NOT NULL THEN
      EXECUTE format($sql$
      DELETE FROM "stats_daily" t USING (%s) o
      WHERE o."hour" < $1 AND t."day" = date_trunc('day', o."hour", 'UTC')
        AND t."advertiser_id" = o."advertiser_id" AND t."plan_id" = o."plan_id" AND t."strategy_id" = o."strategy_id" AND t."creative_id" = o."creative_id" AND t."media_id" = o."media_id" AND t."slot_id" = o."slot_id" AND t."dsp_id" = o."dsp_id" AND t."country" = o."country" AND t."os" = o."os" AND t."app_version" = o."app_version"
        AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0 AND t."cost" = 0 AND t."income" = 0 AND t."partner_revenue" = 0 AND t."partner_take" = 0 AND t."auctions" = 0
      $sql$, emptied) USING open_from;
      EXECUTE format($sql$
      DELETE FROM "stats_geo_daily" t USING (%s) o
      WHERE o."hour" < $1 AND t."day" = date_trunc('day', o."hour", 'UTC')
        AND t."advertiser_id" = o."advertiser_id" AND t."country" = o."country" AND t."os" = o."os"
        AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0 AND t."cost" = 0 AND t."income" = 0 AND t."partner_revenue" = 0 AND t."partner_take" = 0 AND t."auctions" = 0
      $sql$, emptied) USING open_from;
      EXECUTE format($sql$
      DELETE FROM "stats_creative_daily" t USING (%s) o
      WHERE o."hour" < $1 AND t."day" = date_trunc('day', o."hour", 'UTC')
        AND t."advertiser_id" = o."advertiser_id" AND t."plan_id" = o."plan_id" AND t."strategy_id" = o."strategy_id" AND t."creative_id" = o."creative_id"
        AND t."hours" = 0
      $sql$, emptied) USING open_from;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
