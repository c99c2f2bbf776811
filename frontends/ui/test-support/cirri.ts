import type { SignedCirrus } from '@vellum/ui';

/** The signed-in cirrus of most page tests. */
export const ann: SignedCirrus = {
  i: 'c-ann',
  username: 'ann',
  displayName: 'Ann Lee',
  image: null,
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
};
