// A Jest reporter that leaves one small JSON file per project run in tmp/jest-summary/, so the
// test command can print a single total after Nx has run every project's Jest on its own.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const SUMMARY_DIR = path.join(__dirname, '..', '..', 'tmp', 'jest-summary');

class SummaryReporter {
  constructor(globalConfig) {
    this.name = path.basename(globalConfig.rootDir);
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    mkdirSync(SUMMARY_DIR, { recursive: true });
    const file = path.relative(path.join(__dirname, '..', '..'), this.rootDir).replace(/\W+/g, '_');
    writeFileSync(
      path.join(SUMMARY_DIR, `${file || 'workspace'}.json`),
      JSON.stringify({
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
