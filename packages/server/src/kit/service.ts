import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { ServiceContext } from './context.ts';
import type { Binding, ResourceRegistry } from './crud-routes.ts';
import type { Database } from './db.ts';
import type { JobHandler, JobQueue } from './jobs.ts';
import type { Realtime } from './realtime.ts';

/** A contracts resource, the table that stores it, and what the CRUD machinery adds (links, hooks, ownership). */
export type ResourceBinding = { resource: { service: string; name: string }; table: Binding['table'] } & Partial<Omit<Binding, 'resource' | 'table'>>;

/** What the app hands a service's route registration besides the app and the context. */
export interface ServiceDeps {
  database: Database;
  /** Every resource bound to its table (the CRUD routes, ownership and references read it). */
  registry: ResourceRegistry;
  /** The update streams (kit/realtime.ts). */
  realtime: Realtime;
}

/**
 * What a server service declares about itself, once, in its folder's index.ts: its tables, its
 * resources' tables, its routes, its jobs. The list of services (src/services.ts) is walked to
 * build the app (app.ts) and the worker; schema.ts lists the same table files for drizzle-kit.
 */
export interface ServerServiceDeclaration {
  /** The specification's service name (its folder's). */
  name: string;
  /** Its `*.table.ts` modules. */
  tables?: object[];
  /** Each of its contracts resources with the table that stores it. */
  resources?(registry: ResourceRegistry, config: Config): ResourceBinding[];
  /** Tables of records that module-tied routes name by id (contracts permissions.ts), by kind: the gateway finds their site or client. */
  records?: Record<string, Binding['table']>;
  /** Runs once every service's resources are bound: for what reaches other services' resources. */
  bindLast?(registry: ResourceRegistry): void;
  /** Hooks that answer requests before the gateway, registered before the API documentation and every route. */
  beforeGateway?(app: FastifyInstance, ctx: ServiceContext, deps: Pick<ServiceDeps, 'database'>): Promise<void>;
  /** Registers its routes, after every resource's CRUD routes. */
  register?(app: FastifyInstance, ctx: ServiceContext, deps: ServiceDeps): Promise<void>;
  /** Its job handlers by queue name; main and `npm run worker` run them. */
  jobs?(ctx: ServiceContext): Record<string, JobHandler>;
  /** Recurring jobs: the cron (UTC) of a queue it handles. */
  schedules?: Record<string, string>;
  /** Queues of many short jobs it handles, fetched and run that many at a time (kit/jobs.ts). */
  batchSizes?: Record<string, number>;
  /** Queues it sends to whose jobs another service runs: sending must not fail without it. */
  queues?: string[];
  /** Work once the queue can send and before this process takes a job (resuming runs whose process died). */
  beforeWork?(ctx: ServiceContext, queue: JobQueue): Promise<void>;
  /**
   * Its usual requests, once, through `app.inject` before the server listens (main.ts): V8 compiles a
   * function at its first call, and a burst of first visitors otherwise pays it all at once.
   */
  warmUp?(app: FastifyInstance, ctx: ServiceContext): Promise<void>;
}

/** A service's declaration with every list present. */
export type ServerService = Required<Omit<ServerServiceDeclaration, OnlyWhereNeeded>> & Pick<ServerServiceDeclaration, OnlyWhereNeeded>;
type OnlyWhereNeeded = 'bindLast' | 'beforeGateway' | 'beforeWork' | 'warmUp';

export function defineServerService(declaration: ServerServiceDeclaration): ServerService {
  return {
    tables: [],
    resources: () => [],
    records: {},
    register: async () => undefined,
    jobs: () => ({}),
    schedules: {},
    batchSizes: {},
    queues: [],
    ...declaration,
  };
}
