// The node test environment, plus Node's undici global dispatcher. Jest runs tests in a
// separate global object, which lacks the dispatcher Node registers on the real one; the
// @google/genai SDK looks it up on globalThis to make its requests, and fails without it.
const { TestEnvironment } = require('jest-environment-node');

const DISPATCHER = Symbol.for('undici.globalDispatcher.1');

class NodeWithUndiciEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (!globalThis[DISPATCHER]) new Headers(); // makes Node initialise undici lazily
    this.global[DISPATCHER] = globalThis[DISPATCHER];
  }
}

module.exports = NodeWithUndiciEnvironment;
