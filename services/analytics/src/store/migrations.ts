import { deletedCirriTableSql, type Migration } from '@vellum/platform';

export const SCHEMA = 'analytics';

export const migrations: Migration[] = [
  {
    id: '0001_cirri_and_days',
    sql: `
      -- pg_trgm is trusted (PostgreSQL 13+): a database owner may create it (social's migration does the same).
      CREATE EXTENSION IF NOT EXISTS pg_trgm;

      -- One row per cirrus, kept from every service's events. A row another service's event creates before
      -- identity's CirrusCreated arrived has no created time yet and is listed nowhere until it does.
      CREATE TABLE analytics.cirri (
        id uuid PRIMARY KEY,
        email text NOT NULL DEFAULT '',
        username text NOT NULL DEFAULT '',
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        verified boolean NOT NULL DEFAULT false,
        created timestamptz,
        last_session timestamptz,
        vellums integer NOT NULL DEFAULT 0,
        actions integer NOT NULL DEFAULT 0,
        -- What the admin filter looks in, lower-cased and apart (\x01 is never typed), behind one trigram index.
        search text GENERATED ALWAYS AS (
          lower(username) || E'\x01' || lower(first_name) || E'\x01' || lower(last_name) || E'\x01' || lower(email)
        ) STORED
      );
      -- Keyset paging by any column: (sort key, id) in both directions. last_session sorts never-signed-in first
      -- (as the oldest), through the same expression the queries use.
      CREATE INDEX cirri_by_email ON analytics.cirri (email, id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_by_username ON analytics.cirri (username, id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_by_first_name ON analytics.cirri (first_name, id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_by_last_name ON analytics.cirri (last_name, id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_by_last_session ON analytics.cirri
        ((coalesce(last_session, '-infinity'::timestamptz)), id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_by_vellums ON analytics.cirri (vellums, id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_by_actions ON analytics.cirri (actions, id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_by_created ON analytics.cirri (created, id) WHERE created IS NOT NULL;
      CREATE INDEX cirri_search_trgm ON analytics.cirri USING gin (search gin_trgm_ops);
      CREATE INDEX cirri_lower_email ON analytics.cirri (lower(email));

      -- The days on which each cirrus signed in: a second sign-in the same day does not count them again.
      CREATE TABLE analytics.active_days (
        day date NOT NULL,
        cirrus_id uuid NOT NULL,
        PRIMARY KEY (day, cirrus_id)
      );

      -- The daily counters of the charts (UTC days), one row per day and metric.
      CREATE TABLE analytics.daily (
        day date NOT NULL,
        metric text NOT NULL,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (day, metric)
      );
    `,
  },
  {
    id: '0002_deleted_cirri',
    sql: deletedCirriTableSql(SCHEMA),
  },
];
