import { useEffect, useId, useRef, useState } from 'react';
import type { CorrectionSheet } from '@app/contracts';
import { asksRemainder } from '@app/diagnosis';
import { rgbaFromGray, type GrayImage } from '@app/reader';
import { sheetName } from '../sheetText';
import type { Part } from '../typed';
import type { PhotoQuestion } from './photoCells';

/** A problem the reader was unsure of: its boxes as photographed, and what the teacher says is written there. */
export function QuestionItem(props: {
  question: PhotoQuestion;
  sheet: CorrectionSheet;
  onAnswer: (texts: Record<Part, string>) => string | null;
}) {
  const { question, sheet } = props;
  const id = useId();
  const [result, setResult] = useState(question.guess.result);
  const [remainder, setRemainder] = useState(question.guess.remainder);
  const [refused, setRefused] = useState<string | null>(null);
  const withResto = asksRemainder(sheet.problems[question.problem]!);
  const title = `${sheetName(sheet)}, conta ${question.problem + 1}`;
  const answer = (texts: Record<Part, string>) => setRefused(props.onAnswer(texts));
  return (
    <li className="photo-question" aria-label={title}>
      <p className="photo-question__title">
        {title}:{' '}
        {question.choice
          ? `${question.choice[0].digit} ou ${question.choice[1].digit}?`
          : 'o que está escrito?'}
      </p>
      <div className="photo-question__rows">
        {question.rows.map((row) => (
          <span key={row.part} className="photo-question__row">
            {row.part === 'resto' && <span className="photo-question__part">resto</span>}
            {row.crops.map((crop, i) => (
              <Crop key={i} image={crop} />
            ))}
          </span>
        ))}
      </div>
      {question.choice && <ChoiceButtons choice={question.choice} onChoose={answer} />}
      <form
        className="photo-question__form"
        onSubmit={(e) => {
          e.preventDefault();
          answer({ result, remainder });
        }}
      >
        <label htmlFor={`${id}-result`}>{withResto ? 'Quociente' : 'Resposta'}</label>
        <input
          id={`${id}-result`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={result}
          aria-invalid={refused !== null || undefined}
          onChange={(e) => setResult(e.currentTarget.value)}
        />
        {withResto && (
          <>
            <label htmlFor={`${id}-remainder`}>Resto</label>
            <input
              id={`${id}-remainder`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={remainder}
              onChange={(e) => setRemainder(e.currentTarget.value)}
            />
          </>
        )}
        <button type="submit" className="button button--small">
          Confirmar
        </button>
      </form>
      {refused && (
        <p className="alert alert--error" role="alert">
          {refused}
        </p>
      )}
    </li>
  );
}

/** "7 ou 1?": a button for each reading, with the answer it makes. */
function ChoiceButtons(props: {
  choice: NonNullable<PhotoQuestion['choice']>;
  onChoose: (texts: Record<Part, string>) => void;
}) {
  return (
    <p className="photo-question__choice">
      {props.choice.map((c) => (
        <button
          key={c.digit}
          type="button"
          className="button button--small button--secondary"
          onClick={() => props.onChoose({ result: c.result, remainder: c.remainder })}
        >
          {c.result}
          {c.remainder && ` resto ${c.remainder}`}
        </button>
      ))}
    </p>
  );
}

/** A box's crop, drawn as read (grey levels), at about 4 mm: the teacher sees the child's digit. */
function Crop({ image }: { image: GrayImage }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.putImageData(new ImageData(rgbaFromGray(image), image.width, image.height), 0, 0);
  }, [image]);
  return (
    <canvas
      ref={canvas}
      width={image.width}
      height={image.height}
      className="photo-question__crop"
      aria-hidden
    />
  );
}
