import { Worker } from 'node:worker_threads';
const entry = new URL('./w.ts', import.meta.url).href;
const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); }).catch((e) => { throw e; });`;
const t0 = performance.now();
const w = new Worker(boot, { eval: true, workerData: { a: 1 }, resourceLimits: { maxOldGenerationSizeMb: 32 } });
w.on('message', (m) => { console.log('msg', m, performance.now() - t0); });
w.on('error', (e) => console.log('err', e));
w.on('exit', (c) => console.log('exit', c));
