-- Up Migration
-- Rate limit windows shared by every instance (api/storage/postgres-rate-limits.ts): the public contact and kiosk
-- limits and the password-failure counts. One row per limiter and key (`contact:address 203.0.113.7`), counting
-- attempts until `reset_at`. UNLOGGED: not written to the WAL, so a count costs one cheap row update; a crash of
-- the database server empties the table, which forgets counts as a restart of a single instance always has (the
-- limits throttle; they hold nothing that was acknowledged).
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL CHECK (count >= 0),
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);

-- Down Migration
DROP TABLE rate_limits;
