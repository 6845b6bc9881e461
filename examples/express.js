// Express 5 with a small JSON body middleware built on json-parse-binary/body,
// in place of express.json(). Run: npm run build && PORT=3000 node examples/express.js
import express from 'express';
import { parseBody } from 'json-parse-binary/body';

/** Parses application/json bodies into req.body; answers 400/413/415 itself. */
function jsonBody(options) {
  return async (req, res, next) => {
    if (!req.is('application/json')) return next();
    const body = await parseBody(req, options);
    if (!body.ok) {
      // Refused bodies are not read to the end: close the connection after answering.
      res.status(body.status).set('connection', 'close').type('text').send(body.message);
      return;
    }
    req.body = body.value;
    next();
  };
}

const app = express();
app.use(jsonBody({ limit: 1024 * 1024, protoAction: 'remove' }));
app.post('/', (req, res) => {
  res.json({ received: req.body });
});

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
