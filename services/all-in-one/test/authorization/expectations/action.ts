import type { Table } from './grid';

/** The action service: a person's list, and requests to followers. */
export const action: Table = {
  listActions: {
    rule: "a person's actions to themself only (spec: Not Found when not signed in)",
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 200 },
      deletedName: { anonymous: 401, others: 403, owner: 403 },
    },
  },
  getActionsSnippet: {
    rule: "the caller's own badge only",
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 200 },
      deletedName: { anonymous: 401, others: 403, owner: 403 },
    },
  },
  createAction: {
    rule: "an action on the caller's own list",
    callersOwn: 'an action of their own',
    body: (w) => ({ text: `Mine ${w.tag}`, priority: 'Medium' }),
    expect: { none: { anonymous: 401, others: 201, owner: 201 } },
  },
  requestAction: {
    rule: 'a person asks an action of one of their followers only (spec section 1): of anyone else 403 (a deleted account alike), of themself 400',
    body: (w, _actor, v) => ({ forCirrusI: w.cirrusIds[v], text: `Asked ${w.tag}`, priority: 'Low' }),
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 400 },
      followerName: { anonymous: 401, others: 403, follower: 400, owner: 201 },
      deletedName: { anonymous: 401, others: 403, owner: 403 },
    },
  },
  completeAction: {
    rule: 'the person whose list holds the action completes it (the follower, one the owner asked of them); anyone else 404',
    callersOwn: "an action on the caller's own list",
    late: 1,
    expect: {
      ownAction: { anonymous: 401, others: 404, owner: 200 },
      requestedAction: { anonymous: 401, others: 404, follower: 200, owner: 404 },
      deletedPersonsAction: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  abandonAction: {
    rule: 'the person whose list holds the action abandons it (the follower, one the owner asked of them); anyone else 404',
    callersOwn: "an action on the caller's own list",
    late: 1,
    expect: {
      ownActionToAbandon: { anonymous: 401, others: 404, owner: 200 },
      requestedActionToAbandon: { anonymous: 401, others: 404, follower: 200, owner: 404 },
      deletedPersonsAction: { anonymous: 401, others: 404, owner: 404 },
    },
  },
};
