import { terminalText, type TerminalText } from './terminal';

/**
 * One GitHub Actions workflow command (`::error file=…,line=…::message`), escaped as the runner
 * reads it (actions/toolkit, packages/core/src/command.ts `escapeData` / `escapeProperty`): in the
 * message `%`, CR and LF; in a property also `:` and `,`, so a file name cannot end the property
 * list or start a message, and no value can start a second command on a new line. The line is then
 * terminal text like every other output (a runner's log is read in a terminal too).
 */

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function workflowCommand(command: string, properties: Record<string, string | number>, message: string): TerminalText {
  const props = Object.entries(properties).map(([name, value]) => `${name}=${escapeProperty(String(value))}`);
  return terminalText(`::${command} ${props.join(',')}::${escapeData(message)}`);
}
