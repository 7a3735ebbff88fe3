import { useId, useState } from 'react';
import type { CorrectionSheet } from '@app/contracts';
import { rowLabel } from '../sheetText';
import type { PhotoOutcome } from './readerProtocol';
import type { PhotoEntry } from './usePhotoCorrection';

/** What the screen says of each photo. */
export const PHOTO_TEXT = {
  reading: 'lendo…',
  notAnImage: 'este arquivo não é uma foto que o navegador consiga abrir. Envie uma foto (JPG ou PNG).',
  noMarks:
    'não encontramos os quatro quadrados pretos dos cantos da folha. Fotografe a folha inteira, de cima, com boa luz.',
  noQr: 'não conseguimos ler o código QR desta folha. De quem é esta folha?',
  otherSheet: 'esta folha é de outra página. Abra a correção dela pelo código QR da folha.',
  printedBefore: 'esta folha foi impressa antes da leitura pela foto: digite as respostas na tabela.',
  noBoxes: 'esta folha não tem respostas em caixas para ler pela foto: digite as respostas na tabela.',
  notAPdf: 'este PDF não pôde ser aberto. Envie o PDF do scanner ou fotos das folhas.',
} as const;

function outcomeText(entry: PhotoEntry, sheets: readonly CorrectionSheet[]): string {
  const outcome: PhotoOutcome | 'reading' = entry.outcome;
  if (outcome === 'reading') return PHOTO_TEXT.reading;
  if (outcome.kind !== 'read') return PHOTO_TEXT[outcome.kind];
  const sheet = sheets.find((s) => s.n === outcome.n)!;
  const { read, asked } = entry.counts ?? { read: 0, asked: 0 };
  const answers = read === 1 ? '1 resposta lida' : `${read} respostas lidas`;
  const questions = asked === 0 ? '' : asked === 1 ? ', 1 para conferir' : `, ${asked} para conferir`;
  return `folha de ${rowLabel(sheet)}: ${answers}${questions}.`;
}

/** The photos chosen, each with what became of it; one whose QR code was not read asks whose sheet it is. */
export function PhotoList(props: {
  photos: readonly PhotoEntry[];
  sheets: readonly CorrectionSheet[];
  /** The sheets of paper of each child's exercises. */
  papers: number;
  onChoose: (id: number, n: number, paper: number) => void;
}) {
  if (props.photos.length === 0) return null;
  return (
    <ul className="photo-correction__photos" aria-live="polite">
      {props.photos.map((entry) => (
        <li key={entry.id}>
          <strong>{entry.label}:</strong> {outcomeText(entry, props.sheets)}
          {entry.outcome !== 'reading' && entry.outcome.kind === 'noQr' && entry.file && (
            <ChooseSheet
              label={entry.label}
              sheets={props.sheets}
              papers={props.papers}
              onChoose={(n, paper) => props.onChoose(entry.id, n, paper)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Whose sheet a photo is, when its QR code could not be read; and, for exercises on several sheets of paper, which
 * one ("Página 2 de 2", as its foot says: only the first has the QR code).
 */
function ChooseSheet(props: {
  label: string;
  sheets: readonly CorrectionSheet[];
  papers: number;
  onChoose: (n: number, paper: number) => void;
}) {
  const id = useId();
  const [n, setN] = useState(props.sheets[0]!.n);
  const [paper, setPaper] = useState(props.papers > 1 ? 1 : 0);
  return (
    <span className="photo-correction__choose">
      <label htmlFor={id}>Folha da {props.label}</label>
      <select id={id} value={n} onChange={(e) => setN(Number(e.currentTarget.value))}>
        {props.sheets.map((s) => (
          <option key={s.n} value={s.n}>
            {rowLabel(s)}
          </option>
        ))}
      </select>
      {props.papers > 1 && (
        <>
          <label htmlFor={`${id}-paper`}>Página da {props.label}</label>
          <select id={`${id}-paper`} value={paper} onChange={(e) => setPaper(Number(e.currentTarget.value))}>
            {Array.from({ length: props.papers }, (_, i) => (
              <option key={i} value={i}>
                Página {i + 1} de {props.papers}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="button" className="button button--small" onClick={() => props.onChoose(n, paper)}>
        Ler esta folha
      </button>
    </span>
  );
}
