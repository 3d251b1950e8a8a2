-- site-renderer: a site's captcha (its setting and smart captcha keys) is drawn in its cached forms,
-- so a change drops that site's cached pages like any other change of what the site shows (0011).
CREATE TRIGGER captcha_settings_render_changed AFTER INSERT OR UPDATE OR DELETE ON captcha_settings FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER smart_captcha_keys_render_changed AFTER INSERT OR UPDATE OR DELETE ON smart_captcha_keys FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');
