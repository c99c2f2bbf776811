import type { AdminAnswer, AdminListAnswer, AdminSeriesAnswer } from '@vellum/proto';
import {
  adminAccount,
  checkAnswersAgainstTheContract,
  eventually,
  signIn,
  signedIn,
  TestClient,
} from '@vellum/platform/test-support';
import { startTestProduct } from './embedded.harness';

const ADMIN_EMAIL = 'analytics.admin@example.com';

/** The admin page's calls through the gateway of the embedded product, fed by the real services' events. */
describe('analytics through the gateway, embedded', () => {
  // Every answer is checked against the OpenAPI document, as in the other API suites.
  checkAnswersAgainstTheContract();
  let product: Awaited<ReturnType<typeof startTestProduct>>;
  beforeAll(async () => {
    product = await startTestProduct({ ADMIN_EMAILS: ADMIN_EMAIL });
  }, 60_000);
  afterAll(async () => {
    await product.stop();
    product.remove();
  });

  it('shows an admin every cirrus with its last session and vellums, and nobody else anything', async () => {
    const theAdmin = await adminAccount(product.url, {
      email: ADMIN_EMAIL,
      username: 'analytics.admin',
    });
    const admin = await signIn(product.url, theAdmin);
    const ann = await signedIn(product.url, 'Ann');
    expect((await ann.client.post('/api/vellum-new', { title: '', text: '' })).status).toBe(201);

    const row = await eventually(async () => {
      const { body } = await admin.get<AdminAnswer>(`/api/admin?filter=${ann.username}`);
      const found = body.activeCirri.find((r) => r.i === ann.id);
      return found && found.vellums === 1 ? found : undefined;
    }, 10_000);
    expect(row).toMatchObject({
      email: ann.account.email,
      username: ann.username,
      first_name: 'Ann',
      last_name: ann.account.last_name,
      vellums: 1,
      actions: 0,
    });
    expect(row.last_session).not.toBeNull();

    const page = await admin.get<AdminListAnswer>(
      '/api/admin/cirri?list=confirmed&sort=username&dir=asc&limit=1',
    );
    expect(page.body).toMatchObject({ authorized: true, rows: [expect.any(Object)] });
    expect(page.body.count).toBeGreaterThanOrEqual(2);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const series = await admin.get<AdminSeriesAnswer>('/api/admin/series?days=7');
    expect(series.body.days).toHaveLength(7);
    expect(series.body.days.at(-1)!.signUps).toBeGreaterThanOrEqual(2);

    // Another cirrus (even one named like an admin), and a visitor: 200, authorized false, no rows.
    const squatter = await signedIn(product.url, 'Admin');
    const visitor = new TestClient(product.url);
    for (const client of [squatter.client, visitor]) {
      const answer = await client.get<AdminAnswer>('/api/admin');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        authorized: false,
        allCirri: [],
        confirmedCirri: [],
        activeCirri: [],
      });
      expect((await client.get<AdminSeriesAnswer>('/api/admin/series')).body).toEqual({
        authorized: false,
        days: [],
      });
    }
    // A forged caller header is not the gateway's assertion.
    const forged = await visitor.request('GET', '/api/admin', undefined, {
      'x-vellum-caller': 'v1.forged.sig',
    });
    expect(forged.body).toMatchObject({ authorized: false, allCirri: [] });
  }, 60_000);
});
