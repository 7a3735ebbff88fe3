import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Msg, pageAnswers } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { signInReturningTo } from '../account/returnAfterSignIn';
import './answers.css';

type Answers = NonNullable<Awaited<ReturnType<typeof api<typeof pageAnswers>>>['payload']>;
type LoaderData =
  | { answers: Answers; message?: undefined; signIn?: undefined }
  | { answers?: undefined; message: string; signIn?: string };

/**
 * The gabarito a printed sheet's QR code opens: the answers of a bought page, for the account that bought it (and
 * the admin). Anyone else (a student with a phone) reads a message to sign in with the buyer's account, and a
 * button that comes back here once signed in (issue 24).
 */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<LoaderData> {
  const code = params.code ?? '';
  const result = await api(pageAnswers, { query: { code }, signal: request.signal });
  if (result.status === 'SUCCESS' && result.payload) return { answers: result.payload };
  if (result.httpStatus === 401 || result.httpStatus === 403) {
    return { message: result.message, signIn: signInReturningTo(new URL(request.url).pathname) };
  }
  return { message: result.message };
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
        <p className={data.signIn ? 'alert' : 'alert alert--error'} role="alert">
          {data.message}
        </p>
        {data.signIn && (
          <p className="answers-sign-in">
            <Link className="button" to={data.signIn}>
              {Msg.answersSignIn}
            </Link>
          </p>
        )}
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
