-- A site's trade-in settings choose its trade-in form's optional fields: the cached pages follow them.
CREATE TRIGGER tradein_settings_render_changed AFTER INSERT OR UPDATE OF form_fields OR DELETE ON tradein_settings FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');
