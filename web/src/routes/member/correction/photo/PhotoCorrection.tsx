import { useId } from 'react';
import type { Correction } from '@app/contracts';
import { rowLabel } from '../sheetText';
import type { Part } from '../typed';
import { CameraCapture } from './CameraCapture';
import { PhotoList } from './PhotoList';
import { QuestionItem } from './QuestionItem';
import { usePhotoCorrection, type PhotoCells } from './usePhotoCorrection';
import './photo.css';

/** Said when the sheets' reading maps could not be fetched. */
export const PHOTO_FAILED =
  'Não foi possível preparar a leitura das fotos. Verifique sua conexão e tente de novo.';

export interface PhotoCorrectionProps extends PhotoCells {
  correction: Correction;
  /** The teacher's answer to a question: null when taken, else why it is no answer. */
  answer: (version: number, problem: number, texts: Record<Part, string>) => string | null;
  /** Confirms what was read from a sheet's photo. */
  confirmPhoto: (version: number) => void;
  /** The versions with cells still marked "lido da foto". */
  unconfirmed: readonly number[];
}

/**
 * "Corrigir pela foto" on the correction screen: photos of the filled sheets (the phone's camera through the file
 * picker or live in the page, or files), read in this browser; what is read goes into the grid marked "lido da foto", what is unsure is asked here, cropped.
 */
export function PhotoCorrection(props: PhotoCorrectionProps) {
  const { correction } = props;
  const headingId = useId();
  const { photos, questions, failed, busy, papers, addPhotos, chooseSheet, closeQuestion } =
    usePhotoCorrection(correction, props);
  const asking = new Set(questions.map((q) => q.version));
  const toConfirm = props.unconfirmed.filter((n) => !asking.has(n));
  return (
    <section className="photo-correction" aria-labelledby={headingId}>
      <h2 id={headingId}>Corrigir pela foto</h2>
      <p className="photo-correction__help">
        Fotografe cada folha preenchida inteira, de cima, com os quatro quadrados pretos dos cantos
        aparecendo, ou escolha o PDF do scanner da escola. As fotos são lidas neste aparelho: não são enviadas
        nem guardadas.
      </p>
      <div className="photo-correction__inputs">
        <PickPhotos onPick={(files) => void addPhotos(files)} />
        <CameraCapture onShot={(photo) => void addPhotos([photo])} />
      </div>
      {busy && (
        <p className="photo-correction__busy" role="status">
          Lendo as folhas…
        </p>
      )}
      {failed && (
        <p className="alert alert--error" role="alert">
          {PHOTO_FAILED}
        </p>
      )}
      <PhotoList photos={photos} sheets={correction.sheets} papers={papers} onChoose={chooseSheet} />
      {questions.length > 0 && (
        <div className="photo-correction__questions">
          <h3>Para conferir ({questions.length})</h3>
          <ul>
            {questions.map((q) => (
              <QuestionItem
                key={`${q.version}:${q.problem}`}
                question={q}
                sheet={correction.sheets.find((s) => s.n === q.version)!}
                onAnswer={(texts) => {
                  const refused = props.answer(q.version, q.problem, texts);
                  if (refused === null) closeQuestion(q.version, q.problem);
                  return refused;
                }}
              />
            ))}
          </ul>
        </div>
      )}
      {toConfirm.length > 0 && (
        <div className="photo-correction__confirm">
          <p>
            As respostas lidas da foto aparecem na tabela como “lido da foto”. Confira cada folha e confirme
            (ou corrija na tabela).
          </p>
          {toConfirm.map((n) => {
            const sheet = correction.sheets.find((s) => s.n === n)!;
            return (
              <button
                key={n}
                type="button"
                className="button button--small"
                onClick={() => props.confirmPhoto(n)}
              >
                Confirmar a folha de {rowLabel(sheet)}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** The button that opens the phone's camera or the files (photos, a scanner's PDF). */
function PickPhotos({ onPick }: { onPick: (files: File[]) => void }) {
  return (
    <label className="button button--secondary photo-correction__pick">
      Fotografar ou escolher arquivos
      <input
        type="file"
        accept="image/*,application/pdf"
        multiple
        className="photo-correction__file"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          onPick(files);
        }}
      />
    </label>
  );
}
