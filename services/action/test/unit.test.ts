import { actionMessages } from '@vellum/proto';
import { actionIdOf, listOwner } from '../src/domain/access';
import { actionsResponse, snippetView } from '../src/domain/action-views';
import { highestPriority } from '../src/domain/priority';
import type { OpenAction } from '../src/store/action-store';

const at = new Date('2026-01-01T00:00:00Z');
const open = (
  id: string,
  priority: OpenAction['priority'],
  requester: OpenAction['requester'] = null,
): OpenAction => ({
  id,
  ownerId: 'o',
  requesterId: requester?.id ?? null,
  text: id,
  priority,
  state: 'open',
  createdAt: at,
  requester,
});

describe('action views', () => {
  it('groups own actions by priority and keeps requests apart, counting them as outstanding', () => {
    const sam = { id: 's', username: 'sam', displayName: 'Sam Lee' };
    const response = actionsResponse([
      open('a', 'High'),
      open('b', 'Low'),
      open('r', 'High', sam),
      open('c', 'High'),
    ]);
    expect(response.actionsHigh.map((a) => a.i)).toEqual(['a', 'c']);
    expect(response.actionsMedium).toEqual([]);
    expect(response.actionsLow.map((a) => a.i)).toEqual(['b']);
    expect(response.actionsRequested).toEqual([
      {
        i: 'r',
        text: 'r',
        priority: 'High',
        created_at: at.toISOString(),
        cirrus_id: { i: 's', username: 'sam', display_name: 'Sam Lee' },
      },
    ]);
    expect(response.outstandingActions).toBe(1);
  });

  it.each([
    [{ High: 0, Medium: 0, Low: 0 }, null, 0],
    [{ High: 0, Medium: 0, Low: 2 }, 'Low', 2],
    [{ High: 0, Medium: 1, Low: 2 }, 'Medium', 3],
    [{ High: 1, Medium: 0, Low: 2 }, 'High', 3],
  ] as const)('summarises %j as %s of %i', (counts, highest, total) => {
    expect(highestPriority(counts)).toBe(highest);
    expect(snippetView(counts)).toEqual({ highestPriority: highest, totalActions: total });
  });
});

describe('access', () => {
  const ada = { id: '1', username: 'Ada.L' };
  it('lets the owner alone read their lists, whatever the case of the username', () => {
    expect(listOwner(ada, 'ada.l')).toBe(ada);
    expect(() => listOwner(ada, 'bob')).toThrow(actionMessages.ownerOnly);
  });
  it('reads anything that is not a uuid as a missing action', () => {
    expect(actionIdOf('0BE7E0C4-0000-4000-8000-000000000000')).toBe('0be7e0c4-0000-4000-8000-000000000000');
    for (const id of ['', 'x', "1' OR 1=1", '0be7e0c4-0000-4000-8000-00000000000']) {
      expect(() => actionIdOf(id)).toThrow(actionMessages.notFound);
    }
  });
});
