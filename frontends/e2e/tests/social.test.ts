import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser';
import { createVerifiedUser, signInThroughModal } from '../harness/flows';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { newUser } from '../harness/users';

const { product, browser } = useProductAndBrowser();

describe('follow, followers, following and search in the browser', () => {
  // Ann's name takes "'s"; Chris Jones's name ends in s and takes a bare apostrophe.
  const ann = { ...newUser('ann'), firstName: 'Ann', lastName: 'Lee' };
  const chris = { ...newUser('chris'), firstName: 'Chris', lastName: 'Jones' };
  let page: Page;
  let visitor: Page;
  let pageErrors: string[];
  let visitorErrors: string[];

  beforeAll(async () => {
    await Promise.all([createVerifiedUser(product().url, ann), createVerifiedUser(product().url, chris)]);
    ({ page, pageErrors } = await openPage(browser(), product().url));
    ({ page: visitor, pageErrors: visitorErrors } = await openPage(browser(), product().url));
    await page.goto('/');
    await signInThroughModal(page, ann.email, ann.password);
  });

  afterAll(async () => {
    await page?.context().close();
    await visitor?.context().close();
  });

  it('finds the other person through the typeahead and opens the profile', async () => {
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: 'Search cirri' });
    await box.waitFor();
    await expect(page.title()).resolves.toBe('Search');
    await box.fill(chris.username.slice(0, 8));
    const option = page.getByRole('option', { name: `@${chris.username} (Chris Jones)` });
    await option.waitFor();
    await screenshot(page, '41-search');
    await option.click();
    await page.waitForURL(`**/cirrus/${chris.username}`);
    await page.getByRole('heading', { name: 'Chris Jones' }).waitFor();
    await page.getByText(`@${chris.username}`, { exact: true }).waitFor();
    await page.getByRole('link', { name: '0 Followers' }).waitFor();
  });

  it('follows from the profile and sees the count change', async () => {
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.getByRole('link', { name: '1 Follower', exact: true }).waitFor();
    await screenshot(page, '42-profile-following');
  });

  it("lists the follower under '{name}' Followers' with a filter for the signed-in user", async () => {
    await page.getByRole('link', { name: '1 Follower', exact: true }).click();
    await page.waitForURL(`**/cirrus/${chris.username}/followers`);
    const list = page.getByRole('list', { name: 'Followers' });
    await list.getByRole('link', { name: `Ann Lee @${ann.username}` }).waitFor();
    await expect(page.title()).resolves.toBe("Chris Jones' Followers");
    const filter = page.getByRole('searchbox', { name: 'Filter followers' });
    await filter.fill('nobody at all');
    await page.getByText('No Cirri found.').waitFor();
    await filter.fill('LEE');
    await list.getByRole('link', { name: `Ann Lee @${ann.username}` }).waitFor();
    await screenshot(page, '43-followers-signed-in');
  });

  it("lists whom the follower follows under 'Cirri {name} Is Following'", async () => {
    await page.goto(`/cirrus/${ann.username}/following`);
    await page.getByRole('heading', { name: 'Cirri Ann Lee Is Following' }).waitFor();
    const filter = page.getByRole('searchbox', { name: 'Filter cirri' });
    await filter.fill('jones');
    await page
      .getByRole('list', { name: 'Following' })
      .getByRole('link', { name: /Chris Jones/ })
      .click();
    await page.waitForURL(`**/cirrus/${chris.username}`);
  });

  it("shows a visitor both lists with the headings ('s and ') and without filter boxes", async () => {
    await visitor.goto(`/cirrus/${chris.username}/followers`);
    await visitor.getByRole('heading', { name: "Chris Jones' Followers" }).waitFor();
    await visitor.getByRole('link', { name: `Ann Lee @${ann.username}` }).waitFor();
    await expect(visitor.getByRole('searchbox').count()).resolves.toBe(0);
    await screenshot(visitor, '44-followers-visitor');

    await visitor.goto(`/cirrus/${ann.username}/followers`);
    await visitor.getByRole('heading', { name: "Ann Lee's Followers" }).waitFor();
    await visitor.getByText('No Followers yet.').waitFor();

    await visitor.goto(`/cirrus/${ann.username}/following`);
    await visitor.getByRole('heading', { name: 'Cirri Ann Lee Is Following' }).waitFor();
    await visitor.getByRole('link', { name: `Chris Jones @${chris.username}` }).waitFor();
    await expect(visitor.getByRole('searchbox').count()).resolves.toBe(0);

    await visitor.goto(`/cirrus/${chris.username}`);
    await visitor.getByRole('link', { name: '1 Follower', exact: true }).waitFor();
    await expect(visitor.getByRole('button', { name: 'Follow', exact: true }).count()).resolves.toBe(0);

    await visitor.goto('/search');
    await visitor.getByRole('heading', { name: 'Not Found' }).waitFor();
  });

  it('unfollows, and the lists empty again', async () => {
    await page.goto(`/cirrus/${chris.username}`);
    await page.getByRole('button', { name: 'Unfollow' }).click();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await page.getByRole('link', { name: '0 Followers' }).waitFor();
    await page.goto(`/cirrus/${chris.username}/followers`);
    await page.getByText('No Followers yet.').waitFor();
    await page.goto(`/cirrus/${ann.username}/following`);
    await page.getByText('Nothing to show here yet.').waitFor();
    await screenshot(page, '45-following-empty');
  });

  it('never crashed a page', () => {
    expect([...pageErrors, ...visitorErrors]).toEqual([]);
  });
});
