import { action } from './action';
import { analytics } from './analytics';
import type { Table } from './grid';
import { identity } from './identity';
import { link } from './link';
import { messaging } from './messaging';
import { social } from './social';
import { vellum } from './vellum';

export { grid, type Grid, type GridSpec, type Row, type Table } from './grid';

/** Every service's table, each row by its operation's `operationId` (a new operation without one fails the build). */
export const tables: Readonly<Record<string, Table>> = {
  identity,
  vellum,
  social,
  action,
  link,
  messaging,
  analytics,
};
