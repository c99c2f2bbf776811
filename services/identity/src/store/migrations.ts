import type { Migration } from '@vellum/platform';

export const SCHEMA = 'identity';

export const migrations: Migration[] = [
  {
    id: '0001_cirri',
    sql: `
      CREATE TABLE identity.cirri (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        display_name text NOT NULL,
        password_hash text NOT NULL,
        image text,
        image_background text,
        location text,
        summary text,
        email_verified_at timestamptz,
        last_session_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX cirri_username_key ON identity.cirri (lower(username));
      CREATE UNIQUE INDEX cirri_email_key ON identity.cirri (email);

      CREATE TABLE identity.tokens (
        token_hash bytea PRIMARY KEY,
        cirrus_id uuid NOT NULL REFERENCES identity.cirri (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX tokens_cirrus_idx ON identity.tokens (cirrus_id, purpose);

      -- Projection of the action service's events: how many actions each cirrus has outstanding.
      CREATE TABLE identity.outstanding_actions (
        cirrus_id uuid PRIMARY KEY,
        count integer NOT NULL DEFAULT 0
      );
    `,
  },
];
