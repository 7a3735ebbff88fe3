import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageAnswers } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import './answers.css';

type Answers = NonNullable<Awaited<ReturnType<typeof api<typeof pageAnswers>>>['payload']>;
type LoaderData = { answers: Answers; message?: undefined } | { answers?: undefined; message: string };

/** The public gabarito a printed sheet's QR code opens: only the answers of a bought page. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<LoaderData> {
  const result = await api(pageAnswers, { query: { code: params.code ?? '' }, signal: request.signal });
  if (result.status !== 'SUCCESS' || !result.payload) return { message: result.message };
  return { answers: result.payload };
}

const SIGNS = { add: '+', sub: '\u2212', mult: '×', div: '÷' } as const;
const number = new Intl.NumberFormat('pt-BR');

function answerText(problem: Answers['problems'][number], level: number): string {
  if (problem.op !== 'div') return number.format(problem.result);
  // Fácil divisions are exact: the sheet asks for no remainder.
  if (level === 0) return `quociente ${number.format(problem.result)}`;
  return `quociente ${number.format(problem.result)}, resto ${number.format(problem.remainder)}`;
}

export default function AnswersScreen() {
  const data = useLoaderData<typeof loader>();
  if (!data.answers) {
    return (
      <Page title="Gabarito">
        <p className="alert alert--error" role="alert">
          {data.message}
        </p>
      </Page>
    );
  }
  const { answers } = data;
  return (
    <Page title="Gabarito" className="answers-page">
      <p className="lead">{answers.title}</p>
      <ol className="answers">
        {answers.problems.map((problem, index) => (
          <li key={index} className="answers__item">
            <span className="answers__index">{index + 1}</span>
            <span className="answers__problem">
              {number.format(problem.a)} {SIGNS[problem.op]} {number.format(problem.b)}
            </span>
            <span className="answers__result">
              {problem.op === 'div' ? '→' : '='} <b>{answerText(problem, answers.level)}</b>
            </span>
          </li>
        ))}
      </ol>
    </Page>
  );
}
