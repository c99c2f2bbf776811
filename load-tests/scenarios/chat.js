// Chatting: a signed-in person opens their conversation with another seeded person, connects the realtime socket
// as the browser does (socket.io over a websocket on the root path, the session cookie), sends a message and waits
// for it to come back on the socket (`message:new` reaches both participants' rooms, through the Redis adapter
// when the replicas are several), then reads the unread count and marks the conversation read.
import { check } from 'k6';
import exec from 'k6/execution';
import { Trend } from 'k6/metrics';
import ws from 'k6/ws';
import { BASE_URL, myIndex, users } from '../lib/config.js';
import { api, json } from '../lib/http.js';
import { useSession } from '../lib/session.js';

export const meta = {
  name: 'chat',
  signedIn: true,
  vus: { smoke: 1, load: 8 },
  // Requests per iteration (open, send, unread, the newest message, read; the socket frames are not counted).
  requestsPerIteration: 5,
  p99Ms: { smoke: 1500, load: 100 },
};

/** From the send's answer to the message on the sender's own socket. */
const delivery = new Trend('chat_delivery_ms', true);

const SOCKET_URL = `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
const WAIT_MS = 5000;

export function run(data) {
  const index = myIndex();
  const person = users[index];
  const session = data.sessions[person.username];
  useSession(session);
  const other = users[(index + 1 + (exec.vu.iterationInScenario % (users.length - 1))) % users.length];
  const opened = api(
    'POST',
    '/api/messenger/conversations',
    { username: other.username },
    'POST /api/messenger/conversations',
  );
  const conversation = (json(opened) || {}).conversation;
  check(opened, {
    'open: 200 or 201 with the conversation': () =>
      (opened.status === 200 || opened.status === 201) &&
      conversation &&
      conversation.otherParticipant.username === other.username,
  });
  if (!conversation) return;
  const id = conversation.conversation;
  const text = `k6 ${exec.vu.idInTest}-${exec.vu.iterationInScenario}`;
  const cookie = Object.entries(session.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  let sentAt = 0;
  let delivered = false;
  let sentOk = false;
  const res = ws.connect(SOCKET_URL, { headers: { Cookie: cookie, Origin: BASE_URL } }, (socket) => {
    socket.on('message', (frame) => {
      // Engine.IO: 0 open, 2 ping (answer 3); socket.io: 40 connected, 42[event, payload] an event.
      if (frame.startsWith('0')) socket.send('40');
      else if (frame === '2') socket.send('3');
      else if (frame.startsWith('40')) {
        sentAt = Date.now();
        const sent = api(
          'POST',
          `/api/messenger/conversations/${id}/messages`,
          { text },
          'POST /api/messenger/conversations/{id}/messages',
        );
        sentOk = sent.status === 201;
        if (!sentOk) socket.close();
      } else if (frame.startsWith('42')) {
        const [event, payload] = JSON.parse(frame.slice(2));
        if (event === 'message:new' && payload && payload.text === text) {
          delivery.add(Date.now() - sentAt);
          delivered = true;
          socket.close();
        }
      }
    });
    socket.setTimeout(() => socket.close(), WAIT_MS);
  });
  check(res, { 'socket: upgraded (101)': (r) => r && r.status === 101 });
  check(null, {
    'send: 201': () => sentOk,
    'message: back on the socket within 5 s': () => delivered,
  });
  const unread = api('GET', '/api/unread-messages', undefined, 'GET /api/unread-messages');
  check(unread, {
    'unread: a count': () => unread.status === 200 && typeof (json(unread) || {}).unreadMessages === 'number',
  });
  const page = api(
    'GET',
    `/api/messenger/conversations/${id}/messages?limit=1`,
    undefined,
    'GET /api/messenger/conversations/{id}/messages',
  );
  const newest = ((json(page) || {}).messages || [])[0];
  if (newest) {
    const read = api(
      'POST',
      `/api/messenger/conversations/${id}/read`,
      { upTo: newest.id },
      'POST /api/messenger/conversations/{id}/read',
    );
    check(read, { 'read: 200': () => read.status === 200 });
  }
}
