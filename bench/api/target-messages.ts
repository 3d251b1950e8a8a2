/**
 * What the API benchmark's runner (run.ts, target-process.ts) and its app process (target.ts)
 * send each other over IPC. A module of its own, so that neither side imports the other.
 */
export interface TargetInput {
  /** postgres://... of the bench database, or null for PGlite. */
  databaseUrl: string | null;
  /** A temporary folder run.ts made (and removes): PGlite's data, the mail outbox. */
  dataDir: string;
  clients: number;
  /** The built web to serve (bench/web); none by default. */
  webDist?: string | null;
}

/** A measured request: its path on the app and the same body from the bare servers. */
export interface TargetCase {
  key: 'me' | 'client' | 'sorted' | 'search';
  path: string;
  bytes: number;
  /** Bare Fastify returning the same JSON, serialized on every request as the real routes do. */
  ceilingUrl: string;
  /** Bare node:http returning the same bytes, serialized once. */
  rawUrl: string;
}

export interface TargetReady {
  type: 'ready';
  kind: 'pglite' | 'postgres';
  appUrl: string;
  token: string;
  /** The administrator's whole sign-in answer (tokens and user), as the web stores it. */
  signIn: Record<string, unknown>;
  cases: TargetCase[];
  listTotal: number;
  seedSeconds: number;
}
