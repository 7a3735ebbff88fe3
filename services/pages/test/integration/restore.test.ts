import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { downloadPage } from '@app/contracts';
import { dropDatabase, ensureDatabase } from '@app/kit';
import { backupDatabase, restoreDatabase } from '@app/stack';
import {
  balanceOf,
  buyPage,
  download,
  fundedMember,
  generatePageCode,
  loginWith,
  restartProcess,
  waitForThumbnail,
  withDb,
} from '@app/testing';

/**
 * A restore that was run (deploy/README.md, "Backups and a restore"): the stack's database is backed up with
 * `npm run db:backup`'s code, restored into a fresh database, and the services that hold a member's account, money
 * and pages (auth, billing, pages) are started on it. The member signs in, sees the balance of the backup's moment and
 * downloads the page bought before it; the page bought after it is not there. Then the stack goes back to its own
 * database.
 */
const stack = inject('stack');
const gw = stack.gatewayUrl;
const ON_RESTORED = ['auth', 'billing', 'pages'] as const;

describe('a backup restored into a fresh database', () => {
  const file = join(tmpdir(), `aritmetica-backup-${randomUUID().slice(0, 8)}.dump`);
  const restoredUrl = withDb(stack.databaseUrl, `restored_${randomUUID().slice(0, 8)}`);

  afterAll(async () => {
    for (const name of ON_RESTORED) await restartProcess(stack, name, {});
    await dropDatabase(restoredUrl);
    await rm(file, { force: true });
  });

  it('serves the site: the member signs in, sees the balance of the backup and downloads the page bought before it', async () => {
    const member = await fundedMember(stack, 5);
    const before = await generatePageCode(stack, member.token);
    expect((await waitForThumbnail(stack, member.token, before)).status).toBe(200);
    expect((await buyPage(stack, member.token, before)).status).toBe(200);
    const balance = await balanceOf(stack, member.token);
    expect(balance).toBe(4.5);

    await backupDatabase(stack.databaseUrl, file);
    // After the backup: another page bought, which the restored database does not know.
    const after = await generatePageCode(stack, member.token);
    expect((await waitForThumbnail(stack, member.token, after)).status).toBe(200);
    expect((await buyPage(stack, member.token, after)).status).toBe(200);
    expect(await balanceOf(stack, member.token)).toBe(4);

    await ensureDatabase(restoredUrl);
    await restoreDatabase(file, restoredUrl);
    for (const name of ON_RESTORED) await restartProcess(stack, name, { DATABASE_URL: restoredUrl });

    const token = await loginWith(stack, member.email, member.password);
    expect(await balanceOf(stack, token)).toBe(balance);
    const pdf = await download(gw, downloadPage, { code: before }, token);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await download(gw, downloadPage, { code: after }, token)).status).toBe(404);
  });
});
