import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checkCustom, describeSheet, type Operation } from '@app/generator';
import PersonalizePanel from '../../src/routes/member/personalize/PersonalizePanel';
import { CASAS_CHOICES, DECIMAL_DIVISION_HINT } from '../../src/routes/member/personalize/CasasSelect';
import { toCustom, type Draft } from '../../src/routes/member/personalize/draft';
import { draftFromCustom, draftFromPreset } from '../../src/routes/member/personalize/draftFrom';
import { checkDraft, controlOf, problemsOf } from '../../src/routes/member/personalize/problems';

const all: Operation[] = ['add', 'sub', 'mult', 'div'];

/** The preset of level 1 with these decimals for every operation (a dividend of 2 algarismos: 4 digits with 2 casas). */
function decimalDraft(casas: Draft['add']['casas']): Draft {
  const draft = draftFromPreset(1);
  return {
    ...draft,
    add: { ...draft.add, casas },
    sub: { ...draft.sub, casas },
    mult: { ...draft.mult, casas },
    div: { ...draft.div, dividend: 2, casas },
  };
}

/** The panel as the page shows it (its markup, without the browser). */
const panel = (draft: Draft, operations: Operation[], problems = checkDraft(operations, draft).problems) =>
  renderToStaticMarkup(
    createElement(PersonalizePanel, {
      operations,
      draft,
      onChange: () => undefined,
      problems,
      disabled: false,
      answers: false,
    }),
  );

describe('"Números" of each operation: naturais, decimals or reais', () => {
  it('open as naturais, and send no casas for them', () => {
    const draft = draftFromPreset(1);
    for (const op of all) expect(draft[op].casas).toBeNull();
    const custom = toCustom(draft, all);
    for (const op of all) expect(custom[op]).not.toHaveProperty('casas');
  });

  it.each([1, 2, 'reais'] as const)(
    'send casas %s for the checked operations, and come back from them',
    (casas) => {
      const draft = decimalDraft(casas);
      const custom = toCustom(draft, all);
      for (const op of all) expect(custom[op]!.casas, op).toBe(casas);
      expect(checkCustom(all, custom)).toEqual([]);
      const back = draftFromCustom(custom, 1);
      for (const op of all) expect(back[op].casas, op).toBe(casas);
    },
  );

  it('make the division exact while it has decimals, and keep the resto chosen for naturais', () => {
    const draft = decimalDraft(2);
    const withResto: Draft = { ...draft, div: { ...draft.div, remainders: 'resto' } };
    expect(toCustom(withResto, ['div']).div).toMatchObject({ remainders: 'exata', casas: 2 });
    expect(problemsOf(['div'], toCustom(withResto, ['div']))).toEqual([]);
    const naturais = { ...withResto, div: { ...withResto.div, casas: null } };
    expect(toCustom(naturais, ['div']).div).toMatchObject({ remainders: 'resto' });
  });

  it('leave the tabuada em ordem of naturais, and keep the decimals for another multiplicand', () => {
    const draft = decimalDraft(1);
    const ordered: Draft = { ...draft, mult: { ...draft.mult, multiplicand: 'ordem', tables: [7] } };
    expect(toCustom(ordered, ['mult']).mult).not.toHaveProperty('casas');
    expect(ordered.mult.casas).toBe(1);
    expect(toCustom({ ...ordered, mult: { ...ordered.mult, multiplicand: 2 } }, ['mult']).mult!.casas).toBe(
      1,
    );
  });

  it('say checkCustom’s refusal of decimals beside "Números"', () => {
    for (const op of all) expect(controlOf(`${op}.casas`)).toBe(`${op}.casas`);
    // Situações-problema take money (em reais) but no other decimals.
    const reais = checkDraft(['add', 'div'], { ...decimalDraft('reais'), format: 'problemas' });
    expect(reais.problems).toEqual([]);
    expect(reais.body).not.toBeNull();
    const problemas: Draft = { ...decimalDraft(2), format: 'problemas' };
    const { problems, body } = checkDraft(['add', 'div'], problemas);
    expect(body).toBeNull();
    const message = 'Nas situações-problema, os decimais são de dinheiro: escolha “Em reais”.';
    expect(problems).toEqual(
      expect.arrayContaining([
        { control: 'add.casas', message },
        { control: 'div.casas', message },
      ]),
    );
  });

  it('is a select of four choices in each operation, the sentence saying the decimals', () => {
    const draft = decimalDraft(2);
    const html = panel(draft, all);
    expect(html.match(/<label for="[^"]+-casas">Números<\/label>/g)).toHaveLength(4);
    expect(CASAS_CHOICES.map(([, label]) => label)).toEqual([
      'Naturais',
      '1 casa decimal',
      '2 casas decimais',
      'Em reais',
    ]);
    for (const [, label] of CASAS_CHOICES) expect(html.split(`>${label}</option>`)).toHaveLength(5);
    expect(html).toContain(describeSheet(all, toCustom(draft, all)));
    expect(html).toContain('com 2 casas decimais');
  });

  it('shows the resto of a division with decimals exact, the others disabled, and says why', () => {
    const html = panel(decimalDraft(1), ['div']);
    expect(html).toContain(DECIMAL_DIVISION_HINT);
    expect(DECIMAL_DIVISION_HINT).toBe('Com decimais, a divisão continua até a última casa: é sempre exata.');
    const radio = (label: string) =>
      new RegExp(`<input type="radio"[^>]*>(?=<span class="option__text">${label}<)`);
    expect(html.match(radio('Só exatas'))![0]).toMatch(/checked=""/);
    for (const label of ['Com resto', 'Misturado'])
      expect(html.match(radio(label))![0]).toMatch(/disabled=""/);
    expect(panel(draftFromPreset(1), ['div'])).not.toContain(DECIMAL_DIVISION_HINT);
  });

  it('hides "Números" of the tabuada em ordem, and says a refusal under its select', () => {
    const draft = decimalDraft(1);
    const ordered: Draft = {
      ...draft,
      mult: { ...draft.mult, multiplicand: 'ordem', tables: [7] },
      format: 'linha',
    };
    expect(panel(ordered, ['mult'])).not.toContain('Números');
    const html = panel({ ...draft, format: 'problemas' }, ['sub']);
    const error = /<select id="([^"]+)-sub-casas" aria-describedby="([^"]+)" aria-invalid="true">/.exec(html);
    expect(error).not.toBeNull();
    expect(html).toContain(
      `<p class="field-error personalize__error" id="${error![2]}" data-control="sub.casas">Nas situações-problema`,
    );
  });
});
