-- site-renderer: model pages show the showroom pages, sold cars' pages the sold template, and list
-- cards and car pages the dealer's benefits, so a change of any of them drops the sites' cached
-- pages like the stock does (0047). Benefits are a client's, shared by its sites: every site's.
CREATE TRIGGER showroom_pages_render_changed AFTER INSERT OR UPDATE OR DELETE ON showroom_pages FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER templates_render_changed AFTER INSERT OR UPDATE OR DELETE ON templates FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER benefit_programs_render_changed AFTER INSERT OR UPDATE OR DELETE ON benefit_programs FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER benefit_discounts_render_changed AFTER INSERT OR UPDATE OR DELETE ON benefit_discounts FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');
