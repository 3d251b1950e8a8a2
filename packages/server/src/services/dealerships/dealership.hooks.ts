import { and, eq, ne } from 'drizzle-orm';
import { assertUnreferenced, type ResourceHooks, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest } from '../../kit/errors.ts';
import { dealershipResource } from '@dp/contracts';
import { dealershipDepartments, dealershipEmployees, dealerships, dealershipServices } from './dealership.table.ts';

type Attrs = Record<string, unknown>;

/**
 * Rules of the dealerships service beyond the machinery: a dealer that sites, cars, imports or
 * mails name stays with its client; departments and services take their client from their dealership, employees
 * their client and dealership from their department (never from the body), so a child always
 * belongs to its parent's client. The machinery has already checked that the parent is within the
 * caller's reach (refs).
 */
async function dealershipOf(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: dealerships.id, client_id: dealerships.client_id }).from(dealerships).where(eq(dealerships.id, id));
  if (!row) throw badRequest('invalid_reference', '/data/attributes/dealership_id', { id });
  return row;
}

async function departmentOf(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: dealershipDepartments.id, client_id: dealershipDepartments.client_id, dealership_id: dealershipDepartments.dealership_id })
    .from(dealershipDepartments)
    .where(eq(dealershipDepartments.id, id));
  if (!row) throw badRequest('invalid_reference', '/data/attributes/department_id', { id });
  return row;
}

/** A dealer moves to another client (staff only) with its departments, employees and services, while nothing else names it. */
export const dealershipHooks = (registry: () => ResourceRegistry): ResourceHooks => ({
  async beforeUpdate(attrs, { tx, existing }) {
    const clientId = Number(attrs.client_id ?? existing.client_id);
    if (clientId === existing.client_id) return attrs;
    await assertUnreferenced(tx, registry(), dealershipResource as never, existing.id);
    for (const table of [dealershipDepartments, dealershipEmployees, dealershipServices]) {
      await tx.update(table).set({ client_id: clientId, updated_at: new Date() }).where(eq(table.dealership_id, existing.id));
    }
    return attrs;
  },
});

export const departmentHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const dealership = await dealershipOf(tx, Number(attrs.dealership_id));
    return { ...attrs, client_id: dealership.client_id };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.dealership_id === undefined || attrs.dealership_id === existing.dealership_id) return attrs;
    const dealership = await dealershipOf(tx, Number(attrs.dealership_id));
    // The department's employees move with it.
    await tx
      .update(dealershipEmployees)
      .set({ dealership_id: dealership.id, client_id: dealership.client_id, updated_at: new Date() })
      .where(eq(dealershipEmployees.department_id, existing.id));
    return { ...attrs, client_id: dealership.client_id };
  },
};

export const employeeHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const department = await departmentOf(tx, Number(attrs.department_id));
    return { ...attrs, client_id: department.client_id, dealership_id: department.dealership_id };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.department_id === undefined || attrs.department_id === existing.department_id) return attrs;
    const department = await departmentOf(tx, Number(attrs.department_id));
    return { ...attrs, client_id: department.client_id, dealership_id: department.dealership_id };
  },
};

/** A service's code is unique within its dealership. */
async function assertServiceCodeFree(tx: DbOrTx, dealershipId: number, code: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: dealershipServices.id })
    .from(dealershipServices)
    .where(and(eq(dealershipServices.dealership_id, dealershipId), eq(dealershipServices.code, code), exceptId ? ne(dealershipServices.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw badRequest('service_code_taken', '/data/attributes/code', { code });
}

export const dealershipServiceHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const dealership = await dealershipOf(tx, Number(attrs.dealership_id));
    await assertServiceCodeFree(tx, dealership.id, String(attrs.code));
    return { ...attrs, client_id: dealership.client_id };
  },
  async beforeUpdate(attrs, { tx, existing }: { tx: DbOrTx; existing: Row }) {
    const dealershipId = Number(attrs.dealership_id ?? existing.dealership_id);
    const code = String(attrs.code ?? existing.code);
    if (attrs.dealership_id !== undefined || attrs.code !== undefined) await assertServiceCodeFree(tx, dealershipId, code, existing.id);
    if (attrs.dealership_id === undefined || attrs.dealership_id === existing.dealership_id) return attrs;
    const dealership = await dealershipOf(tx, dealershipId);
    return { ...attrs, client_id: dealership.client_id };
  },
};
