-- The case folding of the lists' substring search (src/kit/search-index.ts): lower(), priced at
-- the per-row cost it really has (PostgreSQL prices lower() like an addition), so that the planner
-- prefers the trigram indexes on it to folding every row of the table.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 100 AS $$
BEGIN
  RETURN lower(value);
END $$;--> statement-breakpoint
DROP INDEX "clients_name_search";--> statement-breakpoint
DROP INDEX "clients_code_search";--> statement-breakpoint
DROP INDEX "users_name_search";--> statement-breakpoint
DROP INDEX "users_last_name_search";--> statement-breakpoint
DROP INDEX "users_email_search";--> statement-breakpoint
DROP INDEX "dealers_name_search";--> statement-breakpoint
DROP INDEX "dealers_code_search";--> statement-breakpoint
DROP INDEX "dealers_city_search";--> statement-breakpoint
DROP INDEX "sites_name_search";--> statement-breakpoint
DROP INDEX "sites_host_search";--> statement-breakpoint
DROP INDEX "sites_technical_host_search";--> statement-breakpoint
DROP INDEX "floors_title_search";--> statement-breakpoint
DROP INDEX "floors_code_search";--> statement-breakpoint
DROP INDEX "redirects_from_search";--> statement-breakpoint
DROP INDEX "redirects_to_search";--> statement-breakpoint
CREATE INDEX "clients_name_fold" ON "clients" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clients_code_fold" ON "clients" USING gin (search_fold("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_fold" ON "users" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_last_name_fold" ON "users" USING gin (search_fold("last_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_fold" ON "users" USING gin (search_fold("email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dealers_name_fold" ON "dealers" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dealers_code_fold" ON "dealers" USING gin (search_fold("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dealers_city_fold" ON "dealers" USING gin (search_fold("city") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_name_fold" ON "sites" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_host_fold" ON "sites" USING gin (search_fold("host") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_technical_host_fold" ON "sites" USING gin (search_fold("technical_host") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "floors_title_search" ON "floors" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "floors_code_search" ON "floors" USING gin (search_fold("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "redirects_from_search" ON "redirects" USING gin (search_fold("from_uri") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "redirects_to_search" ON "redirects" USING gin (search_fold("to_uri") gin_trgm_ops) WITH (fastupdate=false);