import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { describeWithServer } from '@vellum/platform/test-support';
import { clickOrTell, launchBrowser, openPage } from '../harness/browser';
import { createVerifiedUser } from '../harness/flows';
import { newUser } from '../harness/users';
import { signIn, vellumPage } from '../harness/vellums';
import { startTopology, type Topology } from '../harness/topology/cluster';
import { verificationLink } from '../harness/topology/verification';
import { renderChart } from '../harness/topology/chart';
import { startCollector, type CollectedSpan, type RunningCollector } from '../harness/topology/collector';
import { scrapeTargetsOf } from '../harness/topology/monitors';
import { startPrometheus, type RunningPrometheus } from '../harness/topology/prometheus';
import {
  SAMPLE_VARIABLES,
  queries,
  quietByHealth,
  ruleFilesIn,
  substitute,
  type DashboardQuery,
} from '../../../charts/dashboard-queries';

// The chart's topology on this machine (harness/topology): `helm template` of charts/vellum, every Deployment it
// renders as processes of its image with exactly the environment the chart gives the pod (only the servers' and
// the Services' addresses moved to loopback), each Service a readiness-aware proxy, the Ingress in front. Then the
// journey in Chromium through the Ingress: sign-up, the mailed verification link, sign-in, a published vellum, an
// action request to a follower, a vielink whose click its owner sees. Messaging runs as two replicas (the chart's
// distributed mode): two people chat in real time with their sockets on different replicas. A real Prometheus
// scrapes every process from the chart's ServiceMonitors all along, evaluating the chart's rules, and reads the
// journey's series afterwards, every dashboard panel's query among them; an OpenTelemetry Collector receives the
// spans, and one trace is followed across Kafka into the log lines it wrote.

// Unique per run: the database is the servers' own and keeps earlier runs' public vellums.
const TITLE = `Topology field notes ${Date.now().toString(36)}`;
/** Pods per Deployment beyond the default one. */
const REPLICAS_OF = { messaging: 2 };
const REALTIME_MS = 15_000;
/**
 * How far back the scrape checks look: a scrape that timed out on a busy machine marks its target's series stale
 * until the next one, so each check reads the series' last value over the test's span, not the instant's.
 */
const SEEN = '10m';
/** The namespace the monitors' targets are labelled with, as a cluster's scrape labels them. */
const NAMESPACE = 'vellum';

describeWithServer(
  'DATABASE_URL',
  'the chart topology: one process per Deployment, journey in Chromium',
  () => {
    let topology: Topology;
    let browser: Browser;
    let prometheus: RunningPrometheus | undefined;
    let collector: RunningCollector | undefined;
    const lines: string[] = [];
    /** The journey's usernames and title: no label may hold one. */
    const visited: string[] = [TITLE];

    beforeAll(async () => {
      const redisUrl = process.env.REDIS_URL;
      const kafkaBrokers = process.env.KAFKA_BROKERS;
      if (!redisUrl || !kafkaBrokers)
        throw new Error('REDIS_URL and KAFKA_BROKERS must be set with DATABASE_URL');
      const work = mkdtempSync(path.join(os.tmpdir(), 'vellum-telemetry-'));
      collector = await startCollector(path.join(work, 'otelcol'));
      const [started, launched] = await Promise.allSettled([
        startTopology({
          servers: {
            databaseUrl: process.env.DATABASE_URL!,
            redisUrl,
            kafkaBrokers,
            mongoUrl: process.env.MONGO_URL,
          },
          // Test values: every client here shares 127.0.0.1 (and this Redis), so the credential rate limit is raised.
          values: {
            gateway: { env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' } },
            global: {
              metrics: { serviceMonitor: { enabled: true } },
              // Every trace kept, so the journey's are all there.
              otel: { endpoint: collector.endpoint, samplingRatio: 1 },
            },
          },
          replicasOf: REPLICAS_OF,
          log: (line) => lines.push(line),
        }),
        launchBrowser(),
      ]);
      if (launched.status === 'fulfilled') browser = launched.value;
      if (started.status === 'fulfilled') topology = started.value;
      if (started.status === 'rejected') throw started.reason;
      if (launched.status === 'rejected') throw launched.reason;
      prometheus = await startPrometheus(
        scrapeTargetsOf(topology.objects, topology.components, NAMESPACE),
        path.join(work, 'prometheus'),
        ruleFilesIn(path.join(work, 'rules'), NAMESPACE),
      );
    }, 240_000);

    afterAll(async () => {
      await prometheus?.stop();
      await collector?.stop();
      await browser?.close();
      if (topology) {
        const codes = await topology.stop();
        // Every process stops cleanly on its stop signal (SIGTERM drains; nginx's SIGQUIT).
        for (const [name, exits] of Object.entries(codes))
          expect({ name, exits }).toEqual({ name, exits: exits.map(() => 0) });
        expect(codes.messaging).toHaveLength(REPLICAS_OF.messaging);
      }
    }, 120_000);

    it('runs every Deployment of the chart, each with the environment it renders', () => {
      const deployments = topology.objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
      expect([...topology.components.keys()].sort()).toEqual(deployments.sort());
      // The services, the gateway and the micro-frontends are all there (more join with their charts).
      expect(deployments).toEqual(
        expect.arrayContaining(['gateway', 'identity', 'vellum', 'social', 'action', 'shell', 'editor']),
      );
      for (const { workload, env, pods } of topology.components.values()) {
        const count = REPLICAS_OF[workload.name as keyof typeof REPLICAS_OF] ?? 1;
        expect({ name: workload.name, pods: pods.length }).toEqual({ name: workload.name, pods: count });
        // Only addresses differ from the rendered environment.
        for (const [key, value] of Object.entries(workload.env)) {
          if (env[key] !== value)
            expect([key, env[key]]).toEqual([key, expect.stringMatching(/127\.0\.0\.1/)]);
        }
        expect(Object.keys(env).sort()).toEqual(Object.keys(workload.env).sort());
      }
      const gateway = topology.components.get('gateway')!;
      expect(gateway.workload.env.IDENTITY_URL).toBe('http://identity:8080');
      expect(gateway.env.IDENTITY_URL).toBe(topology.components.get('identity')!.proxy.url);
      expect(topology.components.get('identity')!.env.NODE_ENV).toBe('production');
    });

    it('serves the shell, the remotes and the gateway behind the Ingress with the chart headers', async () => {
      const page = await fetch(`${topology.url}/some/page`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const config = (await (await fetch(`${topology.url}/config.json`)).json()) as {
        remotes: Record<string, string>;
      };
      for (const manifest of Object.values(config.remotes)) {
        const answer = await fetch(new URL(manifest, topology.url));
        expect({ manifest, status: answer.status }).toEqual({ manifest, status: 200 });
      }
      expect((await fetch(`${topology.url}/api/nothing-here`)).status).toBe(404);
      expect((await fetch(`${topology.url}/dev/mailbox`)).status).toBe(404);
    });

    it("sends the messenger's API calls through the gateway to messaging, and its navigations the shell's page", async () => {
      const gateway = topology.components.get('gateway')!;
      expect(gateway.workload.env.SHELL_URL).toBe('http://shell:8080');
      expect(gateway.env.SHELL_URL).toBe(topology.components.get('shell')!.proxy.url);
      // The spec's conversation vellum call as `api` of @vellum/ui makes it: messaging's JSON (a visitor: 401).
      const conversation = '0be7e0c4-0000-4000-8000-000000000000';
      const call = await fetch(`${topology.url}/messenger/${conversation}/vellum/ada`, {
        headers: { accept: 'application/json' },
      });
      expect(call.headers.get('content-type')).toContain('application/json');
      expect({ status: call.status, body: await call.json() }).toEqual({
        status: 401,
        body: { errorMessage: 'Sign in to use the Messenger.' },
      });
      // A navigation anywhere under /messenger: the shell's page with the shell's headers, as on any other page path.
      const direct = await fetch(`${topology.url}/some/page`, { headers: { accept: 'text/html' } });
      const html = await direct.text();
      for (const path of ['/messenger', '/messenger/c-42', `/messenger/${conversation}/vellum/ada`]) {
        const page = await fetch(`${topology.url}${path}`, { headers: { accept: 'text/html' } });
        expect({ path, status: page.status, type: page.headers.get('content-type') }).toEqual({
          path,
          status: 200,
          type: expect.stringContaining('text/html'),
        });
        expect(await page.text()).toBe(html);
        for (const header of ['content-security-policy', 'cache-control', 'x-frame-options'])
          expect([path, header, page.headers.get(header)]).toEqual([
            path,
            header,
            direct.headers.get(header),
          ]);
      }
    });

    it('signs up, verifies by the mailed link, signs in, publishes a vellum, sends an action request, counts a vielink click', async () => {
      const ann = { ...newUser('ann'), firstName: 'Ann', lastName: 'Lee' };
      const bob = { ...newUser('bob'), firstName: 'Bob', lastName: 'Stone' };
      visited.push(ann.username, bob.username);
      const pages: Array<{ page: Page; pageErrors: string[] }> = [];
      const open = async () => {
        const opened = await openPage(browser, topology.url);
        pages.push(opened);
        return opened.page;
      };

      const signUp = async (user: typeof ann) => {
        const page = await open();
        await page.goto('/');
        await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create your Vellum account' });
        await dialog.getByLabel('Username').fill(user.username);
        await dialog.getByTestId('username-availability').filter({ hasText: 'Available' }).waitFor();
        await dialog.getByLabel('Email', { exact: true }).fill(user.email);
        await dialog.getByLabel('First Name').fill(user.firstName);
        await dialog.getByLabel('Last Name').fill(user.lastName);
        await dialog.getByLabel('Password', { exact: true }).fill(user.password);
        await dialog.getByLabel('Repeat Password').fill(user.password);
        await dialog.getByRole('button', { name: 'Create' }).click();
        const success = page.getByRole('dialog').filter({ hasText: 'Sounds good!' });
        await success.getByRole('button', { name: 'Sounds good!' }).click();

        // The mail went out through identity's SMTP_URL (the Secret's), with a link on the public origin.
        const link = await verificationLink(topology.url, topology.smtp, user.email);
        expect(link.startsWith(`${topology.url}/verification/email/`)).toBe(true);
        await page.goto(link);
        await page
          .getByTestId('verification-result')
          .filter({ hasText: `You've successfully verified your email address ${user.email}.` })
          .waitFor({ timeout: 20_000 });
        await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
        const signIn = page.getByRole('dialog', { name: 'Sign In' });
        await signIn.getByLabel('Email').fill(user.email);
        await signIn.getByLabel('Password').fill(user.password);
        await signIn.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL(`**/cirrus/${user.username}/vellums`);
        return page;
      };
      const [annPage, bobPage] = await Promise.all([signUp(ann), signUp(bob)]);

      // Ann writes a vellum in the editor remote and publishes it.
      // Sign-in's own client-side navigation may still be settling: a goto it aborts (Chromium's ERR_ABORTED, or
      // Playwright's "interrupted by another navigation", as seen in CI) is made again.
      for (let attempt = 1; ; attempt++) {
        const aborted = await annPage.goto('/new-vellum').then(
          () => false,
          (error: Error) => {
            const interrupted = /ERR_ABORTED|interrupted by another navigation/.test(error.message);
            if (attempt >= 3 || !interrupted) throw error;
            return true;
          },
        );
        if (!aborted) break;
        await annPage.waitForLoadState();
      }
      const v = vellumPage(annPage);
      // The editor remote comes through the Ingress from its own pod, which on a loaded CI machine can take longer
      // than the default 10 s (it failed CI so once); a late client-side navigation of the sign-in may also have
      // taken the page elsewhere, so a page not on /new-vellum by then is sent there once more.
      const editorShown = () =>
        v.title.waitFor({ timeout: 30_000 }).then(
          () => true,
          () => false,
        );
      if (!(await editorShown())) {
        if (new URL(annPage.url()).pathname === '/new-vellum')
          throw new Error('the editor did not load in 30 s');
        await annPage.goto('/new-vellum');
        await v.title.waitFor({ timeout: 30_000 });
      }
      await v.title.fill(TITLE);
      await v.title.press('Enter');
      await v.body.pressSequentially('Every process with its chart environment.');
      await annPage.keyboard.press('Control+Enter');
      await annPage.waitForURL(/\/vellum\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await annPage.getByRole('button', { name: 'Make Public' }).click();
      await annPage
        .getByRole('dialog')
        .filter({ hasText: 'Make it public?' })
        .getByRole('button', { name: 'Make Public' })
        .click();
      await annPage.getByTestId('visibility-badge').filter({ hasText: 'Public' }).waitFor();

      // Bob finds it in Discover (the vellum service's projection of Ann's cirrus, through Kafka), and follows Ann.
      await bobPage.goto('/vellums');
      const row = bobPage.getByRole('row').filter({ hasText: TITLE });
      await row.getByText('by Ann Lee').waitFor({ timeout: 30_000 });
      await bobPage.goto(`/cirrus/${ann.username}`);
      await bobPage.getByRole('button', { name: 'Follow', exact: true }).click();
      await bobPage.getByRole('button', { name: 'Unfollow' }).waitFor();

      // Ann sends her follower an action request from the actions remote's modal.
      await annPage.goto(`/cirrus/${ann.username}/followers`);
      await annPage.getByRole('button', { name: `More for @${bob.username}` }).click({ timeout: 30_000 });
      await annPage.getByRole('button', { name: 'Action Request' }).click();
      const request = annPage.getByRole('dialog', { name: 'New Action Request' });
      await request.waitFor({ timeout: 30_000 });
      await request.getByLabel('Action').fill('Check the topology');
      await request.getByLabel('Priority').selectOption('High');
      // The action service knows Bob follows Ann once social's event reached it through Kafka: a request sent
      // before then is refused with the modal left open, so it is sent again (at most 6 times, 5 s apart).
      const create = request.getByRole('button', { name: 'Create' });
      const sent = annPage.getByText('An Action request has been sent to Bob Stone.');
      for (let attempt = 1; ; attempt++) {
        await create.click();
        if (
          await sent.waitFor({ timeout: 5000 }).then(
            () => true,
            () => false,
          )
        )
          break;
        if (attempt >= 6 || !(await create.isEnabled()))
          throw new Error('the action request was not accepted');
      }
      await annPage.getByRole('button', { name: 'OK', exact: true }).click();

      // Bob sees it among his outstanding actions.
      await bobPage.goto(`/cirrus/${bob.username}/actions`);
      await bobPage
        .getByRole('list', { name: 'Outstanding Actions' })
        .getByRole('button', { name: /Check the topology/ })
        .getByText(`from @${ann.username}`)
        .waitFor({ timeout: 30_000 });

      // Ann builds her vielink in the links remote (the link service on MongoDB's protocol); Bob follows her link
      // in a new tab through the counting redirect, and Ann sees the click.
      await annPage.getByRole('button', { name: 'Signature menu' }).click();
      await annPage.getByRole('link', { name: 'Edit My Vielink' }).click();
      await clickOrTell(annPage, annPage.getByRole('button', { name: 'Add Link' }), 30_000);
      const addLink = annPage.getByRole('dialog', { name: 'Add Link' });
      await addLink.getByLabel('Label').fill('Field notes');
      await addLink.getByLabel('URL').fill(`${topology.url}/vellums`);
      await addLink.getByRole('button', { name: 'Add' }).click();
      await annPage.getByText('Added Link for Field notes.').waitFor();
      await bobPage.goto(`/link/${ann.username}`);
      const link = bobPage.getByRole('list', { name: 'Links' }).getByRole('link', { name: 'Field notes' });
      await link.waitFor({ timeout: 30_000 });
      const [tab] = await Promise.all([bobPage.context().waitForEvent('page'), link.click()]);
      await tab.waitForURL(`${topology.url}/vellums`);
      await annPage.reload();
      await annPage
        .getByRole('listitem', { name: 'Field notes' })
        .getByText('1 click', { exact: true })
        .waitFor({ timeout: 30_000 });

      for (const { page, pageErrors } of pages) {
        expect(pageErrors).toEqual([]);
        await page.context().close();
      }
    }, 180_000);

    it('lets two people chat in real time through the Ingress, their sockets on different messaging replicas', async () => {
      const messaging = topology.components.get('messaging')!;
      expect(messaging.proxy.ready().map((e) => e.id)).toEqual(messaging.pods.map((p) => p.id));
      expect(messaging.pods).toHaveLength(2);
      const cat = { ...newUser('cat'), firstName: 'Cat', lastName: 'Moss' };
      const dan = { ...newUser('dan'), firstName: 'Dan', lastName: 'Reed' };
      visited.push(cat.username, dan.username);
      const mailed = (email: string) => verificationLink(topology.url, topology.smtp, email);
      await Promise.all([cat, dan].map((user) => createVerifiedUser(topology.url, user, mailed)));
      const c = await signIn(browser, topology.url, cat);
      const d = await signIn(browser, topology.url, dan);
      const badgeShows = (page: Page, count: number) =>
        page
          .getByTestId('unread-badge')
          .filter({ hasText: new RegExp(`^${count} unread messages$`) })
          .waitFor({ timeout: REALTIME_MS });
      const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
      const send = async (page: Page, text: string) => {
        await page.getByRole('textbox', { name: 'Message' }).fill(text);
        await page.getByRole('textbox', { name: 'Message' }).press('Enter');
        await messages(page).getByText(text, { exact: true }).waitFor();
      };

      // Cat opens a conversation with Dan from the messenger's new-conversation box; Dan is elsewhere.
      await c.page.goto('/messenger');
      await c.page.getByRole('searchbox', { name: 'New conversation' }).fill(dan.username);
      await c.page.getByRole('button', { name: 'Message', exact: true }).click();
      await c.page.getByRole('heading', { level: 1, name: 'Dan Reed' }).waitFor({ timeout: 30_000 });
      await d.page.goto('/hall');
      await badgeShows(d.page, 0);

      // One socket each (the shell's and the messenger's are one), on different replicas. The upgrade rides one of the
      // gateway's kept-alive connections to the Service, which spread over the pods as they were opened, so Dan
      // reconnects (a reload) until his socket is on the replica Cat's is not on.
      const perPod = () => messaging.proxy.endpoints.map((e) => e.websockets);
      const settled = async () => {
        const until = Date.now() + REALTIME_MS;
        while (perPod().reduce((a, b) => a + b, 0) !== 2) {
          if (Date.now() > until) throw new Error(`messaging websockets per pod: ${perPod().join(', ')}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await settled();
      for (let attempt = 1; perPod().some((n) => n !== 1); attempt++) {
        if (attempt > 8) throw new Error(`both sockets stay on one replica: ${perPod().join(', ')}`);
        await d.page.reload();
        await badgeShows(d.page, 0);
        await settled();
      }

      // Cat's message reaches Dan's badge at once (emitted on Cat's replica, through Redis to Dan's).
      await send(c.page, 'Hello Dan, across replicas.');
      await badgeShows(d.page, 1);
      await d.page.getByTestId('messenger-link').click();
      const row = d.page.getByRole('link', { name: 'Chat with Cat Moss, 1 unread' });
      await row.getByText('Hello Dan, across replicas.').waitFor({ timeout: 30_000 });
      await row.click();
      await messages(d.page).getByText('Hello Dan, across replicas.', { exact: true }).waitFor();
      await badgeShows(d.page, 0);
      // Dan replies; Cat sees it in her open chat without a reload.
      await send(d.page, 'Hi Cat, got it.');
      await messages(c.page).getByText('Hi Cat, got it.', { exact: true }).waitFor({ timeout: REALTIME_MS });
      expect(perPod()).toEqual([1, 1]);
      expect(messaging.proxy.errors).toEqual([]);

      for (const { context, pageErrors } of [c, d]) {
        expect(pageErrors).toEqual([]);
        await context.close();
      }
    }, 120_000);

    it("was scraped from the chart's ServiceMonitors all along: every process's series, labelled as the dashboards read them, no raw id in any label", async () => {
      const p = prometheus!;
      // Every pod of every process (the frontends' nginx serves none), up, with the operator's labels.
      const processes = [...topology.components.values()].filter((c) => c.workload.role !== 'frontend');
      const up = await p.query(`max_over_time(up[${SEEN}])`);
      expect(up.map((s) => [s.metric.pod, s.metric.job, s.value]).sort()).toEqual(
        processes.flatMap((c) => c.pods.map((pod) => [pod.id, c.workload.name, 1])).sort(),
      );
      // The Service's name (the target's `service`) is the process's own (`exported_service`): the dashboards'
      // `service` variable means the same under a ServiceMonitor as under a PodMonitor.
      const pairs = await p.query(
        `count by (service, exported_service) (last_over_time({exported_service!=""}[${SEEN}]))`,
      );
      expect(pairs.filter((s) => s.metric.service !== s.metric.exported_service)).toEqual([]);
      expect(pairs.map((s) => s.metric.service).sort()).toEqual(processes.map((c) => c.workload.name).sort());

      // The journey's requests, per service, by route template: never a raw id, username or title.
      const served = await p.query(
        `sum by (service) (last_over_time(http_server_request_duration_seconds_count[${SEEN}]))`,
      );
      expect(served.map((s) => s.metric.service).sort()).toEqual(
        expect.arrayContaining(['action', 'gateway', 'identity', 'link', 'messaging', 'social', 'vellum']),
      );
      const routes = await p.labelValues('http_route', 'http_server_request_duration_seconds_count');
      expect(routes.length).toBeGreaterThan(10);
      expect(routes.length).toBeLessThan(200);
      // Express's route patterns (or `unmatched`): no digit (ids, usernames' tags), space (titles) or `@`.
      expect(routes.filter((route) => !/^[A-Za-z_:()|?/.-]+$/.test(route))).toEqual([]);
      // Nor any other label of any series: no username, title or id (a UUID) anywhere.
      const leaks: string[] = [];
      for (const label of await p.labelNames())
        for (const value of await p.labelValues(label, '{__name__=~".+"}'))
          if (visited.some((v) => value.includes(v)) || /[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value))
            leaks.push(`${label}=${value}`);
      expect(leaks).toEqual([]);
      const upstreams = await p.labelValues('upstream', 'gateway_upstream_request_duration_seconds_count');
      expect(upstreams).toEqual(expect.arrayContaining(['identity', 'vellum', 'messaging']));

      // What only the distributed processes have: each Postgres service's pool, Kafka consumers' lag per group and
      // topic, each messaging replica's sockets, the chat's deliveries, the outboxes' relays.
      const pools = await p.query(`sum by (service) (last_over_time(db_client_connection_count[${SEEN}]))`);
      expect(pools.map((s) => s.metric.service).sort()).toEqual(
        expect.arrayContaining(['action', 'analytics', 'identity', 'social', 'vellum']),
      );
      // Each Redis and MongoDB client's commands, by system and command name (never a key).
      const commands = await p.query(
        `sum by (service, db_system_name) (last_over_time(db_client_operation_duration_seconds_count[${SEEN}])) > 0`,
      );
      expect(commands.map((s) => `${s.metric.service} ${s.metric.db_system_name}`).sort()).toEqual(
        expect.arrayContaining([
          'gateway redis',
          'identity redis',
          'link mongodb',
          'link redis',
          'messaging mongodb',
          'messaging redis',
        ]),
      );
      const lag = await p.query(`last_over_time(events_consumer_lag[${SEEN}])`);
      expect(lag.length).toBeGreaterThan(0);
      for (const s of lag)
        expect(Object.keys(s.metric)).toEqual(expect.arrayContaining(['consumer_group', 'topic', 'pod']));
      const sockets = await p.query(`last_over_time(realtime_connected_sockets[${SEEN}])`);
      expect(sockets.map((s) => s.metric.pod).sort()).toEqual(
        topology.components
          .get('messaging')!
          .pods.map((pod) => pod.id)
          .sort(),
      );
      const delivered = await p.queryUntil(
        `sum(last_over_time(realtime_delivery_duration_seconds_count[${SEEN}]))`,
        (r) => (r[0]?.value ?? 0) > 0,
      );
      expect(delivered[0]?.value).toBeGreaterThan(0);
      // A relay publishes within its poll interval of the write, and Prometheus sees it at the next scrape.
      const publishers = ['identity', 'link', 'messaging', 'vellum'];
      const published = await p.queryUntil(
        `sum by (service) (last_over_time(outbox_events_published_total[${SEEN}])) > 0`,
        (r) => publishers.every((name) => r.some((s) => s.metric.service === name)),
      );
      expect(published.map((s) => s.metric.service)).toEqual(expect.arrayContaining(publishers));
    }, 60_000);

    it("traced a browser's request through the gateway, a service, its outbox and Kafka into another service, as one trace", async () => {
      // From a consumer's `process` span up its parents: the relay's `send` in the producing service, that service's
      // request, and at the root the gateway's server span for the browser's call (which carried no trace).
      const chainUp = (spans: CollectedSpan[], from: CollectedSpan) => {
        const byId = new Map(spans.map((s) => [s.id, s]));
        const chain = [from];
        for (let up = byId.get(from.parentId); up; up = byId.get(up.parentId)) chain.push(up);
        return chain;
      };
      const across = (spans: CollectedSpan[]) =>
        spans
          .filter((s) => s.kind === 'Consumer' && s.name.startsWith('process '))
          .map((s) => chainUp(spans, s))
          .find((chain) => {
            const [processed, send] = chain;
            const root = chain.at(-1)!;
            return (
              send?.kind === 'Producer' &&
              send.service !== processed!.service &&
              root.service === 'gateway' &&
              root.kind === 'Server' &&
              root.parentId === '' &&
              chain.some((s) => s.service === send.service && s.kind === 'Server')
            );
          });
      // The SDK's batch processor sends every few seconds: wait for the spans of the journey's events.
      const deadline = Date.now() + 30_000;
      let chain = across(collector!.spans());
      while (!chain && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        chain = across(collector!.spans());
      }
      expect(chain).toBeDefined();
      const [processed, send] = chain!;
      const root = chain!.at(-1)!;
      process.stdout.write(
        `one trace ${root.traceId}:\n${chain!
          .reverse()
          .map((s) => `  ${s.service}: ${s.kind} ${s.name}`)
          .join('\n')}\n`,
      );
      expect(new Set(chain!.map((s) => s.traceId))).toEqual(new Set([root.traceId]));
      expect(send!.attributes).toMatchObject({
        'messaging.system': 'kafka',
        'messaging.destination.name': processed!.attributes['messaging.destination.name'],
        'messaging.message.id': processed!.attributes['messaging.message.id'],
      });
      // One of the consuming service's groups (messaging has a second, `messaging-sockets`).
      expect(processed!.attributes['messaging.consumer.group.name']).toMatch(
        new RegExp(`^${processed!.service}(-[a-z]+)?$`),
      );
      // The producing request wrote its event to the outbox in the same trace (the INSERT's span).
      const trace = collector!.spans().filter((s) => s.traceId === root.traceId);
      expect(
        trace.some(
          (s) =>
            s.service === send!.service &&
            /insert into \S*outbox/i.test(
              s.attributes['db.statement'] ?? s.attributes['db.query.text'] ?? '',
            ),
        ),
      ).toBe(true);

      // Its log lines lead to it: the producing service's lines written in the trace carry its id and one of its
      // spans' (pino's request line, among others).
      const logged = topology.components
        .get(send!.service)!
        .pods.flatMap((pod) => pod.output().split('\n'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as { trace_id?: string; span_id?: string; msg?: string }];
          } catch {
            return [];
          }
        })
        .filter((line) => line.trace_id === root.traceId);
      expect(logged.length).toBeGreaterThan(0);
      const spanIds = new Set(trace.map((s) => s.id));
      expect(logged.filter((line) => !spanIds.has(line.span_id ?? ''))).toEqual([]);
    }, 60_000);

    it("answers every dashboard panel's query with data, the SLO panels' from the chart's recording rules", async () => {
      const p = prometheus!;
      // A refusal, so its panel has data: a socket with no session, refused by messaging behind the Ingress.
      const anonymous = io(topology.url, { transports: ['websocket'], reconnection: false });
      const refusal = await new Promise<string>((resolve) => {
        anonymous.once('connect', () => resolve('connected'));
        anonymous.once('connect_error', (error) => resolve(error.message));
      });
      anonymous.disconnect();
      expect(refusal).not.toBe('connected');
      // Two scrapes of the new series: a rate needs two samples.
      const scraped = await p.queryUntil(
        `max(count_over_time(realtime_sockets_refused_total{reason="unauthenticated"}[${SEEN}]))`,
        (r) => (r[0]?.value ?? 0) >= 2,
      );
      expect(scraped[0]?.value).toBeGreaterThanOrEqual(2);
      // The variables find the scrape's namespace and every process's service.
      const processes = [...topology.components.values()].filter((c) => c.workload.role !== 'frontend');
      const values: Record<string, string> = {};
      for (const q of queries.filter((candidate) => candidate.label)) {
        const found = await p.labelValues(q.label!, substitute(q.expr, { namespace: '.*' }));
        const expected = q.label === 'namespace' ? [NAMESPACE] : processes.map((c) => c.workload.name).sort();
        expect([q.where, found.sort()]).toEqual([q.where, expected]);
        values[q.label!] = `(${found.join('|')})`;
      }
      // Rates over the test's span so far: the journey's requests are minutes old by now.
      const live = { ...SAMPLE_VARIABLES, ...values, __rate_interval: '5m', __interval: '1m', __range: SEEN };
      const empty: DashboardQuery[] = [];
      for (const q of queries.filter((candidate) => !candidate.label))
        if ((await p.query(substitute(q.expr, live))).length === 0) empty.push(q);
      process.stdout.write(`dashboard queries: ${queries.length}, empty in a healthy run: ${empty.length}\n`);
      // Empty only where nothing went wrong (failures, 5xx answers), or for the credential limit's refusals: raised
      // here, where every client shares one address (charts/dashboards.test.js provokes them on the embedded product).
      const refusals = (name: string) => name === 'gateway_rate_limit_refusals_total';
      expect(empty.filter((q) => !quietByHealth(q.expr, refusals)).map((q) => q.where)).toEqual([]);
      expect(empty.length).toBeLessThan(queries.length / 4);
    }, 60_000);

    it('finds the same targets through PodMonitors, less the Service name the operator adds as `service`', () => {
      const podMonitored = renderChart({
        global: { publicUrl: topology.url, metrics: { podMonitor: { enabled: true } } },
      });
      expect(podMonitored.filter((o) => o.kind === 'ServiceMonitor')).toEqual([]);
      const byPods = scrapeTargetsOf(podMonitored, topology.components, NAMESPACE);
      const byServices = scrapeTargetsOf(topology.objects, topology.components, NAMESPACE);
      expect(byPods.length).toBeGreaterThan(0);
      expect(byPods).toEqual(
        byServices.map(({ labels: { service: _service, ...labels }, ...target }) => ({ ...target, labels })),
      );
    });

    afterAll(() => {
      if (expect.getState().assertionCalls === 0) process.stderr.write(lines.join('\n'));
    });
  },
);
