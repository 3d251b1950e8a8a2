import { eq, inArray } from 'drizzle-orm';
import { conditionRangeIssues, CONDITION_FIELDS } from '@dp/contracts';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest, forbidden } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { workflowHooks } from '../../kit/state-workflow.ts';
import { creditBanks, creditPrograms, creditProgramStates } from './credit.table.ts';

type Attrs = Record<string, unknown>;
const isStaff = (auth: Pick<AuthContext, 'scope'>) => auth.scope === 'all';

/**
 * Who owns what (docs/decisions/credit.md, "Whose are banks, programmes and packs?"): a client's
 * programme names its own or a system-wide bank, and combines with its own or system-wide
 * programmes; a system-wide programme only with system-wide ones; a pack likewise. The machinery
 * has checked that every named record is within the caller's reach; this keeps staff, who reach
 * every client, from mixing clients.
 */
async function assertOwnersFit(tx: DbOrTx, table: typeof creditBanks | typeof creditPrograms, ids: number[], clientId: number | null, field: string) {
  if (!ids.length) return;
  const rows = await tx.select({ id: table.id, client_id: table.client_id }).from(table).where(inArray(table.id, ids));
  const foreign = rows.find((row) => row.client_id !== null && row.client_id !== clientId);
  if (foreign) throw badRequest('credit_foreign_record', `/data/attributes/${field}`, { id: foreign.id });
}

/** The range checks on the values a write leaves (a PATCH of one side is checked against the other). */
function assertRanges(values: Attrs) {
  const [issue] = conditionRangeIssues(values);
  if (issue) throw badRequest(issue.key, `/data/attributes/${issue.field}`);
}

export const programHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const clientId = (attrs.client_id as number | null | undefined) ?? null;
    await assertOwnersFit(tx, creditBanks, [Number(attrs.bank_id)], clientId, 'bank_id');
    await assertOwnersFit(tx, creditPrograms, (attrs.combined_program_ids as number[] | undefined) ?? [], clientId, 'combined_program_ids');
    return { ...attrs, client_id: clientId };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    const clientId = (existing.client_id as number | null) ?? null;
    if (attrs.bank_id !== undefined) await assertOwnersFit(tx, creditBanks, [Number(attrs.bank_id)], clientId, 'bank_id');
    if (attrs.combined_program_ids !== undefined) {
      const ids = attrs.combined_program_ids as number[];
      if (ids.includes(existing.id)) throw badRequest('credit_foreign_record', '/data/attributes/combined_program_ids', { id: existing.id });
      await assertOwnersFit(tx, creditPrograms, ids, clientId, 'combined_program_ids');
    }
    assertRanges({ ...existing, ...attrs });
    return attrs;
  },
};

export const packHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const clientId = (attrs.client_id as number | null | undefined) ?? null;
    await assertOwnersFit(tx, creditPrograms, (attrs.program_ids as number[] | undefined) ?? [], clientId, 'program_ids');
    return { ...attrs, client_id: clientId };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.program_ids !== undefined) await assertOwnersFit(tx, creditPrograms, attrs.program_ids as number[], (existing.client_id as number | null) ?? null, 'program_ids');
    return attrs;
  },
};

export const settingsHooks: ResourceHooks = {
  beforeUpdate(attrs, { existing }) {
    const merged = { ...existing, ...attrs };
    if ((merged.default_period as number) > (merged.max_period as number)) throw badRequest('credit_period_range', '/data/attributes/default_period');
    return attrs;
  },
};

async function programOf(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(creditPrograms).where(eq(creditPrograms.id, id)).limit(1);
  if (!row) throw badRequest('invalid_reference', '/data/attributes/program_id', { id });
  return row;
}

/**
 * Programme states: created as drafts of a programme, taking its client and, for what the body
 * does not name, its car type, car age and conditions; only drafts change. The states of a
 * system-wide programme are written by staff only.
 */
export function programStateHooks(): ResourceHooks {
  const base = workflowHooks(creditProgramStates as never);
  return {
    ...base,
    async beforeCreate(attrs, ctx) {
      const program = await programOf(ctx.tx, Number(attrs.program_id));
      if (program.client_id === null && !isStaff(ctx.auth)) throw forbidden();
      const inherited: Attrs = { car_type: program.car_type, car_age: program.car_age_limit };
      for (const field of CONDITION_FIELDS) inherited[field] = (program as Record<string, unknown>)[field];
      const defined = Object.fromEntries(Object.entries(attrs).filter(([, value]) => value !== undefined));
      const values = { ...inherited, ...defined, client_id: program.client_id };
      assertRanges(values);
      return base.beforeCreate!(values, ctx);
    },
    async beforeUpdate(attrs, ctx) {
      const checked = await base.beforeUpdate!(attrs, ctx);
      assertRanges({ ...ctx.existing, ...checked });
      return checked;
    },
  };
}
