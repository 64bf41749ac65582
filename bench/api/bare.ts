/** The baseline: a bare Fastify hello-world (no logger, no hooks), in its own process like the server. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare fastify listening');
