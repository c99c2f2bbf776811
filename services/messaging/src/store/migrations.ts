import { deletedCirriTableSql, type Migration } from '@vellum/platform';

export const SCHEMA = 'messaging';

export const migrations: Migration[] = [
  {
    id: '0001_messaging',
    sql: `
      -- Identity's word on each cirrus (the projection), or the caller's assertion until its events arrive.
      CREATE TABLE messaging.cirri (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        username_key text NOT NULL,
        display_name text NOT NULL DEFAULT '',
        image text NOT NULL DEFAULT '',
        verified boolean NOT NULL DEFAULT false
      );
      CREATE INDEX cirri_username ON messaging.cirri (username_key);

      -- One conversation per pair: pair_key is the two ids sorted and joined.
      CREATE TABLE messaging.conversations (
        id uuid PRIMARY KEY,
        pair_key text NOT NULL UNIQUE,
        participant_a uuid NOT NULL,
        participant_b uuid NOT NULL,
        started_by uuid NOT NULL,
        started_at timestamptz NOT NULL,
        CHECK (participant_a < participant_b)
      );
      CREATE INDEX conversations_a ON messaging.conversations (participant_a);
      CREATE INDEX conversations_b ON messaging.conversations (participant_b);

      CREATE TABLE messaging.messages (
        id uuid PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES messaging.conversations (id),
        sender_id uuid NOT NULL,
        recipient_id uuid NOT NULL,
        text text NOT NULL,
        sent_at timestamptz NOT NULL,
        key text NOT NULL
      );
      -- Pages of a conversation, its last message; and a reader's unread messages per conversation.
      CREATE INDEX messages_conversation_key ON messaging.messages (conversation_id, key DESC);
      CREATE INDEX messages_recipient ON messaging.messages (recipient_id, conversation_id, key);

      -- Insert-only: the effective mark of a reader is the greatest key.
      CREATE TABLE messaging.read_marks (
        conversation_id uuid NOT NULL REFERENCES messaging.conversations (id),
        reader_id uuid NOT NULL,
        key text NOT NULL,
        message_id uuid NOT NULL,
        marked_at timestamptz NOT NULL,
        PRIMARY KEY (conversation_id, reader_id, key)
      );
      CREATE INDEX read_marks_reader ON messaging.read_marks (reader_id, conversation_id, key DESC);

      CREATE TABLE messaging.conversation_vellums (
        id uuid PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES messaging.conversations (id),
        owner_id uuid NOT NULL,
        title text NOT NULL DEFAULT '',
        body text NOT NULL DEFAULT '',
        last_edited timestamptz,
        UNIQUE (conversation_id, owner_id)
      );
    `,
  },
  {
    id: '0002_deleted_cirri',
    sql: deletedCirriTableSql(SCHEMA),
  },
  {
    id: '0003_message_changes',
    sql: `
      -- A sender's edit and deletion of a message (a deleted one's text is '').
      ALTER TABLE messaging.messages ADD COLUMN edited_at timestamptz, ADD COLUMN deleted_at timestamptz;
    `,
  },
  {
    id: '0004_search',
    sql: `
      -- A message's words, read by the English and the Russian configurations (stems in both languages), as
      -- vellum's search_doc. Generated: written by the statement that sends, edits or deletes the message (a deleted
      -- one's text is '', so it has no words), never behind it.
      ALTER TABLE messaging.messages ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
        to_tsvector('english'::regconfig, text) || to_tsvector('russian'::regconfig, text)
      ) STORED;
      -- The words alone (not btree_gin's (conversation_id, search_doc): the planner, without statistics on PGlite,
      -- would take that for any conversation_id = … and leave messages_conversation_key, the pages' order). No
      -- pending list (fastupdate): a message's words go into the index with it (PGlite has no autovacuum to merge
      -- one).
      CREATE INDEX messages_search ON messaging.messages USING gin (search_doc) WITH (fastupdate = off);
    `,
  },
  {
    id: '0005_presence',
    sql: `
      -- Who hides their presence in the messenger (and so sees nobody's); no row is the default, shown.
      CREATE TABLE messaging.presence_settings (
        cirrus_id uuid PRIMARY KEY,
        hidden boolean NOT NULL
      );
    `,
  },
  {
    id: '0006_notifications',
    sql: `
      -- What others did that concerns a recipient (the notifications projection of social's, action's, vellum's and
      -- messaging's events): one row per event, its id the event's. Who the actor is comes from messaging.cirri at
      -- read time. Kept NOTIFICATION_KEEP_DAYS, then swept.
      CREATE TABLE messaging.notifications (
        id uuid PRIMARY KEY,
        recipient_id uuid NOT NULL,
        actor_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('followed', 'actionRequested', 'vellumRated', 'conversationStarted')),
        subject_id uuid NOT NULL,
        at timestamptz NOT NULL,
        key text NOT NULL
      );
      -- A recipient's list newest first, and their unread count; the sweep by age; a deleted actor's.
      CREATE INDEX notifications_recipient_key ON messaging.notifications (recipient_id, key DESC);
      CREATE INDEX notifications_at ON messaging.notifications (at);
      CREATE INDEX notifications_actor ON messaging.notifications (actor_id);

      -- A recipient's read and cleared marks, insert-only: the greatest key of each kind counts. Not the
      -- projection's: a replay keeps them, so what was read or cleared stays so.
      CREATE TABLE messaging.notification_marks (
        recipient_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('read', 'cleared')),
        key text NOT NULL,
        marked_at timestamptz NOT NULL,
        PRIMARY KEY (recipient_id, kind, key)
      );
    `,
  },
];
