-- site-renderer: pages draw a site's constructor forms as blocks (a `custom_form` floor names one),
-- so a form made, renamed or deleted drops that site's cached pages like any other change (0011).
CREATE TRIGGER custom_forms_render_changed AFTER INSERT OR UPDATE OR DELETE ON custom_forms FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');
