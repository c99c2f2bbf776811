import { REMOTE_NAMES } from '@vellum/proto';
import { gatewayEnv, remoteEnvShape, remoteUrlsOf } from '../src/config';
import { requiredGatewayEnv } from './support/required-env';

// The gateway's list of remotes is REMOTE_NAMES of @vellum/proto, the names the frontends' registry is built on:
// one REMOTE_<NAME>_URL per remote, and /config.json lists the ones that are set, by name.
describe('the remotes the gateway reads from its environment', () => {
  const required = requiredGatewayEnv;

  it('reads REMOTE_<NAME>_URL for every remote, and no other', () => {
    expect(Object.keys(remoteEnvShape).sort()).toEqual(
      ['REMOTE_ACTIONS_URL', 'REMOTE_EDITOR_URL', 'REMOTE_LINKS_URL', 'REMOTE_MESSENGER_URL'].sort(),
    );
    expect(Object.keys(remoteEnvShape)).toHaveLength(REMOTE_NAMES.length);
  });

  it('lists each remote whose URL is set under its name', () => {
    const urls = Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        `REMOTE_${name.toUpperCase()}_URL`,
        `https://cdn.example.com/${name}/mf.json`,
      ]),
    );
    const env = gatewayEnv.parse({ ...required, ...urls });
    expect(remoteUrlsOf(env)).toEqual(
      Object.fromEntries(REMOTE_NAMES.map((name) => [name, `https://cdn.example.com/${name}/mf.json`])),
    );
    expect(remoteUrlsOf(gatewayEnv.parse({ ...required, REMOTE_LINKS_URL: '/mf/links/mf.json' }))).toEqual({
      links: '/mf/links/mf.json',
    });
  });
});
