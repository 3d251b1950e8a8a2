CREATE TABLE "op_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text,
	"text_ru" text NOT NULL,
	"text_en" text,
	"active" boolean DEFAULT true NOT NULL,
	"publish_from" timestamp with time zone,
	"publish_to" timestamp with time zone,
	"audience" text DEFAULT 'all' NOT NULL,
	"client_ids" integer[] DEFAULT '{}' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "op_news_reads" (
	"news_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "op_news_reads_user_id_news_id_pk" PRIMARY KEY("user_id","news_id")
);
--> statement-breakpoint
ALTER TABLE "op_news" ADD CONSTRAINT "op_news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "op_news" ADD CONSTRAINT "op_news_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "op_news_reads" ADD CONSTRAINT "op_news_reads_news_id_op_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."op_news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "op_news_reads" ADD CONSTRAINT "op_news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "op_news_feed_idx" ON "op_news" USING btree ("pinned","created_at") WHERE "op_news"."active";