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
