DROP INDEX "cars_site_idx";--> statement-breakpoint
CREATE INDEX "cars_site_idx" ON "cars" USING btree ("site_id","is_new","created_at" DESC NULLS LAST,"id");