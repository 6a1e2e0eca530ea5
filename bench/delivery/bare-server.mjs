// The yardstick of the delivery benchmark (docs/product/design.md#budgets, docs/product/design.md#platform-notes): a bare Fastify route answering a
// small JSON object, with the same Fastify as the server and no logging, plugins or hooks.
// Run alone on the core the Adloom server is later pinned to: `node bare-server.mjs <port>`.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3999);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
