-- The import settings' timeout was kept in minutes; it is now in nanoseconds (spec 001 §3). Every stored value is a whole number of minutes (1-120).
UPDATE "import_settings" SET "timeout" = "timeout" * 60000000000 WHERE "timeout" <= 1440;
