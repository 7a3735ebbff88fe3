import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  buy,
  buySet,
  createPage,
  createPageSet,
  getSetProgress,
  Msg,
  PlatformMessages,
  priceCents,
} from '@app/contracts';
import { centsToReais, formatReais, reaisToCents } from '@app/contracts/format';
import { ApiError, api } from '../../api/client';
import { LevelBadge, levels, type LevelValue } from '../../components/LevelBadge';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { useGlobalDispatch, useGlobalState } from '../../session/GlobalStateProvider';
import { globalActions, type PaymentNotice } from '../../session/globalState';
import { negativeBalanceToBuy } from '../../session/balanceTexts';
import { downloadBoughtPage, downloadBoughtSet } from './boughtPage';
import {
  abortableWait,
  buySetLabel,
  buySetWhilePrinting,
  parseVersions,
  readBuySetAnswer,
  setPreviewCaption,
  setPurchaseDone,
  setTotalText,
  VERSIONS_DEFAULT,
  VERSIONS_MAX,
  VERSIONS_MIN,
  type SetProgressValue,
} from './classSet';
import { SetProgressBar } from './SetProgressBar';
import { PreviewView, usePreview } from './PageThumbnail';
import {
  checkDraft,
  controlOfMessage,
  draftFromCustom,
  draftFromPreset,
  OPERATION_ORDER,
  type Draft,
  type PanelProblem,
} from './personalize/draft';
import SavedSheets, { type SheetOptions } from './personalize/SavedSheets';
import './pages.css';

/** Spec §4: initial → processing (Generate) → generated (a code; editing locked) → payed (after buying). */
type Step = 'initial' | 'processing' | 'generated' | 'payed';
type Operation = 'add' | 'sub' | 'mult' | 'div';
interface Options extends Record<Operation, boolean> {
  answers: boolean;
  level: LevelValue;
  school: boolean;
}

const PRICE = centsToReais(priceCents());
const defaults: Options = {
  add: true,
  sub: true,
  mult: false,
  div: false,
  answers: true,
  level: 1,
  school: false,
};
const operations: ReadonlyArray<{ key: Operation; label: string; sign: string }> = [
  { key: 'add', label: 'Adição', sign: '+' },
  { key: 'sub', label: 'Subtração', sign: '−' },
  { key: 'mult', label: 'Multiplicação', sign: '×' },
  { key: 'div', label: 'Divisão', sign: '÷' },
];

/** Spec §4 timed hint: shown 5 s after editing is locked, for 5 s, then removed after a 0.6 s fade. */
const HINT_DELAY_MS = 5000;
const HINT_VISIBLE_MS = 5000;
const HINT_FADE_MS = 600;
type Hint = 'hidden' | 'shown' | 'fading';

function useEditHint(locked: boolean) {
  const [hint, setHint] = useState<Hint>('hidden');
  useEffect(() => {
    setHint('hidden');
    if (!locked) return;
    const timers = [
      setTimeout(() => setHint('shown'), HINT_DELAY_MS),
      setTimeout(() => setHint('fading'), HINT_DELAY_MS + HINT_VISIBLE_MS),
      setTimeout(() => setHint('hidden'), HINT_DELAY_MS + HINT_VISIBLE_MS + HINT_FADE_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [locked]);
  return [hint, () => setHint('hidden')] as const;
}

/** The panel's controls load when it is first opened (it is closed by default). */
const PersonalizePanel = lazy(() => import('./personalize/PersonalizePanel'));

/**
 * What Minhas Compras hands over with "Gerar outra igual": the bought page's options, to generate at once, and for a
 * class set its number of versions (issue 26).
 */
export interface GenerateAgainState {
  again: SheetOptions;
  versions?: number;
}

/** A generated class set (issue 26): its own code (buy, progress, download) and how many versions it has. */
interface GeneratedSet {
  code: string;
  versions: number;
}

const optionsOf = (sheet: SheetOptions): Options => ({
  add: sheet.add,
  sub: sheet.sub,
  mult: sheet.mult,
  div: sheet.div,
  answers: sheet.answers,
  level: sheet.level,
  school: sheet.school ?? false,
});

export default function ArithmeticExercises() {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useGlobalDispatch();
  const { balance, paymentNotice, balanceDetails } = useGlobalState();
  const [options, setOptions] = useState<Options>(defaults);
  const [step, setStep] = useState<Step>('initial');
  const [editing, setEditing] = useState(true);
  /** The generated page's code; for a class set, its first version's (the preview). */
  const [code, setCode] = useState<string | null>(null);
  /** Issue 26: 'Quantas versões?' as typed (1 is a single page, today's flow). */
  const [versionsText, setVersionsText] = useState(String(VERSIONS_DEFAULT));
  /** The generated class set, when more than one version was asked for. */
  const [generatedSet, setGeneratedSet] = useState<GeneratedSet | null>(null);
  /** The set's printing while it is bought ('Gerando versão 12 de 30'); null when not buying a set. */
  const [setProgress, setSetProgress] = useState<SetProgressValue | null>(null);
  const [buying, setBuying] = useState(false);
  const [warningClosed, setWarningClosed] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  /** Why the last generation failed, as said beside the button (null: it did not). */
  const [generationFailed, setGenerationFailed] = useState<string | null>(null);
  const [hint, closeHint] = useEditHint(!editing);
  /** "Personalizar" (issue 25): null while closed (the spec's builder, the level's preset). */
  const [draft, setDraftState] = useState<Draft | null>(null);
  /** The server's refusal of the panel's options, beside the control whose check gives its message. */
  const [refusal, setRefusal] = useState<PanelProblem | null>(null);

  const anyOperation = operations.some((op) => options[op.key]);
  const checked = OPERATION_ORDER.filter((op) => options[op]);
  const panel = draft ? checkDraft(checked, draft) : null;
  const problems = panel?.problems ?? [];
  const versions = parseVersions(versionsText);
  // Spec §4: only processing or no operation disables it; once locked, it makes another page with the same options.
  // With the panel open, a problem of its options disables it too (each said beside its control); so does a number
  // of versions outside 1 to 40.
  const canGenerate = step !== 'processing' && anyOperation && problems.length === 0 && versions !== null;
  // What the generated page (or the whole set) costs.
  const price = generatedSet ? centsToReais(priceCents(generatedSet.versions)) : PRICE;
  // An unknown balance (still loading) neither enables buying nor warns.
  const canBuy = step === 'generated' && code !== null && balance !== null && balance >= price && !buying;
  const showBalanceWarning = step === 'generated' && balance !== null && balance < price && !warningClosed;
  const workArea = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const messages = useRef<HTMLDivElement>(null);

  // On a phone the preview sits below the form: once the page is generated (or has failed), its preview and the
  // buttons under it come to the top of the screen, with room below for the messages (issue 28). Left alone when
  // they are already in view (a desktop), so nothing jumps.
  useEffect(() => {
    if (step !== 'generated' && !generationFailed) return;
    const area = workArea.current;
    if (!area) return;
    const box = area.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    area.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [step, code, generationFailed]);

  // A purchase's outcome shows where the member is looking: beside the buttons, scrolled into view if need be.
  // So does a set's progress bar when its purchase starts.
  const showsProgress = setProgress !== null;
  useEffect(() => {
    if (notice || showsProgress)
      messages.current?.scrollIntoView({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [notice, showsProgress]);

  // "Gerar outra igual" (Minhas Compras): the bought page's options, and a new page of them at once. Once: the
  // history entry forgets them, so that going back or reloading does not generate again.
  const handedOver = location.state as Partial<GenerateAgainState> | null;
  const again = handedOver?.again;
  const generatedAgain = useRef(false);
  useEffect(() => {
    if (!again || generatedAgain.current) return;
    generatedAgain.current = true;
    void navigate(location.pathname, { replace: true, state: null });
    const next = optionsOf(again);
    const nextDraft = again.custom ? draftFromCustom(again.custom, again.level) : null;
    // A class set: as many versions as it had (issue 26).
    const nextVersions = parseVersions(String(handedOver?.versions ?? VERSIONS_DEFAULT)) ?? VERSIONS_DEFAULT;
    setOptions(next);
    setDraftState(nextDraft);
    setVersionsText(String(nextVersions));
    void generate(next, nextDraft, nextVersions);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the options handed over
  }, [again]);

  function setDraft(next: Draft | null) {
    setRefusal(null);
    setDraftState(next);
  }

  /** A saved sheet's options in the builder (the panel opens with its custom options, or closes). */
  function startFrom(sheet: SheetOptions) {
    setRefusal(null);
    setOptions(optionsOf(sheet));
    setDraftState(sheet.custom ? draftFromCustom(sheet.custom, sheet.level) : null);
  }

  /** The body: the spec's {add, sub, mult, div, answers, level}, `school` only when asked for, `custom` while open. */
  function bodyOf(opts: Options, panelDraft: Draft | null): SheetOptions | null {
    const { school, ...body } = opts;
    const withSchool = school ? opts : body;
    if (!panelDraft) return withSchool;
    const custom = checkDraft(
      OPERATION_ORDER.filter((op) => opts[op]),
      panelDraft,
    ).body;
    return custom ? { ...withSchool, custom } : null;
  }

  async function generate(
    opts: Options = options,
    panelDraft: Draft | null = draft,
    count: number | null = versions,
  ) {
    const body = bodyOf(opts, panelDraft);
    if (!body || count === null) return;
    setStep('processing');
    setNotice(null);
    setGenerationFailed(null);
    setRefusal(null);
    setWarningClosed(false);
    try {
      // One version is today's single page (POST /api/page); more are a class set (POST /api/pageSet, issue 26).
      const result =
        count > 1
          ? await api(createPageSet, { body: { ...body, versions: count } })
          : await api(createPage, { body });
      if (result.httpStatus === 401) return navigate(paths.login);
      // The panel's options refused (400): the message beside the control whose check gives it, else the button.
      if (result.httpStatus === 400 && result.message && body.custom) {
        const control = controlOfMessage(
          result.message,
          OPERATION_ORDER.filter((op) => opts[op]),
          checkDraft(
            OPERATION_ORDER.filter((op) => opts[op]),
            panelDraft!,
          ).custom,
        );
        if (!control) return failGeneration(result.message);
        failGeneration(null);
        return setRefusal({ control, message: result.message });
      }
      // A class set refused (400: e.g. too few different pages for that many versions): the server's own words.
      if (result.httpStatus === 400 && result.message && count > 1) return failGeneration(result.message);
      // Too many pages at once (429, issue 23): the server's own words say what to wait for.
      if (result.httpStatus === 429 && result.message) return failGeneration(result.message);
      if (result.status !== 'SUCCESS' || !result.payload) return failGeneration();
      if (typeof result.payload === 'string') {
        setCode(result.payload);
        setGeneratedSet(null);
      } else {
        const first = result.payload.codes[0];
        if (!first) return failGeneration();
        setCode(first);
        setGeneratedSet({ code: result.payload.code, versions: result.payload.codes.length });
      }
      setEditing(false);
      setStep('generated');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failGeneration();
    }
  }

  /**
   * A server error or a lost connection: say so where the preview was to appear (next to the button on a phone,
   * not at the top of the page), and leave the form as it was, ready to try again.
   */
  function failGeneration(message: string | null = Msg.pageGenerationFailed) {
    setCode(null);
    setGeneratedSet(null);
    setEditing(true);
    setStep('initial');
    setGenerationFailed(message);
  }

  async function purchase() {
    if (!code) return;
    if (generatedSet) return purchaseSet(generatedSet);
    setBuying(true);
    setNotice(null);
    try {
      const result = await api(buy, { body: { code } });
      if (result.httpStatus === 401) return navigate(paths.logout);
      if (result.status !== 'SUCCESS') return setNotice({ kind: 'error', text: result.message });
      // The answer carries the new balance: show it at once (the refresh below confirms it).
      if (result.payload) dispatch(globalActions.setBalance(result.payload.balance));
      const failure = await downloadBoughtPage(code);
      setNotice(failure ? { kind: 'error', text: failure } : { kind: 'success', text: Msg.purchaseDone });
      setCode(null);
      setEditing(true);
      setStep('payed');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setNotice({ kind: 'error', text: PlatformMessages.unavailable });
    } finally {
      setBuying(false);
      dispatch(globalActions.refreshBalance());
    }
  }

  /**
   * Issue 26: buys the whole set while its versions print (every pdf-worker takes some), polling its progress for
   * the bar; a 503 while it prints asks again. The one debit happens once the file is made; then it downloads.
   */
  async function purchaseSet(current: GeneratedSet) {
    setBuying(true);
    setNotice(null);
    setSetProgress({ done: 0, total: current.versions, ready: false });
    try {
      const answer = await buySetWhilePrinting({
        buy: async () => readBuySetAnswer(await api(buySet, { body: { code: current.code } })),
        progress: async () => {
          const result = await api(getSetProgress, { query: { code: current.code } });
          return result.status === 'SUCCESS' && result.payload ? result.payload : null;
        },
        onProgress: setSetProgress,
        wait: abortableWait,
        now: () => Date.now(),
      });
      if (answer.kind === 'failed') {
        if (answer.httpStatus === 401) return navigate(paths.logout);
        return setNotice({ kind: 'error', text: answer.message });
      }
      dispatch(globalActions.setBalance(answer.balance));
      setSetProgress({ done: current.versions, total: current.versions, ready: true });
      const failure = await downloadBoughtSet(current.code, current.versions);
      setNotice(
        failure
          ? { kind: 'error', text: failure }
          : { kind: 'success', text: setPurchaseDone(current.versions) },
      );
      setCode(null);
      setGeneratedSet(null);
      setEditing(true);
      setStep('payed');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setNotice({ kind: 'error', text: PlatformMessages.unavailable });
    } finally {
      setSetProgress(null);
      setBuying(false);
      dispatch(globalActions.refreshBalance());
    }
  }

  const set = <K extends keyof Options>(key: K, value: Options[K]) => {
    setRefusal(null);
    setOptions((o) => ({ ...o, [key]: value }));
  };
  const locked = !editing || step === 'processing';
  const saveable: { options: SheetOptions } | { reason: string } = !anyOperation
    ? { reason: 'Marque pelo menos uma operação para salvar estas opções.' }
    : problems.length
      ? { reason: 'Corrija as opções indicadas acima para salvar.' }
      : { options: bodyOf(options, draft)! };

  return (
    <Page title="Exercícios de Aritmética" className="builder">
      {paymentNotice && (
        <PaymentNoticeAlert
          notice={paymentNotice}
          onClose={() => dispatch(globalActions.setPaymentNotice(null))}
        />
      )}
      <p className="lead">Escolha as operações e o nível, gere a página e veja a prévia antes de comprar.</p>

      <form
        className={draft ? 'builder__body builder__body--long' : 'builder__body'}
        onSubmit={(event) => {
          event.preventDefault();
          if (canGenerate) void generate();
        }}
      >
        <div className="builder__form">
          <fieldset disabled={!editing || step === 'processing'} className="builder__options">
            <legend>Operações</legend>
            {operations.map((op) => (
              <label key={op.key} className="choice">
                <input
                  type="checkbox"
                  checked={options[op.key]}
                  onChange={(e) => set(op.key, e.target.checked)}
                />
                <span className="choice__sign" aria-hidden="true">
                  {op.sign}
                </span>
                {op.label}
              </label>
            ))}
          </fieldset>

          <fieldset disabled={!editing || step === 'processing'} className="builder__options">
            <legend>Nível</legend>
            {levels.map((level) => (
              <label key={level.value} className="choice">
                <input
                  type="radio"
                  name="level"
                  checked={options.level === level.value}
                  onChange={() => set('level', level.value)}
                />
                <LevelBadge level={level.value} />
                <span className="choice__note">{level.grades}</span>
              </label>
            ))}
          </fieldset>

          <fieldset disabled={!editing || step === 'processing'} className="builder__options">
            <legend>Folha</legend>
            <label className="choice">
              <input
                type="checkbox"
                checked={options.answers}
                onChange={(e) => set('answers', e.target.checked)}
              />
              Incluir gabarito (respostas na 2ª página)
            </label>
            <label className="choice">
              <input
                type="checkbox"
                checked={options.school}
                onChange={(e) => set('school', e.target.checked)}
              />
              Incluir campos Escola e Professor(a)
            </label>
          </fieldset>

          <VersionsField
            value={versionsText}
            versions={versions}
            disabled={locked}
            onChange={(text) => {
              setRefusal(null);
              setVersionsText(text);
            }}
          />

          <div className="personalize-toggle">
            <button
              type="button"
              className="button button--secondary button--compact"
              aria-expanded={draft !== null}
              aria-controls={panelId}
              disabled={locked}
              onClick={() => setDraft(draft ? null : draftFromPreset(options.level))}
            >
              <span aria-hidden="true">{draft ? '▾' : '▸'}</span> Personalizar
            </button>
            <p className="personalize-toggle__note">
              {draft
                ? 'Fechar volta às contas do nível escolhido.'
                : 'Escolha tabuadas, reserva, formato, quantidade e letra grande.'}
            </p>
          </div>
          <div id={panelId}>
            {draft && (
              <Suspense fallback={<p className="personalize-toggle__note">Carregando as opções…</p>}>
                <PersonalizePanel
                  operations={checked}
                  draft={draft}
                  onChange={setDraft}
                  problems={refusal?.control ? [...problems, refusal] : problems}
                  disabled={locked}
                  answers={options.answers}
                />
              </Suspense>
            )}
          </div>

          <SavedSheets current={saveable} canLoad={!locked} onLoad={(sheet) => startFrom(sheet.options)} />
        </div>

        {/*
          Issue 28: the preview with the buttons right under it, so that after 'Gerar página' both are on the screen
          at once; the messages (the purchase's outcome, the insufficient-balance warning, the timed hint) come below
          the buttons, in the flow: they never cover a control, and appearing they move nothing above them.
        */}
        <div className="builder__work">
          <div className="builder__work-area" ref={workArea}>
            <div className="builder__preview" aria-label="Pré-visualização">
              {generationFailed && (
                <p className="alert alert--error" role="alert">
                  {generationFailed}
                </p>
              )}
              {problems.some((problem) => problem.control !== null) && (
                <p className="alert" role="status">
                  Para gerar a página, corrija o que está indicado em Personalizar.
                </p>
              )}
              {problems
                .filter((problem) => problem.control === null)
                .map((problem) => (
                  <p key={problem.message} className="alert alert--error" role="alert">
                    {problem.message}
                  </p>
                ))}
              {code ? (
                <BuilderPreview code={code} versions={generatedSet?.versions ?? 1} />
              ) : (
                <div
                  className={
                    step === 'processing'
                      ? 'page-thumb page-thumb--empty'
                      : 'page-thumb page-thumb--empty page-thumb--idle'
                  }
                >
                  {step === 'processing' ? (
                    <>
                      <span className="spinner" aria-hidden="true" />
                      {versions !== null && versions > 1 ? `Gerando ${versions} versões…` : 'Gerando página…'}
                    </>
                  ) : (
                    'A prévia da página aparece aqui.'
                  )}
                </div>
              )}
            </div>
            <div className="actions builder__actions">
              <button type="submit" className="button" disabled={!canGenerate}>
                {step === 'processing'
                  ? 'Gerando…'
                  : versions !== null && versions > 1
                    ? `Gerar ${versions} versões`
                    : 'Gerar página'}
              </button>
              {!editing && (
                <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                  Editar
                </button>
              )}
              <button
                type="button"
                className="button button--accent"
                disabled={!canBuy}
                onClick={() => void purchase()}
              >
                {buying
                  ? 'Comprando…'
                  : generatedSet
                    ? buySetLabel(generatedSet.versions)
                    : // Before generating, what the versions asked for will cost.
                      !code && versions !== null && versions > 1
                      ? buySetLabel(versions)
                      : `Comprar por ${formatReais(PRICE)}`}
              </button>
            </div>
          </div>

          <div className="builder__messages" ref={messages}>
            {setProgress && <SetProgressBar progress={setProgress} />}
            {notice && (
              <p
                className={`alert alert--${notice.kind}`}
                role={notice.kind === 'error' ? 'alert' : 'status'}
                data-message
              >
                {notice.text}
              </p>
            )}
            {showBalanceWarning && (
              <div className="alert alert--warning closable" role="alert" data-message>
                <div className="alert__text">
                  <p>{Msg.insufficientBalance}</p>
                  {generatedSet && <p className="alert__detail">{setTotalText(generatedSet.versions)}</p>}
                  {balance !== null && balance < 0 && (
                    <p className="alert__detail">
                      {negativeBalanceToBuy(balance, balanceDetails, reaisToCents(price))}
                    </p>
                  )}
                </div>
                <Link to={paths.addBalance} className="button button--accent button--small">
                  Adicionar Saldo
                </Link>
                <CloseButton onClick={() => setWarningClosed(true)} />
              </div>
            )}
            {hint !== 'hidden' && (
              <div
                className={hint === 'fading' ? 'alert closable hint hint--fading' : 'alert closable hint'}
                role="status"
                data-message
              >
                <p>Para mudar as opções desta página, clique em Editar.</p>
                <CloseButton onClick={closeHint} />
              </div>
            )}
          </div>
        </div>
      </form>
    </Page>
  );
}

/** The outcome of the payment the user came back with from Mercado Pago (/pagamento-sucesso), until closed. */
function PaymentNoticeAlert({ notice, onClose }: { notice: PaymentNotice; onClose: () => void }) {
  const { kind, text } = describePayment(notice);
  return (
    <div
      className={`alert alert--${kind} closable`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-outcome={notice.outcome}
    >
      <p>{text}</p>
      {notice.outcome === 'rejected' && (
        <Link to={paths.addBalance} className="button button--small" onClick={onClose}>
          {Msg.paymentTryAgain}
        </Link>
      )}
      <CloseButton onClick={onClose} />
    </div>
  );
}

function describePayment({ outcome, amount, alreadyAdded }: PaymentNotice): {
  kind: 'success' | 'info' | 'error';
  text: string;
} {
  switch (outcome) {
    case 'approved':
      // A return link opened again: nothing more was added, and the screen says so (issue 28).
      if (alreadyAdded && amount !== null)
        return {
          kind: 'info',
          text: Msg.paymentOutcomeAlreadyAdded(formatReais(amount).replace(' ', '\u00a0')),
        };
      return {
        kind: 'success',
        // A no-break space keeps 'R$' and the value on one line on a phone.
        text:
          amount === null
            ? Msg.paymentCredited
            : Msg.paymentOutcomeApproved(formatReais(amount).replace(' ', '\u00a0')),
      };
    case 'pending':
      return { kind: 'info', text: Msg.paymentOutcomePending };
    case 'rejected':
      return { kind: 'error', text: Msg.paymentOutcomeRejected };
    case 'mismatch':
      return { kind: 'error', text: Msg.paymentMismatch };
    case 'not_found':
      return { kind: 'error', text: Msg.paymentNotFound };
    case 'unknown':
      return { kind: 'info', text: Msg.paymentOutcomeUnknown };
  }
}

function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="close-button" aria-label="Fechar" onClick={onClick}>
      ×
    </button>
  );
}

/**
 * 'Quantas versões?' (issue 26): 1 to 40, one sheet for each student; 1 is a single page. With more, the total
 * ('Total: R$ 15,00 por 30 versões'); outside 1 to 40, why it cannot generate.
 */
function VersionsField({
  value,
  versions,
  disabled,
  onChange,
}: {
  value: string;
  versions: number | null;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  const id = useId();
  const invalid = versions === null;
  return (
    <fieldset disabled={disabled} className="builder__options versions">
      <legend>Versões</legend>
      <label htmlFor={`${id}-input`} className="versions__label">
        Quantas versões?
      </label>
      <div className="versions__row">
        <input
          id={`${id}-input`}
          className="versions__input"
          type="number"
          inputMode="numeric"
          min={VERSIONS_MIN}
          max={VERSIONS_MAX}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint ${id}-total`}
        />
        <p id={`${id}-hint`} className="versions__hint">
          Uma folha diferente para cada aluno (de {VERSIONS_MIN} a {VERSIONS_MAX}, {formatReais(PRICE)} cada).
        </p>
      </div>
      <p id={`${id}-total`} className="versions__total" aria-live="polite">
        {versions !== null && versions > 1 ? setTotalText(versions) : ''}
      </p>
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {Msg.setVersionsRange}
        </p>
      )}
    </fieldset>
  );
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The generated page's preview, and a button that opens it large (issue 28): a modal dialog with the image as big as
 * the screen allows; Esc, the close button or a click outside it closes it.
 */
function BuilderPreview({ code, versions }: { code: string; versions: number }) {
  const preview = usePreview(code);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <div className="preview-frame">
        <PreviewView
          preview={preview}
          alt={
            versions > 1 ? `Pré-visualização da versão 1 de ${versions}` : 'Pré-visualização da página gerada'
          }
        />
        {preview.state === 'ready' && (
          <>
            <button type="button" className="preview-zoom" onClick={() => dialog.current?.showModal()}>
              <span aria-hidden="true">⤢</span> {Msg.previewEnlarge}
            </button>
            <dialog
              ref={dialog}
              className="preview-dialog"
              aria-labelledby={titleId}
              onClick={(event) => {
                if (event.target === event.currentTarget) event.currentTarget.close();
              }}
            >
              <div className="preview-dialog__bar">
                <h2 id={titleId}>{Msg.previewDialogTitle}</h2>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => dialog.current?.close()}
                >
                  {Msg.previewClose}
                </button>
              </div>
              <img
                className="preview-dialog__image"
                src={preview.url}
                alt="Página gerada em tamanho grande"
              />
            </dialog>
          </>
        )}
      </div>
      {/* Issue 26: a class set previews its first version and says how many follow. */}
      {versions > 1 && <p className="set-caption">{setPreviewCaption(versions)}</p>}
    </>
  );
}
