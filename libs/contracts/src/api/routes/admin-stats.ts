import { z } from 'zod';
import { envelope } from '../../envelope.js';
import { PageStats, PaymentStats, PublicUser, UserStats } from '../../messaging.js';
import { defineRoute } from '../route.js';

/** The routes admin-stats answers: the admin's statistics, user list and activity log. */

const withData = <T extends z.ZodType>(data: T) => envelope(data).extend({ data });

export const adminStats = defineRoute({
  owner: 'admin-stats',
  method: 'GET',
  path: '/api/admin/stats',
  access: 'admin',
  summary: 'Statistics of users, payments and pages',
  response: withData(z.object({ users: UserStats, payments: PaymentStats, pages: PageStats })),
});

export const AdminUsersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export const adminUsers = defineRoute({
  owner: 'admin-stats',
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  summary: 'Users, newest first (optional limit/offset)',
  query: AdminUsersQuery,
  response: withData(z.array(PublicUser)).extend({ total: z.number() }),
});

export const AuditType = z.enum([
  'user.registered',
  'user.activated',
  'login.failed',
  'topup.credited',
  'topup.reversed',
  'topup.refunded',
  'page.bought',
]);
export type AuditType = z.infer<typeof AuditType>;
export const AdminLogsQuery = z.object({
  type: AuditType.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const AuditEntry = z.object({
  id: z.string(),
  type: AuditType,
  at: z.string(),
  summary: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const adminLogs = defineRoute({
  owner: 'admin-stats',
  method: 'GET',
  path: '/api/admin/logs',
  access: 'admin',
  summary: 'Latest activity (audit projection fed by events)',
  query: AdminLogsQuery,
  response: envelope(z.array(AuditEntry)),
});
