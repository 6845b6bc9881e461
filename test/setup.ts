import fc from 'fast-check';

// A failing property can spend minutes shrinking its counterexample through the JSON-text
// arbitraries. Cap each run: a failure is then reported with what shrinking reached so far.
fc.configureGlobal({ interruptAfterTimeLimit: 30_000, markInterruptAsFailure: true });
