/** Where a command writes: stdout for results, stderr for notes and errors (injectable for tests). */
export interface CliIO {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}
