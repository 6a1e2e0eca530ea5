CREATE TABLE "stats_daily" (
	"day" timestamp with time zone NOT NULL,
	"advertiser_id" integer DEFAULT 0 NOT NULL,
	"plan_id" integer DEFAULT 0 NOT NULL,
	"strategy_id" integer DEFAULT 0 NOT NULL,
	"creative_id" integer DEFAULT 0 NOT NULL,
	"media_id" integer DEFAULT 0 NOT NULL,
	"slot_id" integer DEFAULT 0 NOT NULL,
	"dsp_id" integer DEFAULT 0 NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"os" smallint DEFAULT 0 NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"fills" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_pkey" PRIMARY KEY("day","advertiser_id","plan_id","strategy_id","creative_id","media_id","slot_id","dsp_id","country","os","app_version")
);
--> statement-breakpoint
CREATE TABLE "stats_plan_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"advertiser_id" integer DEFAULT 0 NOT NULL,
	"plan_id" integer DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"fills" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_plan_hourly_pkey" PRIMARY KEY("hour","advertiser_id","plan_id")
);
--> statement-breakpoint
CREATE INDEX "stats_daily_advertiser_day_idx" ON "stats_daily" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE INDEX "stats_daily_media_day_idx" ON "stats_daily" USING btree ("media_id","day");--> statement-breakpoint
CREATE INDEX "stats_plan_hourly_advertiser_hour_idx" ON "stats_plan_hourly" USING btree ("advertiser_id","hour");--> statement-breakpoint
-- The report rollups are stats_hourly's sums, kept by statement triggers (docs/decisions/
-- reports.md): the rows a statement changed (its transition tables) are summed by day and by
-- plan-hour and added to the rollups once, so the delivery flush's multi-row upsert costs
-- one more upsert per rollup. Deletes subtract (rows left all zero go); truncate empties them.
CREATE FUNCTION "stats_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
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
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "stats_daily" t USING old_rows o
    WHERE t."day" = date_trunc('day', o."hour", 'UTC') AND t."advertiser_id" = o."advertiser_id"
      AND t."plan_id" = o."plan_id" AND t."strategy_id" = o."strategy_id"
      AND t."creative_id" = o."creative_id" AND t."media_id" = o."media_id"
      AND t."slot_id" = o."slot_id" AND t."dsp_id" = o."dsp_id" AND t."country" = o."country"
      AND t."os" = o."os" AND t."app_version" = o."app_version"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0
      AND t."cost" = 0 AND t."income" = 0;
    DELETE FROM "stats_plan_hourly" t USING old_rows o
    WHERE t."hour" = o."hour" AND t."advertiser_id" = o."advertiser_id" AND t."plan_id" = o."plan_id"
      AND t."requests" = 0 AND t."fills" = 0 AND t."impressions" = 0 AND t."clicks" = 0
      AND t."cost" = 0 AND t."income" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "stats_rollup_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "stats_daily", "stats_plan_hourly";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stats_hourly_rollup_insert" AFTER INSERT ON "stats_hourly" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stats_hourly_rollup_update" AFTER UPDATE ON "stats_hourly" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stats_hourly_rollup_delete" AFTER DELETE ON "stats_hourly" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stats_hourly_rollup_truncate" AFTER TRUNCATE ON "stats_hourly" FOR EACH STATEMENT EXECUTE FUNCTION "stats_rollup_truncate"();
--> statement-breakpoint
-- Rows counted before this migration.
INSERT INTO "stats_daily" ("day", "advertiser_id", "plan_id", "strategy_id", "creative_id",
  "media_id", "slot_id", "dsp_id", "country", "os", "app_version",
  "requests", "fills", "impressions", "clicks", "cost", "income")
SELECT date_trunc('day', "hour", 'UTC'), "advertiser_id", "plan_id", "strategy_id", "creative_id",
  "media_id", "slot_id", "dsp_id", "country", "os", "app_version",
  sum("requests"), sum("fills"), sum("impressions"), sum("clicks"), sum("cost"), sum("income")
FROM "stats_hourly"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
--> statement-breakpoint
INSERT INTO "stats_plan_hourly" ("hour", "advertiser_id", "plan_id",
  "requests", "fills", "impressions", "clicks", "cost", "income")
SELECT "hour", "advertiser_id", "plan_id",
  sum("requests"), sum("fills"), sum("impressions"), sum("clicks"), sum("cost"), sum("income")
FROM "stats_hourly"
GROUP BY 1, 2, 3;
