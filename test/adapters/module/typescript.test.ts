import { describe, expect, it } from 'vitest';
import { noTypeScriptLoader, typeScriptLoader } from '../../../src/adapters/module.js';

const missing = () => {
  throw Object.assign(new Error("Cannot find module 'tsx/package.json'"), { code: 'MODULE_NOT_FOUND' });
};

describe('which loader a TypeScript adapter gets', () => {
  it('tsx when it resolves, whether or not Node strips types (tsx also maps ./x.js imports to ./x.ts)', () => {
    expect(typeScriptLoader(() => '/somewhere/tsx/package.json', {})).toBe('tsx');
    expect(typeScriptLoader(() => '/somewhere/tsx/package.json', { typescript: 'strip' })).toBe('tsx');
  });

  it("Node's own type stripping when tsx is not installed and this Node has it", () => {
    expect(typeScriptLoader(missing, { typescript: 'strip' })).toBe('node');
    expect(typeScriptLoader(missing, { typescript: 'transform' })).toBe('node');
  });

  it('none when neither is there', () => {
    expect(typeScriptLoader(missing, {})).toBe('none');
    expect(typeScriptLoader(missing, { typescript: false })).toBe('none');
  });

  it('this installation (tsx is a dev dependency) loads TypeScript through tsx', () => {
    expect(typeScriptLoader()).toBe('tsx');
  });

  it('the line for no loader names the adapter, what to install, and the way around it', () => {
    const line = noTypeScriptLoader('adapters/my-impl.ts');
    expect(line).toMatch(/^cannot load adapter adapters\/my-impl\.ts: it is TypeScript and tsx is not installed \(npm i -D tsx\)/);
    expect(line).toContain(process.version);
    expect(line).toContain('compile the adapter to JavaScript');
    expect(line).not.toContain('\n');
  });
});
