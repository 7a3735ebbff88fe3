import { EntitySchema } from 'typeorm';

/** classroom's own Postgres schema; no other service reads it. */
export const SCHEMA = 'classroom';

/** A row of `classroom.turmas`: a member's turma (its children are rows of `students`). */
export interface TurmaRow {
  id: string;
  userId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A row of `classroom.students`: a child's name and place in a turma. Nothing else is kept of a child. */
export interface StudentRow {
  id: string;
  turmaId: string;
  position: number;
  name: string;
  /** Only so that the entity describes the foreign key the migration made; never loaded. */
  turma?: TurmaRow;
}

export const TurmaEntity = new EntitySchema<TurmaRow>({
  name: 'Turma',
  tableName: 'turmas',
  columns: {
    id: { type: 'uuid', primary: true },
    userId: { name: 'user_id', type: 'text' },
    name: { type: 'text' },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    updatedAt: { name: 'updated_at', type: 'timestamptz', default: () => 'now()' },
  },
  uniques: [{ name: 'turmas_user_name', columns: ['userId', 'name'] }],
});

export const StudentEntity = new EntitySchema<StudentRow>({
  name: 'Student',
  tableName: 'students',
  columns: {
    id: { type: 'uuid', primary: true },
    turmaId: { name: 'turma_id', type: 'uuid' },
    position: { type: 'smallint' },
    name: { type: 'text' },
  },
  relations: {
    turma: {
      type: 'many-to-one',
      target: 'Turma',
      onDelete: 'CASCADE',
      joinColumn: { name: 'turma_id', foreignKeyConstraintName: 'students_turma_fkey' },
    },
  },
  indices: [{ name: 'students_turma_position', columns: ['turmaId', 'position'] }],
});

/** A row of `classroom.sheets`: a bought page or class set being corrected, recorded when its owner opens it. */
export interface SheetRow {
  code: string;
  userId: string;
  problemCounts: number[];
  turmaId: string | null;
  boughtAt: Date | null;
}

/** A row of `classroom.answers`: one typed cell of a sheet. */
export interface AnswerRow {
  sheetCode: string;
  version: number;
  problem: number;
  userId: string;
  result: string | null;
  remainder: string | null;
  blank: boolean;
  typedAt: string;
  photo: boolean;
}

export const SheetEntity = new EntitySchema<SheetRow>({
  name: 'Sheet',
  tableName: 'sheets',
  columns: {
    code: { type: 'text', primary: true },
    userId: { name: 'user_id', type: 'text' },
    problemCounts: { name: 'problem_counts', type: 'jsonb' },
    turmaId: { name: 'turma_id', type: 'uuid', nullable: true },
    boughtAt: { name: 'bought_at', type: 'timestamptz', nullable: true },
  },
  indices: [
    { name: 'sheets_user', columns: ['userId'] },
    // A turma's sheets of a period (the progress of a term).
    { name: 'sheets_turma', columns: ['userId', 'turmaId', 'boughtAt'], where: '"turma_id" IS NOT NULL' },
  ],
});

export const AnswerEntity = new EntitySchema<AnswerRow>({
  name: 'Answer',
  tableName: 'answers',
  columns: {
    sheetCode: { name: 'sheet_code', type: 'text', primary: true },
    version: { type: 'smallint', primary: true },
    problem: { type: 'smallint', primary: true },
    userId: { name: 'user_id', type: 'text' },
    result: { type: 'bigint', nullable: true },
    remainder: { type: 'bigint', nullable: true },
    blank: { type: 'boolean' },
    typedAt: { name: 'typed_at', type: 'bigint' },
    photo: { type: 'boolean', default: false },
  },
  indices: [{ name: 'answers_user', columns: ['userId'] }],
});
