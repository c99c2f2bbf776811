import type { Table } from './grid';

/**
 * The admin page's calls: to anyone but an admin, 200 with `authorized: false` and no rows (the spec's answer the
 * page reads); the secrets check proves no email reaches anyone else.
 */
export const analytics: Table = {
  getAdmin: { rule: 'admins only see rows', expect: { none: { all: 200 } } },
  listAdminCirri: { rule: 'admins only see rows', query: 'list=all', expect: { none: { all: 200 } } },
  getAdminSeries: { rule: 'admins only see the series', expect: { none: { all: 200 } } },
};
