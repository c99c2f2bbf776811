import { screenshot } from '../harness/browser';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { signIn, signedInPerson, type Person } from '../harness/vellums';

const { product, browser } = useProductAndBrowser();

/** Whether `person`'s browser is still signed in: the session the page reads as it loads, and its top bar. */
async function signedInAfterReload(person: Person): Promise<boolean> {
  const session = person.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/sc');
  await person.page.goto('/');
  const { signedCirrus } = (await (await session).json()) as { signedCirrus: unknown };
  const banner = person.page.getByRole('banner');
  if (signedCirrus === null) await banner.getByRole('button', { name: 'Sign In' }).waitFor();
  else await person.page.getByRole('button', { name: 'Signature menu' }).waitFor();
  return signedCirrus !== null;
}

describe('one’s own sessions and password on the profile edit page', () => {
  const people: Person[] = [];

  afterAll(async () => {
    for (const person of people) await person.context.close();
  });

  it('lists this browser and another, ends the other, then changes the password and ends the rest', async () => {
    const ann = await signedInPerson(browser(), product().url, 'ann');
    const phone = await signIn(browser(), product().url, ann.user);
    people.push(ann, phone);
    const { page } = ann;

    await page.goto(`/cirrus/${ann.user.username}/edit`);
    const list = page.getByRole('list', { name: 'Your Sessions' });
    await list.getByRole('listitem').nth(1).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('listitem').first().getByText('This device').waitFor();
    expect(
      await list
        .getByRole('listitem')
        .first()
        .getByText(/Chrome on Linux/)
        .count(),
    ).toBe(1);
    await screenshot(page, '73-own-sessions');

    await list.getByRole('button', { name: /^End the session on / }).click();
    await list.getByRole('button', { name: /^End the session on / }).waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await signedInAfterReload(phone)).toBe(false);

    // Another browser signs in; a wrong current password changes nothing, the right one ends that browser only.
    const tablet = await signIn(browser(), product().url, ann.user);
    people.push(tablet);
    await page.reload();
    await list.getByRole('listitem').nth(1).waitFor();
    const form = page.getByRole('form', { name: 'Change Password' });
    const newPassword = 'Fresh-Horse-Battery-4';
    await form.getByLabel('Current Password').fill(`${ann.user.password}-wrong`);
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Repeat New Password').fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form
      .getByRole('alert')
      .getByText('Your current password is not right: your password was not changed.')
      .waitFor();

    await form.getByLabel('Current Password').fill(ann.user.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('The password has been successfully changed. 1 other session was ended.').waitFor();
    await screenshot(page, '74-password-changed');
    await list.getByRole('button', { name: /^End the session on / }).waitFor({ state: 'detached' });
    expect(await signedInAfterReload(tablet)).toBe(false);
    expect(await signedInAfterReload(ann)).toBe(true);

    // The new password signs in; the old one no longer does.
    const again = await signIn(browser(), product().url, { ...ann.user, password: newPassword });
    people.push(again);
    expect(await signedInAfterReload(again)).toBe(true);
    expect(ann.pageErrors).toEqual([]);
  });
});
