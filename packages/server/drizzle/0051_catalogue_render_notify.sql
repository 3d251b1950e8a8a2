-- site-renderer: the sites' car lists, car pages and model pages show the catalogue's names
-- (brands, models, restylings, complectations, marketing complectations, colours, upholsteries),
-- its pictures (restylings, complectations, marketing galleries) and the dealerships, so a change of
-- any of them drops the cached pages of every site, once per statement like the benefits (0049).
CREATE TRIGGER car_brands_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_brands FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER car_models_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_models FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER car_restylings_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_restylings FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER car_complectations_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_complectations FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER car_marketing_complectations_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_marketing_complectations FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER car_marketing_galleries_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_marketing_galleries FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER car_body_colors_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_body_colors FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER car_upholsteries_render_changed AFTER INSERT OR UPDATE OR DELETE ON car_upholsteries FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER dealerships_render_changed AFTER INSERT OR UPDATE OR DELETE ON dealerships FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');
