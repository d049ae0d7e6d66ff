// Test harness: subscribe an address and confirm it through the link in its confirmation e-mail, as its owner would.
import type { TestContext } from './test-app.ts';

let nextIp = 1;

/** The token of the latest confirmation link queued for an address. */
export async function confirmTokenFor(t: TestContext, email: string): Promise<string> {
  const rows = await t.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ text: string }>>(`select text from outbox_messages where "to" = ? and text like ? order by id desc limit 1`, [
      email,
      '%/newsletter/confirm%',
    ]);
  const match = rows[0] && /\/newsletter\/confirm\?token=(\S+)/.exec(rows[0].text);
  if (!match) throw new Error(`no confirmation e-mail for ${email}`);
  return decodeURIComponent(match[1]!);
}

export async function subscribeConfirmed(t: TestContext, email: string, name?: string): Promise<void> {
  await t.caller(null, `10.250.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`).subscribers.subscribe({ email, ...(name ? { name } : {}) });
  await t.caller(null, `10.251.0.${nextIp++ % 250}`).subscribers.confirm({ token: await confirmTokenFor(t, email.trim().toLowerCase()) });
}
