import { randomBytes, randomUUID } from 'node:crypto';
import type {} from '@app/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { Bus, createLogger, type FileStore } from '../../src/index.js';

// The RENDERS bucket as every service sees it: JetStream's Object Store on the real NATS server, under a prefix of
// this file's own.
describe('the file store (NATS Object Store)', () => {
  const { natsUrl, natsAuth } = inject('stack');
  const prefix = `fs${randomUUID().slice(0, 8)}`;
  const logger = createLogger('file-store-test', 'silent');
  let writer: Bus;
  let reader: Bus;
  let files: FileStore;
  let readerFiles: FileStore;

  beforeAll(async () => {
    writer = await Bus.connect({ url: natsUrl, ...natsAuth, name: 'writer', prefix, logger });
    reader = await Bus.connect({ url: natsUrl, ...natsAuth, name: 'reader', prefix, logger });
    files = await writer.fileStore('RENDERS');
    readerFiles = await reader.fileStore('RENDERS');
  });
  afterAll(async () => {
    const jsm = await jetstreamManager(writer.nc);
    await jsm.streams.delete(`OBJ_${writer.streamName('RENDERS')}`).catch(() => undefined);
    await writer.drain();
    await reader.drain();
  });

  it('reads back a one-chunk file, as every rendered page is, from another connection', async () => {
    const png = randomBytes(40_000);
    await files.put('small.png', png);
    expect(await readerFiles.has('small.png')).toBe(true);
    expect((await readerFiles.get('small.png'))?.equals(png)).toBe(true);
  });

  it('stores a one-chunk file as the Object Store does: the client reads it back, with its size and digest', async () => {
    const png = randomBytes(50_000);
    await files.put('compatible.png', png);
    const bucket = await new Objm(reader.js).open(writer.streamName('RENDERS'));
    const info = await bucket.info('compatible.png');
    expect(info).toMatchObject({ name: 'compatible.png', size: 50_000, chunks: 1, deleted: false });
    expect(Buffer.from((await bucket.getBlob('compatible.png'))!).equals(png)).toBe(true);
    // The client's list shows it once, as any file it stored itself.
    expect((await bucket.list()).filter((entry) => entry.name === 'compatible.png')).toHaveLength(1);
  });

  it('reads back a file of several chunks', async () => {
    const pdf = randomBytes(300_000);
    await files.put('large.pdf', pdf);
    expect((await readerFiles.get('large.pdf'))?.equals(pdf)).toBe(true);
  });

  it('deletes a file for every reader (one chunk or several), and stores one of that name again afterwards', async () => {
    for (const [name, size] of [
      ['deleted.png', 40_000],
      ['deleted-large.pdf', 300_000],
    ] as const) {
      await files.put(name, randomBytes(size));
      expect(await readerFiles.has(name)).toBe(true);
      await files.delete(name);
      expect(await readerFiles.has(name)).toBe(false);
      expect(await readerFiles.get(name)).toBeNull();
      // Deleting again, or a name never stored, is nothing.
      await files.delete(name);
      const again = randomBytes(1000);
      await files.put(name, again);
      expect((await readerFiles.get(name))?.equals(again)).toBe(true);
    }
    await files.delete('never-stored.pdf');
  });

  it('answers null and false for a file that is not there', async () => {
    expect(await readerFiles.get('missing.pdf')).toBeNull();
    expect(await readerFiles.has('missing.pdf')).toBe(false);
  });

  it('keeps the first file written under a name', async () => {
    const first = Buffer.from('first');
    await files.put('once.png', first);
    await files.put('once.png', Buffer.from('second'));
    expect((await readerFiles.get('once.png'))?.equals(first)).toBe(true);
  });

  it('refuses a file whose chunk does not match the digest of its description', async () => {
    await files.put('tampered.png', Buffer.from('the real bytes'));
    const os = await new Objm(reader.js).open(writer.streamName('RENDERS'));
    const info = await os.info('tampered.png');
    // Another chunk under the file's chunk subject: the last one by subject is what a read fetches.
    await writer.js.publish(`$O.${writer.streamName('RENDERS')}.C.${info!.nuid}`, Buffer.from('other bytes'));
    await expect(readerFiles.get('tampered.png')).rejects.toThrow(/does not match its digest/);
  });

  it('tells every watcher of every file stored, whoever stored it', async () => {
    const heardByWriter: string[] = [];
    const heardByReader: string[] = [];
    const stopWriter = await files.watch((name) => heardByWriter.push(name));
    const stopReader = await readerFiles.watch((name) => heardByReader.push(name));
    try {
      await readerFiles.put('watched-1.png', Buffer.from('1'));
      await files.put('watched-2.png', Buffer.from('2'));
      await expect.poll(() => heardByWriter, { timeout: 10_000 }).toEqual(['watched-1.png', 'watched-2.png']);
      await expect.poll(() => heardByReader, { timeout: 10_000 }).toEqual(['watched-1.png', 'watched-2.png']);
    } finally {
      stopWriter();
      stopReader();
    }
  });

  it('tells a watcher of every file when many are stored at once', async () => {
    const heard = new Set<string>();
    const stop = await readerFiles.watch((name) => heard.add(name));
    try {
      const names = Array.from({ length: 200 }, (_, i) => `burst-${i}.png`);
      let next = 0;
      // Four writers at once, as four worker tabs storing previews.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < names.length) await files.put(names[next++]!, randomBytes(20_000));
        }),
      );
      await expect.poll(() => heard.size, { timeout: 10_000 }).toBe(names.length);
      expect([...heard].sort()).toEqual([...names].sort());
    } finally {
      stop();
    }
  });
});
