// Baseline for the bench's throughput figures: the smallest node:http server that answers
// {"status":"ok"} as JSON. Comparing the API's /api/health against it separates the cost of
// Hono, middleware and the database probe from what Node and the load generator alone can do.
// Runs in its own process (started with fork by scripts/bench/bench.mjs) so it never shares an event
// loop with autocannon.
import http from 'node:http';

const body = Buffer.from(JSON.stringify({ status: 'ok' }));
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  // The port travels over IPC, so there is no window in which another process could take it.
  process.send?.({ port: server.address().port });
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// The IPC channel closes when the bench dies, even by SIGKILL: never outlive it.
process.once('disconnect', stop);
