ALTER TABLE "error_issues" ADD COLUMN "frames_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "error_issues_frames_search" ON "error_issues" USING gin (search_fold("frames_search") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The events' search found their frames in their own text; the issues now keep them: each issue takes its latest event's text.
UPDATE "error_issues" i SET "frames_search" = coalesce((SELECT e."search" FROM "error_events" e WHERE e."issue_id" = i."id" ORDER BY e."id" DESC LIMIT 1), '');
