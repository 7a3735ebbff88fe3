import { describe, expect, it } from 'vitest';
import type { Logger } from '@app/kit';
import { generatePage } from '@app/generator';
import { defaultPageRequest } from '@app/testing';
import { versionJob } from '../../src/domain/assemble-set.js';
import {
  printDocument,
  renderPreview,
  type RenderDeps,
  type RenderJob,
} from '../../src/domain/render-job.js';
import { sheetDocument, type SheetDocument } from '../../src/domain/sheet-html.js';

// A version of a set made for a turma prints the child's name and the turma's on its lines; the job carries the
// child's id only, and the names are asked as the sheet is drawn.

const META = {
  code: 'UNIT',
  answersUrl: 'https://exemplo.com.br/gabarito/UNIT',
  correctionUrl: 'https://exemplo.com.br/corrigir/UNIT',
};
const page = generatePage('semente', defaultPageRequest, 4);
const STUDENT = '00000000-0000-4000-8000-000000000010';
const silent = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Logger;

/** What the name and class lines of a sheet's header read. */
const headerLines = (doc: SheetDocument) => ({
  name: /<span class="field name">Nome:(.*?)<\/span><\/span>/s.exec(doc.body)?.[1],
  turma: /<span class="field class">Turma:(.*?)<\/span><\/span>/s.exec(doc.body)?.[1],
});

describe('a child’s sheet', () => {
  it('prints the child’s name and the turma’s, escaped, with the rule that fits them', () => {
    const doc = sheetDocument(page, { ...META, names: { student: 'Ana <S.>', turma: '3º ano B & C' } });
    expect(headerLines(doc)).toEqual({
      name: '<span class="filled">Ana &#60;S.&#62;',
      turma: '<span class="filled">3º ano B &#38; C',
    });
    expect(doc.css).toContain('.filled');
  });

  it('keeps the blank lines, and the same style sheet as before, without names', () => {
    const doc = sheetDocument(page, META);
    expect(headerLines(doc)).toEqual({ name: '<span class="blank">', turma: '<span class="blank">' });
    expect(doc.css).not.toContain('.filled');
  });

  it('asks the names for the child a job is for, as it draws; none asked for a job without a child', async () => {
    const asked: string[] = [];
    const drawn: SheetDocument[] = [];
    const deps: RenderDeps = {
      pool: {
        async render(sheet: SheetDocument) {
          drawn.push(sheet);
          return { png: Buffer.from('png'), pdf: Buffer.from('pdf'), pages: 2 } as never;
        },
      },
      files: { put: async () => undefined, has: async () => false },
      publicUrl: 'http://localhost:8080',
      prerender: 'off',
      names: async (id) => {
        asked.push(id);
        return id === STUDENT ? { student: 'Bruno L.', turma: '4º ano' } : null;
      },
      logger: silent,
    };
    const job: RenderJob = {
      code: 'V1',
      seed: 'semente',
      options: defaultPageRequest,
      rules: 4,
      version: { n: 1, of: 2 },
      student: { id: STUDENT },
    };
    await renderPreview(deps, job, { working() {} });
    await printDocument(deps, job, { working() {} }, 'set');
    await printDocument(
      deps,
      { ...job, student: { id: '00000000-0000-4000-8000-000000000099' } },
      { working() {} },
      'set',
    );
    await printDocument(deps, { ...job, student: undefined }, { working() {} }, 'set');
    expect(asked).toEqual([STUDENT, STUDENT, '00000000-0000-4000-8000-000000000099']);
    expect(drawn.map((d) => headerLines(d).name)).toEqual([
      '<span class="filled">Bruno L.',
      '<span class="filled">Bruno L.',
      '<span class="blank">',
      '<span class="blank">',
    ]);
  });

  it('keeps the child of each version in the jobs an assembly prints for missing versions', () => {
    const job = {
      setCode: 'SET',
      options: defaultPageRequest,
      rules: 4,
      versions: [
        { code: 'V1', seed: 's1', student: { id: STUDENT } },
        { code: 'V2', seed: 's2' },
      ],
    };
    expect(versionJob(job, 0).student).toEqual({ id: STUDENT });
    expect(versionJob(job, 1).student).toBeUndefined();
  });
});
