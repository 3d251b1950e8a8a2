CREATE TABLE "central_proxy_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"token_encrypted" text,
	"has_token" boolean GENERATED ALWAYS AS (token_encrypted is not null) STORED,
	"is_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "central_proxy_actions_title_search" ON "central_proxy_actions" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);