import { z } from 'zod';
import {
  Correction,
  CorrectionQuery,
  SaveAnswersBody,
  TurmaProgress,
  TurmaProgressQuery,
} from '../../correction.js';
import { envelope } from '../../envelope.js';
import { SaveTurmaBody, Turma } from '../../turmas.js';
import { defineRoute } from '../route.js';

/** The routes classroom answers: the member's turmas ("Minhas turmas") and the correction of printed sheets. */

export const getTurmas = defineRoute({
  owner: 'classroom',
  method: 'GET',
  path: '/api/getTurmas',
  access: 'user',
  summary: "The member's turmas with their children's names, by turma name",
  response: envelope(z.array(Turma)),
});

export const saveTurma = defineRoute({
  owner: 'classroom',
  method: 'POST',
  path: '/api/saveTurma',
  access: 'user',
  summary:
    "Create a turma (no id) or replace one's name and children (each child's id kept; a child left out is removed)",
  body: SaveTurmaBody,
  response: envelope(Turma),
});

export const DeleteTurmaBody = z.object({ id: z.string().uuid() });
export const deleteTurma = defineRoute({
  owner: 'classroom',
  method: 'POST',
  path: '/api/deleteTurma',
  access: 'user',
  summary: "Delete one of the member's turmas with its children's names",
  body: DeleteTurmaBody,
  response: envelope(z.null()),
});

/** Correção rápida: a bought page's or class set's sheets with every cell typed so far. */
export const getCorrection = defineRoute({
  owner: 'classroom',
  method: 'GET',
  path: '/api/correction',
  access: 'user',
  summary:
    "A bought page's or class set's sheets (each problem with its expected answer) and the answers typed for them so far",
  query: CorrectionQuery,
  response: envelope(Correction),
});

export const saveAnswers = defineRoute({
  owner: 'classroom',
  method: 'POST',
  path: '/api/saveAnswers',
  access: 'user',
  summary:
    'Save typed answers of a sheet being corrected (idempotent; the last write of each cell, by its time, wins)',
  body: SaveAnswersBody,
  response: envelope(z.object({ saved: z.number().int() })),
});

/** "Progresso no período" of the report: a turma's corrected sheets of a term, child by child. */
export const getTurmaProgress = defineRoute({
  owner: 'classroom',
  method: 'GET',
  path: '/api/turmaProgress',
  access: 'user',
  summary:
    "A turma's sets bought since a day with answers typed (the latest 10), each child's score on each and each mistake's trend",
  query: TurmaProgressQuery,
  response: envelope(TurmaProgress),
});
