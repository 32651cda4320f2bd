/**
 * Splits a command line into argv words the way a POSIX shell treats quotes and backslashes, and
 * nothing more: no variables, globs, pipes or redirections. The pack never hands a command to a
 * shell, so a path with spaces or a `$` in an argument means what it says. Anyone who wants shell
 * features writes `sh -c '...'` explicitly.
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated single quote in command: ${line}`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i += 1;
      for (;;) {
        if (i >= line.length) throw new Error(`unterminated double quote in command: ${line}`);
        const d = line[i]!;
        if (d === '"') break;
        // Inside double quotes a backslash only escapes the characters a shell lets it escape.
        if (d === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
          word += line[i + 1];
          i += 2;
        } else {
          word += d;
          i += 1;
        }
      }
      inWord = true;
      i += 1;
    } else if (c === '\\') {
      if (i + 1 >= line.length) throw new Error(`command ends with a lone backslash: ${line}`);
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
    } else {
      word += c;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Quotes argv words back into one line a POSIX shell reads as the same words (for messages). */
export function joinCommand(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w./:@=+,%-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}
