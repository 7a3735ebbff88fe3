import { generatePath, Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { Msg, pageAnswers } from '@app/contracts';
import { api } from '../../api/client';
import { LevelBadge } from '../../components/LevelBadge';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { signInReturningTo } from '../account/returnAfterSignIn';
import { answerText, contaText, problemText, unbroken, type AnsweredConta } from './answersText';
import './answers.css';

type Answers = NonNullable<Awaited<ReturnType<typeof api<typeof pageAnswers>>>['payload']>;
type LoaderData =
  | { answers: Answers; message?: undefined; signIn?: undefined }
  | { answers?: undefined; message: string; signIn?: string };

/**
 * The gabarito a printed sheet's QR code opens: the answers of a bought page, for the account that bought it (and
 * the admin). Anyone else (a student with a phone) reads a message to sign in with the buyer's account, and a
 * button that comes back here once signed in.
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

type Answered = Answers['problems'][number];

/**
 * A situação-problema: its text and question, the conta that answers it (a problem in two steps: both,
 * in the order they are done) and the answer as a sentence with its unit, as the printed gabarito has them.
 */
function WordAnswer({ problem, index }: { problem: Answered; index: number }) {
  const word = problem.word!;
  const contas: AnsweredConta[] = word.steps ?? [problem];
  return (
    <li className="answers__item answers__item--word">
      <span className="answers__index">{index + 1}</span>
      <div className="answers__word">
        <p className="answers__statement">
          {unbroken(word.statement)} <span className="answers__question">{unbroken(word.question)}</span>
        </p>
        {contas.length === 1 ? (
          <p className="answers__conta">
            <span className="answers__label">Conta:</span> {contaText(contas[0]!)}
          </p>
        ) : (
          <ol className="answers__steps" aria-label="Contas, na ordem">
            {contas.map((conta, step) => (
              <li key={step} className="answers__conta">
                <span className="answers__label">{step + 1}ª conta:</span> {contaText(conta)}
              </li>
            ))}
          </ol>
        )}
        <p className="answers__sentence">
          <span className="answers__label">Resposta:</span> <b>{unbroken(word.answerSentence)}</b>
        </p>
      </div>
    </li>
  );
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
  return <AnswersList answers={answers} />;
}

/**
 * The answers, and for their buyer on a phone (the sheet's QR code opens this page) the way to type what this child
 * wrote: Correção rápida of this sheet (a version's code opens its set there, at its row).
 */
function AnswersList({ answers }: { answers: Answers }) {
  const code = useParams().code ?? '';
  return (
    <Page title="Gabarito" className="answers-page">
      <p className="lead answers__name">
        <span>{answers.title}</span>
        {answers.version && <b className="answers__version">{answers.version}</b>}
        <LevelBadge level={answers.level} custom={answers.custom} />
      </p>
      <p className="answers__correct">
        <Link className="button button--secondary" to={generatePath(paths.correction, { code })}>
          Corrigir esta folha
        </Link>
      </p>
      <ol className={answers.problems.some((problem) => problem.word) ? 'answers answers--words' : 'answers'}>
        {answers.problems.map((problem, index) =>
          problem.word ? (
            <WordAnswer key={index} problem={problem} index={index} />
          ) : (
            <li key={index} className="answers__item">
              <span className="answers__index">{index + 1}</span>
              <span className="answers__problem">{problemText(problem)}</span>
              <span className="answers__result">
                {problem.op === 'div' ? '→' : '='} <b>{answerText(problem, answers.level)}</b>
              </span>
            </li>
          ),
        )}
      </ol>
    </Page>
  );
}
