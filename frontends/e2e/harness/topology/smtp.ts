import net from 'node:net';
import { openConnections } from './connections';

export interface SmtpMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

/** Quoted-printable (RFC 2045) as nodemailer writes text parts. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  let subject = header('Subject');
  const encoded = /^=\?utf-8\?([BQ])\?(.*)\?=$/i.exec(subject);
  if (encoded) {
    subject =
      encoded[1]!.toUpperCase() === 'B'
        ? Buffer.from(encoded[2]!, 'base64').toString('utf8')
        : decodeQuotedPrintable(encoded[2]!.replace(/_/g, ' '));
  }
  return { subject, text };
}

/**
 * A mail server that keeps what it is sent: identity's SMTP_URL in the topology (the chart's production
 * environment has no development mailbox). Plain SMTP on loopback, no authentication, single-part text messages.
 */
export class SmtpSink {
  readonly mails: SmtpMail[] = [];
  private server = net.createServer((socket) => this.session(socket));
  private sockets = openConnections(this.server);

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.sockets.destroyAll();
    return closed;
  }

  /** Waits for a mail to `to` whose subject matches: the newest one. */
  async waitFor(to: string, subject: RegExp, timeoutMs = 20_000): Promise<SmtpMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails.findLast(
        (m) => m.to.some((r) => r.toLowerCase() === to.toLowerCase()) && subject.test(m.subject),
      );
      if (mail) return mail;
      if (Date.now() > deadline) {
        const got = this.mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
        throw new Error(`no mail to ${to} matching ${subject} in ${timeoutMs} ms (received: ${got})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private session(socket: net.Socket) {
    let buffer = '';
    let data: string[] | undefined;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 topology-smtp ready');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          const raw = Buffer.from(data.join('\r\n'), 'latin1').toString('latin1');
          const { subject, text } = parseMessage(raw);
          const links = [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);
          this.mails.push({ from, to, subject, text, links });
          data = undefined;
          from = '';
          to = [];
          reply('250 queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        switch (verb) {
          case 'EHLO':
            socket.write('250-topology-smtp\r\n250 8BITMIME\r\n');
            break;
          case 'HELO':
            reply('250 topology-smtp');
            break;
          case 'MAIL':
            from = address;
            reply('250 ok');
            break;
          case 'RCPT':
            to.push(address);
            reply('250 ok');
            break;
          case 'DATA':
            data = [];
            reply('354 end with <CRLF>.<CRLF>');
            break;
          case 'RSET':
            from = '';
            to = [];
            reply('250 ok');
            break;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            break;
          case 'NOOP':
            reply('250 ok');
            break;
          default:
            reply('502 not implemented');
        }
      }
    });
  }
}
