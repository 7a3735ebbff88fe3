import { describe, expect, it } from 'vitest';
import {
  builderReducer,
  initialBuilderState,
  type BuilderAction,
  type BuilderState,
} from '../../src/routes/member/builder/state';
import { builderView } from '../../src/routes/member/builder/view';

const run = (actions: BuilderAction[], from: BuilderState = initialBuilderState) =>
  actions.reduce(builderReducer, from);
const refused = run([
  { type: 'refused', refusal: { control: 'count', message: 'Escolha outra quantidade.' } },
]);

describe("the builder's state", () => {
  it('opens with + and −, the gabarito, level 1, one version and the panel closed', () => {
    expect(initialBuilderState).toMatchObject({
      options: { add: true, sub: true, mult: false, div: false, answers: true, level: 1, school: false },
      step: 'initial',
      editing: true,
      versionsText: '1',
      draft: null,
    });
  });

  it.each<BuilderAction>([
    { type: 'option', options: { mult: true } },
    { type: 'versions', text: '3' },
    { type: 'draft', draft: null },
    { type: 'generating' },
  ])("forgets the server's refusal once the member changes anything or generates again (%o)", (action) => {
    expect(builderReducer(refused, action).refusal).toBeNull();
  });

  it('locks editing once generated, and a failure unlocks it with its message where the preview was', () => {
    const generated = run([{ type: 'generating' }, { type: 'generated', code: 'ABC', generatedSet: null }]);
    expect(generated).toMatchObject({ step: 'generated', editing: false, code: 'ABC' });
    const failed = run(
      [{ type: 'generating' }, { type: 'generationFailed', message: 'Tente de novo.' }],
      generated,
    );
    expect(failed).toMatchObject({
      step: 'initial',
      editing: true,
      code: null,
      generatedSet: null,
      generationFailed: 'Tente de novo.',
    });
  });

  it("a purchase clears the page, says how it went and ends its progress; the warning's close is kept until generating again", () => {
    const set = { code: 'SET', versions: 3 };
    const generated = run([{ type: 'generated', code: 'A1', generatedSet: set }, { type: 'closeWarning' }]);
    const buying = builderReducer(generated, {
      type: 'buying',
      setProgress: { done: 0, total: 3, ready: false },
    });
    expect(buying).toMatchObject({ buying: true, notice: null, setProgress: { done: 0, total: 3 } });
    const bought = run(
      [{ type: 'bought', notice: { kind: 'success', text: 'Compra realizada!' } }, { type: 'buyingEnded' }],
      buying,
    );
    expect(bought).toMatchObject({
      step: 'payed',
      editing: true,
      code: null,
      generatedSet: null,
      buying: false,
      setProgress: null,
      notice: { kind: 'success' },
      warningClosed: true,
    });
    expect(builderReducer(bought, { type: 'generating' }).warningClosed).toBe(false);
  });

  it('buys only a generated page the balance covers, and warns when it does not', () => {
    const generated = run([{ type: 'generated', code: 'A1', generatedSet: null }]);
    expect(builderView(generated, 0.5)).toMatchObject({ canBuy: true, showBalanceWarning: false });
    expect(builderView(generated, 0.49)).toMatchObject({ canBuy: false, showBalanceWarning: true });
    expect(builderView(generated, null)).toMatchObject({ canBuy: false, showBalanceWarning: false });
    const set = run([{ type: 'generated', code: 'A1', generatedSet: { code: 'S', versions: 30 } }]);
    expect(builderView(set, 14.99)).toMatchObject({ canBuy: false, price: 15 });
  });

  it('cannot generate without an operation or with a number of versions outside 1 to 40', () => {
    expect(builderView(initialBuilderState, 10).canGenerate).toBe(true);
    const none = run([{ type: 'option', options: { add: false, sub: false } }]);
    expect(builderView(none, 10)).toMatchObject({
      canGenerate: false,
      saveable: { reason: 'Marque pelo menos uma operação para salvar estas opções.' },
    });
    expect(builderView(run([{ type: 'versions', text: '41' }]), 10).canGenerate).toBe(false);
  });
});
