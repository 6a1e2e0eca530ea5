-- stats_daily holds closed hours only (docs/decisions/reports.md, docs/PERFORMANCE.md third
-- pass). The delivery flush upserts thousands of hourly rows a second, nearly all of them in
-- the current hour; adding each statement's rows to stats_daily as well cost the database
-- more than the hourly upsert itself. Now an hour is added to stats_daily once, when it has
-- closed (report/fold.ts moves open_from past it), and reports read the open hours from
-- stats_hourly. Writes to closed hours (late events, corrections, deletes) still reach
-- stats_daily through the trigger, as before.
CREATE TABLE "stats_daily_open" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"open_from" timestamp with time zone NOT NULL,
	CONSTRAINT "stats_daily_open_single_row" CHECK ("stats_daily_open"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "stats_daily_open" ("id", "open_from") VALUES (1, date_trunc('day', now(), 'UTC'));
--> statement-breakpoint
-- Today's rows so far: today's hours are open until the first fold adds the closed ones.
DELETE FROM "stats_daily" WHERE "day" >= (SELECT "open_from" FROM "stats_daily_open");
--> statement-breakpoint
-- As migration 0006, the stats_daily parts limited to rows of closed hours. The open_from row
-- is read FOR SHARE: a fold holds it FOR UPDATE while it adds hours, so a write to them
-- either waits and then maintains stats_daily itself, or commits before the fold reads.
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
      '"impressions" = 0 AND "clicks" = 0 AND "cost" = 0 AND "income" = 0'
  END;
  open_from timestamptz;
BEGIN
  SELECT o."open_from" INTO open_from FROM "stats_daily_open" o WHERE o."id" = 1 FOR SHARE;
  EXECUTE format($sql$
    INSERT INTO "stats_daily" AS t ("day", "advertiser_id", "plan_id", "strategy_id",
      "creative_id", "media_id", "slot_id", "dsp_id", "country", "os", "app_version",
      "requests", "fills", "impressions", "clicks", "cost", "income")
    SELECT date_trunc('day', c."hour", 'UTC'), c."advertiser_id", c."plan_id", c."strategy_id",
      c."creative_id", c."media_id", c."slot_id", c."dsp_id", c."country", c."os", c."app_version",
      sum(c.sign * c."requests"), sum(c.sign * c."fills"), sum(c.sign * c."impressions"),
      sum(c.sign * c."clicks"), sum(c.sign * c."cost"), sum(c.sign * c."income")
    FROM (%s) c
    WHERE c."hour" < $1
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT "stats_daily_pkey" DO UPDATE SET
      "requests" = t."requests" + excluded."requests", "fills" = t."fills" + excluded."fills",
      "impressions" = t."impressions" + excluded."impressions",
      "clicks" = t."clicks" + excluded."clicks", "cost" = t."cost" + excluded."cost",
      "income" = t."income" + excluded."income"
  $sql$, changed) USING open_from;
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
    WHERE o."hour" < $1 AND t."day" = date_trunc('day', o."hour", 'UTC')
      AND t."advertiser_id" = o."advertiser_id"
      AND t."plan_id" = o."plan_id" AND t."strategy_id" = o."strategy_id"
      AND t."creative_id" = o."creative_id" AND t."media_id" = o."media_id"
      AND t."slot_id" = o."slot_id" AND t."dsp_id" = o."dsp_id" AND t."country" = o."country"
      AND t."os" = o."os" AND t."app_version" = o."app_version"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0
      AND t."cost" = 0 AND t."income" = 0
    $sql$, emptied) USING open_from;
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
