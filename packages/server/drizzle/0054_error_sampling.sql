ALTER TABLE "error_projects" ADD COLUMN "sample_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
-- site-renderer: a site's pages give its reporter the project's sampling, so a change of it (and
-- only of it: every event batch updates the project's totals) drops the site's cached pages.
CREATE TRIGGER error_projects_render_changed AFTER UPDATE OF sample_percent ON error_projects FOR EACH ROW WHEN (OLD.sample_percent IS DISTINCT FROM NEW.sample_percent) EXECUTE FUNCTION dp_site_render_changed('site_id');
