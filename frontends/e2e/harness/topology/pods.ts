import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../ports';
import type { ImageRecipe } from './images';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** One running pod: its process on a loopback port. */
export interface Pod {
  id: string;
  component: string;
  port: number;
  /** Where a service's process serves /metrics (its METRICS_PORT, moved to a free port as `port` is); none for nginx. */
  metricsPort?: number;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`: the exit code, or 'killed' when the grace period ran out. */
  terminate(graceMs: number): Promise<number | 'killed'>;
}

/** The image's own nginx.conf (nginx-unprivileged), with its paths moved under `dir`. */
function nginxMainConf(dir: string, serverConf: string): string {
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : '';
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  proxy_temp_path ${dir}/proxy_temp;
  client_body_temp_path ${dir}/client_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  keepalive_timeout 65;
  include ${serverConf};
}
`;
}

/**
 * A micro-frontend's server configuration as its image has it (frontends/Dockerfile): the shell's template filled
 * with the pod's CSP_* variables (the entrypoint's envsubst with NGINX_ENVSUBST_FILTER=^CSP_, the image's
 * CSP_REMOTE_ORIGINS default being empty), the remotes' file as is; then only the listen port and the document
 * root moved to this machine.
 */
export function frontendServerConf(
  recipe: Extract<ImageRecipe, { kind: 'frontend' }>,
  env: Record<string, string>,
  containerPort: number,
  port: number,
): string {
  let conf = readFileSync(recipe.nginxConf, 'utf8');
  if (recipe.template) {
    const vars: Record<string, string> = { CSP_REMOTE_ORIGINS: '', ...env };
    conf = conf.replace(/\$\{(CSP_[A-Z0-9_]*)\}/g, (whole, name: string) => vars[name] ?? whole);
  }
  const listen = new RegExp(`listen\\s+${containerPort};`, 'g');
  if (!listen.test(conf)) throw new Error(`${recipe.nginxConf} does not listen on ${containerPort}`);
  return conf
    .replace(listen, `listen 127.0.0.1:${port};`)
    .replace(/root\s+\/usr\/share\/nginx\/html;/g, `root ${recipe.dist};`);
}

/**
 * Starts one pod of a component: its image's process with exactly `env` (nothing inherited from this process), on a
 * free loopback port in place of the container port. Resolves once the process runs; readiness is the Service's
 * business (ServiceProxy.add).
 */
export async function startPod(
  component: string,
  id: string,
  recipe: ImageRecipe,
  env: Record<string, string>,
  containerPort: number,
): Promise<Pod> {
  const port = await freePort();
  let metricsPort: number | undefined;
  let child: ChildProcess;
  let cleanup = () => {};
  if (recipe.kind === 'service') {
    if (!existsSync(recipe.entry))
      throw new Error(`${component}: ${recipe.entry} is missing (npm run build)`);
    if (env.PORT !== String(containerPort)) {
      throw new Error(`${component}: PORT is ${env.PORT}, the container listens on ${containerPort}`);
    }
    metricsPort = await freePort();
    child = spawn(process.execPath, [recipe.entry], {
      env: { ...env, PORT: String(port), METRICS_PORT: String(metricsPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } else {
    if (!existsSync(path.join(recipe.dist, 'index.html'))) {
      throw new Error(`${component}: ${recipe.dist} is not built (npm run build)`);
    }
    if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX} (apt-get install nginx-light)`);
    const dir = mkdtempSync(path.join(os.tmpdir(), `vellum-${component}-`));
    mkdirSync(path.join(dir, 'conf.d'));
    const serverConf = path.join(dir, 'conf.d/default.conf');
    writeFileSync(serverConf, frontendServerConf(recipe, env, containerPort, port));
    writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConf(dir, serverConf));
    child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(cleanup);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  return {
    id,
    component,
    port,
    metricsPort,
    child,
    output: () => output,
    async terminate(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? 'killed';
      // nginx stops gracefully on SIGQUIT; its image declares STOPSIGNAL SIGQUIT.
      child.kill(recipe.kind === 'frontend' ? 'SIGQUIT' : 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code ?? 'killed';
    },
  };
}
