import type { Table } from './grid';

const open = { all: 200 };
/** No version of the world's vellums exists (a save within 5 minutes keeps none): a well-formed id of none. */
const UNKNOWN_VERSION = '00000000-0000-4000-8000-000000000000';

/** The vellum service: documents, their visibility, ratings and exports. */
export const vellum: Table = {
  listAuthorVellums: {
    rule: 'the owner sees all of theirs, anyone else the public ones (the private title never in the answer)',
    expect: { ownerName: open, deletedName: open, unverifiedName: open },
  },
  discoverVellums: { rule: 'public vellums only', expect: { none: open } },
  listFollowedVellums: {
    rule: "the caller's feed of the public vellums of whom they follow: signed in only",
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  listShowcaseVellums: { rule: 'public vellums only', expect: { none: open } },
  listCreators: { rule: 'authors of public vellums only', expect: { none: open } },
  getVellum: {
    rule: "a public vellum to anyone; a private, removed or deleted one: the spec's viewAuthorized false and no vellum (200) to all but its owner",
    expect: {
      publicVellum: open,
      privateVellum: open,
      removedVellum: open,
      deletedPersonsVellum: open,
    },
  },
  createVellum: {
    rule: 'a signed-in person creates their own vellum',
    callersOwn: 'a vellum of their own',
    body: (w) => ({ title: `Mine ${w.tag}`, text: w.document('Mine') }),
    expect: { none: { anonymous: 401, others: 201, owner: 201 } },
  },
  saveVellum: {
    rule: 'only the owner saves: a visitor 401, anyone else 403 on a public one, 404 on one they may not see',
    body: (w) => ({ title: `Saved ${w.tag}`, text: w.document('Saved') }),
    expect: {
      publicVellum: { anonymous: 401, others: 403, owner: 200 },
      privateVellum: { anonymous: 401, others: 404, owner: 200 },
      removedVellum: { anonymous: 401, others: 404, owner: 404 },
      deletedPersonsVellum: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  publishVellum: {
    rule: 'only the owner changes the visibility',
    restore: (w, v) => w.clients.owner.put(`/api/vellum/private/${w.values[v]}`),
    expect: {
      publicVellum: { anonymous: 401, others: 403, owner: 200 },
      privateVellum: { anonymous: 401, others: 404, owner: 200 },
      removedVellum: { anonymous: 401, others: 404, owner: 404 },
      deletedPersonsVellum: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  makeVellumPrivate: {
    rule: 'only the owner changes the visibility',
    restore: (w, v) => w.clients.owner.put(`/api/vellum/publish/${w.values[v]}`),
    expect: {
      publicVellum: { anonymous: 401, others: 403, owner: 200 },
      privateVellum: { anonymous: 401, others: 404, owner: 200 },
      removedVellum: { anonymous: 401, others: 404, owner: 404 },
      deletedPersonsVellum: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  deleteVellum: {
    rule: 'only the owner deletes (run last for the owner: it ends the vellum)',
    late: 1,
    expect: {
      publicVellum: { anonymous: 401, others: 403, owner: 200 },
      privateVellum: { anonymous: 401, others: 404, owner: 200 },
      removedVellum: { anonymous: 401, others: 404, owner: 404 },
      deletedPersonsVellum: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  getVellumScore: {
    rule: "a public vellum's score to anyone; none of a vellum the caller may not see",
    expect: {
      publicVellum: open,
      privateVellum: { anonymous: 404, others: 404, owner: 200 },
      removedVellum: { all: 404 },
      deletedPersonsVellum: { all: 404 },
    },
  },
  rateVellum: {
    rule: 'a signed-in person rates a public vellum (their own rating), never their own (403); nobody rates one they may not see',
    callersOwn: "the caller's own rating",
    path: (w, v) => ({ id: w.values[v], level: 'good' }),
    expect: {
      publicVellum: { anonymous: 401, others: 200, owner: 403 },
      privateVellum: { anonymous: 401, others: 404, owner: 403 },
      removedVellum: { anonymous: 401, others: 404, owner: 404 },
      deletedPersonsVellum: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  exportVellumMarkdown: {
    rule: 'as reading it: a public one to anyone, a private, removed or deleted one 404 to all but its owner',
    expect: {
      publicVellum: open,
      privateVellum: { anonymous: 404, others: 404, owner: 200 },
      removedVellum: { all: 404 },
      deletedPersonsVellum: { all: 404 },
    },
  },
  listVellumVersions: {
    rule: "a vellum's history to its owner alone: anyone else (a visitor too) 404, as for a vellum they cannot see",
    expect: {
      publicVellum: { anonymous: 404, others: 404, owner: 200 },
      privateVellum: { anonymous: 404, others: 404, owner: 200 },
      removedVellum: { all: 404 },
      deletedPersonsVellum: { all: 404 },
    },
  },
  getVellumVersion: {
    rule: "one version to the vellum's owner alone (a version id that is not the vellum's: 404 to the owner too)",
    path: (w, v) => ({ id: w.values[v], versionId: UNKNOWN_VERSION }),
    expect: {
      publicVellum: { all: 404 },
      privateVellum: { all: 404 },
      removedVellum: { all: 404 },
      deletedPersonsVellum: { all: 404 },
    },
  },
  restoreVellumVersion: {
    rule: 'only the owner restores: a visitor 401, anyone else 404 whatever the visibility; nothing changes',
    path: (w, v) => ({ id: w.values[v], versionId: UNKNOWN_VERSION }),
    expect: {
      publicVellum: { anonymous: 401, others: 404, owner: 404 },
      privateVellum: { anonymous: 401, others: 404, owner: 404 },
      removedVellum: { anonymous: 401, others: 404, owner: 404 },
      deletedPersonsVellum: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  exportAllVellums: {
    rule: "the owner's zip of all their vellums: a visitor 401, anyone else 403",
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 200 },
      deletedName: { anonymous: 401, others: 403, owner: 403 },
    },
  },
};
