// The reference of the API benchmark: a bare node:http server that answers each recorded path with the very bytes
// and headers the API sent (a flat list of names and values, as the API spelled them). Usage:
//   node bare-server.mjs <responses.json> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, r]) => [path, { ...r, body: Buffer.from(r.body, 'base64') }]),
);

createServer((req, res) => {
  const hit = responses.get(req.url);
  if (!hit) return void res.writeHead(404).end();
  res.writeHead(200, hit.headers).end(hit.body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
