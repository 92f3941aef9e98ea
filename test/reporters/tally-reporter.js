/**
 * Appends "passed failed" for each Jest run to the file named by VELLUM_TALLY_FILE, so .ci/run can
 * print one closing line for unit and end-to-end runs on every database.
 */
const fs = require('node:fs');

class TallyReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.VELLUM_TALLY_FILE;
    if (!file) return;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    fs.appendFileSync(file, `${results.numPassedTests} ${failed}\n`);
  }
}

module.exports = TallyReporter;
