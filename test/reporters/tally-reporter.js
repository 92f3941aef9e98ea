/**
 * Appends "passed failed" for each Jest run to the file named by VELLUM_TALLY_FILE, so .ci/run can
 * print one closing line for unit and end-to-end runs on every database. It also prints the slowest
 * test files of the run, so a CI that grows slower shows where the time goes.
 */
const fs = require('node:fs');
const path = require('node:path');

const SLOWEST_SHOWN = 8;

class TallyReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.VELLUM_TALLY_FILE;
    if (!file) return;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    fs.appendFileSync(file, `${results.numPassedTests} ${failed}\n`);
    process.stdout.write(slowestFiles(results.testResults));
  }
}

function slowestFiles(testResults) {
  const timed = testResults
    .map((r) => ({
      name: path.relative(process.cwd(), r.testFilePath),
      seconds: (r.perfStats.end - r.perfStats.start) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_SHOWN);
  const lines = timed.map((t) => `  ${t.seconds.toFixed(1).padStart(7)} s  ${t.name}`);
  return `Slowest test files:\n${lines.join('\n')}\n`;
}

module.exports = TallyReporter;
