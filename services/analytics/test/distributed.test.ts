import type { AdminAnswer } from '@vellum/proto';
import {
  adminAccount,
  describeDistributed,
  eventually,
  signIn,
  signedIn,
} from '@vellum/platform/test-support';

const ADMIN_EMAIL = `adm.${Date.now().toString(36)}@example.com`;
// The processes inherit this environment: identity and analytics are told the same admins, as the chart does.
process.env.ADMIN_EMAILS = ADMIN_EMAIL;

/** Gateway, identity and analytics as processes of their own on the real Postgres, Redis and Kafka. */
describeDistributed(['analytics'], (product) => {
  it('learns of cirri from identity through Kafka and shows them to the admin alone', async () => {
    const url = product().gateway.url;
    const admin = await signIn(url, await adminAccount(url, { email: ADMIN_EMAIL }));
    const ann = await signedIn(url, 'Ann');
    // A group that has never run starts from the first event of each topic: on the shared test Kafka that is every
    // event the other suites left there, so the first run catches up for a while.
    const row = await eventually(async () => {
      const { body } = await admin.get<AdminAnswer>(`/api/admin?filter=${ann.username}`);
      return body.activeCirri.find((r) => r.i === ann.id);
    }, 60_000);
    expect(row).toMatchObject({ email: ann.account.email, username: ann.username, first_name: 'Ann' });
    expect(row.last_session).not.toBeNull();

    const refused = await ann.client.get<AdminAnswer>('/api/admin');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ authorized: false, allCirri: [], activeCirri: [] });
  }, 120_000);
});
