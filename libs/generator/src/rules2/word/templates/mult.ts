import { agree, capitalize, conj, eachOne, howMany, money, pronoun, qty, VERBS } from '../lexicon.js';
import { N, ARRANGED, USED, one, any, T, type WordTemplate } from './shared.js';

/** The templates of multiplicação: parcelas iguais, disposição retangular and proporcionalidade, in the order a page draws them from. */
export const MULT_TEMPLATES: readonly WordTemplate[] = [
  // ── × parcelas iguais (b grupos de a) ───────────────────────────────────────────────────────────────────────
  T({
    id: 'parcelas-iguais.figurinhas',
    kind: 'parcelas-iguais',
    context: 'figurinhas',
    people: 1,
    fits: (conta) => conta.a <= 10,
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} comprou ${qty(b, N.pacote)} de figurinhas, com ${qty(a, N.figurinha)} em cada pacote.`,
      question: `${capitalize(howMany(N.figurinha))} ${pronoun(cast.people)} comprou?`,
      answer: `${one(cast).name} comprou ${qty(result, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.festa-junina',
    kind: 'parcelas-iguais',
    context: 'festa junina',
    people: 0,
    fits: (conta) => conta.a <= 99 && conta.result <= 9_999,
    render: ({ a, b, result }) => ({
      statement: `Para a festa junina, a cantina comprou ${qty(b, N.caixa)} de paçoca, com ${qty(a, N.pacoca)} em cada caixa.`,
      question: `${capitalize(howMany(N.pacoca))} a cantina comprou?`,
      answer: `A cantina comprou ${qty(result, N.pacoca)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.fabrica',
    kind: 'parcelas-iguais',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Uma gráfica entregou ${qty(b, N.pacote)} de papel, com ${qty(a, N.folha)} em cada pacote.`,
      question: `${capitalize(howMany(N.folha))} a gráfica entregou?`,
      answer: `A gráfica entregou ${qty(result, N.folha)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.campeonato',
    kind: 'parcelas-iguais',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `O ginásio onde vai ser a final do campeonato tem ${qty(b, N.setor)}, com ${qty(a, N.lugar)} em cada setor.`,
      question: `${capitalize(howMany(N.lugar))} tem o ginásio?`,
      answer: `O ginásio tem ${qty(result, N.lugar)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.passeio',
    kind: 'parcelas-iguais',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.a >= 10 && conta.a <= 50,
    render: ({ a, b, result }) => ({
      statement: `Para o passeio da escola, ${conj(VERBS.foi, b)} ${qty(b, N.onibus)}, ${eachOne(N.onibus)} com ${qty(a, N.aluno)}.`,
      question: `${capitalize(howMany(N.aluno))} foram ao passeio?`,
      answer: `${capitalize(conj(VERBS.foi, result))} ${qty(result, N.aluno)} ao passeio.`,
    }),
  }),

  // ── × disposição retangular (b fileiras de a) ───────────────────────────────────────────────────────────────
  T({
    id: 'disposicao-retangular.festa-junina',
    kind: 'disposicao-retangular',
    context: 'festa junina',
    people: 0,
    fits: (conta) => conta.a <= 50 && conta.result <= 2_000,
    render: ({ a, b, result }) => ({
      statement: `Para a apresentação da quadrilha na festa junina, as cadeiras da quadra foram arrumadas em ${qty(b, N.fileira)}, com ${qty(a, N.cadeira)} em cada fileira.`,
      question: `${capitalize(howMany(N.cadeira))} foram arrumadas?`,
      answer: `${capitalize(conj(VERBS.foi, result))} ${agree(ARRANGED, N.cadeira.gender, result)} ${qty(result, N.cadeira)}.`,
    }),
  }),
  T({
    id: 'disposicao-retangular.horta',
    kind: 'disposicao-retangular',
    context: 'horta',
    people: 0,
    fits: (conta) => conta.a <= 50,
    render: ({ a, b, result }) => ({
      statement: `A horta da escola tem ${qty(b, N.fileira)} de alface, com ${qty(a, N.peDeAlface)} em cada fileira.`,
      question: `${capitalize(howMany(N.peDeAlface))} há na horta?`,
      answer: `Há ${qty(result, N.peDeAlface)} na horta.`,
    }),
  }),
  T({
    id: 'disposicao-retangular.milho',
    kind: 'disposicao-retangular',
    context: 'horta',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Numa fazenda, o milho foi plantado em ${qty(b, N.fileira)}, com ${qty(a, N.peDeMilho)} em cada fileira.`,
      question: `${capitalize(howMany(N.peDeMilho))} há na plantação?`,
      answer: `Há ${qty(result, N.peDeMilho)} na plantação.`,
    }),
  }),
  T({
    id: 'disposicao-retangular.azulejos',
    kind: 'disposicao-retangular',
    context: 'fábrica',
    people: 0,
    fits: (conta) => conta.a <= 99 && conta.result <= 9_999,
    render: ({ a, b, result }) => ({
      statement: `A parede da cozinha da escola foi coberta com ${qty(b, N.fileira)} de azulejos, com ${qty(a, N.azulejo)} em cada fileira.`,
      question: `${capitalize(howMany(N.azulejo))} foram usados?`,
      answer: `${capitalize(conj(VERBS.foi, result))} ${agree(USED, N.azulejo.gender, result)} ${qty(result, N.azulejo)}.`,
    }),
  }),

  T({
    id: 'disposicao-retangular.pomar',
    kind: 'disposicao-retangular',
    context: 'sítio',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `No pomar de uma fazenda, as laranjeiras foram plantadas em ${qty(b, N.fileira)}, com ${qty(a, N.laranjeira)} em cada fileira.`,
      question: `${capitalize(howMany(N.laranjeira))} há no pomar?`,
      answer: `Há ${qty(result, N.laranjeira)} no pomar.`,
    }),
  }),

  // ── × proporcionalidade (b vezes o que custa ou rende 1) ────────────────────────────────────────────────────
  T({
    id: 'proporcionalidade.lanche',
    kind: 'proporcionalidade',
    context: 'lanche',
    people: 1,
    money: true,
    fits: (conta) => conta.a <= 15,
    render: ({ a, b, result }, cast) => ({
      statement: `Na feira, cada pastel custa ${money(a)}. ${one(cast).name} comprou ${qty(b, N.pastel)} para o lanche da família.`,
      question: `Quanto ${pronoun(cast.people)} gastou?`,
      answer: `${one(cast).name} gastou ${money(result)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.mochilas',
    kind: 'proporcionalidade',
    context: 'loja',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 20 && conta.a <= 300,
    render: ({ a, b, result }) => ({
      statement: `Cada mochila custa ${money(a)}. A escola comprou ${qty(b, N.mochila)} iguais para doar.`,
      question: 'Quanto a escola gastou?',
      answer: `A escola gastou ${money(result)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.bicicletas',
    kind: 'proporcionalidade',
    context: 'loja',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `Cada bicicleta custa ${money(a)}. Uma loja comprou ${qty(b, N.bicicleta)} iguais.`,
      question: 'Quanto a loja pagou?',
      answer: `A loja pagou ${money(result)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.fabrica',
    kind: 'proporcionalidade',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Uma máquina da fábrica faz ${qty(a, N.parafuso)} por hora.`,
      question: `${capitalize(howMany(N.parafuso))} a máquina faz em ${qty(b, N.hora)}?`,
      answer: `Em ${qty(b, N.hora)}, a máquina faz ${qty(result, N.parafuso)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.passeio',
    kind: 'proporcionalidade',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.a >= 20 && conta.a <= 999 && conta.b <= 31,
    render: ({ a, b, result }) => ({
      statement: `Na viagem de estudos da escola, o ônibus percorre ${qty(a, N.quilometro)} por dia.`,
      question: `${capitalize(howMany(N.quilometro))} o ônibus percorre em ${qty(b, N.dia)}?`,
      answer: `Em ${qty(b, N.dia)}, o ônibus percorre ${qty(result, N.quilometro)}.`,
    }),
  }),
];
