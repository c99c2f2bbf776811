import { ApiError, api, serverMessage } from '../src';

function respond(status: number, body: unknown) {
  return jest.fn().mockResolvedValue(
    new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

describe('api client', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('sends JSON with the same-origin cookie and returns the parsed body', async () => {
    const fetchMock = respond(200, { status: 'Success' });
    global.fetch = fetchMock;
    await expect(api.post('/api/cirrus/create', { username: 'ann' })).resolves.toEqual({ status: 'Success' });
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/cirrus/create');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"username":"ann"}' });
    expect(init.headers['content-type']).toBe('application/json');
  });

  it.each([
    [{ messages: ["This Cirrus' email hasn't been verified."] }, "This Cirrus' email hasn't been verified."],
    [{ status: 'Error', errorMessage: 'That Username is already taken.' }, 'That Username is already taken.'],
    [{ error: 'Too many requests, try again later.' }, 'Too many requests, try again later.'],
  ])('carries the status and the server message of %j', async (body, message) => {
    global.fetch = respond(429, body);
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message, body });
  });

  it('names the status when the body has no message', async () => {
    global.fetch = respond(502, undefined);
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502.',
    });
  });

  it('turns a network failure into status 0', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('prefers the first of several messages', () => {
    expect(serverMessage({ messages: ['first', 'second'], error: 'other' })).toBe('first');
    expect(serverMessage({ messages: [] })).toBeUndefined();
    expect(serverMessage('text')).toBeUndefined();
  });
});
