CREATE TABLE "currency_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"per_usd_micros" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_code_unique" UNIQUE("code"),
	CONSTRAINT "currency_rates_rate_check" CHECK ("currency_rates"."per_usd_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "dsp_rejections_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"dsp_id" integer NOT NULL,
	"reason" text NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dsp_rejections_hourly_pkey" PRIMARY KEY("hour","dsp_id","reason")
);
--> statement-breakpoint
CREATE TRIGGER "currency_rates_config_version" AFTER INSERT OR UPDATE OR DELETE ON "currency_rates" FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
