import fc from 'fast-check';
import { WHOLE_DOCUMENT_LIMITS } from '../src/parse/whole-document-limits.js';

// A failing property can spend minutes shrinking its counterexample through the JSON-text
// arbitraries. Cap each run: a failure is then reported with what shrinking reached so far.
fc.configureGlobal({ interruptAfterTimeLimit: 30_000, markInterruptAsFailure: true });

// The suites test the parser: documents of up to a few MB would otherwise go to the engine's
// JSON.parse (src/parse/whole-documents.ts). That route has tests of its own, and expectAgreement
// checks every case both ways (test/parse/whole-document-route.ts).
WHOLE_DOCUMENT_LIMITS.anyShapeMaxBytes = 0;
WHOLE_DOCUMENT_LIMITS.stringDocumentMaxBytes = 0;
WHOLE_DOCUMENT_LIMITS.documentRunsAfterBytes = Infinity;
