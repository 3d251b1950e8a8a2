-- One dealer: sites.context's dealer centres join the dealerships. A centre a dealership links
-- becomes that dealership (the lowest id when several link it); any other centre becomes a new
-- dealership of its client. Whatever named a centre (sites, collection pages, cars, import and
-- manager mail settings, requests) names its dealership, and the centres' permission grants
-- become the same grants of the dealerships service.
ALTER TABLE "dealerships" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "dealerships" ALTER COLUMN "working_time" SET DEFAULT '{"mon":{"from":540,"to":1080,"weekend":false},"tue":{"from":540,"to":1080,"weekend":false},"wed":{"from":540,"to":1080,"weekend":false},"thu":{"from":540,"to":1080,"weekend":false},"fri":{"from":540,"to":1080,"weekend":false},"sat":{"from":600,"to":960,"weekend":false},"sun":{"from":null,"to":null,"weekend":true}}'::jsonb;--> statement-breakpoint
ALTER TABLE "cars" DROP CONSTRAINT "cars_dealers_id_dealers_id_fk";--> statement-breakpoint
ALTER TABLE "import_settings" DROP CONSTRAINT "import_settings_default_dealer_id_dealers_id_fk";--> statement-breakpoint
ALTER TABLE "notifier_manager_settings" DROP CONSTRAINT "notifier_manager_settings_dealer_id_dealers_id_fk";--> statement-breakpoint
ALTER TABLE "dealerships" DROP CONSTRAINT "dealerships_dealer_id_dealers_id_fk";--> statement-breakpoint
CREATE TABLE "dealer_moves" ("dealer_id" integer PRIMARY KEY, "dealership_id" integer NOT NULL);--> statement-breakpoint
INSERT INTO "dealer_moves" ("dealer_id", "dealership_id")
SELECT d."id", min(s."id") FROM "dealers" d JOIN "dealerships" s ON s."dealer_id" = d."id" AND s."client_id" = d."client_id" GROUP BY d."id";--> statement-breakpoint
UPDATE "dealerships" s SET "code" = d."code", "city" = d."city", "address" = coalesce(s."address", d."address")
FROM "dealer_moves" m JOIN "dealers" d ON d."id" = m."dealer_id" WHERE s."id" = m."dealership_id";--> statement-breakpoint
INSERT INTO "dealerships" ("client_id", "dealer_id", "title", "code", "city", "address", "phone", "created_at", "updated_at")
SELECT d."client_id", d."id", d."name", d."code", d."city", d."address",
  CASE
    WHEN length(p.digits) = 11 AND left(p.digits, 1) IN ('7', '8') THEN jsonb_build_object('country', '7', 'city', substr(p.digits, 2, 3), 'subscriber', substr(p.digits, 5), 'internal', '0')
    WHEN length(p.digits) = 10 THEN jsonb_build_object('country', '7', 'city', substr(p.digits, 1, 3), 'subscriber', substr(p.digits, 4), 'internal', '0')
    WHEN length(p.digits) BETWEEN 1 AND 12 THEN jsonb_build_object('country', '0', 'city', '0', 'subscriber', p.digits, 'internal', '0')
    ELSE '{"country":"0","city":"0","subscriber":"0","internal":"0"}'::jsonb
  END,
  d."created_at", d."updated_at"
FROM "dealers" d CROSS JOIN LATERAL (SELECT regexp_replace(coalesce(d."phone", ''), '\D', '', 'g') AS digits) p
WHERE NOT EXISTS (SELECT 1 FROM "dealer_moves" m WHERE m."dealer_id" = d."id");--> statement-breakpoint
INSERT INTO "dealer_moves" ("dealer_id", "dealership_id")
SELECT s."dealer_id", s."id" FROM "dealerships" s
WHERE s."dealer_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "dealer_moves" m WHERE m."dealer_id" = s."dealer_id");--> statement-breakpoint
UPDATE "sites" SET "dealer_id" = (SELECT m."dealership_id" FROM "dealer_moves" m WHERE m."dealer_id" = "sites"."dealer_id") WHERE "dealer_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sites" SET "dealer_ids" = ARRAY(
  SELECT m."dealership_id" FROM unnest("sites"."dealer_ids") WITH ORDINALITY u(id, ord) JOIN "dealer_moves" m ON m."dealer_id" = u.id ORDER BY u.ord
) WHERE cardinality("dealer_ids") > 0;--> statement-breakpoint
UPDATE "page_states" SET "collection" = jsonb_set("collection", '{dealer_ids}', coalesce((
  SELECT jsonb_agg(m."dealership_id" ORDER BY u.ord)
  FROM jsonb_array_elements_text("page_states"."collection"->'dealer_ids') WITH ORDINALITY u(id, ord) JOIN "dealer_moves" m ON m."dealer_id"::text = u.id
), '[]'::jsonb))
WHERE jsonb_typeof("collection"->'dealer_ids') = 'array' AND jsonb_array_length("collection"->'dealer_ids') > 0;--> statement-breakpoint
UPDATE "cars" SET "dealers_id" = m."dealership_id" FROM "dealer_moves" m WHERE "cars"."dealers_id" = m."dealer_id";--> statement-breakpoint
UPDATE "import_settings" SET "default_dealer_id" = m."dealership_id" FROM "dealer_moves" m WHERE "import_settings"."default_dealer_id" = m."dealer_id";--> statement-breakpoint
UPDATE "notifier_manager_settings" SET "dealer_id" = m."dealership_id" FROM "dealer_moves" m WHERE "notifier_manager_settings"."dealer_id" = m."dealer_id";--> statement-breakpoint
UPDATE "requests" SET "dealer_id" = (SELECT m."dealership_id" FROM "dealer_moves" m WHERE m."dealer_id" = "requests"."dealer_id") WHERE "dealer_id" IS NOT NULL;--> statement-breakpoint
-- Grants: named by their code, the start names the new rows from the contracts.
INSERT INTO "permissions" ("service", "code", "name")
SELECT 'dealerships', "code", "code" FROM "permissions" WHERE "service" = 'sites.context' AND "code" LIKE 'dealers.%'
ON CONFLICT ("service", "code") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", np."id" FROM "role_permissions" rp
JOIN "permissions" op ON op."id" = rp."permission_id" AND op."service" = 'sites.context' AND op."code" LIKE 'dealers.%'
JOIN "permissions" np ON np."service" = 'dealerships' AND np."code" = op."code"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_permissions" ("user_id", "permission_id")
SELECT up."user_id", np."id" FROM "user_permissions" up
JOIN "permissions" op ON op."id" = up."permission_id" AND op."service" = 'sites.context' AND op."code" LIKE 'dealers.%'
JOIN "permissions" np ON np."service" = 'dealerships' AND np."code" = op."code"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "permissions" WHERE "service" = 'sites.context' AND "code" LIKE 'dealers.%';--> statement-breakpoint
DELETE FROM "gateway_routes" WHERE "service" = 'sites.context' AND ("path" = '/api/v1/dealers' OR "path" LIKE '/api/v1/dealers/%');--> statement-breakpoint
DELETE FROM "screen_routes" WHERE "service" = 'sites.context' AND "path" = '/sites.context/dealers';--> statement-breakpoint
DROP TABLE "dealer_moves";--> statement-breakpoint
ALTER TABLE "dealerships" DROP COLUMN "dealer_id";--> statement-breakpoint
DROP TABLE "dealers" CASCADE;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_dealers_id_dealerships_id_fk" FOREIGN KEY ("dealers_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_settings" ADD CONSTRAINT "import_settings_default_dealer_id_dealerships_id_fk" FOREIGN KEY ("default_dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_manager_settings" ADD CONSTRAINT "notifier_manager_settings_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealerships_code_search" ON "dealerships" USING gin (search_fold("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dealerships_city_search" ON "dealerships" USING gin (search_fold("city") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_code_unique" UNIQUE("code");
