CREATE TABLE "fund_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_acting_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_acting_id" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"ledger_entry_id" bigint,
	CONSTRAINT "fund_requests_kind_check" CHECK ("fund_requests"."kind" in ('topUp', 'adjustment')),
	CONSTRAINT "fund_requests_status_check" CHECK ("fund_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "fund_requests_amount_positive" CHECK ("fund_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "system_parameters" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"fund_approval_threshold" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_parameters_single_row" CHECK ("system_parameters"."id" = 1),
	CONSTRAINT "system_parameters_threshold_check" CHECK ("system_parameters"."fund_approval_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_requested_acting_id_users_id_fk" FOREIGN KEY ("requested_acting_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_decided_acting_id_users_id_fk" FOREIGN KEY ("decided_acting_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_requests_status_id_idx" ON "fund_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "fund_requests_user_id_id_idx" ON "fund_requests" USING btree ("user_id","id");