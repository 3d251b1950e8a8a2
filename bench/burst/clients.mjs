/**
 * The burst's clients, in a process of their own: CLIENTS loops, each through the calls in turn from
 * its own starting point, for the given seconds; sends the latencies, failures and slowest call to
 * the parent. The process first lowers its own priority by `nice` (0: none): the clients of a real
 * deployment run on other machines, and on this one they would otherwise take the app's CPU.
 * Usage (forked by run.ts): clients.mjs <json: { url, token, calls, clients, seconds, nice }>.
 */
import http from 'node:http';
import os from 'node:os';

const { url, token, calls, clients, seconds, nice } = JSON.parse(process.argv[2]);
if (nice) os.setPriority(nice);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

/** A GET with its status once the body is read: http.get, since fetch does not let one set the Host header. */
function get(target, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(target, { headers, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const ends = performance.now() + seconds * 1000;
const result = { latencies: [], failures: 0, failed: [], slowest: 0, slowestCall: '' };
const failed = new Set();
async function client(index) {
  for (let n = index; performance.now() < ends; n++) {
    const call = calls[n % calls.length];
    const started = performance.now();
    const headers = call.host ? { host: call.host } : { authorization: `Bearer ${token}` };
    const status = await get(url + call.path, headers).catch(() => 'error');
    const took = performance.now() - started;
    result.latencies.push(took);
    if (status !== 200) {
      result.failures++;
      failed.add(`${call.name}: ${status}`);
    }
    if (took > result.slowest) [result.slowest, result.slowestCall] = [took, call.name];
  }
}
await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
result.failed = [...failed];
process.send(result, () => process.exit(0));
