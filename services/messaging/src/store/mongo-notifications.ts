import { isDuplicateKey, type Collection, type MongoDatabase } from '@vellum/platform-mongo';
import type { MessagingRepository, NotificationMarkKind, StoredNotification } from './messaging-repository';

/** A notification, inserted once (its `_id` the event's id), never changed; removed by a clear, the sweep, a deletion. */
export interface NotificationDoc {
  _id: string;
  recipient: string;
  actor: string;
  kind: StoredNotification['kind'];
  subject: string;
  at: Date;
  key: string;
}

/** A recipient's mark, inserted once: `_id` is `<recipient>:<kind>:<key>`; the greatest key of a kind counts. */
export interface NotificationMarkDoc {
  _id: string;
  recipient: string;
  kind: NotificationMarkKind;
  key: string;
  at: Date;
}

export interface NotificationCollections {
  notifications: Collection<NotificationDoc>;
  notificationMarks: Collection<NotificationMarkDoc>;
}

/** The collections and the indexes the reads need: a recipient's list by key, the sweep by age, an actor's. */
export async function prepareNotificationCollections(
  database: MongoDatabase,
): Promise<NotificationCollections> {
  const c: NotificationCollections = {
    notifications: database.collection<NotificationDoc>('notifications'),
    notificationMarks: database.collection<NotificationMarkDoc>('notification_marks'),
  };
  await c.notifications.createIndex({ recipient: 1, key: -1 }, { name: 'notifications_recipient_key' });
  await c.notifications.createIndex({ at: 1 }, { name: 'notifications_at' });
  await c.notifications.createIndex({ actor: 1 }, { name: 'notifications_actor' });
  await c.notificationMarks.createIndex({ recipient: 1, kind: 1, key: -1 }, { name: 'marks_recipient' });
  return c;
}

const toNotification = (d: NotificationDoc): StoredNotification => ({
  id: d._id,
  recipient: d.recipient,
  actor: d.actor,
  kind: d.kind,
  subject: d.subject,
  at: d.at,
  key: d.key,
});

type NotificationReads = Pick<
  MessagingRepository,
  | 'addNotification'
  | 'forgetNotifications'
  | 'notifications'
  | 'notification'
  | 'unreadNotifications'
  | 'notificationMarks'
  | 'markNotifications'
  | 'sweepNotifications'
>;

/**
 * The notifications on MongoDB: single-document inserts only (FerretDB applies updates as a read and a write). The
 * event id is the document's `_id`, so a redelivered event is a duplicate key; a deletion's tombstone is checked
 * before and after the insert, which is undone when the tombstone came meanwhile (as a message's).
 */
export function mongoNotifications(
  c: NotificationCollections,
  anyDeleted: (ids: readonly string[]) => Promise<boolean>,
): NotificationReads & { removeCirrusNotifications(cirrusId: string): Promise<void> } {
  /** A recipient's greatest mark of a kind, through the index in key order (FerretDB 1.x has no `$max`). */
  const markOf = async (recipient: string, kind: NotificationMarkKind) =>
    (await c.notificationMarks.findOne({ recipient, kind }, { sort: { key: -1 }, projection: { key: 1 } }))
      ?.key ?? null;
  const listed = async (recipient: string, keptSince: Date) => {
    const cleared = await markOf(recipient, 'cleared');
    return { recipient, at: { $gte: keptSince }, ...(cleared !== null && { key: { $gt: cleared } }) };
  };
  return {
    async addNotification(n, keptSince) {
      if (n.at < keptSince || (await anyDeleted([n.actor, n.recipient]))) return false;
      const cleared = await markOf(n.recipient, 'cleared');
      if (cleared !== null && n.key <= cleared) return false;
      const same = { recipient: n.recipient, actor: n.actor, kind: n.kind, subject: n.subject };
      if (await c.notifications.findOne({ ...same, key: { $gt: n.key } }, { projection: { _id: 1 } }))
        return false;
      try {
        await c.notifications.insertOne({
          _id: n.id,
          recipient: n.recipient,
          actor: n.actor,
          kind: n.kind,
          subject: n.subject,
          at: n.at,
          key: n.key,
        });
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
      if (await anyDeleted([n.actor, n.recipient])) {
        await c.notifications.deleteOne({ _id: n.id });
        return false;
      }
      // The same again (a follow after an unfollow, a new rating): the newest one stays.
      await c.notifications.deleteMany({ ...same, key: { $lt: n.key } });
      return true;
    },

    async forgetNotifications() {
      await c.notifications.deleteMany({});
    },

    async notifications(recipient, { beforeKey, keptSince, limit }) {
      const filter = await listed(recipient, keptSince);
      const key = { ...filter.key, ...(beforeKey !== undefined && { $lt: beforeKey }) };
      const found = await c.notifications
        .find({ ...filter, ...(Object.keys(key).length > 0 && { key }) })
        .sort({ key: -1 })
        .limit(limit)
        .toArray();
      return found.map(toNotification);
    },

    async notification(id) {
      const found = await c.notifications.findOne({ _id: id });
      return found && toNotification(found);
    },

    async unreadNotifications(recipient, keptSince) {
      const filter = await listed(recipient, keptSince);
      const read = await markOf(recipient, 'read');
      const after = [filter.key?.$gt, read].filter((k): k is string => k !== undefined && k !== null).sort();
      const last = after.at(-1);
      return c.notifications.countDocuments({ ...filter, ...(last !== undefined && { key: { $gt: last } }) });
    },

    async notificationMarks(recipient) {
      return { read: await markOf(recipient, 'read'), cleared: await markOf(recipient, 'cleared') };
    },

    async markNotifications(recipient, kind, key, at) {
      try {
        await c.notificationMarks.insertOne({ _id: `${recipient}:${kind}:${key}`, recipient, kind, key, at });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      if (kind === 'cleared') await c.notifications.deleteMany({ recipient, key: { $lte: key } });
      // Only the greatest mark of a kind counts: the older ones go.
      await c.notificationMarks.deleteMany({ recipient, kind, key: { $lt: key } });
    },

    async sweepNotifications(keptSince) {
      return (await c.notifications.deleteMany({ at: { $lt: keptSince } })).deletedCount;
    },

    async removeCirrusNotifications(cirrusId) {
      await c.notifications.deleteMany({ $or: [{ recipient: cirrusId }, { actor: cirrusId }] });
      await c.notificationMarks.deleteMany({ recipient: cirrusId });
    },
  };
}
