CREATE TABLE "ad_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ad_form" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "human_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "change_log_target_idx";--> statement-breakpoint
ALTER TABLE "change_log" ALTER COLUMN "comment" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "change_log" ALTER COLUMN "comment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "human_items" ADD CONSTRAINT "human_items_parent_id_human_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."human_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "human_items_parent_code_uq" ON "human_items" USING btree (coalesce("parent_id", 0),"code");--> statement-breakpoint
CREATE INDEX "human_items_parent_idx" ON "human_items" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "models_brand_code_uq" ON "models" USING btree ("brand_id","code");--> statement-breakpoint
CREATE INDEX "change_log_type_idx" ON "change_log" USING btree ("target_type","id");--> statement-breakpoint
CREATE INDEX "change_log_target_idx" ON "change_log" USING btree ("target_type","target_id","id");