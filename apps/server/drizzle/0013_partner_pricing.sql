ALTER TABLE "slots" ADD COLUMN "auction_type" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "ssp_strategies" ADD COLUMN "percent" integer;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "partner_revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "partner_take" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "partner_revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "partner_take" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_plan_hourly" ADD COLUMN "partner_revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_plan_hourly" ADD COLUMN "partner_take" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Partner pricing (docs/decisions/partner-pricing.md): partner-won impressions record what
-- the partner pays (partner_revenue) and our take of it (partner_take); the publisher's share
-- stays in income. The rollup trigger of migration 0008 again, carrying the two new counters
-- into stats_daily (closed hours) and stats_plan_hourly.
CREATE OR REPLACE FUNCTION "stats_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  emptied text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    WHEN 'UPDATE' THEN 'SELECT * FROM new_rows WHERE "requests" = 0 AND "fills" = 0 AND '
      '"impressions" = 0 AND "clicks" = 0 AND "cost" = 0 AND "income" = 0 AND '
      '"partner_revenue" = 0 AND "partner_take" = 0'
  END;
  open_from timestamptz;
BEGIN
  SELECT o."open_from" INTO open_from FROM "stats_daily_open" o WHERE o."id" = 1 FOR SHARE;
  EXECUTE format($sql$
    INSERT INTO "stats_daily" AS t ("day", "advertiser_id", "plan_id", "strategy_id",
      "creative_id", "media_id", "slot_id", "dsp_id", "country", "os", "app_version",
      "requests", "fills", "impressions", "clicks", "cost", "income", "partner_revenue", "partner_take")
    SELECT date_trunc('day', c."hour", 'UTC'), c."advertiser_id", c."plan_id", c."strategy_id",
      c."creative_id", c."media_id", c."slot_id", c."dsp_id", c."country", c."os", c."app_version",
      sum(c.sign * c."requests"), sum(c.sign * c."fills"), sum(c.sign * c."impressions"),
      sum(c.sign * c."clicks"), sum(c.sign * c."cost"), sum(c.sign * c."income"),
      sum(c.sign * c."partner_revenue"), sum(c.sign * c."partner_take")
    FROM (%s) c
    WHERE c."hour" < $1
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT "stats_daily_pkey" DO UPDATE SET
      "requests" = t."requests" + excluded."requests", "fills" = t."fills" + excluded."fills",
      "impressions" = t."impressions" + excluded."impressions",
      "clicks" = t."clicks" + excluded."clicks", "cost" = t."cost" + excluded."cost",
      "income" = t."income" + excluded."income",
      "partner_revenue" = t."partner_revenue" + excluded."partner_revenue",
      "partner_take" = t."partner_take" + excluded."partner_take"
  $sql$, changed) USING open_from;
  EXECUTE format($sql$
    INSERT INTO "stats_plan_hourly" AS t ("hour", "advertiser_id", "plan_id",
      "requests", "fills", "impressions", "clicks", "cost", "income", "partner_revenue", "partner_take")
    SELECT c."hour", c."advertiser_id", c."plan_id",
      sum(c.sign * c."requests"), sum(c.sign * c."fills"), sum(c.sign * c."impressions"),
      sum(c.sign * c."clicks"), sum(c.sign * c."cost"), sum(c.sign * c."income"),
      sum(c.sign * c."partner_revenue"), sum(c.sign * c."partner_take")
    FROM (%s) c
    GROUP BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT "stats_plan_hourly_pkey" DO UPDATE SET
      "requests" = t."requests" + excluded."requests", "fills" = t."fills" + excluded."fills",
      "impressions" = t."impressions" + excluded."impressions",
      "clicks" = t."clicks" + excluded."clicks", "cost" = t."cost" + excluded."cost",
      "income" = t."income" + excluded."income",
      "partner_revenue" = t."partner_revenue" + excluded."partner_revenue",
      "partner_take" = t."partner_take" + excluded."partner_take"
  $sql$, changed);
  IF emptied IS NOT NULL THEN
    EXECUTE format($sql$
    DELETE FROM "stats_daily" t USING (%s) o
    WHERE o."hour" < $1 AND t."day" = date_trunc('day', o."hour", 'UTC')
      AND t."advertiser_id" = o."advertiser_id"
      AND t."plan_id" = o."plan_id" AND t."strategy_id" = o."strategy_id"
      AND t."creative_id" = o."creative_id" AND t."media_id" = o."media_id"
      AND t."slot_id" = o."slot_id" AND t."dsp_id" = o."dsp_id" AND t."country" = o."country"
      AND t."os" = o."os" AND t."app_version" = o."app_version"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0
      AND t."cost" = 0 AND t."income" = 0 AND t."partner_revenue" = 0 AND t."partner_take" = 0
    $sql$, emptied) USING open_from;
    EXECUTE format($sql$
    DELETE FROM "stats_plan_hourly" t USING (%s) o
    WHERE t."hour" = o."hour" AND t."advertiser_id" = o."advertiser_id" AND t."plan_id" = o."plan_id"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0
      AND t."cost" = 0 AND t."income" = 0 AND t."partner_revenue" = 0 AND t."partner_take" = 0
    $sql$, emptied);
  END IF;
  RETURN NULL;
END;
$$;
