// Filled in by the shim work: installs JSON.parseBinary and ArrayBuffer.prototype.detach.
export {};
