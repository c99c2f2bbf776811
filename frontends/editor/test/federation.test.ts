import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPOSED_PAGES, sharedSingletons } from '../federation.shared';

describe('the remote contract with the shell', () => {
  it('exposes every module the shell mounts from "editor", and nothing it does not', () => {
    const routes = readFileSync(path.join(__dirname, '../../shell/src/app/routes.tsx'), 'utf8');
    const wanted = [...routes.matchAll(/remote="editor" module="(\w+)"/g)].map((match) => `./${match[1]}`);
    expect(wanted.length).toBeGreaterThan(0);
    expect(Object.keys(EXPOSED_PAGES).sort()).toEqual([...new Set(wanted)].sort());
  });

  it('shares the same singletons as the shell', async () => {
    const mine = sharedSingletons();
    // The shell's file, read at run time: the editor does not depend on the shell, it checks the contract.
    const { sharedSingletons: shellShared } = (await import(
      path.join(__dirname, '../../shell/federation.shared.ts')
    )) as {
      sharedSingletons(role: 'remote'): Record<string, unknown>;
    };
    const shell = shellShared('remote');
    expect(Object.keys(mine).sort()).toEqual(Object.keys(shell).sort());
    for (const entry of Object.values(mine)) expect(entry.singleton).toBe(true);
  });

  it('exposes modules that default-export a component', async () => {
    for (const file of Object.values(EXPOSED_PAGES)) {
      const loaded = (await import(path.join(__dirname, '..', file))) as { default: unknown };
      expect(typeof loaded.default).toBe('function');
    }
  });
});
