import { z } from 'zod';
import { envelope } from '../../envelope.js';
import { SaveTurmaBody, Turma } from '../../turmas.js';
import { defineRoute } from '../route.js';

/** The routes classroom answers: the member's turmas ("Minhas turmas") and their children's names. */

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
