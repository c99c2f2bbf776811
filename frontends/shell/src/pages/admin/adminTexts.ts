import type { AdminColumn, AdminList, SeriesMetric } from '@vellum/proto/api';

export const adminTexts = {
  title: 'Analytics',
  filterLabel: 'Filter cirri by username, name or email',
  lists: {
    active: 'Active Cirri',
    confirmed: 'Confirmed Cirri',
    all: 'All Cirri',
  } satisfies Record<AdminList, string>,
  activeNote: 'Active: signed in within the last 30 days.',
  count: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'Cirrus' : 'Cirri'}`,
  empty: 'No Cirri found.',
  never: 'Never',
  previous: 'Previous page',
  next: 'Next page',
  loading: 'Loading…',
  failed: 'The list could not be loaded.',
  chartsHeading: 'The last 90 days',
  chartsFailed: 'The charts could not be loaded.',
  showTable: 'Show the numbers as a table',
  sortBy: (column: string, dir: 'asc' | 'desc') =>
    `Sort by ${column}, ${dir === 'asc' ? 'ascending' : 'descending'}`,
};

export const columnLabels: Record<AdminColumn, string> = {
  email: 'email',
  i: 'i',
  username: 'username',
  first_name: 'first_name',
  last_name: 'last_name',
  last_session: 'last_session',
  vellums: 'vellums',
  actions: 'actions',
  created: 'created',
};

/** The charts: what each one draws, with its metrics' labels. */
export const metricLabels: Record<SeriesMetric, string> = {
  signUps: 'Sign-ups',
  verified: 'Verified',
  activeCirri: 'Active Cirri',
  vellumsCreated: 'Vellums created',
  vellumsPublished: 'Vellums published',
  actionsCreated: 'Actions created',
  actionsCompleted: 'Actions completed',
  messagesSent: 'Messages sent',
  follows: 'Follows',
  linkPagesChanged: 'Vielink pages changed',
  linkClicks: 'Link clicks',
};

export const chartGroups: { title: string; metrics: SeriesMetric[] }[] = [
  { title: 'Cirri', metrics: ['signUps', 'verified', 'activeCirri'] },
  { title: 'Vellums', metrics: ['vellumsCreated', 'vellumsPublished'] },
  { title: 'Actions', metrics: ['actionsCreated', 'actionsCompleted'] },
  {
    title: 'Messages, follows and vielinks',
    metrics: ['messagesSent', 'follows', 'linkPagesChanged', 'linkClicks'],
  },
];
