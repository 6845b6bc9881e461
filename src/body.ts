// Filled in by the request-body work: readBody and parseBody.
export {};
