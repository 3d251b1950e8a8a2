CREATE INDEX "cars_site_vin_import_idx" ON "cars" USING btree ("site_id","vin");--> statement-breakpoint
CREATE INDEX "cars_site_external_id_import_idx" ON "cars" USING btree ("site_id","external_id");--> statement-breakpoint
CREATE INDEX "import_car_reports_pending_idx" ON "import_car_reports" USING btree ("report_id","status","id");