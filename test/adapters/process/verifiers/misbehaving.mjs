// A verifier that misbehaves the way its first argument says, for the exit-status mapping tests.
const mode = process.argv[2];
const out = (s) => process.stdout.write(s);
switch (mode) {
  case 'text-valid':
    out('valid: looks fine to me\n');
    process.exit(0);
  case 'text-invalid':
    out('invalid: 1 finding\nVAL-ROOT-HASH: root differs\n');
    process.exit(1);
  case 'crash':
    process.stderr.write('about to crash\n');
    process.kill(process.pid, 'SIGSEGV');
    break;
  case 'usage':
    process.stderr.write('uas-verify: missing --source\n');
    process.exit(2);
  case 'disagree':
    out('{"valid":true,"findings":[]}\n');
    process.exit(1);
  case 'bad-json':
    out('{"valid": tru\n');
    process.exit(0);
  case 'bad-verdict':
    out('{"valid":false,"findings":[{"unitId":"u1"}]}\n');
    process.exit(1);
  case 'hang':
    setInterval(() => {}, 1000);
    break;
  default:
    process.exit(0);
}
