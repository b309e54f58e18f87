-- Up Migration
-- The PostgreSQL storage (api/storage/postgres-storage.ts). Each instance serves reads from an in-memory mirror of
-- these tables; PostgreSQL is the source of truth, and `changes` is the ordered log the mirrors catch up from.

-- One row per stored record of every collection (communities, listings, properties, contacts, adminUsers, settings,
-- idempotency, audit). `data` is `json`, not `jsonb`: it keeps the record's text (key order) exactly, so every
-- instance serialises the same record to the same bytes (same ETag, same cached body).
CREATE TABLE records (
  collection text NOT NULL,
  id text NOT NULL,
  -- Insertion order: list() returns records in it. An update keeps the row, and so its ord.
  ord bigserial NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  data json NOT NULL,
  -- The collection's unique field (communities.slug, adminUsers.email). Deferred: a transaction that swaps two
  -- slugs passes through states the mirror allowed but a row-by-row check would not; it must hold at COMMIT.
  unique_value text GENERATED ALWAYS AS (
    CASE collection WHEN 'communities' THEN data ->> 'slug' WHEN 'adminUsers' THEN data ->> 'email' END
  ) STORED,
  PRIMARY KEY (collection, id),
  CONSTRAINT records_unique_value UNIQUE (collection, unique_value) DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX records_order ON records (collection, ord);

-- The change log: one row per committed write transaction, seq consecutive (assigned under the write lock).
CREATE TABLE changes (
  seq bigint PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  changes json NOT NULL
);

-- Values created once for every instance (the JWT secret when JWT_SECRET is not set).
CREATE TABLE shared_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Uploaded images (api/uploads), addressed by their content-hashed file name.
CREATE TABLE uploads (
  name text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE uploads;
DROP TABLE shared_secrets;
DROP TABLE changes;
DROP TABLE records;
