-- Publishing, unpublishing and scheduling a page, layout or stage state need the publishing code
-- alone on every site (docs/decisions/content.md): the gateway rows that still list the write code
-- beside it drop it. Rows an administrator changed otherwise stay as they are.
UPDATE "gateway_routes" SET "permissions" = ARRAY['pages.publish'], "updated_at" = now()
WHERE "service" = 'sites.context' AND "path" LIKE '/api/v1/page_states/{id}/%'
  AND "permissions" = ARRAY['pages.patch', 'pages.publish'];--> statement-breakpoint
UPDATE "gateway_routes" SET "permissions" = ARRAY['layouts.publish'], "updated_at" = now()
WHERE "service" = 'sites.context' AND "path" LIKE '/api/v1/layout_states/{id}/%'
  AND "permissions" = ARRAY['layouts.patch', 'layouts.publish'];--> statement-breakpoint
UPDATE "gateway_routes" SET "permissions" = ARRAY['stages.publish'], "updated_at" = now()
WHERE "service" = 'content.storage' AND "path" LIKE '/api/v1/stage_states/{id}/%'
  AND "permissions" = ARRAY['stages.patch', 'stages.publish'];--> statement-breakpoint
-- The publishing codes' seeded descriptions say the new rule; a description someone edited stays.
UPDATE "permissions" SET "description" = 'Публиковать страницы, снимать с публикации и назначать время публикации', "updated_at" = now()
WHERE "service" = 'sites.context' AND "code" = 'pages.publish' AND "description" = 'Публиковать страницы на сайтах со строгой публикацией (после утверждения)';--> statement-breakpoint
UPDATE "permissions" SET "description" = 'Публиковать макеты, снимать с публикации и назначать время публикации', "updated_at" = now()
WHERE "service" = 'sites.context' AND "code" = 'layouts.publish' AND "description" = 'Публиковать макеты на сайтах со строгой публикацией (после утверждения)';--> statement-breakpoint
UPDATE "permissions" SET "description" = 'Публиковать сцены, снимать с публикации и назначать время публикации', "updated_at" = now()
WHERE "service" = 'content.storage' AND "code" = 'stages.publish' AND "description" = 'Публиковать сцены на сайтах со строгой публикацией (после утверждения)';
