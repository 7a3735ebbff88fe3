import { NOTES } from '../../custom/decimal.js';
import { fromHis, pronoun, qty, reais } from '../lexicon.js';
import { N, one, T, type WordTemplate } from './shared.js';

/**
 * Situações-problema of money in reais e centavos ("Dinheiro e decimais"): they tell only a conta em reais, whose
 * numbers are centavos (R$ 12,50 is 1250: `Problem.decimal.reais`), and no other template tells one (`centavos`).
 * The meanings are the BNCC's (juntar, acrescentar, retirar, comparar, completar; parcelas iguais and
 * proporcionalidade; repartição) in the situations of EF03MA24 and EF04MA25: the total of a purchase, the troco of a
 * note, a desconto, two prices compared, what is missing to buy something, a price times a quantity, a bill or an
 * installment plan divided. Every price fits what is bought (a pastel, a caderno, a bicicleta): each template holds
 * its own ranges, in centavos.
 */

const M = (template: Omit<WordTemplate, 'money' | 'centavos'>): WordTemplate => ({
  ...T(template),
  money: true,
  centavos: true,
});

export const MONEY_TEMPLATES: readonly WordTemplate[] = [
  // Juntar: the total of two things bought.
  M({
    id: 'juntar.cantina-reais',
    kind: 'juntar',
    op: 'add',
    context: 'lanche',
    people: 1,
    ranges: { a: [250, 1_800], b: [150, 1_200], result: [400, 3_000] },
    render: ({ a, b, result }, cast) => ({
      statement: `Na cantina da escola, ${one(cast).name} comprou um pastel por ${reais(a)} e um suco por ${reais(b)}.`,
      question: `Quanto ${pronoun(cast.people)} gastou ao todo?`,
      answer: `${one(cast).name} gastou ${reais(result)}.`,
    }),
  }),
  M({
    id: 'juntar.material-reais',
    kind: 'juntar',
    op: 'add',
    context: 'escola',
    people: 1,
    ranges: { a: [800, 6_000], b: [3_000, 25_000], result: [3_800, 31_000] },
    render: ({ a, b, result }, cast) => ({
      statement: `Para a volta às aulas, ${one(cast).name} comprou um caderno por ${reais(a)} e uma mochila por ${reais(b)}.`,
      question: `Quanto ${pronoun(cast.people)} gastou ao todo?`,
      answer: `${one(cast).name} gastou ${reais(result)}.`,
    }),
  }),
  M({
    id: 'juntar.eletro-reais',
    kind: 'juntar',
    op: 'add',
    context: 'loja',
    people: 0,
    ranges: { a: [90_000, 799_999], b: [40_000, 399_999], result: [130_000, 1_199_998] },
    render: ({ a, b, result }) => ({
      statement: `Uma família comprou uma geladeira por ${reais(a)} e um fogão por ${reais(b)}.`,
      question: `Quanto a família pagou pelos dois?`,
      answer: `A família pagou ${reais(result)}.`,
    }),
  }),
  M({
    id: 'juntar.celular-reais',
    kind: 'juntar',
    op: 'add',
    context: 'loja',
    people: 1,
    ranges: { a: [100, 99_999], b: [10_000, 999_999], result: [10_100, 1_099_998] },
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} comprou uma capinha de celular por ${reais(a)} e um celular por ${reais(b)}.`,
      question: `Quanto ${pronoun(cast.people)} gastou ao todo?`,
      answer: `${one(cast).name} gastou ${reais(result)}.`,
    }),
  }),
  // Acrescentar: money saved grows; a price grows by the delivery.
  M({
    id: 'acrescentar.entrega-reais',
    kind: 'acrescentar',
    op: 'add',
    context: 'loja',
    people: 0,
    ranges: { a: [30_000, 999_999], b: [100, 29_999], result: [30_100, 1_029_998] },
    render: ({ a, b, result }) => ({
      statement: `Uma televisão custa ${reais(a)}. Para recebê-la em casa, paga-se mais ${reais(b)} de entrega.`,
      question: `Quanto custa a televisão com a entrega?`,
      answer: `A televisão com a entrega custa ${reais(result)}.`,
    }),
  }),
  M({
    id: 'acrescentar.cofrinho-reais',
    kind: 'acrescentar',
    op: 'add',
    context: 'cofrinho',
    people: 1,
    ranges: { a: [100, 20_000], b: [100, 10_000], result: [200, 30_000] },
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} tinha ${reais(a)} no cofrinho e ganhou ${reais(b)} ${fromHis(cast.relative)}.`,
      question: `Com quanto dinheiro ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${reais(result)}.`,
    }),
  }),
  // Retirar: the troco of a note, and a desconto.
  M({
    id: 'retirar.troco-reais',
    kind: 'retirar',
    op: 'sub',
    context: 'feira',
    people: 1,
    ranges: { a: [200, 20_000], b: [100, 19_999], result: [1, 19_900] },
    when: ({ a, b }) => (NOTES as readonly number[]).includes(a) && b * 4 >= a,
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} fez compras na feira que custaram ${reais(b)} e pagou com uma nota de ${reais(a)}.`,
      question: `Quanto ${pronoun(cast.people)} recebeu de troco?`,
      answer: `${one(cast).name} recebeu ${reais(result)} de troco.`,
    }),
  }),
  M({
    id: 'retirar.desconto-reais',
    kind: 'retirar',
    op: 'sub',
    context: 'roupas',
    people: 0,
    ranges: { a: [2_000, 40_000], b: [100, 15_000], result: [1_000, 39_900] },
    render: ({ a, b, result }) => ({
      statement: `Um tênis custava ${reais(a)}. Na promoção, o tênis teve um desconto de ${reais(b)}.`,
      question: `Por quanto o tênis passou a ser vendido?`,
      answer: `O tênis passou a ser vendido por ${reais(result)}.`,
    }),
  }),
  M({
    id: 'retirar.conta-reais',
    kind: 'retirar',
    op: 'sub',
    context: 'família',
    people: 0,
    ranges: { a: [50_000, 999_999], b: [100, 99_999], result: [1, 999_899] },
    render: ({ a, b, result }) => ({
      statement: `Uma família tinha ${reais(a)} guardados e pagou uma conta de ${reais(b)}.`,
      question: `Quanto dinheiro a família ainda tem guardado?`,
      answer: `A família ainda tem ${reais(result)} guardados.`,
    }),
  }),
  // Comparar: two prices of the same thing.
  M({
    id: 'comparar.bicicleta-reais',
    kind: 'comparar',
    op: 'sub',
    context: 'loja',
    people: 0,
    ranges: { a: [30_000, 999_999], b: [20_000, 999_998], result: [1, 500_000] },
    render: ({ a, b, result }) => ({
      statement: `A mesma bicicleta custa ${reais(a)} numa loja e ${reais(b)} em outra.`,
      question: `Quanto a bicicleta custa a mais na loja mais cara?`,
      answer: `Na loja mais cara, a bicicleta custa ${reais(result)} a mais.`,
    }),
  }),
  M({
    id: 'comparar.sorvete-reais',
    kind: 'comparar',
    op: 'sub',
    context: 'sorveteria',
    people: 0,
    ranges: { a: [300, 3_000], b: [200, 2_999], result: [1, 2_000] },
    render: ({ a, b, result }) => ({
      statement: `Na sorveteria, um sorvete de massa custa ${reais(a)} e um picolé custa ${reais(b)}.`,
      question: `Quanto o sorvete de massa custa a mais que o picolé?`,
      answer: `O sorvete de massa custa ${reais(result)} a mais.`,
    }),
  }),
  // Completar: what is missing to buy something.
  M({
    id: 'completar.bola-reais',
    kind: 'completar',
    op: 'sub',
    context: 'brincadeiras',
    people: 1,
    ranges: { a: [2_000, 30_000], b: [100, 29_999], result: [1, 29_900] },
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} quer comprar uma bola que custa ${reais(a)} e já juntou ${reais(b)}.`,
      question: `Quanto ainda falta para ${pronoun(cast.people)} comprar a bola?`,
      answer: `Ainda faltam ${reais(result)}.`,
    }),
  }),
  // Proporcionalidade and parcelas iguais: a price times a quantity.
  M({
    id: 'proporcionalidade.cadernos-reais',
    kind: 'proporcionalidade',
    op: 'mult',
    context: 'escola',
    people: 0,
    ranges: { a: [500, 5_000], b: [2, 40], result: [1_000, 200_000] },
    render: ({ a, b, result }) => ({
      statement: `Na papelaria, cada caderno custa ${reais(a)}. Uma escola comprou ${qty(b, N.caderno)}.`,
      question: `Quanto a escola pagou pelos cadernos?`,
      answer: `A escola pagou ${reais(result)}.`,
    }),
  }),
  M({
    id: 'proporcionalidade.pasteis-reais',
    kind: 'proporcionalidade',
    op: 'mult',
    context: 'feira',
    people: 1,
    ranges: { a: [300, 1_500], b: [2, 12], result: [600, 18_000] },
    render: ({ a, b, result }, cast) => ({
      statement: `Na feira, cada pastel custa ${reais(a)}. ${one(cast).name} comprou ${qty(b, N.pastel)} para a família.`,
      question: `Quanto ${pronoun(cast.people)} pagou?`,
      answer: `${one(cast).name} pagou ${reais(result)}.`,
    }),
  }),
  M({
    id: 'proporcionalidade.celulares-reais',
    kind: 'proporcionalidade',
    op: 'mult',
    context: 'loja',
    people: 0,
    ranges: { a: [10_000, 99_999], b: [2, 99], result: [20_000, 9_899_901] },
    render: ({ a, b, result }) => ({
      statement: `Uma loja vendeu ${qty(b, N.celular)} de ${reais(a)} cada um.`,
      question: `Quanto a loja recebeu por esses celulares?`,
      answer: `A loja recebeu ${reais(result)}.`,
    }),
  }),
  M({
    id: 'parcelas-iguais.mensalidades-reais',
    kind: 'parcelas-iguais',
    op: 'mult',
    context: 'clube',
    people: 1,
    ranges: { a: [3_000, 30_000], b: [2, 12], result: [6_000, 360_000] },
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} pagou ${qty(b, N.mensalidade)} de ${reais(a)} da escolinha de futebol.`,
      question: `Quanto ${pronoun(cast.people)} pagou ao todo?`,
      answer: `${one(cast).name} pagou ${reais(result)}.`,
    }),
  }),
  // Repartição: a bill divided, a price in installments.
  M({
    id: 'reparticao.pizzaria-reais',
    kind: 'reparticao',
    op: 'div',
    context: 'família',
    people: 0,
    ranges: { a: [2_000, 40_000], b: [2, 12], result: [200, 20_000] },
    render: ({ a, b, result }) => ({
      statement: `A conta da pizzaria deu ${reais(a)} e foi dividida igualmente entre ${qty(b, N.amigo)}.`,
      question: `Quanto cada amigo pagou?`,
      answer: `Cada amigo pagou ${reais(result)}.`,
    }),
  }),
  M({
    id: 'reparticao.jogo-reais',
    kind: 'reparticao',
    op: 'div',
    context: 'loja',
    people: 0,
    ranges: { a: [2_000, 9_999], b: [2, 12], result: [200, 4_999] },
    render: ({ a, b, result }) => ({
      statement: `Um jogo de tabuleiro de ${reais(a)} pode ser pago em ${qty(b, N.prestacao)} iguais, sem juros.`,
      question: `De quanto é cada prestação?`,
      answer: `Cada prestação é de ${reais(result)}.`,
    }),
  }),
  M({
    id: 'reparticao.presente-reais',
    kind: 'reparticao',
    op: 'div',
    context: 'sala de aula',
    people: 0,
    ranges: { a: [1_000, 50_000], b: [2, 40], result: [100, 25_000] },
    render: ({ a, b, result }) => ({
      statement: `Uma turma comprou um presente de ${reais(a)} para a professora e dividiu o valor igualmente entre ${qty(b, N.aluno)}.`,
      question: `Quanto cada aluno pagou?`,
      answer: `Cada aluno pagou ${reais(result)}.`,
    }),
  }),
];
