import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { REPO_ROOT } from '../paths';

/** What a component's image runs: a service's built main.js, or a micro-frontend's static build on nginx. */
export type ImageRecipe =
  | { kind: 'service'; service: string; entry: string }
  | { kind: 'frontend'; app: string; dist: string; nginxConf: string; template: boolean };

/**
 * The build recipe of every component, read from skaffold.yaml: artifact `vellum/<component>` built with
 * services/Dockerfile (`SERVICE=<name>`: services/<name>/dist/main.js) or frontends/Dockerfile (`APP=<name>`:
 * frontends/<name>/dist on nginx with the shell's or the remotes' configuration, as that Dockerfile copies it).
 */
export function imageRecipes(): Map<string, ImageRecipe> {
  const skaffold = YAML.parse(readFileSync(path.join(REPO_ROOT, 'skaffold.yaml'), 'utf8'));
  const recipes = new Map<string, ImageRecipe>();
  for (const artifact of skaffold.build.artifacts as any[]) {
    const component = String(artifact.image).split('/').pop()!;
    const args: Record<string, string> = artifact.docker?.buildArgs ?? {};
    const dockerfile = String(artifact.docker?.dockerfile ?? '');
    if (dockerfile === 'services/Dockerfile' && args.SERVICE) {
      recipes.set(component, {
        kind: 'service',
        service: args.SERVICE,
        entry: path.join(REPO_ROOT, 'services', args.SERVICE, 'dist/main.js'),
      });
    } else if (dockerfile === 'frontends/Dockerfile' && (args.APP ?? args.REMOTE)) {
      const app = (args.APP ?? args.REMOTE)!;
      const shell = app === 'shell';
      recipes.set(component, {
        kind: 'frontend',
        app,
        dist: path.join(REPO_ROOT, 'frontends', app, 'dist'),
        nginxConf: path.join(REPO_ROOT, 'frontends', shell ? 'shell.nginx.conf' : 'remote.nginx.conf'),
        // The shell's configuration is a template the image's entrypoint fills from the environment.
        template: shell,
      });
    } else {
      throw new Error(`skaffold artifact ${artifact.image}: unknown recipe (${dockerfile})`);
    }
  }
  return recipes;
}
