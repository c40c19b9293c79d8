-- Trigram indexes make the complaint search ("%water%", "%पानी%") an index lookup instead of a
-- scan of every description. PostgreSQL ships pg_trgm in its contrib package; PGlite loads it as
-- an extension at start (server/src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
