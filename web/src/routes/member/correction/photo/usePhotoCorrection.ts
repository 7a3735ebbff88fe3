import { useEffect, useRef, useState } from 'react';
import { getReadingMaps, type Correction } from '@app/contracts';
import { api } from '../../../../api/client';
import type { CellValue } from '../typed';
import { eachPdfPage, isPdf } from './pdfPages';
import { sheetFromPhoto, type PhotoQuestion } from './photoCells';
import { PhotoReader, type PhotoOutcome, type ReaderSheet, type ReadRequest } from './readerProtocol';

/**
 * "Corrigir pela foto": the photos a teacher chose, each read in turn by the reader's worker, what became of each,
 * and the questions still open. A photo (the File) is held only until it is read, or until the teacher says whose
 * sheet it is when its QR code could not be read; the crops of a question only until it is answered. Nothing of
 * them is sent or stored: leaving the screen drops them all.
 */

export interface PhotoEntry {
  id: number;
  /** The photo's place in the teacher's choice: 'Foto 3'. */
  label: string;
  /** Still being read; then what was read. */
  outcome: PhotoOutcome | 'reading';
  /** What the photo gave, once read: answers read and questions asked. */
  counts?: { read: number; asked: number };
  /** The photo itself (or a scanned page), kept while the teacher must say whose sheet it is. */
  file: Blob | null;
}

export interface PhotoCells {
  putFromPhoto: (version: number, read: ReadonlyArray<{ problem: number; value: CellValue }>) => void;
}

/** The reading maps of the correction's sheets, as the reader takes them. */
async function readerSheets(code: string): Promise<ReaderSheet[] | null> {
  const result = await api(getReadingMaps, { query: { code } });
  if (result.status !== 'SUCCESS' || !result.payload) return null;
  return result.payload.sheets.map((s) => ({
    n: s.n,
    code: s.code,
    maps:
      s.map &&
      s.map.pages.map((paper) => ({
        widthMm: s.map!.widthMm,
        heightMm: s.map!.heightMm,
        boxes: paper.boxes,
      })),
  }));
}

/** The photo reader's worker, started on the first photo, stopped when the screen goes (with what it held). */
function useReader() {
  const reader = useRef<PhotoReader | null>(null);
  useEffect(() => () => reader.current?.close(), []);
  return (request: Omit<ReadRequest, 'id'>) => (reader.current ??= new PhotoReader()).read(request);
}

/**
 * The correction's reading maps, fetched with the first photo and kept, and how many sheets of paper a child's
 * exercises take (a page of situações-problema may take several).
 */
function useReaderSheets(code: string) {
  const sheets = useRef<ReaderSheet[] | null>(null);
  const [papers, setPapers] = useState(1);
  async function load() {
    sheets.current ??= await readerSheets(code).catch(() => null);
    if (sheets.current) setPapers(Math.max(1, ...sheets.current.map((s) => s.maps?.length ?? 1)));
    return sheets.current;
  }
  return { sheets, papers, load };
}

export function usePhotoCorrection(correction: Correction, cells: PhotoCells) {
  const [photos, setPhotos] = useState<PhotoEntry[]>([]);
  const [questions, setQuestions] = useState<PhotoQuestion[]>([]);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const code = correction.code;
  const { sheets, papers, load } = useReaderSheets(code);
  const readPhoto = useReader();
  const counter = useRef(0);
  const photoCount = useRef(0);
  const latestCells = useRef(cells);
  latestCells.current = cells;

  const update = (id: number, change: Partial<PhotoEntry>) =>
    setPhotos((all) => all.map((p) => (p.id === id ? { ...p, ...change } : p)));

  /** Reads one photo (of the sheet and sheet of paper the teacher chose) and puts what it says in the correction. */
  async function readOne(id: number, file: Blob, chosen?: { n: number; paper: number }) {
    update(id, { outcome: 'reading' });
    const outcome = await readPhoto({ image: file, code, sheets: sheets.current!, ...chosen });
    if (outcome.kind !== 'read') {
      update(id, { outcome, file: outcome.kind === 'noQr' ? file : null });
      return;
    }
    const sheet = correction.sheets.find((s) => s.n === outcome.n)!;
    const { cells: read, questions: asked } = sheetFromPhoto(sheet, outcome.rows);
    latestCells.current.putFromPhoto(outcome.n, read);
    // A sheet photographed again replaces the questions of its earlier photo.
    setQuestions((open) => [...open.filter((q) => q.version !== outcome.n), ...asked]);
    update(id, { outcome, file: null, counts: { read: read.length, asked: asked.length } });
  }

  /** A photo (or a scanned page) listed as being read, then read. */
  async function readNew(file: Blob, label: string) {
    const id = ++counter.current;
    setPhotos((all) => [...all, { id, label, outcome: 'reading', file }]);
    await readOne(id, file);
  }

  /** Each page of a scanner's PDF, read in turn as a photo. */
  async function readPdf(file: File) {
    if (await eachPdfPage(file, readNew)) return;
    const id = ++counter.current;
    setPhotos((all) => [...all, { id, label: file.name, outcome: { kind: 'notAPdf' }, file: null }]);
  }

  /** The teacher chose photos (or took one), or a scanner's PDF: each sheet is read in turn. */
  async function addPhotos(files: readonly File[]) {
    if (files.length === 0) return;
    setFailed(false);
    setBusy(true);
    try {
      if (!(await load())) {
        setFailed(true);
        return;
      }
      for (const file of files) {
        if (isPdf(file)) await readPdf(file);
        else await readNew(file, `Foto ${++photoCount.current}`);
      }
    } finally {
      setBusy(false);
    }
  }

  /** Whose sheet a photo is (and which of its sheets of paper), said by the teacher when its QR code could not be read. */
  function chooseSheet(id: number, n: number, paper: number) {
    const file = photos.find((p) => p.id === id)?.file;
    if (file) void readOne(id, file, { n, paper });
  }

  /** A question answered: it goes, with its crops. */
  function closeQuestion(version: number, problem: number) {
    setQuestions((open) => open.filter((q) => q.version !== version || q.problem !== problem));
  }

  return { photos, questions, failed, busy, papers, addPhotos, chooseSheet, closeQuestion };
}
