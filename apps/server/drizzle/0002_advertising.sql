CREATE TABLE "creatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"style_id" integer NOT NULL,
	"language" text NOT NULL,
	"os" smallint DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon_material_id" integer,
	"image_material_id" integer,
	"group_material_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"video_material_id" integer,
	"click_action" smallint DEFAULT 2 NOT NULL,
	"action_text" text DEFAULT '' NOT NULL,
	"special_config" jsonb,
	"app_name" text DEFAULT '' NOT NULL,
	"app_package" text DEFAULT '' NOT NULL,
	"click_url" text DEFAULT '' NOT NULL,
	"deeplink_url" text DEFAULT '' NOT NULL,
	"impression_monitor_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"click_monitor_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"review" smallint DEFAULT 1 NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"transcoded_key" text,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"transcode_state" smallint,
	"transcode_error" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"budget" bigint NOT NULL,
	"bid" bigint DEFAULT 0 NOT NULL,
	"billing" smallint NOT NULL,
	"schedule" integer[] DEFAULT '{16777215,16777215,16777215,16777215,16777215,16777215,16777215}'::integer[] NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"times_per_user" integer DEFAULT 0 NOT NULL,
	"frequency_per_user" integer DEFAULT 0 NOT NULL,
	"interval_seconds" integer DEFAULT 0 NOT NULL,
	"cache_seconds" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 7 NOT NULL,
	"creation_step" smallint DEFAULT 2 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"bid" bigint,
	"targeting" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"style_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"creative_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_style_id_ad_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."ad_styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_icon_material_id_materials_id_fk" FOREIGN KEY ("icon_material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_image_material_id_materials_id_fk" FOREIGN KEY ("image_material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_video_material_id_materials_id_fk" FOREIGN KEY ("video_material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creatives_owner_idx" ON "creatives" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "creatives_review_idx" ON "creatives" USING btree ("review","id");--> statement-breakpoint
CREATE INDEX "materials_owner_idx" ON "materials" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "plans_owner_idx" ON "plans" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "plans_status_idx" ON "plans" USING btree ("status");--> statement-breakpoint
CREATE INDEX "strategies_plan_idx" ON "strategies" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "strategies_owner_idx" ON "strategies" USING btree ("owner_id");