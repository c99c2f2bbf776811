import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageDependencies, sharedSingletons } from '../build/sharedSingletons';
import { exposedModuleKeys, type RemoteName } from '@vellum/ui/remotes';

export interface RemoteContract {
  /** The remote's name in the shell (`<RemoteRoute remote="editor" …>`) and in the registry of remotes. */
  name: RemoteName;
  /** The remote's workspace folder. */
  dir: string;
  /** What its rsbuild config exposes. */
  exposes: Record<string, string>;
  /** The shell's workspace folder: its sources and federation.shared.ts are read, never imported at build time. */
  shellDir: string;
}

/** The remote's side of the contract with the shell, as jest tests: what it exposes and what it shares. */
export function describeRemoteContract({ name, dir, exposes, shellDir }: RemoteContract): void {
  describe('the remote contract with the shell', () => {
    it(`exposes every module the shell mounts from "${name}", and nothing it does not`, () => {
      // Pages through the routes, modals through the pages that open them: anywhere in the shell's sources.
      const src = path.join(shellDir, 'src');
      const shell = (readdirSync(src, { recursive: true }) as string[])
        .filter((file) => file.endsWith('.tsx'))
        .map((file) => readFileSync(path.join(src, file), 'utf8'))
        .join('\n');
      const mounted = new RegExp(`remote="${name}"\\s+module="(\\w+)"`, 'g');
      const wanted = [...shell.matchAll(mounted)].map((match) => `./${match[1]}`);
      expect(wanted.length).toBeGreaterThan(0);
      expect(Object.keys(exposes).sort()).toEqual([...new Set(wanted)].sort());
    });

    it(`exposes exactly the modules the registry of remotes (@vellum/ui/remotes) lists for "${name}"`, () => {
      expect(Object.keys(exposes).sort()).toEqual(exposedModuleKeys(name).sort());
    });

    it('shares the same singletons as the shell', async () => {
      const mine = sharedSingletons({ dependencies: packageDependencies(dir) });
      const { sharedSingletons: shellShared } = (await import(
        path.join(shellDir, 'federation.shared.ts')
      )) as {
        sharedSingletons(role: 'remote'): Record<string, unknown>;
      };
      expect(Object.keys(mine).sort()).toEqual(Object.keys(shellShared('remote')).sort());
      for (const entry of Object.values(mine)) expect(entry.singleton).toBe(true);
    });

    it('exposes modules that default-export a component', async () => {
      for (const file of Object.values(exposes)) {
        const loaded = (await import(path.join(dir, file))) as { default: unknown };
        expect(typeof loaded.default).toBe('function');
      }
    });
  });
}
