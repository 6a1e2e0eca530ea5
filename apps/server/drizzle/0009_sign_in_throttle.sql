CREATE TABLE "login_throttles" (
	"scope" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttles_scope_username_ip_pk" PRIMARY KEY("scope","username","ip"),
	CONSTRAINT "login_throttles_scope_check" CHECK ("login_throttles"."scope" in ('signIn', 'signInIp', 'passwordChange'))
);
--> statement-breakpoint
CREATE INDEX "login_throttles_username_idx" ON "login_throttles" USING btree ("username");--> statement-breakpoint
CREATE INDEX "login_throttles_last_failure_at_idx" ON "login_throttles" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";