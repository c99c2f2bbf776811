import type { Table } from './grid';

/** The social service: follows, the lists of them, search. */
export const social: Table = {
  getFollowStatus: {
    rule: "whether the caller follows a person, and that person's public counts",
    expect: { ownerName: { all: 200 }, deletedName: { all: 404 } },
  },
  follow: {
    rule: 'a signed-in person follows someone (their own follow); nobody follows a deleted account',
    callersOwn: "the caller's own follow",
    expect: {
      ownerName: { anonymous: 401, others: 200, owner: 400 },
      deletedName: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  unfollow: {
    rule: "the caller's own follow ends (run last: the follower's follow is the world's)",
    callersOwn: "the caller's own follow",
    late: 1,
    expect: {
      ownerName: { anonymous: 401, others: 200, owner: 400 },
      deletedName: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  listFollowers: {
    rule: "public lists of usernames and display names; a deleted account's: 404 as an unknown one",
    expect: { ownerName: { all: 200 }, deletedName: { all: 404 } },
  },
  listFollowing: {
    rule: "public lists of usernames and display names; a deleted account's: 404 as an unknown one",
    expect: { ownerName: { all: 200 }, deletedName: { all: 404 } },
  },
  searchCirri: {
    rule: 'signed-in people search usernames and display names (spec section 6)',
    query: 'query=owen',
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
};
