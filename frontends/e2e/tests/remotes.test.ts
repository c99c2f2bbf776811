import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser';
import { buildFixtureRemote } from '../harness/fixtureRemote';
import { createVerifiedUser, signInThroughModal } from '../harness/flows';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { SHELL_DIST } from '../harness/paths';
import { newUser } from '../harness/users';

let frontendsDir: string;

// The embedded product serves each remote's build found at FRONTENDS_DIR/<name>/dist under /mf/<name>/ and
// lists it in /config.json: here the fixture remote plays the editor, next to the real shell.
const { product, browser } = useProductAndBrowser(async () => {
  const remoteDist = await buildFixtureRemote();
  frontendsDir = mkdtempSync(path.join(os.tmpdir(), 'vellum-frontends-'));
  mkdirSync(path.join(frontendsDir, 'shell'));
  mkdirSync(path.join(frontendsDir, 'editor'));
  symlinkSync(SHELL_DIST, path.join(frontendsDir, 'shell/dist'));
  symlinkSync(remoteDist, path.join(frontendsDir, 'editor/dist'));
  return { FRONTENDS_DIR: frontendsDir };
});

afterAll(() => {
  if (frontendsDir) rmSync(frontendsDir, { recursive: true, force: true });
});

describe('remotes composed at run time', () => {
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    ({ page, pageErrors } = await openPage(browser(), product().url));
  });

  afterAll(async () => {
    await page.context().close();
  });

  it("lists the remote's manifest in /config.json", async () => {
    const config = await (await fetch(`${product().url}/config.json`)).json();
    expect(config.remotes).toEqual({ editor: '/mf/editor/mf-manifest.json' });
  });

  it("mounts the remote's page in the shell's frame, sharing the session, router and query client", async () => {
    await page.goto('/vellums');
    const mounted = page.getByTestId('fixture-remote');
    await mounted.waitFor({ timeout: 30_000 });
    await expect(mounted.getByTestId('fixture-session').innerText()).resolves.toBe('signed out');
    await expect(mounted.getByTestId('fixture-path').innerText()).resolves.toBe('/vellums');
    await mounted.getByTestId('fixture-version').filter({ hasText: '24.10.0' }).waitFor();
    await expect(page.title()).resolves.toBe('Fixture Remote');
    await screenshot(page, '31-remote-mounted');

    const user = newUser('remote');
    await createVerifiedUser(product().url, user);
    await signInThroughModal(page, user.email, user.password);
    await page.goto('/vellums');
    await page
      .getByTestId('fixture-session')
      .filter({ hasText: `signed in as ${user.username}` })
      .waitFor();
  });

  it('shows the error with Retry when the remote goes down, and Retry brings it back', async () => {
    const deployed = path.join(frontendsDir, 'editor/dist');
    const away = path.join(frontendsDir, 'editor/dist-away');
    renameSync(deployed, away);
    await page.goto('/vellums');
    await page
      .getByTestId('section-error')
      .getByRole('heading', { name: 'Vellums could not be loaded.' })
      .waitFor({ timeout: 30_000 });
    // The chrome still works while the remote is down.
    await page.getByRole('button', { name: 'Signature menu' }).waitFor();
    await screenshot(page, '32-remote-down');

    renameSync(away, deployed);
    await page.getByTestId('section-error').getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('fixture-remote').waitFor({ timeout: 30_000 });
  });

  it('never crashed', () => {
    expect(pageErrors).toEqual([]);
  });
});
