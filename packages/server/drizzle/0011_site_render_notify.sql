-- site-renderer: every change of what a public site shows is NOTIFYed on channel dp_site_render, in
-- the transaction of the change (sent at commit, never for a rollback), from any code path, so that
-- every process drops what it caches for that site at once (services/site-renderer/site-cache.ts).
-- Payload: the site's id; '*' for changes that may concern every site (floors, dealer centres);
-- 'hosts' when the machines serving hosts changed.
CREATE OR REPLACE FUNCTION dp_site_render_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  col text := TG_ARGV[0];
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  -- Workflow states: only published ones (current or kept) reach a site; editing a draft changes nothing there.
  IF TG_NARGS > 1 AND TG_ARGV[1] = 'states'
    AND coalesce(old_row ->> 'status', '') <> '3' AND coalesce(new_row ->> 'status', '') <> '3' THEN
    RETURN NULL;
  END IF;
  IF old_row ->> col IS NOT NULL THEN PERFORM pg_notify('dp_site_render', old_row ->> col); END IF;
  IF new_row ->> col IS NOT NULL AND new_row ->> col IS DISTINCT FROM old_row ->> col THEN
    PERFORM pg_notify('dp_site_render', new_row ->> col);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dp_site_render_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dp_site_render', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The site itself: settings, status, hosts, basic auth, favicons, logos, rendered_at (publications set it).
CREATE TRIGGER sites_render_changed AFTER UPDATE OR DELETE ON sites FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('id');--> statement-breakpoint
-- The page tree and layouts (addresses, parents, positions, the default layout) and the published states.
CREATE TRIGGER pages_render_changed AFTER INSERT OR UPDATE OR DELETE ON pages FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER page_states_render_changed AFTER INSERT OR UPDATE OR DELETE ON page_states FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id', 'states');--> statement-breakpoint
CREATE TRIGGER layouts_render_changed AFTER INSERT OR UPDATE OR DELETE ON layouts FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER layout_states_render_changed AFTER INSERT OR UPDATE OR DELETE ON layout_states FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id', 'states');--> statement-breakpoint
CREATE TRIGGER stages_render_changed AFTER INSERT OR UPDATE OR DELETE ON stages FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER stage_states_render_changed AFTER INSERT OR UPDATE OR DELETE ON stage_states FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id', 'states');--> statement-breakpoint
-- SEO: redirects, robots and site map settings, verification codes, counters, constants.
CREATE TRIGGER redirects_render_changed AFTER INSERT OR UPDATE OR DELETE ON redirects FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER seo_configs_render_changed AFTER INSERT OR UPDATE OR DELETE ON seo_configs FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER seo_constants_render_changed AFTER INSERT OR UPDATE OR DELETE ON seo_constants FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
-- Modules of a site (multiple_locales gives it its extra languages).
CREATE TRIGGER module_installations_render_changed AFTER INSERT OR UPDATE OR DELETE ON module_installations FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
-- Shared by many sites: the floor library and the dealer centres collections name.
CREATE TRIGGER floors_render_changed AFTER INSERT OR UPDATE OR DELETE ON floors FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER dealers_render_changed AFTER UPDATE OR DELETE ON dealers FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
-- Which site a host name reaches: the running machines (registered-hosts.ts).
CREATE TRIGGER virtual_machines_render_changed AFTER INSERT OR UPDATE OR DELETE ON virtual_machines FOR EACH STATEMENT EXECUTE FUNCTION dp_site_render_all_changed('hosts');
