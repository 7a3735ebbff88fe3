import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { storeOver } from '@app/kit';
import type {
  ClassroomRepositories,
  CorrectedSheet,
  CorrectionsRepository,
  StoredCell,
  ClassroomStore,
  SaveTurmaOutcome,
  TurmaDraft,
  TurmaRecord,
  TurmasRepository,
} from '../domain/ports.js';
import { keptIds } from '../domain/student-ids.js';
import { AnswerEntity, SheetEntity, TurmaEntity } from './entities.js';

/** classroom's repositories over Postgres (kit `storeOver`: in a transaction or not). */
export const classroomStore = (db: DataSource): ClassroomStore => storeOver(db, classroomRepositories);

const classroomRepositories = (m: EntityManager): ClassroomRepositories => ({
  turmas: turmas(m),
  corrections: corrections(m),
});

/** A turma with its children as one row: `students` in the turma's order. */
interface TurmaWithStudentsRow {
  id: string;
  user_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  students: { id: string; name: string }[];
}

const SELECT_TURMAS = `
  SELECT t."id", t."user_id", t."name", t."created_at", t."updated_at",
         COALESCE(json_agg(json_build_object('id', s."id", 'name', s."name") ORDER BY s."position")
                    FILTER (WHERE s."id" IS NOT NULL), '[]') AS "students"
    FROM "turmas" t LEFT JOIN "students" s ON s."turma_id" = t."id"`;

const turmaRecord = (r: TurmaWithStudentsRow): TurmaRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  students: r.students,
});

/** Every query of `classroom.turmas` and `classroom.students`. */
const turmas = (m: EntityManager): TurmasRepository => ({
  async list(userId: string): Promise<TurmaRecord[]> {
    const rows: TurmaWithStudentsRow[] = await m.query(
      `${SELECT_TURMAS} WHERE t."user_id" = $1 GROUP BY t."id"`,
      [userId],
    );
    return rows.map(turmaRecord);
  },

  /**
   * In one transaction, after a lock of the member's turmas (a save waiting on it reads what the other one wrote, so
   * two new turmas at once never make `max + 1` and never share a name): the turma is checked to be the member's, or
   * counted; its name checked against the member's other turmas, case aside; then its row and its children written.
   * A child keeps its id when the draft gives one of this turma's; the others are new, and the turma's children the
   * draft leaves out are deleted.
   */
  save(userId: string, draft: TurmaDraft, max: number): Promise<SaveTurmaOutcome> {
    return m.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('classroom.turmas'), hashtext($1))`, [userId]);
      let id = draft.id;
      if (id) {
        const mine: unknown[] = await tx.query(`SELECT 1 FROM "turmas" WHERE "id" = $1 AND "user_id" = $2`, [
          id,
          userId,
        ]);
        if (mine.length === 0) return { outcome: 'not-found' };
      } else {
        const counted: { count: number }[] = await tx.query(
          `SELECT count(*)::int AS "count" FROM "turmas" WHERE "user_id" = $1`,
          [userId],
        );
        if (counted[0]!.count >= max) return { outcome: 'full' };
      }
      const taken: unknown[] = await tx.query(
        `SELECT 1 FROM "turmas" WHERE "user_id" = $1 AND lower("name") = lower($2) AND "id" IS DISTINCT FROM $3::uuid`,
        [userId, draft.name, id ?? null],
      );
      if (taken.length > 0) return { outcome: 'name-taken' };

      if (id)
        await tx.query(`UPDATE "turmas" SET "name" = $2, "updated_at" = now() WHERE "id" = $1`, [
          id,
          draft.name,
        ]);
      else {
        id = randomUUID();
        await tx.query(`INSERT INTO "turmas" ("id", "user_id", "name") VALUES ($1, $2, $3)`, [
          id,
          userId,
          draft.name,
        ]);
      }

      const current: { id: string }[] = await tx.query(`SELECT "id" FROM "students" WHERE "turma_id" = $1`, [
        id,
      ]);
      const ids = keptIds(
        new Set(current.map((s) => s.id)),
        draft.students.map((s) => s.id),
      );
      await tx.query(`DELETE FROM "students" WHERE "turma_id" = $1 AND NOT ("id" = ANY($2::uuid[]))`, [
        id,
        ids,
      ]);
      await tx.query(
        `INSERT INTO "students" ("id", "turma_id", "position", "name")
         SELECT u."id", $1, u."position", u."name"
           FROM unnest($2::uuid[], $3::smallint[], $4::text[]) AS u("id", "position", "name")
         ON CONFLICT ("id") DO UPDATE SET "position" = EXCLUDED."position", "name" = EXCLUDED."name"`,
        [id, ids, ids.map((_, i) => i + 1), draft.students.map((s) => s.name)],
      );
      const [saved]: TurmaWithStudentsRow[] = await tx.query(
        `${SELECT_TURMAS} WHERE t."id" = $1 GROUP BY t."id"`,
        [id],
      );
      return { outcome: 'saved', turma: turmaRecord(saved!) };
    });
  },

  async find(userId: string, id: string): Promise<TurmaRecord | null> {
    const rows: TurmaWithStudentsRow[] = await m.query(
      `${SELECT_TURMAS} WHERE t."id" = $1 AND t."user_id" = $2 GROUP BY t."id"`,
      [id, userId],
    );
    return rows[0] ? turmaRecord(rows[0]) : null;
  },

  async studentName(userId: string, studentId: string): Promise<string | null> {
    const rows: { name: string }[] = await m.query(
      `SELECT s."name" FROM "students" s JOIN "turmas" t ON t."id" = s."turma_id"
        WHERE s."id" = $1 AND t."user_id" = $2`,
      [studentId, userId],
    );
    return rows[0]?.name ?? null;
  },

  async sheetNames(studentId: string): Promise<{ student: string; turma: string } | null> {
    const rows: { student: string; turma: string }[] = await m.query(
      `SELECT s."name" AS "student", t."name" AS "turma"
         FROM "students" s JOIN "turmas" t ON t."id" = s."turma_id" WHERE s."id" = $1`,
      [studentId],
    );
    return rows[0] ?? null;
  },

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await m.getRepository(TurmaEntity).delete({ id, userId });
    return (result.affected ?? 0) > 0;
  },

  async deleteAll(userId: string): Promise<number> {
    const result = await m.getRepository(TurmaEntity).delete({ userId });
    return result.affected ?? 0;
  },
});

interface CellRow {
  version: number;
  problem: number;
  result: string | null;
  remainder: string | null;
  blank: boolean;
  typed_at: string;
  photo: boolean;
}

/** Postgres answers a bigint as text; the cells' numbers are integers well under 2^53. */
const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

/** Every query of `classroom.sheets` and `classroom.answers` (Correção rápida). */
const corrections = (m: EntityManager): CorrectionsRepository => ({
  async recordSheet(sheet: CorrectedSheet): Promise<void> {
    await m
      .getRepository(SheetEntity)
      .createQueryBuilder()
      .insert()
      .values({ ...sheet, turmaId: sheet.turmaId ?? null, boughtAt: sheet.boughtAt ?? null })
      .orUpdate(['user_id', 'problem_counts', 'turma_id', 'bought_at'], ['code'])
      .execute();
  },

  async sheet(userId: string, code: string): Promise<CorrectedSheet | null> {
    const row = await m.getRepository(SheetEntity).findOneBy({ code, userId });
    if (!row) return null;
    return {
      code: row.code,
      userId: row.userId,
      problemCounts: row.problemCounts,
      ...(row.turmaId === null ? {} : { turmaId: row.turmaId }),
      ...(row.boughtAt === null ? {} : { boughtAt: row.boughtAt }),
    };
  },

  async turmaSheets(userId: string, turmaId: string, since: Date | null, limit: number) {
    const rows: { code: string; bought_at: Date; total: string }[] = await m.query(
      `SELECT s."code", s."bought_at", count(*) OVER () AS "total" FROM "sheets" s
        WHERE s."user_id" = $1 AND s."turma_id" = $2 AND s."bought_at" IS NOT NULL
          AND ($3::timestamptz IS NULL OR s."bought_at" >= $3)
          AND EXISTS (SELECT 1 FROM "answers" a WHERE a."sheet_code" = s."code")
        ORDER BY s."bought_at" DESC, s."code" LIMIT $4`,
      [userId, turmaId, since, limit],
    );
    const total = rows.length === 0 ? 0 : Number(rows[0]!.total);
    return { sheets: rows.map((r) => ({ code: r.code, boughtAt: r.bought_at })), total };
  },

  /**
   * One statement: each cell is inserted, or replaces the stored one only when it was typed later, so a save that
   * arrives late (a retry, another tab) never undoes a newer cell, and the same save twice writes nothing the second
   * time. The rows it wrote are counted.
   */
  async writeCells(userId: string, code: string, cells: StoredCell[]): Promise<number> {
    if (cells.length === 0) return 0;
    const written: unknown[] = await m.query(
      `INSERT INTO "answers"
         ("sheet_code", "version", "problem", "user_id", "result", "remainder", "blank", "typed_at", "photo")
       SELECT $1, u."version", u."problem", $2, u."result", u."remainder", u."blank", u."typed_at", u."photo"
         FROM unnest($3::smallint[], $4::smallint[], $5::bigint[], $6::bigint[], $7::boolean[], $8::bigint[],
                     $9::boolean[])
           AS u("version", "problem", "result", "remainder", "blank", "typed_at", "photo")
       ON CONFLICT ("sheet_code", "version", "problem") DO UPDATE
         SET "result" = EXCLUDED."result", "remainder" = EXCLUDED."remainder", "blank" = EXCLUDED."blank",
             "typed_at" = EXCLUDED."typed_at", "photo" = EXCLUDED."photo"
         WHERE "answers"."typed_at" < EXCLUDED."typed_at"
       RETURNING 1`,
      [
        code,
        userId,
        cells.map((c) => c.version),
        cells.map((c) => c.problem),
        cells.map((c) => c.result),
        cells.map((c) => c.remainder),
        cells.map((c) => c.blank),
        cells.map((c) => c.at),
        cells.map((c) => c.photo === true),
      ],
    );
    return written.length;
  },

  async cells(code: string): Promise<StoredCell[]> {
    const rows: CellRow[] = await m.query(
      `SELECT "version", "problem", "result", "remainder", "blank", "typed_at", "photo" FROM "answers"
        WHERE "sheet_code" = $1 ORDER BY "version", "problem"`,
      [code],
    );
    return rows.map((r) => ({
      version: r.version,
      problem: r.problem,
      result: numberOrNull(r.result),
      remainder: numberOrNull(r.remainder),
      blank: r.blank,
      at: Number(r.typed_at),
      ...(r.photo ? { photo: true as const } : {}),
    }));
  },

  async codesWithCells(userId: string): Promise<string[]> {
    const rows: { sheet_code: string }[] = await m.query(
      `SELECT DISTINCT "sheet_code" FROM "answers" WHERE "user_id" = $1 ORDER BY "sheet_code"`,
      [userId],
    );
    return rows.map((r) => r.sheet_code);
  },

  async deleteAll(userId: string): Promise<number> {
    const cells = await m.getRepository(AnswerEntity).delete({ userId });
    await m.getRepository(SheetEntity).delete({ userId });
    return cells.affected ?? 0;
  },
});
