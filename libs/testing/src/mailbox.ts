/** Reads the MailDev inbox over its REST API. */
export interface CaughtEmail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: Array<{ address: string; name: string }>;
  date: string;
}

export async function listEmails(mailApiUrl: string): Promise<CaughtEmail[]> {
  const res = await fetch(`${mailApiUrl}/email`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  return (await res.json()) as CaughtEmail[];
}

export const emailsTo = async (mailApiUrl: string, address: string) =>
  (await listEmails(mailApiUrl)).filter((m) =>
    m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()),
  );

/** Waits until an email to `address` matching `match` arrives. */
export async function waitForEmail(
  mailApiUrl: string,
  address: string,
  match: (m: CaughtEmail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<CaughtEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await emailsTo(mailApiUrl, address).catch(() => [])).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no email to ${address} within ${timeoutMs} ms`);
}

/** First link in an email's HTML whose path starts with `pathPrefix` (e.g. '/ativar/'). */
export function linkIn(email: CaughtEmail, pathPrefix: string): string {
  const hrefs = [...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const link = hrefs.find((h) => new URL(h).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in email "${email.subject}"`);
  return link;
}
