import { TestClient } from '../../../identity/test/support/http-client';
import { verifiedAccount, type Account } from '../../../identity/test/support/accounts';

/** A verified, signed-in person: their browser (cookies kept), account and cirrus id. */
export interface SignedIn {
  client: TestClient;
  account: Account;
  id: string;
  displayName: string;
}

export async function signedIn(baseUrl: string, firstName = 'Ada'): Promise<SignedIn> {
  const account = await verifiedAccount(baseUrl, { first_name: firstName });
  const client = new TestClient(baseUrl);
  const res = await client.post('/api/signin', { email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  const { body } = await client.get<{ signedCirrus: { i: string; displayName: string } }>('/api/sc');
  return { client, account, id: body.signedCirrus.i, displayName: body.signedCirrus.displayName };
}

export { TestClient };
