import type { Table } from './grid';

const wrongPassword = 'Wrong-Password-9!';
const bogusToken = 'a'.repeat(64);

/** Identity's calls and the gateway's own document: sessions, sign-up, mail links, profiles, accounts. */
export const identity: Table = {
  getOpenApiDocument: {
    rule: 'the public contract: anyone reads it, it names nobody',
    expect: { none: { all: 200 } },
  },
  signIn: {
    rule: "another person's email with a wrong password signs nobody in (the spec's 401 'Incorrect signin credentials.')",
    body: (w) => ({ email: w.people.owner.account.email, password: wrongPassword }),
    expect: { none: { all: 401 } },
  },
  signOutByNavigation: {
    rule: 'GET sign-out only as a page navigation (issue 23, defect 5): a script or an image is refused, nobody is signed out',
    writes: true,
    expect: { none: { all: 403 } },
  },
  signOut: {
    rule: "ends the caller's own session only (run last: it ends the actor's session)",
    callersOwn: "the caller's own session ends",
    late: 3,
    expect: { none: { all: 200 } },
  },
  getSignedCirrus: {
    rule: 'the caller themself, or null',
    expect: { none: { all: 200 } },
  },
  getUser: {
    rule: 'the caller themself, or null',
    expect: { none: { all: 200 } },
  },
  checkSession: {
    rule: "whether the caller's own session is live",
    expect: { none: { all: 200 } },
  },
  signUp: {
    rule: "a taken username is refused (409): nobody signs up over another person's account",
    body: (w) => ({
      username: w.people.owner.username,
      email: `taker.${w.tag}@example.com`,
      first_name: 'Taker',
      last_name: 'Over',
      password: 'Correct-Horse-9',
    }),
    expect: { none: { all: 409 } },
  },
  checkUsername: {
    rule: 'whether a handle is free: public, says nothing but `available`',
    expect: { ownerName: { all: 200 }, deletedName: { all: 200 } },
  },
  sendVerificationEmail: {
    rule: "the same 'sent if registered' answer for any email (spec section 8): changes nothing of the person's",
    body: (w) => ({ email: w.people.owner.account.email }),
    expect: { none: { all: 200 } },
  },
  verifyEmail: {
    rule: "another person's email with a token not mailed to it verifies nothing (400)",
    body: (w) => ({ email: w.people.owner.account.email, token: bogusToken }),
    expect: { none: { all: 400 } },
  },
  sendPasswordReset: {
    rule: "the same answer for any email; the link goes to the mailbox's owner only",
    body: (w) => ({ email: w.people.owner.account.email }),
    expect: { none: { all: 200 } },
  },
  checkPasswordResetToken: {
    rule: 'a token not mailed to the person is not allowed (200, allowed false)',
    body: (w) => ({ email: w.people.owner.account.email, token: bogusToken }),
    expect: { none: { all: 200 } },
  },
  resetPassword: {
    rule: "a token not mailed to the person sets nobody's password (400)",
    body: () => ({ token: bogusToken, password: 'Another-Horse-9' }),
    expect: { none: { all: 400 } },
  },
  getCirrus: {
    rule: "a verified person's profile to anyone, the email to themself only; unknown, unverified or deleted: 404",
    expect: {
      ownerName: { all: 200 },
      unverifiedName: { all: 404 },
      deletedName: { all: 404 },
    },
  },
  editProfile: {
    rule: 'only the signed-in person edits their own profile: a visitor 401, anyone else 403; a name no verified person has: 404',
    body: (w) => ({
      displayName: 'Owen',
      firstName: 'Owen',
      lastName: "O'Neil-Lovelace",
      location: '',
      summary: `Edited ${w.tag}`,
      image: '',
      imageBackground: '',
    }),
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 200 },
      unverifiedName: { anonymous: 401, others: 404, owner: 404 },
      deletedName: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  listSessions: {
    rule: "the caller's own live sessions only (never another person's, never a session id)",
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  endSession: {
    rule: "the caller ends their own sessions only: another person's key, or an ended one, is 404",
    expect: {
      ownersOtherSession: { anonymous: 401, others: 404, owner: 200 },
      deletedPersonsSession: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  changePassword: {
    rule: "the caller's own password only (the call names nobody else), and only with their current one: a wrong one changes nothing (400); the owner sets the same password again, so later cells still sign in",
    body: (w, actor) => ({
      currentPassword: actor === 'owner' ? w.passwords.owner : wrongPassword,
      password: w.passwords.owner,
    }),
    late: 1,
    expect: { none: { anonymous: 401, others: 400, owner: 200 } },
  },
  deleteAccount: {
    rule: 'only the person deletes their account, with their own password: anyone else 403 even with theirs; a deleted one 404',
    body: (w, actor) => ({ password: w.passwords[actor] }),
    late: 2,
    expect: {
      ownerName: { anonymous: 401, others: 403, owner: 200 },
      deletedName: { anonymous: 401, others: 404, owner: 404 },
    },
  },
};
