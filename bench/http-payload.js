// JSON request bodies of a chosen size for the HTTP load benchmark: an API-like list of records
// (strings, numbers, booleans, nested arrays), deterministic so every run sends the same bytes.

function record(index) {
  return {
    id: 100_000 + index,
    name: `customer ${index}`,
    email: `customer.${index}@example.com`,
    active: index % 3 !== 0,
    score: Math.round(((index * 7919) % 10_000) * 1.37) / 100,
    tags: ['alpha', 'beta', 'gamma', 'delta'].slice(0, 1 + (index % 4)),
    address: { street: `${index} Main Street`, city: 'Springfield', zip: String(10_000 + (index % 89_999)) },
  };
}

/** A UTF-8 JSON document `{ "items": [...] }` of about `targetBytes` bytes (never more), and its item count. */
export function makePayload(targetBytes) {
  const parts = [];
  let size = '{"items":[]}'.length;
  for (let index = 0; ; index++) {
    const text = JSON.stringify(record(index));
    const added = text.length + (index > 0 ? 1 : 0);
    if (size + added > targetBytes && index > 0) break;
    parts.push(text);
    size += added;
  }
  const body = Buffer.from(`{"items":[${parts.join(',')}]}`);
  return { body, items: parts.length };
}
