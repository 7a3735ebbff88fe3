import type { ReadingMap } from '@app/reader';
import type { ReadRow } from './photoCells';

/** What the page asks the photo reader (reader.worker.ts) and what it answers. */

export interface ReaderSheet {
  n: number;
  /** The sheet's own code (its QR code's). */
  code: string;
  /**
   * Where its answer boxes are, one map for each sheet of paper of its exercises (a page of situações-problema may
   * take several); null for a sheet printed before sheets were made to be read.
   */
  maps: ReadingMap[] | null;
}

export interface ReadRequest {
  id: number;
  image: Blob;
  /** The page's or the set's code (a page's QR code holds it). */
  code: string;
  sheets: ReaderSheet[];
  /** The sheet the teacher said the photo is of (its QR code could not be read); absent, the QR code says. */
  n?: number;
  /**
   * Which of its sheets of paper, from 0, as the teacher said: the QR code is on the first only (the others say
   * "Página 2 de 2" at their foot); absent, the first.
   */
  paper?: number;
}

export type PhotoOutcome =
  | { kind: 'read'; n: number; rows: ReadRow[] }
  /** The file is no image the browser can open. */
  | { kind: 'notAnImage' }
  /** The four corner marks are not all in the photo. */
  | { kind: 'noMarks' }
  /** The QR code could not be read: the teacher says whose sheet it is. */
  | { kind: 'noQr' }
  /** The QR code is another page's. */
  | { kind: 'otherSheet' }
  /** A sheet printed before the answer boxes: typed by hand. */
  | { kind: 'printedBefore'; n: number }
  /** A sheet without any answer in boxes (decimal facts before rules 9, roomy "Arme e efetue"): typed by hand. */
  | { kind: 'noBoxes'; n: number }
  /** A file named .pdf that pdf.js could not open (said by the page, before any reading). */
  | { kind: 'notAPdf' };

/**
 * The map of the sheet of paper a photo is of (`paper`, from 0), or why nothing on it can be read: the sheet was
 * printed before sheets were made to be read, or it has no answer in boxes (decimal facts printed before rules 9,
 * contas of "Arme e efetue" too tall for the boxes beside them): its answers are typed in the grid.
 */
export function paperMap(sheet: ReaderSheet, paper = 0): ReadingMap | 'printedBefore' | 'noBoxes' {
  const map = sheet.maps?.[paper];
  if (!map) return 'printedBefore';
  return map.boxes.length === 0 ? 'noBoxes' : map;
}

export interface ReadResponse {
  id: number;
  outcome: PhotoOutcome;
}

/**
 * The reader's worker, started on the first photo and kept for the next: each request answered once, in the order
 * asked.
 */
export class PhotoReader {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, (outcome: PhotoOutcome) => void>();

  read(request: Omit<ReadRequest, 'id'>): Promise<PhotoOutcome> {
    if (!this.worker) {
      this.worker = new Worker(new URL('./reader.worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<ReadResponse>) => {
        this.waiting.get(event.data.id)?.(event.data.outcome);
        this.waiting.delete(event.data.id);
      };
    }
    const id = this.next++;
    const worker = this.worker;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ ...request, id } satisfies ReadRequest);
    });
  }

  /** Stops the worker: what it held of the photos goes with it. */
  close() {
    this.worker?.terminate();
    this.worker = null;
    this.waiting.clear();
  }
}
