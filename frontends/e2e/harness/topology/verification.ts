import type { SmtpSink } from './smtp';

/**
 * The newest verification link mailed to `email`. Identity's mail outbox is a table: another identity process on
 * the same database (a test run beside this one) may claim a row and send it through its own mailer. So after
 * `patienceMs` without the mail a new link is asked for (PUT /api/verification/email, the page's "send again"),
 * at most `attempts` times.
 */
export async function verificationLink(
  publicUrl: string,
  smtp: SmtpSink,
  email: string,
  { attempts = 4, patienceMs = 10_000 } = {},
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const mail = await smtp.waitFor(email, /verify/i, patienceMs);
      const link = mail.links.find((l) => new URL(l).pathname.startsWith('/verification/email/'));
      if (!link) throw new Error(`no verification link in: ${mail.text}`);
      return link;
    } catch (error) {
      if (attempt >= attempts) throw error;
      const again = await fetch(`${publicUrl}/api/verification/email`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (!again.ok) throw new Error(`PUT /api/verification/email: ${again.status} ${await again.text()}`);
    }
  }
}
