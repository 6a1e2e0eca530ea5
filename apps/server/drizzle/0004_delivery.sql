CREATE TABLE "config_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsp_health_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"dsp_id" integer NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"no_bids" bigint DEFAULT 0 NOT NULL,
	"timeouts" bigint DEFAULT 0 NOT NULL,
	"errors" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"latency_ms_sum" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dsp_health_hourly_pkey" PRIMARY KEY("hour","dsp_id")
);
--> statement-breakpoint
CREATE INDEX "delivery_events_at_idx" ON "delivery_events" USING btree ("at");--> statement-breakpoint
INSERT INTO "config_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Every write to what the delivery engine serves from bumps the version and notifies
-- listeners (docs/product/design.md#delivery-engine); the engine's own spend entries in the ledger do not.
CREATE FUNCTION "bump_config_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "config_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  PERFORM pg_notify('adloom_config', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plans_config_version" AFTER INSERT OR UPDATE OR DELETE ON "plans" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "strategies_config_version" AFTER INSERT OR UPDATE OR DELETE ON "strategies" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "creatives_config_version" AFTER INSERT OR UPDATE OR DELETE ON "creatives" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "materials_config_version" AFTER INSERT OR UPDATE OR DELETE ON "materials" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "media_config_version" AFTER INSERT OR UPDATE OR DELETE ON "media" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "slots_config_version" AFTER INSERT OR UPDATE OR DELETE ON "slots" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "dsps_config_version" AFTER INSERT OR UPDATE OR DELETE ON "dsps" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "ssp_strategies_config_version" AFTER INSERT OR UPDATE OR DELETE ON "ssp_strategies" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "ad_styles_config_version" AFTER INSERT OR UPDATE OR DELETE ON "ad_styles" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "users_config_version" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "ledger_config_version" AFTER INSERT ON "ledger_entries" FOR EACH ROW WHEN (NEW."kind" <> 'spend') EXECUTE FUNCTION "bump_config_version"();
