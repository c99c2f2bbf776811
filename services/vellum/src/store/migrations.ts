import { deletedCirriTableSql, type Migration } from '@vellum/platform';

export const SCHEMA = 'vellum';

export const migrations: Migration[] = [
  {
    id: '0001_vellums',
    sql: `
      -- pg_trgm is trusted (PostgreSQL 13+) and one per database: created in public wherever it is not yet. Another
      -- service creating it at the same moment is not an error.
      DO $$ BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
      END $$;

      -- Authors as identity's events describe them (username, display name); seeded from the caller on a write.
      CREATE TABLE vellum.authors (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        display_name text NOT NULL DEFAULT ''
      );
      CREATE INDEX authors_username_idx ON vellum.authors (lower(username));

      CREATE TABLE vellum.vellums (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        title text NOT NULL,
        -- The TipTap document as JSON text, exactly as validated; '' for an empty vellum.
        body text NOT NULL DEFAULT '',
        -- Its words (title excluded), for text search.
        body_text text NOT NULL DEFAULT '',
        is_public boolean NOT NULL DEFAULT false,
        -- True from creation until the owner first saves it.
        is_new boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        last_edited timestamptz NOT NULL,
        -- Kept with every rating: how many readers rated it and the sum of their levels (bad 1, good 2, excellent 3).
        rating_count integer NOT NULL DEFAULT 0,
        rating_sum integer NOT NULL DEFAULT 0,
        search_text text GENERATED ALWAYS AS (lower(title || ' ' || body_text)) STORED
      );
      -- An owner's list, newest edited first.
      CREATE INDEX vellums_owner_idx ON vellum.vellums (owner_id, last_edited DESC, id DESC);
      -- Discovery: keyset pages over public vellums, newest edited first.
      CREATE INDEX vellums_public_idx ON vellum.vellums (last_edited DESC, id DESC) WHERE is_public;
      -- Creators: public vellums per author.
      CREATE INDEX vellums_public_owner_idx ON vellum.vellums (owner_id, last_edited) WHERE is_public;
      -- Showcase: rated public vellums.
      CREATE INDEX vellums_rated_idx ON vellum.vellums (rating_count) WHERE is_public AND rating_count > 0;
      -- Text search: case-insensitive substring of title and body.
      CREATE INDEX vellums_search_idx ON vellum.vellums USING gin (search_text gin_trgm_ops);

      CREATE TABLE vellum.ratings (
        vellum_id uuid NOT NULL REFERENCES vellum.vellums (id) ON DELETE CASCADE,
        rater_id uuid NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
        rated_at timestamptz NOT NULL,
        PRIMARY KEY (vellum_id, rater_id)
      );
    `,
  },
  {
    id: '0002_follows',
    sql: `
      -- Who follows whom, as social's events tell it (CirrusFollowed, CirrusUnfollowed): the Hall's newest public
      -- vellums of the cirri one follows. Kafka replays social.follow.v1 from its beginning to fill it.
      CREATE TABLE vellum.follows (
        follower_id uuid NOT NULL,
        followee_id uuid NOT NULL,
        PRIMARY KEY (follower_id, followee_id)
      );
    `,
  },
  {
    id: '0003_deleted_cirri',
    sql: deletedCirriTableSql(SCHEMA),
  },
  {
    id: '0004_versions',
    sql: `
      -- A vellum's history (issue 28): the title and text it had from saved_at until a save replaced them. Deleted
      -- with the vellum (and so with its owner's account, whose vellums go).
      CREATE TABLE vellum.versions (
        id uuid PRIMARY KEY,
        vellum_id uuid NOT NULL REFERENCES vellum.vellums (id) ON DELETE CASCADE,
        title text NOT NULL,
        -- The TipTap document as JSON text, exactly as it was stored; '' for an empty body.
        body text NOT NULL,
        saved_at timestamptz NOT NULL,
        size integer NOT NULL
      );
      -- A vellum's history newest first (keyset pages), and its thinning by day.
      CREATE INDEX versions_vellum_idx ON vellum.versions (vellum_id, saved_at DESC, id DESC);
    `,
  },
  {
    id: '0005_search',
    sql: `
      -- Full-text search replaces the substring search: the words of the title (weight A) and of the body (B), each
      -- read by the English and the Russian configurations (stems in both languages; the Russian one also stems
      -- Latin words as English). A generated column is computed by the very statement that saves the vellum, so the
      -- index never lags a save; adding it computes it for every existing vellum.
      DROP INDEX vellum.vellums_search_idx;
      ALTER TABLE vellum.vellums DROP COLUMN search_text;
      ALTER TABLE vellum.vellums ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, title) || to_tsvector('russian'::regconfig, title), 'A') ||
        setweight(to_tsvector('english'::regconfig, body_text) || to_tsvector('russian'::regconfig, body_text), 'B')
      ) STORED;
      -- No pending list (fastupdate): a save writes its words into the index itself. PGlite has no autovacuum to
      -- merge a pending list, which every search would otherwise read through from end to end.
      CREATE INDEX vellums_search_doc_idx ON vellum.vellums USING gin (search_doc) WITH (fastupdate = off);
    `,
  },
  {
    id: '0006_revision',
    sql: `
      -- One more with every save (issue 28): a page sends back the revision it loaded, and a save from a page that is
      -- behind is refused rather than writing over a newer text (two tabs). A constant default: no table rewrite.
      ALTER TABLE vellum.vellums ADD COLUMN revision integer NOT NULL DEFAULT 1;
    `,
  },
];
