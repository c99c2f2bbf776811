import { REMOTE_NAMES as PROTO_REMOTE_NAMES } from '@vellum/proto/remotes';
import { REMOTE_NAMES, REMOTES, exposedModuleKeys, remoteLabel } from '../src/remotes';

describe('the registry of remotes (@vellum/ui/remotes)', () => {
  it('has one entry per name of @vellum/proto, the names the gateway and the embedded mode read', () => {
    expect(REMOTE_NAMES).toBe(PROTO_REMOTE_NAMES);
    expect(Object.keys(REMOTES)).toEqual([...REMOTE_NAMES]);
  });

  it('gives each remote a label and at least one exposed module', () => {
    expect(REMOTE_NAMES.map(remoteLabel)).toEqual(['Vellums', 'Messenger', 'Actions', 'Vielink']);
    for (const name of REMOTE_NAMES) expect(exposedModuleKeys(name).length).toBeGreaterThan(0);
    expect(exposedModuleKeys('actions')).toEqual(['./ActionsPage', './ActionRequestModal']);
    expect(REMOTES.actions.modules.ActionRequestModal.kind).toBe('component');
  });

  it('loads neither React nor zod, so the first page of the shell may import it', () => {
    jest.isolateModules(() => {
      for (const heavy of ['react', 'react-dom', 'zod', '@vellum/proto']) {
        jest.doMock(heavy, () => {
          throw new Error(`${heavy} loaded by @vellum/ui/remotes`);
        });
      }
      expect(() => jest.requireActual('../src/remotes')).not.toThrow();
    });
  });
});
