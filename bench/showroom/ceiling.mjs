/**
 * The ceiling of bench:showroom: a bare node HTTP server in a process of its own answering every
 * GET with the HTML in the file named by its first argument (what the renderer's cached page
 * answers, with nothing done for it). With a second argument, it first spends that many
 * milliseconds of CPU on each answer (what the app spends on an uncached page): the latencies any
 * one process doing that work gets. Prints its port once it listens (CEILING_PORT, else a free one).
 */
import fs from 'node:fs';
import http from 'node:http';

const html = fs.readFileSync(process.argv[2]);
const busyMs = Number(process.argv[3] ?? 0);
const server = http.createServer((_request, response) => {
  const until = performance.now() + busyMs;
  while (performance.now() < until);
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
  response.end(html);
});
server.listen(Number(process.env.CEILING_PORT ?? 0), '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
