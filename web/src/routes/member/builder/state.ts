import { priceCents } from '@app/contracts';
import { centsToReais } from '@app/contracts/format';
import type { LevelValue } from '../../../components/LevelBadge';
import { VERSIONS_DEFAULT, type SetProgressValue } from '../classSet';
import type { Draft } from '../personalize/draft';
import type { PanelProblem } from '../personalize/problems';
import type { SheetOptions } from '../personalize/useSavedSheets';
import { versionsTextWith, type ChosenTurma } from './turmaSet';

/**
 * The builder's state as one reducer: the steps initial → processing (Gerar página) → generated (a code; editing
 * locked) → payed (after buying), the options, the panel's draft, the class set and the purchase's messages.
 */
export type Step = 'initial' | 'processing' | 'generated' | 'payed';
export type Operation = 'add' | 'sub' | 'mult' | 'div';
export interface Options extends Record<Operation, boolean> {
  answers: boolean;
  level: LevelValue;
  school: boolean;
}

export const PRICE = centsToReais(priceCents());
export const defaults: Options = {
  add: true,
  sub: true,
  mult: false,
  div: false,
  answers: true,
  level: 1,
  school: false,
};
export const operations: ReadonlyArray<{ key: Operation; label: string; sign: string }> = [
  { key: 'add', label: 'Adição', sign: '+' },
  { key: 'sub', label: 'Subtração', sign: '−' },
  { key: 'mult', label: 'Multiplicação', sign: '×' },
  { key: 'div', label: 'Divisão', sign: '÷' },
];

/** A generated class set: its own code (buy, progress, download) and how many versions it has. */
export interface GeneratedSet {
  code: string;
  versions: number;
  /** Made for a turma: its name (version N carries child N's name). */
  turmaName?: string;
}

export type Notice = { kind: 'success' | 'error'; text: string } | null;

export interface BuilderState {
  options: Options;
  step: Step;
  editing: boolean;
  /** The generated page's code; for a class set, its first version's (the preview). */
  code: string | null;
  /** 'Quantas versões?' as typed (1 is a single page); with a turma chosen, its number of children. */
  versionsText: string;
  /** "Para a turma": the turma the set is for (one version per child, each with its name), or none. */
  turma: ChosenTurma | null;
  /** The generated class set, when more than one version was asked for. */
  generatedSet: GeneratedSet | null;
  /** The set's printing while it is bought ('Gerando versão 12 de 30'); null when not buying a set. */
  setProgress: SetProgressValue | null;
  buying: boolean;
  warningClosed: boolean;
  notice: Notice;
  /** Why the last generation failed, as said beside the button (null: it did not). */
  generationFailed: string | null;
  /** "Personalizar": null while closed (the builder makes the level's preset). */
  draft: Draft | null;
  /** The server's refusal of the panel's options, beside the control whose check gives its message. */
  refusal: PanelProblem | null;
}

export const initialBuilderState: BuilderState = {
  options: defaults,
  step: 'initial',
  editing: true,
  code: null,
  versionsText: String(VERSIONS_DEFAULT),
  turma: null,
  generatedSet: null,
  setProgress: null,
  buying: false,
  warningClosed: false,
  notice: null,
  generationFailed: null,
  draft: null,
  refusal: null,
};

export type BuilderAction =
  | { type: 'option'; options: Partial<Options> }
  | { type: 'versions'; text: string }
  /** A turma chosen (the versions become its number of children, locked) or none (the number kept, free). */
  | { type: 'turma'; turma: ChosenTurma | null }
  | { type: 'draft'; draft: Draft | null }
  /** A saved sheet's options (the panel opens with its custom options, or closes). */
  | { type: 'load'; options: Options; draft: Draft | null }
  /** "Gerar outra igual" from Minhas Compras: the bought page's options and versions. */
  | { type: 'handedOver'; options: Options; draft: Draft | null; versionsText: string }
  | { type: 'generating' }
  | { type: 'generated'; code: string; generatedSet: GeneratedSet | null }
  | { type: 'generationFailed'; message: string | null }
  | { type: 'refused'; refusal: PanelProblem }
  | { type: 'edit' }
  | { type: 'closeWarning' }
  | { type: 'buying'; setProgress: SetProgressValue | null }
  | { type: 'setProgress'; setProgress: SetProgressValue }
  | { type: 'notice'; notice: Notice }
  | { type: 'bought'; notice: Notice }
  | { type: 'buyingEnded' };

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'option':
      return { ...state, refusal: null, options: { ...state.options, ...action.options } };
    case 'versions':
      return { ...state, refusal: null, versionsText: versionsTextWith(state.turma, action.text) };
    case 'turma':
      return {
        ...state,
        refusal: null,
        turma: action.turma,
        versionsText: versionsTextWith(action.turma, state.versionsText),
      };
    case 'draft':
      return { ...state, refusal: null, draft: action.draft };
    case 'load':
      return { ...state, refusal: null, options: action.options, draft: action.draft };
    // A bought set generated again has versions without names.
    case 'handedOver':
      return {
        ...state,
        options: action.options,
        draft: action.draft,
        versionsText: action.versionsText,
        turma: null,
      };
    default:
      return generationReducer(state, action) ?? purchaseReducer(state, action) ?? state;
  }
}

/** Generating a page (or a set) and its outcome. */
function generationReducer(state: BuilderState, action: BuilderAction): BuilderState | null {
  switch (action.type) {
    case 'generating':
      return {
        ...state,
        step: 'processing',
        notice: null,
        generationFailed: null,
        refusal: null,
        warningClosed: false,
      };
    case 'generated':
      return {
        ...state,
        code: action.code,
        generatedSet: action.generatedSet,
        editing: false,
        step: 'generated',
      };
    // A server error or a lost connection: the form as it was, ready to try again.
    case 'generationFailed':
      return {
        ...state,
        code: null,
        generatedSet: null,
        editing: true,
        step: 'initial',
        generationFailed: action.message,
      };
    case 'refused':
      return { ...state, refusal: action.refusal };
    case 'edit':
      return { ...state, editing: true };
    default:
      return null;
  }
}

/** Buying the generated page (or set) and its messages. */
function purchaseReducer(state: BuilderState, action: BuilderAction): BuilderState | null {
  switch (action.type) {
    case 'closeWarning':
      return { ...state, warningClosed: true };
    case 'buying':
      return { ...state, buying: true, notice: null, setProgress: action.setProgress };
    case 'setProgress':
      return { ...state, setProgress: action.setProgress };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'bought':
      return {
        ...state,
        notice: action.notice,
        code: null,
        generatedSet: null,
        editing: true,
        step: 'payed',
      };
    case 'buyingEnded':
      return { ...state, setProgress: null, buying: false };
    default:
      return null;
  }
}

export const optionsOf = (sheet: SheetOptions): Options => ({
  add: sheet.add,
  sub: sheet.sub,
  mult: sheet.mult,
  div: sheet.div,
  answers: sheet.answers,
  level: sheet.level,
  school: sheet.school ?? false,
});
