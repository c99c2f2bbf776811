import { seriousViolations } from '../harness/axe';
import { screenshot } from '../harness/browser';
import { createVerifiedUser } from '../harness/flows';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { newUser } from '../harness/users';
import { signIn, type Person } from '../harness/vellums';

// Notifications (issue 29): Ann follows Bob from his profile; Bob, on another page, sees his bell's count go up in
// real time (over the page's socket), opens the list (Ann named and linked, 'followed you'), which marks it read,
// and clears it.
const { product, browser } = useProductAndBrowser();
let ann: Person;
let bob: Person;

describe('notifications in the browser', () => {
  beforeAll(async () => {
    const people = [
      { ...newUser('ann'), firstName: 'Ann', lastName: 'Lee' },
      { ...newUser('bob'), firstName: 'Bob', lastName: 'Stone' },
    ];
    await Promise.all(people.map((user) => createVerifiedUser(product().url, user)));
    // Bob's page runs axe-core (an inline script: past the CSP).
    const [first, second] = people.map((user, i) =>
      signIn(browser(), product().url, user, { bypassCSP: i === 1 }),
    );
    [ann, bob] = await Promise.all([first!, second!]);
  });

  it("raises the other person's bell count in real time; opening the list marks it read; Clear all empties it", async () => {
    const bell = bob.page.getByTestId('notification-bell');
    await bob.page.goto('/hall');
    await bell.waitFor({ timeout: 30_000 });
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    await ann.page.goto(`/cirrus/${bob.user.username}`);
    await ann.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await ann.page.getByRole('link', { name: '1 Follower', exact: true }).waitFor();

    // No reload: the socket's notification:new.
    await bob.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    await screenshot(bob.page, '81-notification-bell');

    await bell.click();
    const panel = bob.page.getByRole('region', { name: 'Notifications' });
    const entry = panel.getByTestId('notification');
    await entry.first().waitFor({ timeout: 15_000 });
    expect(await entry.count()).toBe(1);
    expect(await entry.first().textContent()).toContain('Ann Lee followed you');
    expect(await entry.first().getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      `/cirrus/${ann.user.username}`,
    );
    // Opening the list marked it read.
    await bob.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(bob.page, '82-notifications-open');
    for (const part of ['[data-testid="notification-bell"]', '[data-testid="notifications-panel"]'])
      expect(await seriousViolations(bob.page, part)).toEqual([]);

    // Escape closes it, focus back on the bell.
    await bob.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell.evaluate((b) => b === document.activeElement)).toBe(true);

    await bell.press('Enter');
    await panel.getByRole('button', { name: 'Clear all' }).click();
    await panel.getByText('No notifications yet.').waitFor();
    await bob.page.reload();
    await bell.click();
    await bob.page
      .getByRole('region', { name: 'Notifications' })
      .getByText('No notifications yet.')
      .waitFor();
  });
});
