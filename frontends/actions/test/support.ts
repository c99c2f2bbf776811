import type { ActionsResponse, ActionView, RequestedActionView } from '@vellum/proto/api';

export { ann, renderPage, serve } from '@vellum/ui/test-support';

export const action = (i: string, text: string, priority: ActionView['priority'] = 'Medium'): ActionView => ({
  i,
  text,
  priority,
  created_at: '2024-10-05T12:00:00.000Z',
});

export const requested = (i: string, text: string, from = 'sam'): RequestedActionView => ({
  ...action(i, text, 'High'),
  cirrus_id: { i: `c-${from}`, username: from, display_name: 'Sam Stone' },
});

export const actions = (overrides: Partial<ActionsResponse> = {}): ActionsResponse => ({
  actionsHigh: [],
  actionsMedium: [],
  actionsLow: [],
  actionsRequested: [],
  outstandingActions: 0,
  ...overrides,
});
