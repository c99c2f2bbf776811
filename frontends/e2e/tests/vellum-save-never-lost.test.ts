import { screenshot } from '../harness/browser';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { createThroughPage, signedInPerson, vellumPage, type Person } from '../harness/vellums';

// Issue 28, a save that is never silently lost: the network goes down while the owner edits (the save fails
// visibly, the edits stay, and they are saved by themselves when it comes back); two tabs of one vellum (the later
// save is refused with its message, and the person keeps theirs or loads the other).
const { product, browser } = useProductAndBrowser();
let ann: Person;

const notSavedOffline =
  'Not saved yet: the server cannot be reached. Your edits are kept in this browser and will be saved when the connection returns.';
const changedElsewhere = 'This Vellum was changed elsewhere since you opened it.';

/** The vellum's text as the server holds it. */
async function storedText(person: Person, id: string): Promise<string> {
  const answer = await person.page.request.get(`/api/vellum/${id}`);
  return ((await answer.json()) as { vellum: { text: string } }).vellum.text;
}

/** Types `words` at the end of the vellum's text and saves with Control + Enter. */
async function appendAndSave(page: Person['page'], words: string) {
  const vellum = vellumPage(page);
  await vellum.body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(words);
  await page.keyboard.press('Control+Enter');
}

describe('a save that is never silently lost', () => {
  beforeAll(async () => {
    ann = await signedInPerson(browser(), product().url, 'never-lost');
  });

  it('go offline, edit, save fails visibly, come back: saved by itself', async () => {
    const { page, context } = ann;
    const id = await createThroughPage(page, 'Field notes', 'Day one');
    const vellum = vellumPage(page);
    await vellum.button('Saved').waitFor();
    const status = page.getByRole('status').filter({ has: page.getByText('Offline', { exact: true }) });

    await context.setOffline(true);
    await status.waitFor();
    await appendAndSave(page, ' and day two');
    await page.getByText(notSavedOffline).waitFor();
    await vellum.button('Discard Changes').waitFor();
    await vellum.body.getByText('Day one and day two').waitFor();
    await screenshot(page, 'vellum-not-saved-offline');
    await expect(vellum.error.count()).resolves.toBe(0);

    await context.setOffline(false);
    await page.getByText('Your edits are saved.').waitFor();
    await vellum.button('Saved').waitFor();
    await expect(status.count()).resolves.toBe(0);
    expect(await storedText(ann, id)).toContain('Day one and day two');
    await page.reload();
    await vellumPage(page).body.getByText('Day one and day two').waitFor();
    expect(ann.pageErrors).toEqual([]);
  });

  it('two tabs: the later save is refused with the message; Keep mine, then Load theirs', async () => {
    const tabA = ann.page;
    const id = await createThroughPage(tabA, 'Shared list', 'Milk');
    const tabB = await ann.context.newPage();
    await tabB.goto(`/vellum/${id}`);
    await vellumPage(tabB).button('Saved').waitFor();

    await appendAndSave(tabA, ', eggs');
    await vellumPage(tabA).button('Saved').waitFor();
    await appendAndSave(tabB, ', bread');
    const choice = tabB.getByTestId('save-conflict');
    await choice.getByText(changedElsewhere).waitFor();
    // Tab A's edit is not overwritten, and tab B still holds its own.
    expect(await storedText(ann, id)).toContain('Milk, eggs');
    await vellumPage(tabB).body.getByText('Milk, bread').waitFor();
    await screenshot(tabB, 'vellum-save-conflict');

    // Keep mine, by keyboard: tab B's text saved over tab A's, knowingly.
    await choice.getByRole('button', { name: 'Keep mine' }).focus();
    await tabB.keyboard.press('Enter');
    await vellumPage(tabB).button('Saved').waitFor();
    await choice.waitFor({ state: 'detached' });
    expect(await storedText(ann, id)).toContain('Milk, bread');

    // Tab A is behind now: its next save is refused too, and Load theirs shows tab B's text, its edit dropped.
    await appendAndSave(tabA, ', tea');
    const choiceA = tabA.getByTestId('save-conflict');
    await choiceA.getByText(changedElsewhere).waitFor();
    await choiceA.getByRole('button', { name: 'Load theirs' }).click();
    await vellumPage(tabA).body.getByText('Milk, bread').waitFor();
    await vellumPage(tabA).button('Saved').waitFor();
    await expect(vellumPage(tabA).body.getByText('tea').count()).resolves.toBe(0);
    expect(await storedText(ann, id)).not.toContain('tea');
    await tabB.close();
    expect(ann.pageErrors).toEqual([]);
  });
});
