import { deletedCirriTableSql, type Migration } from '@vellum/platform';

export const SCHEMA = 'action';

export const migrations: Migration[] = [
  {
    id: '0001_actions',
    sql: `
      -- What the action service knows of each cirrus, kept from identity's and social's events: the names the
      -- recipient of a request sees.
      CREATE TABLE action.cirri (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        display_name text NOT NULL DEFAULT ''
      );

      -- Who follows whom, kept from social's events: a request may go only to one of the sender's followers.
      CREATE TABLE action.follows (
        followee_id uuid NOT NULL,
        follower_id uuid NOT NULL,
        PRIMARY KEY (followee_id, follower_id)
      );

      -- One row per cirrus whose list has been written: every write to a list locks it first, so the outstanding
      -- count in an event is exact and the list's events leave the outbox in the order they happened.
      CREATE TABLE action.lists (
        owner_id uuid PRIMARY KEY
      );

      -- Actions. requester_id is set on a request: the action is on the recipient's (owner's) list.
      CREATE TABLE action.actions (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        requester_id uuid,
        requester_username text,
        text text NOT NULL,
        priority text NOT NULL CHECK (priority IN ('High', 'Medium', 'Low')),
        state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'completed', 'abandoned')),
        created_at timestamptz NOT NULL,
        closed_at timestamptz,
        CHECK (requester_id IS NULL OR requester_id <> owner_id),
        CHECK ((requester_id IS NULL) = (requester_username IS NULL))
      );
      CREATE INDEX actions_open ON action.actions (owner_id, created_at DESC) WHERE state = 'open';
    `,
  },
  {
    id: '0002_deleted_cirri',
    sql: deletedCirriTableSql(SCHEMA),
  },
];
