/**
 * The README's Install section, run (README "Install"): its blocks are read from the README itself,
 * so what users are told and what is tested cannot drift. Shell lines run against the tarball this
 * tier built, offline — the one substitution is the registry's `mcp-catalog` by that tarball.
 * Editor configurations are parsed (Lua by Neovim's own compiler, TOML by smol-toml, Emacs Lisp
 * for balance) and must start `mcp-catalog-language-server --stdio`; the Neovim tier runs the
 * Neovim 0.7 block for real.
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { CodeBlock } from '../support/markdownBlocks';
import { npmEnvironment } from '../support/npmPackage';
import { initializeOverStdio } from './lspInitialize';
import { expectStatus, run, Skip } from './tier';

export interface InstallContext {
  tarball: string;
  /** A catalog repository the commands run in (its catalog has no error). */
  workspace: string;
  scratch: string;
  required: boolean;
}

/** One shell line, translated and run; returns what was run. */
async function runShellLine(line: string, context: InstallContext, prefix: string): Promise<string> {
  const bin = path.join(prefix, 'bin');
  const offline = npmEnvironment({ npm_config_offline: 'true', npm_config_cache: path.join(context.scratch, 'readme-npm-cache') });
  const withBin = { ...offline, PATH: [bin, offline.PATH].join(path.delimiter) };
  const words = line.split(/\s+/);
  let install = /^npm (install|i) (-g|--global) mcp-catalog$/.exec(line);
  if (install) {
    expectStatus(run('npm', [words[1], words[2], '--offline', '--prefix', prefix, context.tarball], { env: offline }), 0);
    return `npm ${words[1]} ${words[2]} <tarball> (offline, prefix ${path.basename(prefix)})`;
  }
  install = /^npx (--yes )?mcp-catalog( .*)?$/.exec(line);
  if (install) {
    const args = words.slice(words.indexOf('mcp-catalog') + 1);
    const result = expectStatus(run('npx', ['--yes', '--package', context.tarball, '--', 'mcp-catalog', ...args], { cwd: context.workspace, env: offline }), 0);
    if (args[0] === 'check' && !/files? checked: 0 error/.test(result.stdout)) throw new Error(`no check summary\n${result.transcript}`);
    return `npx --yes --package <tarball> -- mcp-catalog ${args.join(' ')}`;
  }
  if (words[0] === 'mcp-catalog-language-server') {
    if (words.slice(1).join(' ') !== '--stdio') throw new Error(`the tier runs the language server only as --stdio: ${line}`);
    const result = await initializeOverStdio(path.join(bin, words[0]), ['--stdio'], { cwd: context.workspace, env: withBin });
    if (!result.capabilities) throw new Error('initialize answered without capabilities');
    return line;
  }
  if (words[0] === 'mcp-catalog') {
    const result = expectStatus(run(path.join(bin, 'mcp-catalog'), words.slice(1), { cwd: context.workspace, env: withBin }), 0);
    if (words[1] === 'check' && !/files? checked: 0 error/.test(result.stdout)) throw new Error(`no check summary\n${result.transcript}`);
    return line;
  }
  throw new Error(`the package tier does not know how to run this README command (teach test/package/readmeInstall.ts): ${line}`);
}

/** Runs every shell block of the section, in order, in one install prefix. */
export async function runShellBlocks(blocks: CodeBlock[], context: InstallContext): Promise<string[]> {
  const prefix = path.join(context.scratch, 'readme-prefix');
  const ran: string[] = [];
  for (const block of blocks.filter((b) => b.language === 'sh')) {
    for (const raw of block.code.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (line && !line.startsWith('#')) ran.push(await runShellLine(line, context, prefix));
    }
  }
  if (!ran.some((line) => line.startsWith('npm '))) throw new Error('the Install section has no npm install of the package');
  return ran;
}

function checkLua(block: CodeBlock, context: InstallContext): void {
  const file = path.join(context.scratch, `readme-${block.line}.lua`);
  writeFileSync(file, block.code);
  const lua = "local f, e = loadfile(os.getenv('MCP_CATALOG_LUA')); if not f then io.stderr:write(e) vim.cmd('cquit 1') else vim.cmd('qall!') end";
  const result = run('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `lua ${lua}`], {
    env: { ...process.env, MCP_CATALOG_LUA: file },
    timeout: 30_000,
  });
  if (result.status === null && !context.required) throw new Skip('nvim is not installed');
  expectStatus(result, 0);
}

function checkToml(block: CodeBlock): void {
  const toml = parseToml(block.code) as { 'language-server'?: Record<string, { command?: string; args?: string[] }> };
  const server = toml['language-server']?.['mcp-catalog'];
  if (server?.command !== 'mcp-catalog-language-server' || !server.args?.includes('--stdio'))
    throw new Error(`[language-server.mcp-catalog] is ${JSON.stringify(server)}`);
}

function checkElisp(block: CodeBlock): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < block.code.length; i++) {
    const c = block.code[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ';') i = block.code.indexOf('\n', i) < 0 ? block.code.length : block.code.indexOf('\n', i);
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) throw new Error('a ) closes nothing');
  }
  if (depth !== 0 || inString) throw new Error(`unbalanced: depth ${depth}${inString ? ', an open string' : ''}`);
}

/** Parses each editor configuration; returns their languages. */
export function checkEditorBlocks(blocks: CodeBlock[], context: InstallContext): string[] {
  const checked: string[] = [];
  for (const block of blocks.filter((b) => b.language !== 'sh')) {
    const where = `README.md:${block.line} (${block.language})`;
    try {
      if (!block.code.includes('mcp-catalog-language-server') || !block.code.includes('--stdio'))
        throw new Error('does not start mcp-catalog-language-server --stdio');
      if (block.language === 'lua') checkLua(block, context);
      else if (block.language === 'toml') checkToml(block);
      else if (block.language === 'elisp') checkElisp(block);
      else throw new Error('a language the package tier cannot check');
    } catch (error) {
      if (error instanceof Skip) throw error;
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
    checked.push(block.language);
  }
  return checked;
}
