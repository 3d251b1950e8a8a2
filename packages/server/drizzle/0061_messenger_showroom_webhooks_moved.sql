-- The settings' webhook addresses become webhooks of their own, sent every event (no secret yet).
INSERT INTO "showroom_web_hooks" ("site_id", "client_id", "url", "events")
SELECT "site_id", "client_id", "url", ARRAY['customer_registered', 'callback', 'testdrive', 'service']
FROM "showroom_settings", unnest("web_hooks") AS "url";--> statement-breakpoint
ALTER TABLE "showroom_settings" DROP COLUMN "web_hooks";
