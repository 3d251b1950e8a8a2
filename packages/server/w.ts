import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from './src/kit/errors.ts';
const x: number = 42;
parentPort!.postMessage({ x, e: new AppError(400, 'not_found').key, workerData });
