ALTER TABLE "dsp_health_hourly" ADD COLUMN "caller_losses" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dsp_health_hourly" ADD COLUMN "unbilled" bigint DEFAULT 0 NOT NULL;