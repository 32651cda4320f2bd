/**
 * Splits a byte stream into lines without ever holding more than `maxLineBytes` of one line: an
 * adapter that writes a gigabyte without a newline costs the pack a bounded amount of memory.
 */
export class LineSplitter {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly maxLineBytes: number) {}

  /**
   * Feeds a chunk; returns the complete lines it finished (without the newline) or, when the line
   * being read grew past the limit, `{ tooLong }` with its first bytes. A trailing `\r` is dropped.
   */
  push(chunk: Buffer): { lines: Buffer[]; tooLong?: { head: Buffer; bytes: number } } {
    const lines: Buffer[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl < 0) break;
      const piece = chunk.subarray(start, nl);
      let line = this.size === 0 ? piece : Buffer.concat([...this.chunks, piece], this.size + piece.length);
      this.chunks = [];
      this.size = 0;
      if (line.length > this.maxLineBytes)
        return { lines, tooLong: { head: line.subarray(0, 4096), bytes: line.length } };
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      lines.push(line);
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.chunks.push(rest);
      this.size += rest.length;
      if (this.size > this.maxLineBytes) {
        const head = Buffer.concat(this.chunks, this.size).subarray(0, 4096);
        return { lines, tooLong: { head, bytes: this.size } };
      }
    }
    return { lines };
  }
}
