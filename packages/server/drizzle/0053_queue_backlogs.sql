CREATE TABLE "queue_backlogs" (
	"queue" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting" integer NOT NULL,
	"oldest_seconds" integer
);
