import fc from 'fast-check';
import { SMALL_DOCUMENT_LIMITS } from '../src/parse/small-document-limits.js';

// A failing property can spend minutes shrinking its counterexample through the JSON-text
// arbitraries. Cap each run: a failure is then reported with what shrinking reached so far.
fc.configureGlobal({ interruptAfterTimeLimit: 30_000, markInterruptAsFailure: true });

// The suites test the parser: small documents would otherwise go to the engine's JSON.parse
// (src/parse/small-documents.ts). That route has tests of its own, and expectAgreement checks
// every case both ways (test/parse/small-document-route.ts).
SMALL_DOCUMENT_LIMITS.maxBytes = 0;
SMALL_DOCUMENT_LIMITS.stringDocumentMaxBytes = 0;
