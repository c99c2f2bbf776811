export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Waits for a mail to `to` in the development mailbox (GET /dev/mailbox) whose subject matches. */
export async function waitForMail(
  baseUrl: string,
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(to)}`);
    if (!response.ok) throw new Error(`GET /dev/mailbox answered ${response.status}`);
    const { messages } = (await response.json()) as { messages: CapturedMail[] };
    const mail = messages.find(
      (message) => message.to.toLowerCase() === to.toLowerCase() && subject.test(message.subject),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The link of a mail, moved onto the product's origin (mails carry PUBLIC_URL). */
export function onOrigin(link: string, baseUrl: string): string {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
}
