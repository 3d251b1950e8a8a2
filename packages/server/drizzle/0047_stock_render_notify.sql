-- site-renderer: the public sites show the stock (car lists with filters, labels, sort orders, stock
-- settings), so a change of any of it drops the site's cached pages like its content does (0011).
CREATE TRIGGER stock_site_settings_render_changed AFTER INSERT OR UPDATE OR DELETE ON stock_site_settings FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER custom_filter_groups_render_changed AFTER INSERT OR UPDATE OR DELETE ON custom_filter_groups FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER list_sort_settings_render_changed AFTER INSERT OR UPDATE OR DELETE ON list_sort_settings FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER restyling_sorts_render_changed AFTER INSERT OR UPDATE OR DELETE ON restyling_sorts FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER car_labels_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_labels FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER car_label_overrides_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_label_overrides FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
-- Cars are written in bulk by imports: one notification per site a statement touched (the
-- statement's transition tables), never one per car.
CREATE OR REPLACE FUNCTION dp_site_render_cars_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('dp_site_render', site_id::text) FROM (SELECT DISTINCT site_id FROM new_cars) touched;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dp_site_render', site_id::text) FROM (SELECT DISTINCT site_id FROM old_cars) touched;
  ELSE
    PERFORM pg_notify('dp_site_render', site_id::text) FROM (SELECT site_id FROM new_cars UNION SELECT site_id FROM old_cars) touched;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cars_inserted_render_changed AFTER INSERT ON cars REFERENCING NEW TABLE AS new_cars FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_cars_changed();--> statement-breakpoint
CREATE TRIGGER cars_updated_render_changed AFTER UPDATE ON cars REFERENCING OLD TABLE AS old_cars NEW TABLE AS new_cars FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_cars_changed();--> statement-breakpoint
CREATE TRIGGER cars_deleted_render_changed AFTER DELETE ON cars REFERENCING OLD TABLE AS old_cars FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_cars_changed();
--> statement-breakpoint
-- Lists show the monthly payment of the site's credit offers: a change of the credit calculator's
-- terms (shared by many sites through system-wide packs) drops every site's pages, as it drops
-- every site's terms (0043).
CREATE TRIGGER credit_banks_render_changed AFTER INSERT OR UPDATE OR DELETE ON credit_banks FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER credit_programs_render_changed AFTER INSERT OR UPDATE OR DELETE ON credit_programs FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER credit_program_states_render_changed AFTER INSERT OR UPDATE OR DELETE ON credit_program_states FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER credit_packs_render_changed AFTER INSERT OR UPDATE OR DELETE ON credit_packs FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER credit_settings_render_changed AFTER INSERT OR UPDATE OR DELETE ON credit_settings FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');
