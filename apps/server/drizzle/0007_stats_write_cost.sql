-- What a delivery flush costs the database (docs/PERFORMANCE.md, third pass). Every second it
-- upserts thousands of stats rows, most of them rows it wrote a second before: leaving a
-- third of each page free lets PostgreSQL update a row's counters in place (a HOT update,
-- no new index entries, the counters are in no index), which halves the cost of an update.
-- Pages written from now on keep the room; existing ones fill up as before.
-- The hour index is left out: the primary key leads with the hour and serves hour ranges.
DROP INDEX "stats_hourly_hour_idx";--> statement-breakpoint
ALTER TABLE "stats_hourly" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "stats_daily" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "stats_plan_hourly" SET (fillfactor = 70);
