import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPOSED_MODULES, sharedSingletons } from '../federation.shared';

describe('the remote contract with the shell', () => {
  it('exposes every module the shell mounts from "actions", and nothing it does not', () => {
    // Pages through the routes, the request modal through the followers page: anywhere in the shell's sources.
    const src = path.join(__dirname, '../../shell/src');
    const shell = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => readFileSync(path.join(src, file), 'utf8'))
      .join('\n');
    const wanted = [...shell.matchAll(/remote="actions"\s+module="(\w+)"/g)].map((match) => `./${match[1]}`);
    expect(wanted.length).toBeGreaterThan(0);
    expect(Object.keys(EXPOSED_MODULES).sort()).toEqual([...new Set(wanted)].sort());
  });

  it('shares the same singletons as the shell', async () => {
    const mine = sharedSingletons();
    // The shell's file, read at run time: the actions remote does not depend on the shell, it checks the contract.
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
    for (const file of Object.values(EXPOSED_MODULES)) {
      const loaded = (await import(path.join(__dirname, '..', file))) as { default: unknown };
      expect(typeof loaded.default).toBe('function');
    }
  });
});
