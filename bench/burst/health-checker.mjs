/**
 * A load balancer's health check, in a process of its own as a real one is: asks `/healthz` on
 * a new connection every 100 ms for the given seconds and sends its latencies (ms) to the parent.
 * Usage (forked by run.ts): health-checker.mjs <url> <seconds>.
 *
 * Its first check is not counted: a load balancer has been asking long before the burst, while this
 * process's first request also loads Node's HTTP client, and was seen taking 120–150 ms for that alone.
 */
import http from 'node:http';

const [url, seconds] = process.argv.slice(2);
const ends = performance.now() + Number(seconds) * 1000;
const latencies = [];
const agent = new http.Agent({ keepAlive: false });

function check() {
  return new Promise((resolve) => {
    http
      .get(`${url}/healthz`, { agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
      .on('error', resolve);
  });
}

await check();
while (performance.now() < ends) {
  const started = performance.now();
  await check();
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.send(latencies, () => process.exit(0));
