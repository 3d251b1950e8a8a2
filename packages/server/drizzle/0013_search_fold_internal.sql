-- The case folding of the lists' substring search (src/kit/search-index.ts) as PostgreSQL's own
-- lower() in C, under its own name and cost, instead of a PL/pgSQL body calling it: the same
-- result for every text (so the indexes on it stay valid), without an interpreter call per row,
-- which was half of a search statement (docs/performance.md). Declaring an internal function
-- takes a superuser (PGlite's user is one); where the database user is not, the PL/pgSQL
-- version of migration 0010 stays and everything works as before, only slower.
DO $$
BEGIN
  CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE COST 100 AS 'lower';
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'search_fold stays PL/pgSQL: %', SQLERRM;
END $$;
