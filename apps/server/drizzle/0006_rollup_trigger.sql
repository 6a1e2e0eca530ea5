-- The rollup trigger looked up rollup rows left at zero after every update, one index probe
-- per changed row on an index that does not hold the whole key: a delivery flush of a few
-- thousand rows spent most of its time there (docs/PERFORMANCE.md). Only deletes and
-- updates that leave an hourly row at zero can empty a rollup row; only those look now.
CREATE OR REPLACE FUNCTION "stats_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  -- The hourly rows whose rollup rows may have dropped to zero: the deleted ones, and the
  -- updated ones now all zero (counters never go below zero, so a rollup row reaches zero
  -- only with all of its hourly rows). The delivery flush only adds: nothing to look up.
  emptied text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    WHEN 'UPDATE' THEN 'SELECT * FROM new_rows WHERE "requests" = 0 AND "fills" = 0 AND '
      '"impressions" = 0 AND "clicks" = 0 AND "cost" = 0 AND "income" = 0'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO "stats_daily" AS t ("day", "advertiser_id", "plan_id", "strategy_id",
      "creative_id", "media_id", "slot_id", "dsp_id", "country", "os", "app_version",
      "requests", "fills", "impressions", "clicks", "cost", "income")
    SELECT date_trunc('day', c."hour", 'UTC'), c."advertiser_id", c."plan_id", c."strategy_id",
      c."creative_id", c."media_id", c."slot_id", c."dsp_id", c."country", c."os", c."app_version",
      sum(c.sign * c."requests"), sum(c.sign * c."fills"), sum(c.sign * c."impressions"),
      sum(c.sign * c."clicks"), sum(c.sign * c."cost"), sum(c.sign * c."income")
    FROM (%s) c
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT "stats_daily_pkey" DO UPDATE SET
      "requests" = t."requests" + excluded."requests", "fills" = t."fills" + excluded."fills",
      "impressions" = t."impressions" + excluded."impressions",
      "clicks" = t."clicks" + excluded."clicks", "cost" = t."cost" + excluded."cost",
      "income" = t."income" + excluded."income"
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO "stats_plan_hourly" AS t ("hour", "advertiser_id", "plan_id",
      "requests", "fills", "impressions", "clicks", "cost", "income")
    SELECT c."hour", c."advertiser_id", c."plan_id",
      sum(c.sign * c."requests"), sum(c.sign * c."fills"), sum(c.sign * c."impressions"),
      sum(c.sign * c."clicks"), sum(c.sign * c."cost"), sum(c.sign * c."income")
    FROM (%s) c
    GROUP BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT "stats_plan_hourly_pkey" DO UPDATE SET
      "requests" = t."requests" + excluded."requests", "fills" = t."fills" + excluded."fills",
      "impressions" = t."impressions" + excluded."impressions",
      "clicks" = t."clicks" + excluded."clicks", "cost" = t."cost" + excluded."cost",
      "income" = t."income" + excluded."income"
  $sql$, changed);
  IF emptied IS NOT NULL THEN
    EXECUTE format($sql$
    DELETE FROM "stats_daily" t USING (%s) o
    WHERE t."day" = date_trunc('day', o."hour", 'UTC') AND t."advertiser_id" = o."advertiser_id"
      AND t."plan_id" = o."plan_id" AND t."strategy_id" = o."strategy_id"
      AND t."creative_id" = o."creative_id" AND t."media_id" = o."media_id"
      AND t."slot_id" = o."slot_id" AND t."dsp_id" = o."dsp_id" AND t."country" = o."country"
      AND t."os" = o."os" AND t."app_version" = o."app_version"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0
      AND t."cost" = 0 AND t."income" = 0
    $sql$, emptied);
    EXECUTE format($sql$
    DELETE FROM "stats_plan_hourly" t USING (%s) o
    WHERE t."hour" = o."hour" AND t."advertiser_id" = o."advertiser_id" AND t."plan_id" = o."plan_id"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0
      AND t."cost" = 0 AND t."income" = 0
    $sql$, emptied);
  END IF;
  RETURN NULL;
END;
$$;
