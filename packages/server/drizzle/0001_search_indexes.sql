CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "clients_name_trgm" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_code_trgm" ON "clients" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_group_ids" ON "clients" USING gin ("group_ids");--> statement-breakpoint
CREATE INDEX "sites_name_trgm" ON "sites" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_host_trgm" ON "sites" USING gin ("host" gin_trgm_ops);