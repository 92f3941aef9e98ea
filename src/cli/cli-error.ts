/** An expected failure: its message is printed as it is, and the process exits with code 1. */
export class CliError extends Error {}
