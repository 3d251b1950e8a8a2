import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mail.ts';

const log = { info: () => undefined } as unknown as FastifyBaseLogger;
let dataDir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the outbox (no SMTP server)', () => {
  it('never shows a partial .eml to a reader, also while a mail is being written', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dp-mail-'));
    const outbox = path.join(dataDir, 'outbox');
    const seen: [name: string, text: string][] = [];
    const writeFile = fs.writeFile.bind(fs);
    // A slow disk: each write stops half-way while a reader reads every .eml of the outbox.
    vi.spyOn(fs, 'writeFile').mockImplementation(async (file, data) => {
      const bytes = Buffer.from(data as Buffer);
      await writeFile(file, bytes.subarray(0, bytes.length >> 1));
      for (const name of (await fs.readdir(outbox)).filter((n) => n.endsWith('.eml'))) seen.push([name, await fs.readFile(path.join(outbox, name), 'utf8')]);
      await fs.appendFile(file, bytes.subarray(bytes.length >> 1));
    });
    const mailer = createMailer({ smtp: null, mailFrom: 'Platform <no-reply@platform.test>', dataDir }, log);

    const first = await mailer.send({ to: 'one@dealer.test', subject: 'First', text: 'The first mail' });
    await mailer.send({ to: 'two@dealer.test', subject: 'Second', text: 'The second mail' });

    // The reader saw the first mail while the second was written, and saw it whole.
    expect(seen.map(([name]) => name)).toEqual([path.basename(first.outboxFile!)]);
    for (const [name, text] of seen) expect(text).toBe(await fs.readFile(path.join(outbox, name), 'utf8'));
    // Only the two finished mails are left: no temporary files.
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
  });
});
