ALTER TABLE "slots" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "slots_code_uq" ON "slots" USING btree ("code") WHERE "slots"."status" <> 5;