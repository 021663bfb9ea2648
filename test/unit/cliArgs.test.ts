import { strict as assert } from 'node:assert';
import { parseArgs } from '../../server/src/cli/args';
import { runCli, tempTree } from './helpers';

/** The command line's arguments (SPEC §7): what a user types is read, or refused in one line with exit 2. */

const SPEC = { format: { value: true }, known: { value: true, repeatable: true }, 'dry-run': { value: false } };

function refusal(argv: string[]): string {
  try {
    parseArgs(argv, SPEC);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

describe('command-line arguments (cli/args.ts)', () => {
  it('reads --opt value, --opt=value, repeated options, flags, positionals and everything after --', () => {
    const args = parseArgs(['a.json', '--format', 'json', '--known=A,B', '--known', 'C', '--dry-run', '-', '--', '--not-an-option'], SPEC);
    assert.deepEqual(
      [...args.options],
      [
        ['format', ['json']],
        ['known', ['A,B', 'C']],
      ],
    );
    assert.deepEqual([...args.flags], ['dry-run']);
    assert.deepEqual(args.positional, ['a.json', '-', '--not-an-option']);
    assert.deepEqual([...parseArgs(['--format='], SPEC).options], [['format', ['']]]);
  });

  it('refuses each mistake in one line naming the option', () => {
    assert.equal(refusal(['--bogus']), 'unknown option --bogus');
    assert.equal(refusal(['-x']), 'unknown option -x');
    assert.equal(refusal(['--constructor']), 'unknown option --constructor', 'a name every object has is no option');
    assert.equal(refusal(['--dry-run=yes']), '--dry-run takes no value');
    assert.equal(refusal(['--format']), '--format needs a value');
    assert.equal(refusal(['--format', '--dry-run']), '--format needs a value (one that starts with a dash is written --format=VALUE)');
    assert.equal(refusal(['--format', 'json', '--format=text']), '--format was given more than once');
    assert.equal(refusal(['--format=-x']), 'accepted');
  });

  it('a usage error is exit 2 with the line and the command’s usage, no stack trace', async () => {
    const run = await runCli(['check', '--format'], { cwd: tempTree({}) });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^mcp-catalog check: --format needs a value\nUsage: mcp-catalog check /);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });
});
