// Baseline of the start-up rows: the least a Node HTTP service does to start, started the same way
// as the host (node on built JavaScript, or node --import tsx). Plain JavaScript, so neither path
// has anything to transpile. Prints one ready line like the host, answers 200.
import { createServer } from 'node:http';

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('ok');
});
server.listen(0, '127.0.0.1', () => {
  console.log(`bare ready at http://127.0.0.1:${server.address().port}/`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
