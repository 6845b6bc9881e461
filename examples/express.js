// Express 5 with json-parse-binary/express in place of express.json(): same options, same req.body,
// same errors reaching the error handler. Run: npm run build && PORT=3000 node examples/express.js
import express from 'express';
import { json } from 'json-parse-binary/express';

const app = express();
app.use(json({ limit: '1mb' }));
app.post('/', (req, res) => {
  res.json({ received: req.body });
});
// body-parser's error fields: status (400, 403, 413, 415), type ('entity.parse.failed', ...), expose.
app.use((err, req, res, next) => {
  res.status(err.status ?? 500).type('text').send(err.expose ? err.message : 'Internal Server Error');
});

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
