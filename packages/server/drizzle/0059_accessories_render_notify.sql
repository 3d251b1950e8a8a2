-- site-renderer: the public sites show their accessories shop (the catalogue and the accessories'
-- pages), so a change of a site's accessories drops its cached pages, once per site a statement
-- touched (imports write in bulk); categories and attributes are a client's or system-wide (shown
-- by many sites), so a change of them drops every site's pages, once per statement.
CREATE OR REPLACE FUNCTION dp_site_render_accessories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('dp_site_render', site_id::text) FROM (SELECT DISTINCT site_id FROM new_accessories) touched;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dp_site_render', site_id::text) FROM (SELECT DISTINCT site_id FROM old_accessories) touched;
  ELSE
    PERFORM pg_notify('dp_site_render', site_id::text) FROM (SELECT site_id FROM new_accessories UNION SELECT site_id FROM old_accessories) touched;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accessories_inserted_render_changed AFTER INSERT ON accessories REFERENCING NEW TABLE AS new_accessories FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_accessories_changed();--> statement-breakpoint
CREATE TRIGGER accessories_updated_render_changed AFTER UPDATE ON accessories REFERENCING OLD TABLE AS old_accessories NEW TABLE AS new_accessories FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_accessories_changed();--> statement-breakpoint
CREATE TRIGGER accessories_deleted_render_changed AFTER DELETE ON accessories REFERENCING OLD TABLE AS old_accessories FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_accessories_changed();--> statement-breakpoint
CREATE TRIGGER accessory_categories_render_changed AFTER INSERT OR UPDATE OR DELETE ON accessory_categories FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER accessory_attributes_render_changed AFTER INSERT OR UPDATE OR DELETE ON accessory_attributes FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');
