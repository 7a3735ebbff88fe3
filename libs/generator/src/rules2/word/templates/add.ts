import {
  agree,
  capitalize,
  conj,
  fromHis,
  groupGender,
  howMany,
  money,
  names,
  pronoun,
  qty,
  verbFor,
  VERBS,
  WORDS,
} from '../lexicon.js';
import { N, SOLD, one, two, upTo, any, T, type WordTemplate } from './shared.js';

/** The templates of adição: juntar and acrescentar, in the order a page draws them from. */
export const ADD_TEMPLATES: readonly WordTemplate[] = [
  // ── + juntar ────────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'juntar.figurinhas',
    kind: 'juntar',
    context: 'figurinhas',
    people: 2,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => {
      const together = agree(WORDS.together, groupGender(cast.people), 2);
      return {
        statement: `${one(cast).name} tem ${qty(a, N.figurinha)} e ${two(cast).name} tem ${qty(b, N.figurinha)}.`,
        question: `${capitalize(howMany(N.figurinha))} ${pronoun(cast.people)} ${verbFor(VERBS.tem, cast.people)} ${together}?`,
        answer: `${names(cast.people)} ${verbFor(VERBS.tem, cast.people)} ${qty(result, N.figurinha)} ${together}.`,
      };
    },
  }),
  T({
    id: 'juntar.feira',
    kind: 'juntar',
    context: 'feira',
    people: 1,
    fits: upTo(9_999),
    render: ({ a, b, result }, cast) => ({
      statement: `Na barraca de frutas da feira, ${one(cast).name} vendeu ${qty(a, N.laranja)} de manhã e ${qty(b, N.laranja)} à tarde.`,
      question: `${capitalize(howMany(N.laranja))} ${pronoun(cast.people)} vendeu nesse dia?`,
      answer: `${one(cast).name} vendeu ${qty(result, N.laranja)} nesse dia.`,
    }),
  }),
  T({
    id: 'juntar.festa-junina',
    kind: 'juntar',
    context: 'festa junina',
    people: 2,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => {
      const together = agree(WORDS.together, groupGender(cast.people), 2);
      return {
        statement: `Para enfeitar a festa junina da escola, ${one(cast).name} fez ${qty(a, N.bandeirinha)} e ${two(cast).name} fez ${qty(b, N.bandeirinha)}.`,
        question: `${capitalize(howMany(N.bandeirinha))} ${pronoun(cast.people)} ${verbFor(VERBS.fez, cast.people)} ${together}?`,
        answer: `${names(cast.people)} ${verbFor(VERBS.fez, cast.people)} ${qty(result, N.bandeirinha)} ${together}.`,
      };
    },
  }),
  T({
    id: 'juntar.biblioteca',
    kind: 'juntar',
    context: 'biblioteca',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `A biblioteca da cidade recebeu ${qty(a, N.livro)} de doação em março e ${qty(b, N.livro)} em abril.`,
      question: `${capitalize(howMany(N.livro))} a biblioteca recebeu nos dois meses?`,
      answer: `A biblioteca recebeu ${qty(result, N.livro)} nos dois meses.`,
    }),
  }),
  T({
    id: 'juntar.campeonato',
    kind: 'juntar',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.result >= 100,
    render: ({ a, b, result }) => {
      const sold = (count: number) =>
        `${conj(VERBS.foi, count)} ${agree(SOLD, N.ingresso.gender, count)} ${qty(count, N.ingresso)}`;
      return {
        statement: `Na final do campeonato da cidade, ${sold(a)} para o primeiro jogo e ${qty(b, N.ingresso)} para o segundo.`,
        question: `${capitalize(howMany(N.ingresso))} foram vendidos para os dois jogos?`,
        answer: `${capitalize(sold(result))} para os dois jogos.`,
      };
    },
  }),

  T({
    id: 'juntar.cidade',
    kind: 'juntar',
    context: 'cidade',
    people: 0,
    fits: (conta) => conta.result >= 100,
    render: ({ a, b, result }) => ({
      statement: `No fim de semana, o parque da cidade recebeu ${qty(a, N.visitante)} no sábado e ${qty(b, N.visitante)} no domingo.`,
      question: `${capitalize(howMany(N.visitante))} o parque recebeu no fim de semana?`,
      answer: `O parque recebeu ${qty(result, N.visitante)} no fim de semana.`,
    }),
  }),

  // ── + acrescentar ───────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'acrescentar.figurinhas',
    kind: 'acrescentar',
    context: 'figurinhas',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} tinha ${qty(a, N.figurinha)} e ganhou ${qty(b, N.figurinha)} ${fromHis(cast.relative)}.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(result, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'acrescentar.brincadeiras',
    kind: 'acrescentar',
    context: 'brincadeiras',
    people: 2,
    fits: upTo(500),
    render: ({ a, b, result }, cast) => ({
      statement: `${names(cast.people)} ${verbFor(VERBS.tinha, cast.people)} ${qty(a, N.bolinha)}. No recreio, ${pronoun(cast.people)} ${verbFor(VERBS.ganhou, cast.people)} mais ${qty(b, N.bolinha)}.`,
      question: `Com ${howMany(N.bolinha)} ${pronoun(cast.people)} ${verbFor(VERBS.ficou, cast.people)}?`,
      answer: `${names(cast.people)} ${verbFor(VERBS.ficou, cast.people)} com ${qty(result, N.bolinha)}.`,
    }),
  }),
  T({
    id: 'acrescentar.festa-junina',
    kind: 'acrescentar',
    context: 'festa junina',
    people: 0,
    money: true,
    fits: upTo(9_999),
    render: ({ a, b, result }) => ({
      statement: `Na festa junina, a barraca da pescaria arrecadou ${money(a)} à tarde e mais ${money(b)} à noite.`,
      question: 'Quanto dinheiro a barraca arrecadou ao todo?',
      answer: `A barraca arrecadou ${money(result)} ao todo.`,
    }),
  }),
  T({
    id: 'acrescentar.reciclagem',
    kind: 'acrescentar',
    context: 'reciclagem',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Na campanha de reciclagem do bairro, os moradores já tinham juntado ${qty(a, N.latinha)} e nesta semana juntaram mais ${qty(b, N.latinha)}.`,
      question: `${capitalize(howMany(N.latinha))} os moradores juntaram ao todo?`,
      answer: `Os moradores juntaram ${qty(result, N.latinha)} ao todo.`,
    }),
  }),
];
