import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { Lang } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { csvDelimiter, csvRow, UTF8_BOM } from '../../kit/csv.ts';
import { clients } from './client.table.ts';
import { satisfactionVotes } from './personalization.table.ts';
import { users } from './user.table.ts';

/**
 * POST /satisfaction {rate}: one vote of the survey, stored with the client the caller acts as.
 * Internal users are exempt from the survey (spec 000 §6) and API tokens are not people.
 */
export async function recordSatisfactionVote(db: DbOrTx, auth: AuthContext, rate: number) {
  if (auth.tokenId != null) throw new AppError(403, 'forbidden');
  if (auth.internal) throw new AppError(403, 'satisfaction_internal');
  const [row] = await db.insert(satisfactionVotes).values({ user_id: auth.userId, client_id: auth.clientId, rate }).returning();
  return row!;
}

const HEADER: Record<Lang, string[]> = {
  ru: ['Дата (UTC)', 'E-mail пользователя', 'Клиент', 'Оценка'],
  en: ['Date (UTC)', 'User e-mail', 'Client', 'Rating'],
};

/** Rows are read in chunks of this many, so a busy month never sits in memory at once. */
const CHUNK = 1000;

export const reportFileName = (year: number, month: number) => `satisfaction-${year}-${String(month).padStart(2, '0')}.csv`;

/** The bounds of a calendar month in UTC. */
export function monthRange(year: number, month: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}

const formatDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * GET /satisfaction/report/csv?month&year: the month's votes of the clients in the caller's scope
 * as CSV lines (header first, byte order mark in front), oldest first.
 */
export async function* satisfactionReportCsv(db: DbOrTx, auth: AuthContext, year: number, month: number, lang: Lang): AsyncGenerator<string> {
  const delimiter = csvDelimiter(lang);
  yield UTF8_BOM + csvRow(HEADER[lang], delimiter);
  if (auth.scope !== 'all' && auth.scope.length === 0) return;
  const { from, to } = monthRange(year, month);
  const scope = auth.scope === 'all' ? undefined : inArray(satisfactionVotes.client_id, auth.scope);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: satisfactionVotes.id,
        created_at: satisfactionVotes.created_at,
        email: users.email,
        client: clients.name,
        rate: satisfactionVotes.rate,
      })
      .from(satisfactionVotes)
      .innerJoin(users, eq(users.id, satisfactionVotes.user_id))
      .leftJoin(clients, eq(clients.id, satisfactionVotes.client_id))
      .where(and(gte(satisfactionVotes.created_at, from), lt(satisfactionVotes.created_at, to), gt(satisfactionVotes.id, after), scope))
      .orderBy(asc(satisfactionVotes.id))
      .limit(CHUNK);
    if (rows.length === 0) return;
    yield rows.map((row) => csvRow([formatDate(row.created_at), row.email, row.client ?? '', row.rate], delimiter)).join('');
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1]!.id;
  }
}
