import type { Table } from './grid';

const linkBody = (tag: string) => ({
  linkLabel: `Changed${tag}`,
  linkURL: `https://example.com/changed/${tag}`,
});

/** The link service: the vielink page, its links, colours and clicks. */
export const link: Table = {
  reorderLinks: {
    rule: "the caller reorders their own page's links only: another person's link id is none of theirs (404)",
    body: (w) => ({ linksToReorder: [{ linkID: w.values.link, position: 0 }] }),
    expect: { none: { anonymous: 401, others: 404, owner: 200 } },
  },
  setLinkBackgroundColor: {
    rule: "the caller's own page's colour",
    callersOwn: "the caller's own page",
    body: () => ({ backgroundColor: '#123456' }),
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  setLinkItemFontColor: {
    rule: "the caller's own page's colour",
    callersOwn: "the caller's own page",
    body: () => ({ linkItemFontColor: '#123456' }),
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  setLinkItemBackgroundColor: {
    rule: "the caller's own page's colour",
    callersOwn: "the caller's own page",
    body: () => ({ linkItemBackgroundColor: '#123456' }),
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  getLinkPage: {
    rule: "a verified person's page to anyone; unknown, unverified (defect 7) or deleted: 404",
    expect: { ownerName: { all: 200 }, unverifiedName: { all: 404 }, deletedName: { all: 404 } },
  },
  addLink: {
    rule: 'only the owner adds to their page: a visitor 401, anyone else 403',
    body: (w) => linkBody(w.tag),
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 201 },
      deletedName: { anonymous: 401, others: 403, owner: 403 },
    },
  },
  editLink: {
    rule: "only the owner edits their link: anyone else's attempt is 404 (a link id names nothing of theirs)",
    body: (w) => linkBody(w.tag),
    expect: {
      link: { anonymous: 401, others: 404, owner: 200 },
      deletedPersonsLink: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  deleteLink: {
    rule: 'only the owner deletes their link (run last for the owner)',
    late: 1,
    expect: {
      link: { anonymous: 401, others: 404, owner: 200 },
      deletedPersonsLink: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  followLink: {
    rule: "anyone follows a public link (302 to its stored URL); a deleted account's link is gone (404)",
    writes: false,
    expect: { link: { all: 302 }, deletedPersonsLink: { all: 404 } },
  },
  getLinkClicks: {
    rule: "the owner's counts only: a visitor 401, anyone else 403",
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 200 },
      deletedName: { anonymous: 401, others: 403, owner: 403 },
    },
  },
};
