import { deletedCirriTableSql, type Migration } from '@vellum/platform';

export const SCHEMA = 'social';

export const migrations: Migration[] = [
  {
    id: '0001_directory_and_follows',
    sql: `
      -- pg_trgm is trusted (PostgreSQL 13+): a database owner may create it. One per database, so it goes to
      -- public wherever it already is; its operator classes are found through the search path.
      CREATE EXTENSION IF NOT EXISTS pg_trgm;

      -- The directory: what social knows of each cirrus, kept from identity's events. Only verified cirri are
      -- public (profile, lists, search). The counts move in the same transaction as the follow they count.
      CREATE TABLE social.cirri (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        display_name text NOT NULL DEFAULT '',
        image text NOT NULL DEFAULT '',
        verified boolean NOT NULL DEFAULT false,
        followers integer NOT NULL DEFAULT 0 CHECK (followers >= 0),
        following integer NOT NULL DEFAULT 0 CHECK (following >= 0),
        -- What substring search looks in: both names, lower-cased, apart (\x01 is never typed), so that one
        -- trigram index serves both and a match never spans the two.
        search text GENERATED ALWAYS AS (lower(username) || E'\x01' || lower(display_name)) STORED
      );
      CREATE INDEX cirri_username_idx ON social.cirri (lower(username));
      -- Search: prefixes in byte order through the btree pattern indexes, substrings through the trigram one.
      CREATE INDEX cirri_username_prefix ON social.cirri (lower(username) text_pattern_ops) WHERE verified;
      CREATE INDEX cirri_display_prefix ON social.cirri (lower(display_name) text_pattern_ops) WHERE verified;
      CREATE INDEX cirri_search_trgm ON social.cirri USING gin (search gin_trgm_ops) WHERE verified;

      -- Who follows whom. seq orders both lists newest first and is their page cursor.
      CREATE TABLE social.follows (
        follower_id uuid NOT NULL REFERENCES social.cirri (id),
        followee_id uuid NOT NULL REFERENCES social.cirri (id),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        followed_at timestamptz NOT NULL,
        PRIMARY KEY (follower_id, followee_id),
        CHECK (follower_id <> followee_id)
      );
      CREATE UNIQUE INDEX follows_followers_page ON social.follows (followee_id, seq DESC);
      CREATE UNIQUE INDEX follows_following_page ON social.follows (follower_id, seq DESC);
    `,
  },
  {
    id: '0002_deleted_cirri',
    sql: deletedCirriTableSql(SCHEMA),
  },
];
