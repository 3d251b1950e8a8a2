/** Starts the app of a benchmark (target.ts) as a child process and stops it. */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError } from '../kit.ts';
import type { TargetInput, TargetReady } from './target-messages.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Building the app and loading the clients. */
export const SETUP_LIMIT_MS = 180_000;

export function startTarget(input: TargetInput): { child: ChildProcess; ready: Promise<TargetReady> } {
  return startTargetScript<TargetReady>(path.join(here, 'target.ts'), input);
}

/**
 * Forks a benchmark's target script with its input (BENCH_TARGET) and waits for its `ready`
 * message (or its error, its exit, or `limitMs`).
 */
export function startTargetScript<R extends { type: 'ready' }>(script: string, input: unknown, limitMs = SETUP_LIMIT_MS): { child: ChildProcess; ready: Promise<R> } {
  // run.ts runs under tsx; the child inherits its loader flags (or gets tsx if run otherwise).
  const execArgv = process.execArgv.length ? [...process.execArgv] : ['--import', 'tsx'];
  const child = fork(script, [], { execArgv, env: { ...process.env, BENCH_TARGET: JSON.stringify(input) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<R>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchError(`the app did not start within ${limitMs / 1000} s`)), limitMs);
    child.once('message', (message: R | { type: 'error'; message: string }) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve(message as R);
      else reject(new BenchError(`the app failed to start:\n${(message as { message: string }).message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new BenchError(`the app process exited (code ${code}) before it was ready`));
    });
  });
  return { child, ready };
}

export async function stopTarget(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}


/**
 * BENCH_CPU_PROF=<folder>: a V8 CPU profile of the app process while `run` goes (one measured
 * case), written to <folder>/<name>.cpuprofile; read it with bench/profile.ts or Chrome DevTools.
 */
export async function profiled<T>(child: ChildProcess, name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return run();
  const reply = (type: string) =>
    new Promise<void>((resolve) => {
      const listener = (message: { type?: string }) => {
        if (message?.type !== type) return;
        child.off('message', listener);
        resolve();
      };
      child.on('message', listener);
    });
  const started = reply('profile-started');
  child.send({ type: 'profile-start' });
  await started;
  try {
    return await run();
  } finally {
    const stopped = reply('profile-stopped');
    child.send({ type: 'profile-stop', file: path.resolve(dir, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`) });
    await stopped;
  }
}

/**
 * The app side (a target script): answers the runner's `profile-start` / `profile-stop`
 * (BENCH_CPU_PROF, see `profiled`) until `stop`; every other message goes to `onMessage`.
 */
export async function serveUntilStop<M extends { type?: string }>(send: (message: object) => void, onMessage: (message: M) => void = () => undefined) {
  const profiler = new inspector.Session();
  profiler.connect();
  await new Promise<void>((resolve) =>
    process.on('message', (message: M & { file?: string }) => {
      if (message?.type === 'stop') resolve();
      else if (message?.type === 'profile-start') void profiler.post('Profiler.enable').then(() => profiler.post('Profiler.start')).then(() => send({ type: 'profile-started' }));
      else if (message?.type === 'profile-stop')
        void profiler.post('Profiler.stop').then(({ profile }) => {
          fs.mkdirSync(path.dirname(message.file!), { recursive: true });
          fs.writeFileSync(message.file!, JSON.stringify(profile));
          send({ type: 'profile-stopped' });
        });
      else onMessage(message);
    }),
  );
  profiler.disconnect();
  process.removeAllListeners('disconnect');
}
