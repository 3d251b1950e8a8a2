DROP INDEX "clients_name_trgm";--> statement-breakpoint
DROP INDEX "clients_code_trgm";--> statement-breakpoint
DROP INDEX "sites_name_trgm";--> statement-breakpoint
DROP INDEX "sites_host_trgm";--> statement-breakpoint
CREATE INDEX "clients_name_search" ON "clients" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_code_search" ON "clients" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_name_order" ON "clients" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_name_search" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_search" ON "users" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_order" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "dealers_name_search" ON "dealers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealers_code_search" ON "dealers" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealers_city_search" ON "dealers" USING gin (lower("city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealers_name_order" ON "dealers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "sites_name_search" ON "sites" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_host_search" ON "sites" USING gin (lower("host") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_technical_host_search" ON "sites" USING gin (lower("technical_host") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_name_order" ON "sites" USING btree ("name","id");