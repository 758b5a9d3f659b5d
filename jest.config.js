// One jest run: unit specs beside the source, database tests in test/medium, HTTP tests in test/e2e,
// Swagger UI driven in Chromium in test/browser (skipped where /usr/bin/chromium is missing),
// database outages in test/outage (skipped unless run by `npm run test:outage` from .ci/run).
module.exports = {
  rootDir: '.',
  moduleFileExtensions: ['js', 'json', 'ts'],
  testRegex: '(src/.*\\.spec\\.ts|test/.*\\.(e2e|medium|browser|outage)-spec\\.ts)$',
  transform: { '^.+\\.ts$': 'ts-jest' },
  testEnvironment: '<rootDir>/test/support/jest-environment.js',
  // PGlite cannot start inside a jest worker's sandbox: the global setup serves it over a socket.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};
