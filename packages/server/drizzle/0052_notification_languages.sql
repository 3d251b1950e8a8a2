ALTER TABLE "notification_deliveries" ADD COLUMN "language" text DEFAULT 'ru' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_mappings" ADD COLUMN "language" text DEFAULT 'ru' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_en" text;--> statement-breakpoint
CREATE INDEX "notifications_text_en_search" ON "notifications" USING gin (search_fold("text_en") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Rows raised before texts were kept in both languages: the platform's own phrases put into English,
-- the values they carry (a module code, an error message) kept as they were; any other text stays
-- Russian only (text_en null reads the Russian one).
UPDATE "notifications" SET "text_en" = CASE
  WHEN "text" ~ '^Импорт автомобилей завершён с ошибками: строк с ошибками \d+ из \d+$'
    THEN regexp_replace("text", '^Импорт автомобилей завершён с ошибками: строк с ошибками (\d+) из (\d+)$', 'Car import finished with errors: \1 of \2 rows in error')
  WHEN "text" LIKE 'Импорт автомобилей завершён с ошибками: %'
    THEN 'Car import finished with errors: ' || substr("text", length('Импорт автомобилей завершён с ошибками: ') + 1)
  WHEN "text" LIKE 'Импорт автомобилей не выполнен: %'
    THEN 'Car import failed: ' || substr("text", length('Импорт автомобилей не выполнен: ') + 1)
  WHEN "text" ~ '^Модуль \S+ приостановлен: '
    THEN regexp_replace("text", '^Модуль (\S+) приостановлен: ', 'Module \1 suspended: ')
  WHEN "text" ~ '^Задача \S+ не выполнена \(код \d+\): '
    THEN regexp_replace("text", '^Задача (\S+) не выполнена \(код (\d+)\): ', 'Task \1 failed (code \2): ')
  WHEN "text" LIKE 'Сервис капчи недоступен: заявки сохраняются непроверенными (%'
    THEN 'The captcha service is unreachable: requests are kept unchecked (' || substr("text", length('Сервис капчи недоступен: заявки сохраняются непроверенными (') + 1)
  WHEN "text" LIKE 'Появилась потерянная заявка: обязательное действие не выполнено (%'
    THEN 'A request is lost: a required action was not done (' || substr("text", length('Появилась потерянная заявка: обязательное действие не выполнено (') + 1)
  WHEN "text" ~ '^Новая ошибка в проекте «[^»]*»: '
    THEN regexp_replace("text", '^Новая ошибка в проекте «([^»]*)»: ', 'New error in the project "\1": ')
END
WHERE "text_en" IS NULL;
