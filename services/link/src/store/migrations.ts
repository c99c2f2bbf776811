import { deletedCirriTableSql, type Migration } from '@vellum/platform';

export const SCHEMA = 'link';

export const migrations: Migration[] = [
  {
    // Its comment's "the same shape as the MongoDB document" is from before the MongoDB adapter stored each version
    // as a document of its own (see `LinkRepository`); the SQL of an applied migration never changes (checksum).
    id: '0001_pages',
    sql: `
      -- One row per cirrus's vielink page, the same shape as the MongoDB document: who it is (identity's events, or
      -- the owner's assertion until they arrive), its colours, its links as one JSON array (changed only as a whole,
      -- with the version check), and the version.
      CREATE TABLE link.pages (
        owner_id uuid PRIMARY KEY,
        username text NOT NULL,
        username_key text NOT NULL,
        display_name text NOT NULL DEFAULT '',
        image text NOT NULL DEFAULT '',
        background_color text NOT NULL,
        item_font_color text NOT NULL,
        item_background_color text NOT NULL,
        links jsonb NOT NULL DEFAULT '[]',
        version integer NOT NULL DEFAULT 0
      );
      CREATE INDEX pages_username ON link.pages (username_key);
      -- Finds the page of a link (the redirect, edit and delete): links @> '[{"id": ...}]'.
      CREATE INDEX pages_links ON link.pages USING gin (links jsonb_path_ops);

      -- Clicks per link and UTC day; nothing about who clicked.
      CREATE TABLE link.clicks (
        link_id uuid NOT NULL,
        day date NOT NULL,
        owner_id uuid NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (link_id, day)
      );
      CREATE INDEX clicks_owner_day ON link.clicks (owner_id, day);
    `,
  },
  {
    id: '0002_deleted_cirri',
    sql: deletedCirriTableSql(SCHEMA),
  },
  {
    id: '0003_pages_verified',
    sql: `
      -- Whether identity said the email is verified (CirrusVerified, or the owner's own signed-in call). The pages
      -- stored before keep NULL, "not known" (the domain's visiblePage); new ones start false.
      ALTER TABLE link.pages ADD COLUMN IF NOT EXISTS verified boolean;
      ALTER TABLE link.pages ALTER COLUMN verified SET DEFAULT false;
    `,
  },
];
