import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Objm } from '@nats-io/obj';
import { Jobs, renderFiles, type MessagePayload } from '@app/contracts';
import type { Bus, FileStore } from '@app/kit';
import { connectBus, readPdf, type PdfPage } from '@app/testing';

// A class set as pages asks for it: one version job per version (with its label), then the assembly job
// once their PDFs are stored. The stack's worker assembles the one file; read back with pdfjs as a reader would.

const stack = inject('stack');
let bus: Bus;
let files: FileStore;
/** Every file the tests store, deleted from the bucket at the end. */
const created: string[] = [];

beforeAll(async () => {
  bus = await connectBus(stack, 'class-set-test');
  files = await bus.fileStore('RENDERS');
});
afterAll(async () => {
  const bucket = await new Objm(bus.js).open(bus.streamName('RENDERS'));
  for (const name of created) await bucket.delete(name).catch(() => undefined);
  await bus.drain();
});

type SetJob = MessagePayload<typeof Jobs.assembleSet>;

function newSet(versions: number, answers: boolean): SetJob {
  const run = randomUUID().slice(0, 8);
  const job: SetJob = {
    setCode: `conjunto-${run}`,
    options: { add: true, sub: true, mult: true, div: true, answers, level: 1 },
    rules: 2,
    versions: Array.from({ length: versions }, (_, i) => ({
      code: `versao-${run}-${i + 1}`,
      seed: `s-${run}-${i}`,
    })),
  };
  created.push(renderFiles(job.setCode).pdf, ...job.versions.map((v) => renderFiles(v.code).pdf));
  return job;
}

const versionJob = (set: SetJob, index: number) => ({
  code: set.versions[index]!.code,
  seed: set.versions[index]!.seed,
  options: set.options,
  rules: set.rules,
  version: { n: index + 1, of: set.versions.length },
});

async function storedFile(name: string, timeout = 60_000): Promise<Buffer> {
  await expect.poll(() => files.has(name), { timeout, interval: 100 }).toBe(true);
  return (await files.get(name))!;
}

/** The versions whose label the page prints ('Versão 2 de 3'), in reading order: row by row, left to right. */
function labelsInReadingOrder(page: PdfPage): number[] {
  return page.runs
    .filter((run) => /Versão \d+ de \d+/.test(run.text))
    .map((run) => ({
      n: Number(run.text.match(/Versão (\d+) de/)![1]),
      x: run.xMin,
      row: Math.round(run.baseline),
    }))
    .sort((a, b) => a.row - b.row || a.x - b.x)
    .map(({ n }) => n);
}

describe('a class set', () => {
  it('is one PDF: the 3 sheets, then the 3 gabaritos, each labelled, then the answer table', async () => {
    const set = newSet(3, true);
    const codes = set.versions.map((v) => v.code);
    for (const [i, code] of codes.entries()) {
      await bus.publish(Jobs.renderVersion, versionJob(set, i), { msgID: `set-document:${code}` });
    }
    for (const code of codes) await storedFile(renderFiles(code).pdf);
    await bus.publish(Jobs.assembleSet, set, { msgID: `set:${set.setCode}` });
    const pdf = await readPdf(await storedFile(renderFiles(set.setCode).pdf));

    // 3 sheets + 3 gabaritos + the table of 3 versions (one page).
    expect(pdf.pages).toHaveLength(3 + 3 + 1);
    for (const [i, code] of codes.entries()) {
      const sheet = pdf.pages[i]!.text;
      expect(sheet, `page ${i + 1}`).toContain('Nome:');
      expect(sheet).not.toContain('Gabarito');
      expect(sheet).toContain(`Versão ${i + 1} de 3`);
      expect(sheet).toContain(code);
      const gabarito = pdf.pages[3 + i]!.text;
      expect(gabarito, `page ${4 + i}`).toContain('Gabarito');
      expect(gabarito).toContain(`Versão ${i + 1} de 3`);
      expect(gabarito).toContain(code);
      for (const other of codes.filter((c) => c !== code)) {
        expect(sheet).not.toContain(other);
        expect(gabarito).not.toContain(other);
      }
    }
    const table = pdf.pages[6]!;
    expect(table.text).toContain('Respostas');
    expect(table.text).toContain('3 versões');
    expect(labelsInReadingOrder(table)).toEqual([1, 2, 3]);
    for (const [i, code] of codes.entries()) {
      expect(table.text).toMatch(new RegExp(`Versão ${i + 1} de 3\\s*·\\s*${code}`));
    }
    expect(table.text).toContain(set.setCode);
  });

  it('prints a version whose PDF is not stored itself, and stores it; without answers no gabarito is added', async () => {
    const set = newSet(2, false);
    // Only version 1 was printed by its own job.
    await bus.publish(Jobs.renderVersion, versionJob(set, 0), {
      msgID: `set-document:${set.versions[0]!.code}`,
    });
    await storedFile(renderFiles(set.versions[0]!.code).pdf);
    await bus.publish(Jobs.assembleSet, set, { msgID: `set:${set.setCode}` });
    const pdf = await readPdf(await storedFile(renderFiles(set.setCode).pdf));

    expect(pdf.pages).toHaveLength(2 + 1);
    expect(pdf.pages[0]!.text).toContain('Versão 1 de 2');
    expect(pdf.pages[1]!.text).toContain('Versão 2 de 2');
    expect(pdf.pages[1]!.text).toContain(set.versions[1]!.code);
    expect(pdf.pages.map((p) => p.text).join('\n')).not.toContain('Gabarito');
    expect(labelsInReadingOrder(pdf.pages[2]!)).toEqual([1, 2]);
    // The missing version's own file, printed with its label, is there for its download too.
    const version2 = await readPdf((await files.get(renderFiles(set.versions[1]!.code).pdf))!);
    expect(version2.pages).toHaveLength(1);
    expect(version2.pages[0]!.text).toContain('Versão 2 de 2');
  });
});
