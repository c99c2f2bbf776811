import { cirriReadModel, cirrusNameColumns } from '@vellum/platform';
import { timestampDate } from '@vellum/proto';
import { SCHEMA } from '../store/migrations';
import { eraseCirrus } from './erase-cirrus';

/**
 * `action.cirri`, the names the recipient of a request sees: identity's word (created, profile changed) replaces
 * what was known; a cirrus seen first in a follow event is remembered by its username until identity's events tell
 * more (`people.remember`).
 */
export const people = cirriReadModel({
  schema: SCHEMA,
  table: 'cirri',
  ...cirrusNameColumns,
  removeCirrus: (tx, e) => eraseCirrus(tx, e.cirrusId, e.deletedAt ? timestampDate(e.deletedAt) : new Date()),
});
